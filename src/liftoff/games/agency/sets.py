"""Named content sets: agency card files kept as they were when records were
made with them (``data/sets/NAME/``, listed with their fingerprints in
``data/sets/sets.toml``).

A record names the content it was played with by fingerprint (its
``version.content`` and its ``content`` option). When the shipped cards
change, :meth:`AgencyGame.replay <liftoff.games.agency.game.AgencyGame.replay>`
finds the set with the record's fingerprint and replays the record on those
cards, so every earlier record still replays to the state it reached.

:func:`resolve` turns what a person names — ``shipped``, a set's name or a
content directory — into content (the study command's ``--content`` and
``--compare``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from liftoff.engine import ContentError

from .content import PACKAGE, Content, default_content, load_content

SHIPPED = "shipped"
"""The name of the content shipped in ``data/`` (not a kept set)."""


@dataclass(frozen=True)
class NamedSet:
    """One kept set of card files."""

    name: str
    fingerprint: str
    note: str


@cache
def named_sets() -> dict[str, NamedSet]:
    """Every kept set, by name (from ``data/sets/sets.toml``)."""
    text = resources.files(PACKAGE).joinpath("sets", "sets.toml").read_text(encoding="utf-8")
    return {
        str(s["name"]): NamedSet(str(s["name"]), str(s["fingerprint"]), str(s.get("note", "")))
        for s in tomllib.loads(text).get("sets", [])
    }


def set_dir(name: str) -> Path:
    """The folder holding the kept set ``name``."""
    return Path(str(resources.files(PACKAGE).joinpath("sets", name)))


@cache
def load_set(name: str) -> Content:
    """The content of the kept set ``name`` (``KeyError`` for an unknown one;
    ``ContentError`` if its files no longer give the fingerprint it is listed
    with, which would mean the set was edited)."""
    listed = named_sets()[name]
    content = load_content(set_dir(name))
    if content.fingerprint != listed.fingerprint:
        raise ContentError(
            [
                (
                    str(set_dir(name)),
                    "(set)",
                    f"gives content {content.fingerprint}, but it is kept as "
                    f"{listed.fingerprint}: a kept set must not be edited",
                )
            ]
        )
    return content


def set_for(fingerprint: str) -> Content | None:
    """The shipped content or a kept set with this fingerprint, if there is one."""
    if not fingerprint:
        return None
    shipped = default_content()
    if shipped.fingerprint == fingerprint:
        return shipped
    for kept in named_sets().values():
        if kept.fingerprint == fingerprint:
            return load_set(kept.name)
    return None


def resolve(spec: str | Path) -> tuple[str, Content]:
    """Content named by a person: ``shipped``, a kept set's name, or a content
    directory (files missing there: the shipped ones). Returns a label and the
    content; raises ``ContentError`` for a directory that is not valid content
    and ``ValueError`` for a name that is none of these."""
    text = str(spec)
    if text == SHIPPED:
        return SHIPPED, default_content()
    if text in named_sets() and not Path(text).is_dir():
        return text, load_set(text)
    path = Path(text)
    if not path.is_dir():
        known = ", ".join([SHIPPED, *named_sets()])
        raise ValueError(f"{text!r} is neither a content directory nor a content set ({known})")
    return path.name or text, load_content(path)
