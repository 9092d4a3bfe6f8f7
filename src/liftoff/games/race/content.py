"""Planet content: the five planet types, loaded from a data file.

The packaged ``data/planets.toml`` is the catalogue's reconstructed table
(RC-GAP-1), labelled as such. Two ways replace it, so the real cards are a data
change: a content folder holding ``planets.toml`` (or ``planets.json``), read by
``RaceGame.load_content`` (:func:`load_content` here), and the older option
``planets=PATH`` naming one TOML or JSON file of the same shape.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from liftoff.engine import ContentError
from liftoff.engine.content import load_file, load_packaged, parse_text, validate

PACKAGE = "liftoff.games.race.data"
DEFAULT_FILE = "planets.toml"
#: the content files a race content folder may hold (``.toml`` or ``.json``)
CONTENT_FILES: Final = (DEFAULT_FILE,)
#: option value meaning "the packaged table"
DEFAULT = "default"

Known = Literal["terraforming", "vp", "ore"]


class PlanetModel(BaseModel):
    """One planet type as printed on its card (RC-COMP-6)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    terraforming: int = Field(ge=0, le=2, description="Terraforming events needed (0-2)")
    vp: int = Field(ge=1, le=5, description="victory points for the Settler majority")
    ore: int = Field(ge=1, le=3, description="ore deposits")
    known: list[Known] = Field(default_factory=list, description="values taken from the rulebook")


class PlanetFile(BaseModel):
    """A planet table: exactly five distinct planet types (RC-COMP-5)."""

    model_config = ConfigDict(extra="forbid")

    reconstructed: bool
    note: str = ""
    planets: list[PlanetModel] = Field(min_length=5, max_length=5)

    @model_validator(mode="after")
    def _distinct(self) -> PlanetFile:
        names = [p.name for p in self.planets]
        if len(set(names)) != len(names):
            raise ValueError(f"planet names must be distinct: {names}")
        return self


@dataclass(frozen=True, slots=True)
class PlanetType:
    """A planet type as the rules use it."""

    name: str
    terraforming: int
    vp: int
    ore: int


@dataclass(frozen=True, slots=True)
class PlanetTable:
    """The five planet types of a game and where they came from."""

    planets: tuple[PlanetType, ...]
    reconstructed: bool
    note: str
    source: str

    def index(self, name: str) -> int:
        """The position of the planet type called ``name``."""
        for i, p in enumerate(self.planets):
            if p.name == name:
                return i
        raise KeyError(f"no planet {name!r}; known: {', '.join(p.name for p in self.planets)}")


def _table(model: PlanetFile, source: str) -> PlanetTable:
    return PlanetTable(
        planets=tuple(PlanetType(p.name, p.terraforming, p.vp, p.ore) for p in model.planets),
        reconstructed=model.reconstructed,
        note=model.note,
        source=source,
    )


def load_planets(selection: str = DEFAULT) -> PlanetTable:
    """The planet table for the option value ``selection``: ``"default"`` for the
    packaged (reconstructed) table, else a path to a TOML/JSON file.

    Raises :class:`liftoff.engine.ContentError` for a bad file.
    """
    if selection == DEFAULT:
        return _table(load_packaged(PlanetFile, PACKAGE, DEFAULT_FILE), DEFAULT)
    return _table(load_file(PlanetFile, selection), selection)


# -- content folders ------------
Problem = tuple[str, str, str]

_POSITION = re.compile(r"^planets\[(\d+)\](.*)$")


def fingerprint(model: PlanetFile) -> str:
    """16 hex digits identifying a planet table (records carry it)."""
    dump = json.dumps(model.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(dump.encode()).hexdigest()[:16]


def find(directory: str | Path) -> Path | None:
    """The planet file of a content folder (``planets.toml`` or ``.json``), if any."""
    stem = Path(DEFAULT_FILE).stem
    for suffix in (".toml", ".json"):
        candidate = Path(directory) / f"{stem}{suffix}"
        if candidate.is_file():
            return candidate
    return None


def _planet_name(data: Any, index: int) -> str | None:
    planets = data.get("planets") if isinstance(data, dict) else None
    if isinstance(planets, list) and 0 <= index < len(planets):
        entry = planets[index]
        name = entry.get("name") if isinstance(entry, dict) else None
        if isinstance(name, str) and name:
            return name
    return None


def _name_planets(data: Any, problems: list[Problem]) -> list[Problem]:
    """Problems located by planet name (``Beta Minor.vp``) instead of list
    position (``planets[0].vp``) wherever the planet has a name."""
    out: list[Problem] = []
    for path, loc, msg in problems:
        m = _POSITION.match(loc)
        name = _planet_name(data, int(m.group(1))) if m else None
        if m and name is not None:
            loc = name + m.group(2)
        out.append((path, loc, msg))
    return out


def _duplicate_names(data: Any, path: str) -> list[Problem]:
    """Two planets of one file with the same name (checked on the raw data)."""
    planets = data.get("planets") if isinstance(data, dict) else None
    if not isinstance(planets, list):
        return []
    first: dict[str, int] = {}
    out: list[Problem] = []
    for i in range(len(planets)):
        name = _planet_name(data, i)
        if name is None:
            continue
        if name in first:
            out.append(
                (path, name, f"duplicate planet name: planets {first[name] + 1} and {i + 1}")
            )
        else:
            first[name] = i
    return out


def read_file(path: str | Path) -> tuple[PlanetFile | None, list[Problem]]:
    """One planet file: its model if valid, and every problem in it, naming the
    planet where there is one."""
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        return None, [(where, "(file)", f"cannot be read: {exc.strerror}")]
    try:
        data = parse_text(text, where)
    except ContentError as exc:
        return None, exc.problems
    duplicates = _duplicate_names(data, where)
    try:
        model = validate(PlanetFile, data, where)
    except ContentError as exc:
        named = _name_planets(data, exc.problems)
        if duplicates:  # reported by name, not again as the file-wide check
            named = [p for p in named if p[1] != "(top level)"]
        return None, named + duplicates
    return model, []


def validate_path(path: str | Path) -> list[Problem]:
    """Every problem in a planet file or a content folder (empty when valid; a
    folder without a planet file uses the shipped table and is valid)."""
    p = Path(path)
    if p.is_dir():
        found = find(p)
        return [] if found is None else read_file(found)[1]
    if not p.exists():
        return [(str(p), "(file)", "does not exist")]
    return read_file(p)[1]


def load_content(directory: str | Path) -> tuple[PlanetTable, str]:
    """The planet table of a content folder and its fingerprint: the folder's
    ``planets.toml``/``.json``, else the shipped table (fingerprint ``""``, as
    is a file identical to the shipped one). Raises :class:`ContentError`."""
    if not Path(directory).is_dir():
        raise ContentError([(str(directory), "(folder)", "is not a folder")])
    found = find(directory)
    if found is None:
        return load_planets(DEFAULT), ""
    model, problems = read_file(found)
    if model is None:
        raise ContentError(problems)
    digest = fingerprint(model)
    shipped = fingerprint(load_packaged(PlanetFile, PACKAGE, DEFAULT_FILE))
    return _table(model, str(found)), "" if digest == shipped else digest
