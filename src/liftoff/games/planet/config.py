"""The fixed rules of one planet game: content and options compiled into plain
tuples and small records, shared (never copied) by every state of that game."""

from __future__ import annotations

from dataclasses import dataclass

from liftoff.engine import OptionValue

from .cards import CODES, GARGLORE, NUM_KINDS, STORM, TERRAFORM, TORNADO
from .content import PlanetContent, PointSpec

FULL, HALF, NEW = 0, 1, 2
PHASE_NAMES = ("full", "half", "new")
PHASE_OF = {name: i for i, name in enumerate(PHASE_NAMES)}
UNLIMITED = 1_000_000
PLAYERS_CAPACITY = -1

Cost = tuple[int, int, int]  # fuel, screw, action cards


@dataclass(frozen=True)
class LiftOffPoint:
    """One Lift Off Point's numbers, compiled from its data entry."""

    id: str
    name: str
    capacity: int  # UNLIMITED, PLAYERS_CAPACITY, or a number
    mechanic: str
    placement: Cost | None
    by_phase: tuple[Cost, Cost, Cost] | None
    by_order: tuple[Cost, ...] | None
    lift: tuple[int, int]
    phases: frozenset[int]
    roll_kind: str
    thresholds: tuple[int, int, int]
    fail_to_core: bool
    fuel_per_alien: int

    @staticmethod
    def compile(spec: PointSpec) -> LiftOffPoint:
        cap = spec.capacity
        capacity = (
            UNLIMITED if cap == "unlimited" else PLAYERS_CAPACITY if cap == "players" else cap
        )
        assert isinstance(capacity, int)
        by_phase = None
        if spec.placement_by_phase is not None:
            bp = spec.placement_by_phase
            by_phase = (bp["full"].as_tuple(), bp["half"].as_tuple(), bp["new"].as_tuple())
        th = spec.thresholds or {}
        return LiftOffPoint(
            id=spec.id,
            name=spec.name,
            capacity=capacity,
            mechanic=spec.mechanic,
            placement=spec.placement.as_tuple() if spec.placement is not None else None,
            by_phase=by_phase,
            by_order=tuple(c.as_tuple() for c in spec.placement_by_order)
            if spec.placement_by_order is not None
            else None,
            lift=(spec.lift.fuel, spec.lift.screw) if spec.lift is not None else (0, 0),
            phases=frozenset(PHASE_OF[p] for p in spec.phases or ()),
            roll_kind=spec.roll_cost or "",
            thresholds=(th.get("full", 0), th.get("half", 0), th.get("new", 0)),
            fail_to_core=spec.on_fail == "core",
            fuel_per_alien=spec.fuel_per_alien or 0,
        )


@dataclass(frozen=True)
class PlanetConfig:
    """Everything fixed for the length of one game."""

    players: int
    options: dict[str, OptionValue]
    aliens: int
    start_cards: int
    days_total: int
    family: bool
    team: bool
    cutthroat: bool
    vicious: bool
    garglore_in_play: bool
    random_terraform: bool
    finished_keep_playing: bool
    first_game: bool
    spots: tuple[str, ...]
    phase_table: tuple[tuple[int, int, int, int], ...]  # [moon spot][slot] -> phase
    lift_die: tuple[int, ...]
    stargate_faces: tuple[str, ...]
    deck_counts: tuple[int, ...]
    lps: dict[str, LiftOffPoint]
    lp_order: tuple[str, ...]
    first_game_lps: tuple[str, ...]
    lp_index: dict[str, int]  # Lift Off Point id -> its place in lp_order (numbers views)

    @property
    def deck_size(self) -> int:
        return sum(self.deck_counts)


def day_offset(options: dict[str, OptionValue]) -> int:
    """How many days the variants take off the Day Track (PL-FAST-4, PL-CUT-2)."""
    return (2 if options["fast"] else 0) + (1 if options["cutthroat"] else 0)


def build_config(
    content: PlanetContent, players: int, options: dict[str, OptionValue]
) -> PlanetConfig:
    """Compile content and validated options into a config."""
    board = content.board
    spots = tuple(board.moon_models[str(options["moon_model"])])
    slot_of_spot = [int(s[4]) - 1 if s.startswith("slot") else -1 for s in spots]
    table: list[tuple[int, int, int, int]] = []
    for spot_slot in slot_of_spot:
        row = []
        for slot in range(4):
            if spot_slot == slot:
                row.append(FULL)
            elif spot_slot == (slot + 2) % 4:
                row.append(NEW)
            else:
                row.append(HALF)
        table.append((row[0], row[1], row[2], row[3]))
    explicit_days = int(options["days"])
    if explicit_days > 0:
        days = explicit_days
    else:
        days = board.day_tracks[str(options["day_track"])][str(players)] - day_offset(options)
    days = max(1, days)  # PL-VAR-1
    counts = [0] * NUM_KINDS
    for card in content.deck.cards:
        counts[CODES.index(card.code)] = card.count
    no_garglore = bool(options["no_garglore"])
    if options["first_game"]:
        counts[TERRAFORM] = 0  # PL-FIRST-2
    if options["family"]:
        counts[TORNADO] = counts[STORM] = 0  # PL-FAM-2
    if no_garglore:
        counts[GARGLORE] = 0  # PL-FAM-4
    lps = {spec.id: LiftOffPoint.compile(spec) for spec in content.points.points}
    jet = str(options["jetpack_costs"])
    if "jetpack" in lps and jet != "data":
        full, half, new = (int(x) for x in jet.split("/"))
        lp = lps["jetpack"]
        lps["jetpack"] = LiftOffPoint(
            **{**lp.__dict__, "by_phase": ((full, 0, 0), (half, 0, 0), (new, 0, 0))}
        )
    fast = bool(options["fast"])
    return PlanetConfig(
        players=players,
        options=options,
        aliens=board.aliens["fast"] if fast else board.aliens["per_player"],
        start_cards=3 if fast else 2,
        days_total=days,
        family=bool(options["family"]),
        team=bool(options["team"]),
        cutthroat=bool(options["cutthroat"]),
        vicious=bool(options["vicious"]),
        garglore_in_play=not no_garglore,
        random_terraform=bool(options["family"] or fast),
        finished_keep_playing=bool(options["finished_keep_playing"]),
        first_game=bool(options["first_game"]),
        spots=spots,
        phase_table=tuple(table),
        lift_die=tuple(board.lift_dice[str(options["lift_die"])]),
        stargate_faces=tuple(board.stargate_die["faces"]),
        deck_counts=tuple(counts),
        lps=lps,
        lp_order=tuple(spec.id for spec in content.points.points),
        first_game_lps=tuple(board.first_game),
        lp_index={spec.id: i for i, spec in enumerate(content.points.points)},
    )
