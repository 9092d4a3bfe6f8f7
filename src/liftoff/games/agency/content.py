"""Content of the agency game: pydantic models for every data file, loading,
cross-file validation and the :class:`Content` bundle the rules read.

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
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from liftoff.engine import ContentError
from liftoff.engine.content import load_packaged, parse_text, validate

from .effects import Counter, Effect

PACKAGE = "liftoff.games.agency.data"
COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "green")
Colour = Literal["red", "yellow", "blue", "green"]
COLOURS_LIT: tuple[Colour, ...] = ("red", "yellow", "blue", "green")
Mark = Literal[2, 3, 4]

# The counts the rulebook states (Components) and that its arithmetic needs.
SPECIALIST_COUNT = 36
SPECIALIST_MARK_COUNTS = {3: 9, 4: 9}  # AG-EX-2: the deck empties after rounds 4 and 8
MISSION_COUNT = 96
TECHNOLOGY_COUNT = 74
LAB_COUNT = 8
OBJECTIVE_COUNT = 16


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

    @model_validator(mode="after")
    def _check(self) -> SpecialistAction:
        return self


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

Problem = tuple[str, str, str]


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
        problems = [
            pr
            for kind, model in files.items()
            for pr in duplicate_ids(
                kind, model.model_dump(), paths.get(kind, f"{PACKAGE}/{kind}.toml")
            )
        ]
        problems += cross_check(files, paths)
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


def _counts_problem(path: str, loc: str, what: str, got: int, want: int) -> Problem:
    return (path, loc, f"there must be {want} {what} (rulebook: Components), found {got}")


def cross_check(files: Mapping[str, BaseModel], paths: Mapping[str, str]) -> list[Problem]:
    """Checks within and across files that a schema cannot express."""
    out: list[Problem] = []

    def p(kind: str) -> str:
        return paths.get(kind, f"{PACKAGE}/{kind}.toml")

    for kind, model in files.items():
        meta = getattr(model, "meta", None)
        if meta is not None and meta.kind != kind:
            out.append((p(kind), "meta.kind", f"is {meta.kind!r} but the file is used as {kind!r}"))

    sp: SpecialistsFile = files["specialists"]  # type: ignore[assignment]
    mi: MissionsFile = files["missions"]  # type: ignore[assignment]
    te: TechnologyFile = files["technology"]  # type: ignore[assignment]
    la: LabsFile = files["labs"]  # type: ignore[assignment]
    ob: ObjectivesFile = files["objectives"]  # type: ignore[assignment]
    bo: BoardFile = files["board"]  # type: ignore[assignment]
    board = bo.board

    # specialists
    if len(sp.specialists) != SPECIALIST_COUNT:
        out.append(
            _counts_problem(p("specialists"), "specialists", "specialists", len(sp.specialists), 36)
        )
    for mark, want in SPECIALIST_MARK_COUNTS.items():
        got = sum(1 for s in sp.specialists if s.players == mark)
        if got != want:
            out.append(
                (
                    p("specialists"),
                    "specialists",
                    f"exactly {want} specialists must carry the '{mark}' mark so that the deck "
                    f"runs out after rounds 4 and 8 (AG-EX-2); found {got}",
                )
            )

    # missions
    if len(mi.missions) != MISSION_COUNT:
        out.append(_counts_problem(p("missions"), "missions", "missions", len(mi.missions), 96))
    by_name: dict[str, Mission] = {}
    for m in mi.missions:
        other = by_name.get(m.name)
        if other is not None:
            a = m.model_dump(exclude={"id", "players"})
            b = other.model_dump(exclude={"id", "players"})
            if a != b:
                out.append(
                    (
                        p("missions"),
                        m.id,
                        f"copies of {m.name!r} must be identical apart from id and mark "
                        f"(differs from {other.id})",
                    )
                )
        else:
            by_name[m.name] = m
    for level in range(1, 5):
        for players in (2, 3, 4):
            names = {m.name for m in mi.missions if m.level == level and m.players <= players}
            if len(names) < board.missions_per_level:
                out.append(
                    (
                        p("missions"),
                        "missions",
                        f"level {level} has only {len(names)} different missions at "
                        f"{players} players; a player must be able to own "
                        f"{board.missions_per_level} (AG-MIS-7)",
                    )
                )

    # technology
    total = sum(t.count for t in te.technology)
    if total != TECHNOLOGY_COUNT:
        out.append(_counts_problem(p("technology"), "technology", "technology cards", total, 74))
    cols = [t.colour for t in te.technology]
    if sorted(cols) != sorted(COLOURS):
        out.append(
            (p("technology"), "technology", f"needs each of {', '.join(COLOURS)} once, got {cols}")
        )

    # labs
    if len(la.labs) != LAB_COUNT:
        out.append(_counts_problem(p("labs"), "labs", "lab cards", len(la.labs), 8))
    colours: dict[str, list[int]] = {}
    for i, lab in enumerate(la.labs):
        colours.setdefault(lab.colour, []).append(i)
        levels = sorted(s.level for s in lab.sides)
        if levels not in ([1, 2], [3, 4]):
            out.append(
                (p("labs"), f"labs[{i}].sides", f"a lab card has levels 1/2 or 3/4, got {levels}")
            )
    for colour, idx in colours.items():
        levels = sorted(s.level for i in idx for s in la.labs[i].sides)
        if levels != [1, 2, 3, 4]:
            out.append(
                (p("labs"), "labs", f"colour {colour!r} needs one 1/2 card and one 3/4 card")
            )
    by_level: dict[int, LabSide] = {}
    for i, lab in enumerate(la.labs):
        for j, side in enumerate(lab.sides):
            if side.level in by_level and by_level[side.level] != side:
                out.append(
                    (
                        p("labs"),
                        f"labs[{i}].sides[{j}]",
                        f"level {side.level} differs between colours; every colour plays alike",
                    )
                )
            by_level.setdefault(side.level, side)
    if len(by_level) == 4:
        for lvl in (2, 3, 4):
            lo, hi = by_level[lvl - 1], by_level[lvl]
            if hi.vp_phase1 <= lo.vp_phase1 or hi.vp_phase2 <= lo.vp_phase2:
                out.append(
                    (
                        p("labs"),
                        "labs",
                        f"level {lvl} must score more per launch than {lvl - 1} (AG-LAB-1)",
                    )
                )
        for lvl, ls in by_level.items():
            if ls.vp_phase1 <= ls.vp_phase2:
                out.append(
                    (p("labs"), "labs", f"level {lvl} must score more in phase 1 than 2 (AG-LAB-2)")
                )

    # objectives
    if len(ob.objectives) != OBJECTIVE_COUNT:
        out.append(
            _counts_problem(p("objectives"), "objectives", "objectives", len(ob.objectives), 16)
        )

    # board
    bp = p("board")
    half = board.rounds // 2
    if len(board.capacity_track) - 1 != board.upgrades_per_kind:
        out.append(
            (
                bp,
                "board.upgrades_per_kind",
                f"the capacity track has {len(board.capacity_track)} spaces, so there must be "
                f"{len(board.capacity_track) - 1} capacity upgrades",
            )
        )
    if len(board.cost_track) - 1 != board.upgrades_per_kind:
        out.append(
            (
                bp,
                "board.upgrades_per_kind",
                f"the cost track has {len(board.cost_track)} spaces, so there must be "
                f"{len(board.cost_track) - 1} propulsion upgrades",
            )
        )
    have = {(r.phase, r.level) for r in board.requirements}
    needed: tuple[tuple[int, tuple[int, ...]], ...] = ((1, (1, 2)), (2, (1, 2, 3, 4)))
    for phase, lvls in needed:
        for level in lvls:
            if (phase, level) not in have:
                out.append(
                    (bp, "board.requirements", f"no requirement for level {level} in phase {phase}")
                )
    for i, r in enumerate(board.requirements):
        if r.phase == 1 and r.level > 2:
            out.append(
                (
                    bp,
                    f"board.requirements[{i}].level",
                    "levels 3 and 4 exist only in phase 2 (AG-R-1)",
                )
            )
    keys = [(r.phase, r.level) for r in board.requirements]
    if len(keys) != len(set(keys)):
        out.append((bp, "board.requirements", "a (phase, level) is given twice"))
    out.extend((bp, "board.requirements", msg) for msg in nesting_problems(board.requirements))
    sixes = [i + 1 for i, s in enumerate(board.station) if s.vp == 6]
    eights = [i + 1 for i, s in enumerate(board.station) if s.vp == 8]
    if len(sixes) != 2 or len(eights) != 1:
        out.append(
            (
                bp,
                "board.station",
                'the station track has two "6" spaces and one "8" space (AG-COMP-2)',
            )
        )
    want2 = sorted([*sixes, *eights])
    neutral: dict[str, list[int]] = {str(k): v for k, v in board.neutral.items()}
    for key in ("2", "3"):
        spaces = neutral.get(key)
        if spaces is None:
            out.append((bp, f"board.neutral.{key}", "missing"))
            continue
        for sp_ in spaces:
            if not 1 <= sp_ <= len(board.station):
                out.append((bp, f"board.neutral.{key}", f"space {sp_} is not on the track"))
        if key == "2" and sorted(spaces) != want2:
            out.append(
                (
                    bp,
                    "board.neutral.2",
                    'at 2 players the neutral rockets take both "6" and the "8" (AG-SETUP-9)',
                )
            )
        if key == "3" and (
            len(spaces) != 2
            or len([s for s in spaces if s in sixes]) != 1
            or len([s for s in spaces if s in eights]) != 1
        ):
            out.append(
                (
                    bp,
                    "board.neutral.3",
                    'at 3 players the neutral rockets take one "6" and the "8" (AG-SETUP-8)',
                )
            )
    if half < 1:
        out.append((bp, "board.rounds", "must be at least 2"))
    return out


def _meets(have: Alternative, alternative: Alternative) -> bool:
    return all(have.get(colour, 0) >= k for colour, k in alternative.items())


def nesting_problems(requirements: list[Requirement]) -> list[str]:
    """Requirements must not nest (AG-GAP-3; known fact: meeting level 4's does not
    meet level 2's): within a phase, no alternative of one level may meet an
    alternative of another level. A level without a requirement (``{}``) is open
    to everyone and is left out."""
    out: list[str] = []
    for a in requirements:
        for b in requirements:
            if a.phase != b.phase or a.level == b.level:
                continue
            for alt_a in a.alternatives:
                for alt_b in b.alternatives:
                    if alt_a and alt_b and _meets(alt_a, alt_b):
                        out.append(
                            f"phase {a.phase}: level {a.level}'s {_describe_alt(alt_a)} also "
                            f"meets level {b.level}'s {_describe_alt(alt_b)}; requirements do "
                            "not nest (AG-GAP-3)"
                        )
    return out


def _describe_alt(alternative: Alternative) -> str:
    return " + ".join(f"{k} {c}" for c, k in alternative.items())


# -- loading -------------------------------------------------------------------------
CARD_LISTS = {
    "specialists": "specialists",
    "missions": "missions",
    "labs": "labs",
    "objectives": "objectives",
}
_POSITION = re.compile(r"^(specialists|missions|labs|objectives)\[(\d+)\](.*)$")


def _card_at(data: Any, listing: str, index: int) -> str | None:
    cards = data.get(listing) if isinstance(data, dict) else None
    if isinstance(cards, list) and 0 <= index < len(cards):
        card = cards[index]
        if isinstance(card, dict) and isinstance(card.get("id"), str) and card["id"]:
            return str(card["id"])
    return None


def name_cards(data: Any, problems: list[Problem]) -> list[Problem]:
    """Problems located by card id (``M1-01.weight``) instead of list position
    (``missions[0].weight``) wherever the card has an id."""
    out: list[Problem] = []
    for path, loc, msg in problems:
        m = _POSITION.match(loc)
        card = _card_at(data, m.group(1), int(m.group(2))) if m else None
        if m and card is not None:
            loc = card + m.group(3)
        out.append((path, loc, msg))
    return out


def duplicate_ids(kind: str, data: Any, path: str) -> list[Problem]:
    """Two cards of one file with the same id (checked on the raw data, so it is
    reported together with any schema error)."""
    listing = CARD_LISTS.get(kind)
    cards = data.get(listing) if listing and isinstance(data, dict) else None
    if not isinstance(cards, list):
        return []
    first: dict[str, int] = {}
    out: list[Problem] = []
    for i, card in enumerate(cards):
        cid = card.get("id") if isinstance(card, dict) else None
        if not isinstance(cid, str):
            continue
        if cid in first:
            out.append(
                (
                    path,
                    cid,
                    f"duplicate id {cid!r}: cards {first[cid] + 1} and {i + 1} of the "
                    "file both use it",
                )
            )
        else:
            first[cid] = i
    return out


def read_kind(kind: str, found: Path | None) -> tuple[BaseModel | None, list[Problem]]:
    """One content file (``found``, or the shipped one): the model if it is valid,
    and every problem found in it (schema errors by card id, duplicate ids)."""
    if found is None:
        where = f"{PACKAGE}/{kind}.toml"
        text = resources.files(PACKAGE).joinpath(f"{kind}.toml").read_text(encoding="utf-8")
    else:
        where = str(found)
        try:
            text = found.read_text(encoding="utf-8")
        except OSError as exc:
            return None, [(where, "(file)", f"cannot be read: {exc.strerror}")]
    try:
        data = parse_text(text, where)
    except ContentError as exc:
        return None, exc.problems
    problems = duplicate_ids(kind, data, where)
    try:
        model = validate(FILES[kind], data, where)
    except ContentError as exc:
        return None, name_cards(data, exc.problems) + problems
    return (None if problems else model), problems


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
    return cross_check(files, {kind: str(p)})


_DEFAULT: list[Content] = []


def default_content() -> Content:
    """The shipped content (loaded once)."""
    if not _DEFAULT:
        _DEFAULT.append(load_content(None))
    return _DEFAULT[0]


Loader = Callable[[str | Path | None], Content]
