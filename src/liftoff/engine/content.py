"""Loading validated content (data) files: cards, boards, tables.

Content is data so that a variant or a corrected card list is a data change.
Files are TOML or JSON, validated with a pydantic model; every problem is
reported with the file's path and the field's location.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import ContentError

M = TypeVar("M", bound=BaseModel)
#: a problem in a content file: (file, field location, message)
Problem = tuple[str, str, str]


def parse_text(text: str, path: str) -> Any:
    """Parse TOML or JSON text (chosen by the path's suffix)."""
    try:
        if path.endswith(".toml"):
            return tomllib.loads(text)
        return json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise ContentError(
            [(path, "(file)", f"not valid {Path(path).suffix[1:]}: {exc}")]
        ) from None


def _location(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def validate(model: type[M], data: Any, path: str) -> M:
    """Validate parsed data against ``model``; all errors are reported at once."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = [(path, _location(tuple(err["loc"])), err["msg"]) for err in exc.errors()]
        raise ContentError(problems) from None


def load_file(model: type[M], path: str | Path) -> M:
    """Read and validate a content file from disk (TOML or JSON)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError([(str(p), "(file)", f"cannot be read: {exc.strerror}")]) from None
    return validate(model, parse_text(text, str(p)), str(p))


def load_packaged(model: type[M], package: str, name: str) -> M:
    """Read and validate a content file shipped inside a package."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return validate(model, parse_text(text, f"{package}/{name}"), f"{package}/{name}")


def read_checked(
    model: type[M],
    package: str,
    name: str,
    path: Path | None,
    *,
    duplicates: Callable[[Any, str], list[Problem]],
    by_id: Callable[[Any, list[Problem]], list[Problem]],
) -> tuple[M | None, list[Problem]]:
    """One content file (``path``, or the shipped ``package/name``): the model if it
    is valid, and every problem found in it — ``duplicates(data, where)`` finds
    repeated ids, ``by_id(data, problems)`` relocates schema errors by card id."""
    where = str(path) if path is not None else f"{package}/{name}"
    try:
        if path is None:
            text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
        else:
            text = path.read_text(encoding="utf-8")
    except OSError as exc:
        return None, [(where, "(file)", f"cannot be read: {exc.strerror}")]
    try:
        data = parse_text(text, where)
    except ContentError as exc:
        return None, exc.problems
    problems = duplicates(data, where)
    try:
        parsed = validate(model, data, where)
    except ContentError as exc:
        return None, by_id(data, exc.problems) + problems
    return (None if problems else parsed), problems


def load_rules(package: str, name: str = "rules.json") -> Mapping[str, str]:
    """The rule-catalogue texts shipped with a game (ID → clause text)."""
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    data: dict[str, str] = json.loads(text)
    return data
