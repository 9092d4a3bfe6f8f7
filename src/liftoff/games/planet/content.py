"""Planet content: the deck, the Lift Off Points and the board, as validated data.

The data files live in ``data/``; a corrected card list or a different Lift Off
Point table is a data change. ``load_content(directory)`` reads replacements
(any file missing there falls back to the shipped one).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from liftoff.engine import ContentError
from liftoff.engine.content import load_file, load_packaged

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


class DeckFile(Strict):
    meta: dict[str, str] = {}
    cards: list[CardSpec]

    @model_validator(mode="after")
    def _codes(self) -> DeckFile:
        codes = [c.code for c in self.cards]
        if codes[:3] != ["F", "S", "W"]:
            raise ValueError("the first three cards must be the resources F, S and W")
        if len(set(codes)) != len(codes):
            raise ValueError("card codes must be unique")
        known = {
            "moon",
            "supernova",
            "tornado",
            "mya",
            "asteroids",
            "storm",
            "terraform",
            "garglore",
        }
        unknown = set(codes[3:]) - known
        if unknown:
            raise ValueError(f"unknown action cards {sorted(unknown)}; known: {sorted(known)}")
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
    meta: dict[str, str] = {}
    points: list[PointSpec]

    @model_validator(mode="after")
    def _unique(self) -> PointsFile:
        ids = [p.id for p in self.points]
        if len(set(ids)) != len(ids):
            raise ValueError("Lift Off Point ids must be unique")
        if len(ids) < 5:
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


def load_content(directory: str | Path | None = None) -> PlanetContent:
    """The shipped content, with any of ``deck.toml``, ``lift_off_points.toml``
    or ``board.toml`` found in ``directory`` used instead."""
    base = Path(directory) if directory is not None else None

    def part(model: type[M], filename: str) -> M:
        if base is not None and (base / filename).exists():
            return load_file(model, base / filename)
        return load_packaged(model, PACKAGE, filename)

    content = PlanetContent(
        deck=part(DeckFile, "deck.toml"),
        points=part(PointsFile, "lift_off_points.toml"),
        board=part(BoardFile, "board.toml"),
    )
    ids = {p.id for p in content.points.points}
    missing = [lp for lp in content.board.first_game if lp not in ids]
    if missing:
        raise ContentError([("board.toml", "first_game", f"unknown Lift Off Points {missing}")])
    return content
