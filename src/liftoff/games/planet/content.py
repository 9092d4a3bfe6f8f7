"""Planet content: the deck, the Lift Off Points and the board, as validated data.

The data files live in ``data/``; a corrected card list or a different Lift Off
Point table is a data change. ``load_content(directory)`` reads replacements
(any file missing there falls back to the shipped one).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from liftoff.engine import ContentError
from liftoff.engine.content import read_checked

from .cards import CODES

PACKAGE = "liftoff.games.planet.data"
M = TypeVar("M", bound=BaseModel)
PHASES = ("full", "half", "new")
Phase = Literal["full", "half", "new"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Cost(Strict):
    """A number of cards: Fuel, Screw, or Action cards of any kind."""

    fuel: int = Field(0, ge=0, le=12)
    screw: int = Field(0, ge=0, le=12)
    action: int = Field(0, ge=0, le=3)

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.fuel, self.screw, self.action)


class CardSpec(Strict):
    code: str = Field(pattern=r"^[A-Za-z][a-z-]*$")
    name: str
    type: Literal["resource", "action"]
    count: int = Field(ge=0, le=100)
    text: str

    @field_validator("code")
    @classmethod
    def _known(cls, code: str) -> str:
        if code not in CODES:
            raise ValueError(f"unknown card {code!r}; known: {', '.join(CODES)}")
        return code


class DeckFile(Strict):
    """The deck: one entry per card kind (codes are unique: the loader checks)."""

    meta: dict[str, str] = {}
    cards: list[CardSpec]

    @model_validator(mode="after")
    def _resources_first(self) -> DeckFile:
        if [c.code for c in self.cards[:3]] != ["F", "S", "W"]:
            raise ValueError("the first three cards must be the resources F, S and W")
        return self


class PointSpec(Strict):
    id: str = Field(pattern=r"^[a-z]+$")
    name: str
    capacity: int | Literal["players", "unlimited"]
    mechanic: Literal[
        "threshold", "instant", "dice", "teleport", "slingshot", "miracle", "stargate"
    ]
    placement: Cost | None = None
    placement_by_phase: dict[Phase, Cost] | None = None
    placement_by_order: list[Cost] | None = None
    lift: Cost | None = None
    phases: list[Phase] | None = None
    roll_cost: Literal["fuel", "screw"] | None = None
    thresholds: dict[Phase, int] | None = None
    on_fail: Literal["stay", "core"] | None = None
    fuel_per_alien: int | None = Field(None, ge=1, le=3)

    @model_validator(mode="after")
    def _consistent(self) -> PointSpec:
        forms = [self.placement, self.placement_by_phase, self.placement_by_order]
        if sum(f is not None for f in forms) != 1:
            raise ValueError(
                "give exactly one of placement, placement_by_phase, placement_by_order"
            )
        if self.placement_by_phase is not None and set(self.placement_by_phase) != set(PHASES):
            raise ValueError("placement_by_phase needs full, half and new")
        if self.mechanic == "threshold" and (self.lift is None or not self.phases):
            raise ValueError("a threshold Lift Off Point needs lift and phases")
        if self.mechanic == "dice":
            if self.roll_cost is None or self.thresholds is None or self.on_fail is None:
                raise ValueError("a dice Lift Off Point needs roll_cost, thresholds and on_fail")
            if set(self.thresholds) != set(PHASES):
                raise ValueError("thresholds need full, half and new")
        if self.mechanic == "teleport" and self.fuel_per_alien is None:
            raise ValueError("a teleport needs fuel_per_alien")
        if (
            self.placement_by_order is not None
            and isinstance(self.capacity, int)
            and len(self.placement_by_order) < self.capacity
        ):
            raise ValueError("placement_by_order needs one cost per platform space")
        return self


class PointsFile(Strict):
    """The Lift Off Points (ids are unique: the loader checks)."""

    meta: dict[str, str] = {}
    points: list[PointSpec]

    @model_validator(mode="after")
    def _enough(self) -> PointsFile:
        if len(self.points) < 5:
            raise ValueError(
                "at least 5 Lift Off Points are needed (4 on the board, 1 to terraform)"
            )
        return self


class BoardFile(Strict):
    meta: dict[str, str] = {}
    segments: list[Literal["exit", "slot"]]
    first_game: list[str]
    moon_models: dict[str, list[str]]
    day_tracks: dict[str, dict[str, int]]
    lift_dice: dict[str, list[int]]
    stargate_die: dict[
        str, list[Literal["draw1", "draw2", "earthquake", "tornado", "storm", "liftoff"]]
    ]
    aliens: dict[Literal["per_player", "fast"], int]

    @model_validator(mode="after")
    def _check(self) -> BoardFile:
        if self.segments != ["exit", "slot"] * 4:
            raise ValueError("the ring must be 8 segments alternating exit, slot (PL-GAP-1)")
        if len(self.first_game) != 4:
            raise ValueError("first_game needs 4 Lift Off Points")
        for name, spots in self.moon_models.items():
            if not spots or spots[0] != "star":
                raise ValueError(f"moon model {name}: the first spot must be the star")
            slots = [s for s in spots if s.startswith("slot")]
            if sorted(slots) != ["slot1", "slot2", "slot3", "slot4"]:
                raise ValueError(f"moon model {name}: needs exactly one spot above each slot")
            for s in spots[1:]:
                if s not in {"slot1", "slot2", "slot3", "slot4", "exit1", "exit2", "exit3"}:
                    raise ValueError(f"moon model {name}: unknown spot {s!r}")
        for name, table in self.day_tracks.items():
            if sorted(table) != ["2", "3", "4", "5"] or min(table.values()) < 1:
                raise ValueError(f"day track {name}: needs days >= 1 for 2, 3, 4 and 5 players")
        for name, faces in self.lift_dice.items():
            if len(faces) != 6 or not all(0 <= f <= 3 for f in faces):
                raise ValueError(f"lift die {name}: needs 6 faces of 0-3 rockets")
        if len(self.stargate_die.get("faces", [])) != 6:
            raise ValueError("the Stargate die needs 6 faces")
        return self


@dataclass(frozen=True)
class PlanetContent:
    """Everything a planet game reads from data."""

    deck: DeckFile
    points: PointsFile
    board: BoardFile

    @cached_property
    def fingerprint(self) -> str:
        """16 hex digits identifying this content (records carry it)."""
        parts = [m.model_dump_json() for m in (self.deck, self.points, self.board)]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]

    def point(self, lp_id: str) -> PointSpec:
        for p in self.points.points:
            if p.id == lp_id:
                return p
        raise KeyError(lp_id)


Problem = tuple[str, str, str]  # (file, field, message)

# the content files, in the order they are read
CONTENT_FILES = ("deck.toml", "lift_off_points.toml", "board.toml")
# the list of entries in a file, and the key that names an entry
_ENTRIES = {"deck.toml": ("cards", "code"), "lift_off_points.toml": ("points", "id")}
_POSITION = re.compile(r"^(cards|points)\[(\d+)\](.*)$")
# the board tables the options choose from (option name -> table, choices)
MOON_MODELS = ("B", "A")
DAY_TRACKS = ("catalogue", "literal")
LIFT_DICE = ("X,1,1,2,2,3", "X,X,1,2,2,3")
# Lift Off Points the rules find by id (the Teleport window, the Stargate die)
_BY_ID = ("teleport", "stargate")


def load_content(directory: str | Path | None = None) -> PlanetContent:
    """The shipped content, with any of ``deck.toml``, ``lift_off_points.toml``
    or ``board.toml`` found in ``directory`` used instead.

    Every problem in every file is raised together as one :class:`ContentError`.
    """
    base = Path(directory) if directory is not None else None

    def where(name: str) -> Path | None:
        return base / name if base is not None and (base / name).exists() else None

    deck, problems = _read(DeckFile, "deck.toml", where("deck.toml"))
    points, found = _read(PointsFile, "lift_off_points.toml", where("lift_off_points.toml"))
    problems += found
    board, found = _read(BoardFile, "board.toml", where("board.toml"))
    problems += found
    if deck is None or points is None or board is None:
        raise ContentError(problems)
    content = PlanetContent(deck=deck, points=points, board=board)
    paths = {name: str(where(name) or f"{PACKAGE}/{name}") for name in CONTENT_FILES}
    problems = cross_check(content, paths)
    if problems:
        raise ContentError(problems)
    return content


def validate_path(path: str | Path) -> list[Problem]:
    """Every problem in a content folder (missing files: the shipped ones) or in
    one content file (checked with the shipped others); empty when valid."""
    p = Path(path)
    if p.is_dir():
        try:
            load_content(p)
        except ContentError as exc:
            return exc.problems
        return []
    if not p.exists():
        return [(str(p), "(file)", "does not exist")]
    if p.name not in CONTENT_FILES:
        known = ", ".join(CONTENT_FILES)
        return [(str(p), "(file)", f"not a planet content file: name it one of {known}")]
    content = load_content()
    if p.name == "deck.toml":
        deck, problems = _read(DeckFile, p.name, p)
        content = replace(content, deck=deck) if deck is not None else content
    elif p.name == "lift_off_points.toml":
        points, problems = _read(PointsFile, p.name, p)
        content = replace(content, points=points) if points is not None else content
    else:
        board, problems = _read(BoardFile, p.name, p)
        content = replace(content, board=board) if board is not None else content
    if problems:
        return problems
    paths = {name: f"{PACKAGE}/{name}" for name in CONTENT_FILES}
    paths[p.name] = str(p)
    return cross_check(content, paths)


def _read(model: type[M], name: str, path: Path | None) -> tuple[M | None, list[Problem]]:
    """One content file (``path``, or the shipped one): the model if it is valid,
    and every problem found in it, located by card or Lift Off Point id."""
    return read_checked(
        model,
        PACKAGE,
        name,
        path,
        duplicates=lambda data, where: _duplicates(name, data, where),
        by_id=lambda data, problems: _by_id(name, data, problems),
    )


def _entries(name: str, data: Any) -> tuple[str, list[Any]]:
    """The key naming an entry of file ``name`` and the entries in ``data``."""
    listing, key = _ENTRIES.get(name, ("", ""))
    entries = data.get(listing) if listing and isinstance(data, dict) else None
    return key, entries if isinstance(entries, list) else []


def _entry_id(entry: Any, key: str) -> str | None:
    value = entry.get(key) if isinstance(entry, dict) else None
    return value if isinstance(value, str) and value else None


def _by_id(name: str, data: Any, problems: list[Problem]) -> list[Problem]:
    """Problems located by id (``moon.count``) instead of list position
    (``cards[3].count``) wherever the entry has an id."""
    key, entries = _entries(name, data)
    out: list[Problem] = []
    for path, loc, msg in problems:
        m = _POSITION.match(loc)
        index = int(m.group(2)) if m else -1
        entry_id = _entry_id(entries[index], key) if 0 <= index < len(entries) else None
        if m and entry_id is not None:
            loc = entry_id + m.group(3)
        out.append((path, loc, msg))
    return out


def _duplicates(name: str, data: Any, where: str) -> list[Problem]:
    """Two entries of one file with the same id."""
    key, entries = _entries(name, data)
    first: dict[str, int] = {}
    out: list[Problem] = []
    for i, entry in enumerate(entries):
        entry_id = _entry_id(entry, key)
        if entry_id is None:
            continue
        if entry_id in first:
            n = first[entry_id] + 1
            msg = f"duplicate {key} {entry_id!r}: entries {n} and {i + 1} both use it"
            out.append((where, entry_id, msg))
        else:
            first[entry_id] = i
    return out


def cross_check(content: PlanetContent, paths: dict[str, str]) -> list[Problem]:
    """What one file needs of another, and what the options need of the board."""
    board, points = paths["board.toml"], paths["lift_off_points.toml"]
    ids = [p.id for p in content.points.points]
    problems: list[Problem] = []
    missing = [lp for lp in content.board.first_game if lp not in ids]
    if missing:
        problems.append((board, "first_game", f"unknown Lift Off Points {missing}"))
    for table, names in (
        ("moon_models", MOON_MODELS),
        ("day_tracks", DAY_TRACKS),
        ("lift_dice", LIFT_DICE),
    ):
        have = getattr(content.board, table)
        for option_value in names:
            if option_value not in have:
                msg = f"needs an entry {option_value!r} (a choice of the game's options)"
                problems.append((board, table, msg))
    for spec in content.points.points:
        if spec.mechanic in _BY_ID and spec.id != spec.mechanic:
            msg = f"a {spec.mechanic} Lift Off Point must have the id {spec.mechanic!r}"
            problems.append((points, spec.id, msg))
    return problems
