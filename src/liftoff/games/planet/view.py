"""What a player may see of a planet game: :class:`PlanetView`.

A player sees their own hand; of the others only hand sizes. The draw pile is
a count. Everything on the board, the discard pile (face up) and the card
areas are public. Views feed the bots, the research encoders, the terminal,
the browser and the golden playthroughs: the TypedDicts below document the
dict ``PlanetState.view`` returns, key for key and in its order.

A view holds no words: ids and numbers only, the same in every language (a
Lift Off Point by its ``lp`` id, a placement cost as numbers). The speech layer
(``liftoff.speech``) adds the words a reader sees (``view_words``: a Lift Off
Point's ``name``, its ``placement_text``); the ``recent`` events hold their
data, not sentences (the speech layer narrates them).

(No ``from __future__ import annotations`` here: Python 3.11 loses
``NotRequired`` from a TypedDict whose annotations are strings.)
"""

from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict, cast

from liftoff.engine.events import EventView

from .cards import CODES, NUM_KINDS
from .config import PHASE_NAMES, UNLIMITED
from .layout import ABSENT, OVER, POOL, STAGE_NAMES
from .scoring import outcome

if TYPE_CHECKING:
    from .state import PlanetState

Cards = dict[str, int]  # card code -> how many (only kinds present)


class CostView(TypedDict):
    """A number of cards (a placement cost)."""

    fuel: int
    screw: int
    action: int


class AreaView(TypedDict):
    """A Lift Off Point's card area: Fuel and Screw paid so far, and its cards."""

    fuel: int
    screw: int
    cards: Cards


class LiftView(TypedDict):
    """A threshold Lift Off Point's Lift Off Cost and the phases it lifts at."""

    fuel: int
    screw: int
    phases: list[str]  # "full" / "half" / "new"


class RollView(TypedDict):
    """A dice Lift Off Point: what a roll costs and the rockets needed per phase."""

    cost: str  # "fuel" / "screw"
    needs: dict[str, int]  # phase -> rockets


class ExitView(TypedDict):
    """An Exit Point of the ring (S0, S2, S4, S6)."""

    segment: str
    kind: Literal["exit"]
    aliens: list[int]  # unboarded Aliens there, per player


class LiftOffPointView(TypedDict):
    """A ring segment with a Lift Off Point (S1, S3, S5, S7)."""

    segment: str
    kind: Literal["lift_off_point"]
    aliens: list[int]  # unboarded Aliens there, per player
    slot: int  # 1..4
    lp: str
    mechanic: str
    phase: str  # the effective phase (Supernova!/Asteroids! included)
    moon_phase: str  # the phase the Moon gives it
    boarded: list[int]  # owners of the boarded Aliens, in boarding order
    capacity: int | None  # None: unlimited
    placement_cost: CostView
    area: AreaView
    blocked: bool  # the Garglore is there
    lift: NotRequired[LiftView]  # threshold Lift Off Points
    roll: NotRequired[RollView]  # dice Lift Off Points


class PlayerView(TypedDict):
    """One player's public facts, and their hand for that player."""

    player: int
    saved: int
    core: int
    on_planet: int
    hand_size: int
    finished: bool
    team: NotRequired[int]  # Let's Team Up: 0 (seats 0+2) or 1 (seats 1+3)
    hand: NotRequired[Cards]  # only in the viewer's own entry


class MoonView(TypedDict):
    spot: int
    spot_name: str
    spots: list[str]
    override: str | None  # the phase Supernova!/Asteroids! forces this turn


class DaysView(TypedDict):
    passed: int
    total: int
    left: int


class PledgeView(TypedDict):
    player: int
    fuel: int  # Fuel and Wild cards offered


class TeleportWindowView(TypedDict):
    """The open Teleport payment window (PL-GAP-17)."""

    need: int
    pledges: list[PledgeView]
    waiting: list[int]


class OutcomeDetails(TypedDict):
    saved: list[int]
    resource_cards: list[int]
    days_passed: int
    days_total: int
    turns: int
    launches: dict[str, int]  # Lift Off Point -> launches
    saved_by_lift_off_point: dict[str, int]
    saved_by_day: list[int]
    finished: list[int]
    lift_off_points: list[str]
    teams: NotRequired[list[list[int]]]


class OutcomeView(TypedDict):
    """``Outcome.to_json()`` of a finished game."""

    scores: list[float]
    winners: list[int]
    ranking: list[int]
    places: list[int]
    termination: str  # "rescue" / "all_rescued" / "explosion"
    details: OutcomeDetails


class PlanetView(TypedDict):
    """What ``player`` may know of a planet game (``you`` None: a spectator)."""

    game: Literal["planet"]
    you: int | None
    players: list[PlayerView]
    turn: int
    stage: str  # "play" / "teleport" / "team" / "over"
    active: list[int]
    moves_left: int
    moon: MoonView
    days: DaysView
    garglore: str | None  # None: not in this game; "pool" or a Lift Off Point
    ring: list[ExitView | LiftOffPointView]
    draw_pile: int
    discard: Cards
    box: list[str]
    removed: list[str]
    aliens_per_player: int
    variants: list[str]
    #: the latest events as this viewer sees them (``State.recent_events``)
    recent: list[EventView]
    teleport_window: NotRequired[TeleportWindowView]
    outcome: NotRequired[OutcomeView]


_VARIANTS = ("first_game", "family", "team", "fast", "cutthroat", "vicious", "no_garglore")


def _cards(counts: list[int]) -> Cards:
    return {CODES[k]: counts[k] for k in range(NUM_KINDS) if counts[k]}


def view(s: "PlanetState", player: int | None, history: bool = True) -> PlanetView:
    """The JSON-safe view of ``s`` for ``player`` (``None``: a spectator);
    without ``history``, its ``recent`` events are left empty."""
    cfg = s.cfg
    garg = s.garglore
    out: PlanetView = {
        "game": "planet",
        "you": player,
        "players": [_player(s, p, player) for p in range(cfg.players)],
        "turn": s.turn,
        "stage": STAGE_NAMES[s.stage],
        "active": list(s.active_players()),
        "moves_left": s.moves,
        "moon": {
            "spot": s.moon,
            "spot_name": cfg.spots[s.moon],
            "spots": list(cfg.spots),
            "override": None if s.override < 0 else PHASE_NAMES[s.override],
        },
        "days": {
            "passed": s.days_passed,
            "total": cfg.days_total,
            "left": cfg.days_total - s.days_passed,
        },
        "garglore": None if garg == ABSENT else "pool" if garg == POOL else s.slots[garg],
        "ring": [_segment(s, seg) for seg in range(8)],
        "draw_pile": len(s.draw),
        "discard": _cards(s.discard),
        "box": list(s.box),
        "removed": list(s.removed),
        "aliens_per_player": cfg.aliens,
        "variants": [k for k in _VARIANTS if cfg.options.get(k)],
        "recent": s.recent_events(player) if history else [],
    }
    if s.win_queue or s.win_pledges:
        out["teleport_window"] = {
            "need": s.win_need,
            "pledges": [{"player": p, "fuel": f + w} for p, f, w in s.win_pledges],
            "waiting": list(s.win_queue),
        }
    if s.stage == OVER:
        out["outcome"] = cast(OutcomeView, outcome(s).to_json())
    return out


def _player(s: "PlanetState", p: int, viewer: int | None) -> PlayerView:
    info: PlayerView = {
        "player": p,
        "saved": s.saved[p],
        "core": s.core[p],
        "on_planet": s.on_planet(p),
        "hand_size": sum(s.hands[p]),
        "finished": bool(s.finish_seq[p]),
    }
    if s.cfg.team:
        info["team"] = p % 2
    if viewer == p:
        info["hand"] = _cards(s.hands[p])
    return info


def _segment(s: "PlanetState", seg: int) -> ExitView | LiftOffPointView:
    aliens = [s.surf[p][seg] for p in range(s.cfg.players)]
    if seg % 2 == 0:
        return {"segment": f"S{seg}", "kind": "exit", "aliens": aliens}
    slot = seg // 2
    lp = s.lp_at(slot)
    cost = s.placement_cost(slot)
    entry: LiftOffPointView = {
        "segment": f"S{seg}",
        "kind": "lift_off_point",
        "aliens": aliens,
        "slot": slot + 1,
        "lp": lp.id,
        "mechanic": lp.mechanic,
        "phase": PHASE_NAMES[s.phase(slot)],
        "moon_phase": PHASE_NAMES[s.cfg.phase_table[s.moon][slot]],
        "boarded": list(s.boarded[slot]),
        "capacity": s.capacity(slot) if lp.capacity < UNLIMITED else None,
        "placement_cost": {"fuel": cost[0], "screw": cost[1], "action": cost[2]},
        "area": {"fuel": s.afuel[slot], "screw": s.ascrew[slot], "cards": _cards(s.area[slot])},
        "blocked": s.blocked(slot),
    }
    if lp.mechanic == "threshold":
        entry["lift"] = {
            "fuel": lp.lift[0],
            "screw": lp.lift[1],
            "phases": [PHASE_NAMES[p] for p in sorted(lp.phases)],
        }
    if lp.mechanic == "dice":
        entry["roll"] = {
            "cost": lp.roll_kind,
            "needs": dict(zip(PHASE_NAMES, lp.thresholds, strict=True)),
        }
    return entry
