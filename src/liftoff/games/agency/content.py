"""Content of the agency game: pydantic models for every data file, loading,
validation and the :class:`Content` bundle the rules read (the checks a schema
cannot express are in ``content_check.py``).

The printed card lists of the 2018 game are not public. The files shipped in
``data/`` are a labelled reconstruction that respects every count and structure
the rulebook gives; an owner of the game can replace any file with the real list
(``liftoff content validate FILE`` checks it; ``--content DIR`` loads it).

Files (TOML or JSON; each starts with a ``[meta]`` block):

=================== ===============================================================
``specialists``     36 specialists: banner, 1-2 actions, player-count mark
``missions``        96 missions: level, weight, points, effects, hourglass, mark
``technology``      74 technology cards in four colours
``labs``            8 lab cards: 4 colours x 2 cards, each with two levelled sides
``objectives``      16 objectives: what they count and their tiers
``board``           start values, tracks, technology requirements, station track
=================== ===============================================================
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from liftoff.engine import ContentError
from liftoff.engine.content import load_packaged, parse_text, read_checked, validate

from .content_check import Problem, cross_check, duplicate_ids, name_cards
from .effects import COLOURS as COLOURS
from .effects import Counter, Effect

PACKAGE = "liftoff.games.agency.data"
Colour = Literal["red", "yellow", "blue", "green"]
COLOURS_LIT: tuple[Colour, ...] = ("red", "yellow", "blue", "green")
Mark = Literal[2, 3, 4]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Meta(_Model):
    """The ``[meta]`` block every file starts with."""

    kind: Literal["specialists", "missions", "technology", "labs", "objectives", "board"]
    reconstruction: bool = Field(
        description="true for invented content, false for a transcription of printed cards"
    )
    title: str = ""
    note: str = ""


# -- specialists ---------------------------------------------------------------------
class Banner(_Model):
    """The banner in a specialist's top right corner (AG-SPEC-4 ... AG-SPEC-12)."""

    colour: Literal["blue", "yellow"]
    kind: Literal["money", "points", "capacity", "mission", "launch"]
    value: int = Field(ge=1, le=9)

    @model_validator(mode="after")
    def _check(self) -> Banner:
        blue = self.kind in ("money", "points")
        if blue != (self.colour == "blue"):
            raise ValueError(
                f"a {self.kind!r} banner is {'blue' if blue else 'yellow'}, not {self.colour}"
            )
        if self.kind == "money" and self.value != 3:
            raise ValueError("a money banner gives 3 money (rulebook: Banner Effects)")
        if self.kind == "points" and self.value != 5:
            raise ValueError("a points banner gives 5 points (rulebook: Banner Effects)")
        if self.kind in ("mission", "launch") and self.value != 1:
            raise ValueError(f"a {self.kind!r} banner has value 1")
        return self


class SpecialistAction(_Model):
    """One action of a specialist: pay ``cost`` money, then resolve ``effects`` in order."""

    text: str = ""
    cost: int = Field(default=0, ge=0, le=20)
    effects: list[Effect] = Field(min_length=1, max_length=4)


class Specialist(_Model):
    id: str = Field(pattern=r"^S\d{2}$")
    name: str = Field(min_length=1)
    banner: Banner
    actions: list[SpecialistAction] = Field(min_length=1, max_length=2)
    players: Mark = Field(2, description="player-count mark: 2 = none, 3 or 4 = removed below")


class SpecialistsFile(_Model):
    meta: Meta
    specialists: list[Specialist]


# -- missions ------------------------------------------------------------------------
class Mission(_Model):
    id: str = Field(pattern=r"^M[1-4]-\d{2}$")
    name: str = Field(min_length=1, description="copies of one mission share their name")
    level: int = Field(ge=1, le=4)
    weight: int = Field(ge=1, le=9)
    points: int = Field(default=0, ge=0, le=40)
    effects: list[Effect] = Field(default_factory=list, max_length=4)
    hourglass: bool = False
    players: Mark = 2
    duplicates: bool = Field(False, description="a player may own several copies")

    @model_validator(mode="after")
    def _check(self) -> Mission:
        if not self.id.startswith(f"M{self.level}-"):
            raise ValueError(f"id {self.id!r} must start with 'M{self.level}-' (its level)")
        for e in self.effects:
            if e.kind == "mission":
                raise ValueError(
                    "an 'extra mission' effect cannot be on a mission (step 3 is over)"
                )
            if self.hourglass and e.kind not in ("score_per", "points"):
                raise ValueError("an hourglass mission's effects score points at the end")
        if self.hourglass and not self.effects:
            raise ValueError("an hourglass mission needs an end-game effect")
        return self


class MissionsFile(_Model):
    meta: Meta
    missions: list[Mission]


# -- technology ----------------------------------------------------------------------
class TechnologyColour(_Model):
    colour: Colour
    name: str
    count: int = Field(ge=1, le=74)


class TechnologyFile(_Model):
    meta: Meta
    technology: list[TechnologyColour] = Field(min_length=4, max_length=4)


# -- labs ----------------------------------------------------------------------------
class LabSide(_Model):
    level: int = Field(ge=1, le=4)
    vp_phase1: int = Field(ge=0, le=30)
    vp_phase2: int = Field(ge=0, le=30)
    capacity_bonus: int = Field(default=0, ge=0, le=3)


class Lab(_Model):
    id: str = Field(pattern=r"^L\d{2}$")
    colour: str
    sides: list[LabSide] = Field(min_length=2, max_length=2)


class LabsFile(_Model):
    meta: Meta
    labs: list[Lab]


# -- objectives ----------------------------------------------------------------------
class Tier(_Model):
    min: int = Field(ge=1, le=99)
    vp: int = Field(ge=1, le=99)


class Objective(_Model):
    id: str = Field(pattern=r"^O\d{2}$")
    name: str = Field(min_length=1)
    counts: Counter
    requires: Counter | None = Field(None, description="scores only if this counts >= 1")
    tiers: list[Tier] = Field(min_length=1, max_length=6)

    @model_validator(mode="after")
    def _check(self) -> Objective:
        mins = [t.min for t in self.tiers]
        if mins != sorted(set(mins)):
            raise ValueError("tiers must have strictly increasing 'min'")
        vps = [t.vp for t in self.tiers]
        if vps != sorted(set(vps)):
            raise ValueError("tiers must have strictly increasing 'vp'")
        return self


class ObjectivesFile(_Model):
    meta: Meta
    objectives: list[Objective]


# -- board ---------------------------------------------------------------------------
Alternative = dict[Colour, Annotated[int, Field(ge=0, le=20)]]


class Requirement(_Model):
    """The technology requirement printed for one mission level in one phase.

    ``alternatives`` are separated by a slash on the board: meeting any one is
    enough. An alternative maps colours to minimum card counts; ``{}`` means none.
    """

    phase: int = Field(ge=1, le=2)
    level: int = Field(ge=1, le=4)
    alternatives: list[Alternative] = Field(min_length=1, max_length=8)


class StationSpace(_Model):
    vp: int = Field(ge=0, le=20)
    bonus: Literal["income", "green"]


class Start(_Model):
    money: int = Field(ge=0, le=99)
    first_score: int = Field(ge=0, le=99)
    score_step: int = Field(ge=0, le=20)


class Board(_Model):
    start: Start
    cost_track: list[int] = Field(min_length=1, max_length=12)
    capacity_track: list[int] = Field(min_length=1, max_length=12)
    income_track: list[int] = Field(min_length=1, max_length=12)
    upgrades_per_kind: int = Field(ge=0, le=12)
    requirements: list[Requirement]
    station: list[StationSpace] = Field(min_length=3, max_length=20)
    neutral: dict[Literal["2", "3"], list[int]] = Field(
        description="station spaces (1-based) taken by neutral rockets at 2 / 3 players"
    )
    station_rockets: int = Field(ge=1, le=20, description="investments each player can make")
    objective_sale: int = Field(ge=0, le=20)
    money_instead: int = Field(ge=0, le=10)
    extra_launch_discount: int = Field(ge=0, le=10)
    missions_per_level: int = Field(ge=1, le=30)
    mission_draw: int = Field(ge=1, le=6)
    green_vp: int = Field(ge=0, le=10)
    money_per_vp: int = Field(ge=1, le=50)
    rounds: int = Field(ge=2, le=12)

    @model_validator(mode="after")
    def _check(self) -> Board:
        if self.cost_track != sorted(self.cost_track, reverse=True):
            raise ValueError("cost_track must go down (propulsion makes launches cheaper)")
        for name in ("capacity_track", "income_track"):
            track = getattr(self, name)
            if track != sorted(track):
                raise ValueError(f"{name} must go up")
        if self.rounds % 2:
            raise ValueError("rounds must be even (two phases of equal length)")
        return self


class BoardFile(_Model):
    meta: Meta
    board: Board


FILES: dict[str, type[BaseModel]] = {
    "specialists": SpecialistsFile,
    "missions": MissionsFile,
    "technology": TechnologyFile,
    "labs": LabsFile,
    "objectives": ObjectivesFile,
    "board": BoardFile,
}


def _meta(model: BaseModel) -> Meta:
    meta = getattr(model, "meta", None)
    assert isinstance(meta, Meta)
    return meta


_BY_FINGERPRINT: dict[str, Content] = {}


def by_fingerprint(fingerprint: str) -> Content | None:
    """Content loaded in this process with that fingerprint (for renderers)."""
    return _BY_FINGERPRINT.get(fingerprint)


# -- the bundle ----------------------------------------------------------------------
@dataclass(frozen=True)
class Content:
    """Everything the rules read, validated, with fast lookups."""

    specialists: SpecialistsFile
    missions: MissionsFile
    technology: TechnologyFile
    labs: LabsFile
    objectives: ObjectivesFile
    board: BoardFile
    paths: dict[str, str] = field(default_factory=dict)
    spec: dict[str, Specialist] = field(default_factory=dict)
    mission: dict[str, Mission] = field(default_factory=dict)
    objective: dict[str, Objective] = field(default_factory=dict)
    lab_side: dict[int, LabSide] = field(default_factory=dict)
    tech_count: tuple[int, ...] = ()
    reqs: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], ...]] = field(
        default_factory=dict
    )
    fingerprint: str = ""
    reconstruction: bool = True

    @staticmethod
    def build(files: Mapping[str, BaseModel], paths: Mapping[str, str] | None = None) -> Content:
        """Bundle validated files after the cross-file checks (raises ContentError)."""
        paths = dict(paths or {})
        where = file_paths(paths)
        problems = [
            pr
            for kind, model in files.items()
            for pr in duplicate_ids(kind, model.model_dump(), where[kind])
        ]
        problems += cross_check(files, where)
        if problems:
            raise ContentError(problems)
        sp: SpecialistsFile = files["specialists"]  # type: ignore[assignment]
        mi: MissionsFile = files["missions"]  # type: ignore[assignment]
        te: TechnologyFile = files["technology"]  # type: ignore[assignment]
        la: LabsFile = files["labs"]  # type: ignore[assignment]
        ob: ObjectivesFile = files["objectives"]  # type: ignore[assignment]
        bo: BoardFile = files["board"]  # type: ignore[assignment]
        sides: dict[int, LabSide] = {}
        for lab in la.labs:
            for side in lab.sides:
                sides.setdefault(side.level, side)
        counts = {t.colour: t.count for t in te.technology}
        reqs: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], ...]] = {}
        for r in bo.board.requirements:
            reqs[(r.phase, r.level)] = tuple(
                tuple((COLOURS.index(c), n) for c, n in alt.items() if n > 0)
                for alt in r.alternatives
            )
        dump = {k: files[k].model_dump(mode="json") for k in sorted(FILES)}
        digest = hashlib.sha256(
            json.dumps(dump, sort_keys=True, separators=(",", ":")).encode()
        ).hexdigest()[:16]
        content = Content(
            specialists=sp,
            missions=mi,
            technology=te,
            labs=la,
            objectives=ob,
            board=bo,
            paths=paths,
            spec={s.id: s for s in sp.specialists},
            mission={m.id: m for m in mi.missions},
            objective={o.id: o for o in ob.objectives},
            lab_side=sides,
            tech_count=tuple(counts[c] for c in COLOURS_LIT),
            reqs=reqs,
            fingerprint=digest,
            reconstruction=any(_meta(files[k]).reconstruction for k in FILES),
        )
        _BY_FINGERPRINT[digest] = content
        return content


def file_paths(paths: Mapping[str, str]) -> dict[str, str]:
    """Where each kind of file was read from (``paths``, else the shipped file)."""
    return {kind: paths.get(kind, f"{PACKAGE}/{kind}.toml") for kind in FILES}


def read_kind(kind: str, found: Path | None) -> tuple[BaseModel | None, list[Problem]]:
    """One content file (``found``, or the shipped one): the model if it is valid,
    and every problem found in it (schema errors by card id, duplicate ids)."""
    return read_checked(
        FILES[kind],
        PACKAGE,
        f"{kind}.toml",
        found,
        duplicates=lambda data, where: duplicate_ids(kind, data, where),
        by_id=name_cards,
    )


def load_packaged_file(kind: str) -> BaseModel:
    """One shipped file, validated."""
    return load_packaged(FILES[kind], PACKAGE, f"{kind}.toml")


def _find(directory: Path, kind: str) -> Path | None:
    for suffix in (".toml", ".json"):
        candidate = directory / f"{kind}{suffix}"
        if candidate.is_file():
            return candidate
    return None


def load_content(directory: str | Path | None = None) -> Content:
    """The content in ``directory`` (files missing there fall back to the shipped ones).

    Every problem in every file is collected and raised as one ContentError.
    """
    files: dict[str, BaseModel] = {}
    paths: dict[str, str] = {}
    problems: list[Problem] = []
    for kind in FILES:
        found = _find(Path(directory), kind) if directory is not None else None
        if found is not None:
            paths[kind] = str(found)
        model, found_problems = read_kind(kind, found)
        problems.extend(found_problems)
        if model is not None:
            files[kind] = model
    if problems:
        raise ContentError(problems)
    return Content.build(files, paths)


def kind_of(path: str | Path, data: Any) -> str | None:
    """Which content file ``path`` holds: its ``meta.kind``, else its file name."""
    if isinstance(data, dict):
        meta = data.get("meta")
        if isinstance(meta, dict) and meta.get("kind") in FILES:
            return str(meta["kind"])
    stem = Path(path).stem
    return stem if stem in FILES else None


def validate_path(path: str | Path) -> list[Problem]:
    """Every problem with a content file or directory (empty when valid).

    A single file is checked against its schema and, together with the shipped
    files for the other kinds, against the cross-file rules. A directory is
    checked as a whole (missing files fall back to the shipped ones).
    """
    p = Path(path)
    if p.is_dir():
        try:
            load_content(p)
        except ContentError as exc:
            return exc.problems
        return []
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        return [(str(p), "(file)", f"cannot be read: {exc.strerror}")]
    try:
        data = parse_text(text, str(p))
    except ContentError as exc:
        return exc.problems
    kind = kind_of(p, data)
    if kind is None:
        return [
            (
                str(p),
                "meta.kind",
                f"cannot tell which content file this is; name it one of "
                f"{', '.join(k + '.toml' for k in FILES)} or set meta.kind",
            )
        ]
    problems = duplicate_ids(kind, data, str(p))
    try:
        model = validate(FILES[kind], data, str(p))
    except ContentError as exc:
        return name_cards(data, exc.problems) + problems
    if problems:
        return problems
    files: dict[str, BaseModel] = {k: load_packaged_file(k) for k in FILES if k != kind}
    files[kind] = model
    return cross_check(files, file_paths({kind: str(p)}))


_DEFAULT: list[Content] = []


def default_content() -> Content:
    """The shipped content (loaded once)."""
    if not _DEFAULT:
        _DEFAULT.append(load_content(None))
    return _DEFAULT[0]
