"""Reading a planet view, and what a position is worth: the heuristic's potential
(:func:`value`) and the search's leaf evaluation (:func:`evaluate`).

:func:`parse` turns a numbers view into a :class:`Board_`; a player's *progress* is
their expected number of saved Aliens: 1 for each saved Alien, and for each
other Alien its estimated chance of being saved, by the Lift Off Point it
waits at or is boarded on, whether the player can pay now, the Garglore and
the days left. :func:`value` is a player's progress and cards against the best
rival's; :func:`evaluate` turns every player's into chances to win, with
weights fitted on heuristic games (``benchmarks/fit_planet_eval.py``).
The policy that uses them is :mod:`liftoff.bots.heuristics.planet`."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from liftoff.engine import State
from liftoff.games.planet.cards import CODES
from liftoff.games.planet.config import PHASE_NAMES
from liftoff.games.planet.layout import STAGE_NAMES
from liftoff.games.planet.numbers import MECHANICS, ROLL_COSTS

CORE = -1
RESOURCE_VALUE = {"F": 0.1, "S": 0.1, "W": 0.12}
ACTION_VALUE = {
    "moon": 0.08,
    "supernova": 0.08,
    "asteroids": 0.08,
    "mya": 0.1,
    "garglore": 0.07,
    "tornado": 0.05,
    "storm": 0.04,
    "terraform": 0.05,
}
# chance that a boarded Alien is eventually saved, by mechanic (before adjustments)
BOARDED_BASE = {
    "instant": 0.8,  # a boarded Jetpack Alien only waits for the Garglore to leave
    "threshold": 0.45,
    "dice": 0.62,
    "teleport": 0.6,
    "slingshot": 0.6,
    "miracle": 0.5,
    "stargate": 0.3,
}
THRESHOLD_BASE = {"satellite": 0.6, "rocket": 0.45, "ufo": 0.45}
EPS = 0.015
DEFAULT_DIE = (0, 1, 1, 2, 2, 3)


@dataclass(slots=True)
class Slot:
    """One Lift Off Point as the view shows it."""

    index: int
    seg: int
    lp: str
    mech: str
    phase: str
    boarded: list[int]
    capacity: int | None
    cost: tuple[int, int, int]
    afuel: int
    ascrew: int
    blocked: bool
    lift: tuple[int, int, tuple[str, ...]] | None
    needs: dict[str, int] | None
    roll_cost: str
    waiting: list[int]


@dataclass(slots=True)
class Board_:
    """The parts of a view the heuristic uses."""

    me: int | None
    n: int
    stage: str
    turn: int
    moves: int
    hand: dict[str, int]
    hand_sizes: list[int]
    saved: list[int]
    core: list[int]
    aliens: int
    slots: list[Slot]
    exits: dict[int, list[int]]
    spot: int
    spots: list[int]  # per Moon spot, the slot it gives Full Moon (-1: none)
    override: str | None
    turns_left: int
    over: bool
    winners: list[int] = field(default_factory=list)
    days_total: int = 0


def parse(view: dict[str, Any], lps: tuple[str, ...]) -> Board_:
    """The heuristic's reading of a planet numbers view
    (:func:`liftoff.games.planet.numbers.numbers_view`); ``lps`` is the
    content's Lift Off Point ids in the order the view numbers them
    (``lp_order``). Names come from constant tables: no string is built."""
    players = view["players"]
    n = len(players)
    me = view["you"]
    aliens = view["aliens"]
    slots: list[Slot] = []
    exits = {seg: list(aliens[seg]) for seg in range(0, 8, 2)}
    for index, entry in enumerate(view["slots"]):
        lift = entry["lift"]
        needs = entry["needs"]
        capacity = entry["capacity"]
        roll = entry["roll_cost"]
        slots.append(
            Slot(
                index=index,
                seg=2 * index + 1,
                lp=lps[entry["lp"]],
                mech=MECHANICS[entry["mechanic"]],
                phase=PHASE_NAMES[entry["phase"]],
                boarded=list(entry["boarded"]),
                capacity=None if capacity < 0 else capacity,
                cost=(entry["cost"][0], entry["cost"][1], entry["cost"][2]),
                afuel=entry["area_fuel"],
                ascrew=entry["area_screw"],
                blocked=bool(entry["blocked"]),
                lift=(
                    (lift[0], lift[1], tuple(PHASE_NAMES[x] for x in entry["lift_phases"]))
                    if lift
                    else None
                ),
                needs=dict(zip(PHASE_NAMES, needs, strict=True)) if needs else None,
                roll_cost=ROLL_COSTS[roll] if roll >= 0 else "",
                waiting=list(aliens[2 * index + 1]),
            )
        )
    spots = view["moon_spots"]
    spot = view["moon_spot"]
    days_left = view["days_left"]
    turns_left = max(0, days_left * len(spots) - spot)
    me_hand: dict[str, int] = {}
    if 0 <= me < n:
        me_hand = {CODES[k]: c for k, c in enumerate(view["hand"]) if c}
    override = view["override"]
    stage = STAGE_NAMES[view["stage"]]
    return Board_(
        me=None if me < 0 else me,
        n=n,
        stage=stage,
        turn=view["turn"],
        moves=view["moves_left"],
        hand=me_hand,
        hand_sizes=[p[3] for p in players],
        saved=[p[0] for p in players],
        core=[p[1] for p in players],
        aliens=view["aliens_per_player"],
        slots=slots,
        exits=exits,
        spot=spot,
        spots=list(spots),
        override=None if override < 0 else PHASE_NAMES[override],
        turns_left=turns_left,
        over=stage == "over",
        winners=list(view["winners"]),
        days_total=view["days_total"],
    )


def board_of(state: State, player: int | None) -> Board_:
    """The heuristic's reading of what ``player`` may see of a planet game
    (``state.numbers_view``: ids and numbers, no words)."""
    lps: tuple[str, ...] = getattr(state, "cfg").lp_order  # noqa: B009 (any planet state)
    return parse(state.numbers_view(player), lps)


def die_faces(state: State) -> tuple[int, ...]:
    """The Lift Off die of this game (an option, so public)."""
    text = str(state.options.get("lift_die", "X,1,1,2,2,3"))
    try:
        return tuple(0 if f.strip().upper() == "X" else int(f) for f in text.split(","))
    except ValueError:
        return DEFAULT_DIE


def success(needs: int, die: tuple[int, ...]) -> float:
    """The chance that one roll of ``die`` shows at least ``needs`` rockets."""
    return sum(1 for f in die if f > 0 and f >= needs) / len(die)


def phase_at(slot: int, k: int) -> str:
    """The phase of LP slot 0..3 with the Moon on a spot that gives slot ``k``
    Full Moon (``-1``: a spot between slots)."""
    if k >= 0:
        if k == slot:
            return "full"
        if k == (slot + 2) % 4:
            return "new"
    return "half"


# -- the evaluation -------------------------------------------------------------


def time_factor(b: Board_, per_player_turns: float) -> float:
    """How much a not-yet-saved Alien is still worth with the time that is left."""
    if per_player_turns <= 0:
        return 0.0
    return min(1.0, 0.25 + 0.25 * per_player_turns)


def boarded_q(b: Board_, s: Slot) -> float:
    """The chance that an Alien boarded on ``s`` is saved."""
    mech = s.mech
    if mech == "threshold":
        assert s.lift is not None
        lf, ls, _ = s.lift
        need = lf + ls
        fill = (min(s.afuel, lf) + min(s.ascrew, ls)) / need if need else 1.0
        base = THRESHOLD_BASE.get(s.lp, 0.45)
        q = base + (0.92 - base) * fill
    else:
        q = BOARDED_BASE.get(mech, 0.4)
        if mech == "miracle":
            q = 0.55 if b.n == 2 else 0.35
    if s.blocked:
        q *= 0.8
    return q


def _can_pay(hand: dict[str, int], cost: tuple[int, int, int]) -> bool:
    f, sc, act = cost
    fuel, screw, wild = hand.get("F", 0), hand.get("S", 0), hand.get("W", 0)
    need_w = max(0, f - fuel) + max(0, sc - screw)
    if need_w > wild:
        return False
    if act:
        actions = sum(v for k, v in hand.items() if k not in ("F", "S", "W"))
        return actions >= act
    return True


def _cost_value(cost: tuple[int, int, int]) -> float:
    return 0.1 * (cost[0] + cost[1]) + 0.07 * cost[2]


def _progress(b: Board_, q: int, my_turn_now: bool, die: tuple[int, ...]) -> float:
    """Player ``q``'s expected number of saved Aliens (saved + potentials)."""
    n = b.n
    turns = b.turns_left / n
    tf = time_factor(b, turns + (0.5 if b.turn == q else 0.0))
    total = float(b.saved[q])
    if tf <= 0:
        return total
    knows_hand = q == b.me
    hand = b.hand if knows_hand else {}
    now = my_turn_now and q == b.turn and knows_hand
    lp_q: dict[int, float] = {}
    for s in b.slots:
        mine = s.boarded.count(q)
        qb = boarded_q(b, s)
        if mine:
            qq = qb
            if now and s.mech == "dice" and s.needs and not s.blocked:
                coin = "F" if s.roll_cost == "fuel" else "S"
                if hand.get(coin, 0) + hand.get("W", 0) > 0:
                    p = success(s.needs[b.override or s.phase], die)
                    fail = 0.0 if s.lp == "trampoline" else qb
                    qq = max(qb, 0.92 * (p + (1 - p) * fail) - 0.1 / max(1, mine))
            total += mine * qq * tf
        # an unboarded Alien waiting on this Lift Off Point
        full = (
            s.capacity is not None
            and len(s.boarded) >= s.capacity
            and s.mech not in ("slingshot", "stargate")
        )
        if full:
            ql = 0.12
        elif s.mech == "instant":  # Jetpack: board at Full Moon for 1 Fuel
            fuel = hand.get("F", 0) + hand.get("W", 0) if knows_hand else 1
            ql = 0.6 if fuel >= 1 else 0.3
            if s.blocked:
                ql *= 0.8
        else:
            payable = _can_pay(hand, s.cost) if knows_hand else True
            after = qb
            if s.mech == "threshold" and s.lift is not None:
                lf, ls, _ = s.lift
                need = lf + ls
                fill = (min(s.afuel + s.cost[0], lf) + min(s.ascrew + s.cost[1], ls)) / need
                base = THRESHOLD_BASE.get(s.lp, 0.45)
                after = base + (0.92 - base) * fill
            ql = (0.5 if payable else 0.33) * after
        if now and not full:
            cost = s.cost
            if _can_pay(hand, cost):
                if s.mech == "instant" and not s.blocked:
                    ql = max(ql, 0.85 * (1.0 - _cost_value(cost)))
                elif s.mech != "instant":
                    ql = max(ql, 0.85 * (qb - _cost_value(cost)))
        lp_q[s.seg] = ql
        waiting = s.waiting[q]
        if waiting:
            total += waiting * ql * tf
    for seg, counts in b.exits.items():
        if counts[q]:
            adj = max(lp_q[(seg + 1) % 8], lp_q[(seg - 1) % 8])
            total += counts[q] * 0.45 * adj * tf
    return total


def _hand_value(b: Board_, q: int) -> float:
    turns = b.turns_left / b.n
    scale = min(1.0, 0.2 + turns / 4)
    if q == b.me:
        v = 0.0
        for k, c in b.hand.items():
            if k in RESOURCE_VALUE:
                v += c * (RESOURCE_VALUE[k] * scale + 0.01)  # resources break ties
            else:
                v += c * ACTION_VALUE.get(k, 0.06) * scale
        return v
    return b.hand_sizes[q] * 0.09 * scale


def value(b: Board_, die: tuple[int, ...] = DEFAULT_DIE) -> float:
    """How good the position is for ``b.me`` (higher is better)."""
    me = b.me
    assert me is not None
    if b.over:
        if me in b.winners:
            return 100.0 / len(b.winners)
        return -100.0
    my_turn = b.stage == "play" and b.turn == me
    mine = _progress(b, me, my_turn, die) + _hand_value(b, me)
    others = [_progress(b, q, False, die) + _hand_value(b, q) for q in range(b.n) if q != me]
    if not others:
        return mine
    # the strongest rival matters most; the others a little
    others.sort(reverse=True)
    return mine - others[0] - 0.25 * sum(others[1:])


# -- the leaf evaluation (for search cut-offs) ---------------------------------------


@dataclass(frozen=True)
class EvalWeights:
    """The leaf evaluation's parameters: a player's strength is
    ``saved + potential × (the chances of their Aliens still on the planet) +
    hand × (their cards' worth)``, and the chances to win are a softmax of strengths whose sharpness
    grows from ``k0`` at the start to ``k0 + k1`` at the end of the days."""

    k0: float
    k1: float
    potential: float = 1.0
    hand: float = 1.0


#: the hand-set weights, which :func:`evaluate` uses
HAND_SET = EvalWeights(k0=0.8, k1=2.2)
#: weights fitted by maximum likelihood on 450 heuristic games of 2-4 players
#: (``benchmarks/fit_planet_eval.py --games 600 --seed 1``). On the other 150
#: games they predict the winners better (log loss 0.861 against 0.950: the
#: hand-set ones are overconfident), but the search is not stronger with them:
#: over the same deals against ``heuristic``, 28 of 40 against 26 of 40 at 200
#: iterations, 17.5 of 30 against 23 of 30 at 0.2 s of CPU (sharp leaf values
#: may separate the root's moves more clearly than calibrated ones).
FITTED = EvalWeights(k0=0.419, k1=1.202, potential=0.617, hand=0.31)
#: the weights :func:`evaluate` uses
EVAL = HAND_SET


def standings(state: State) -> tuple[list[tuple[float, float, float]], float] | None:
    """Per player ``(saved Aliens, expected saved Aliens, the hand's worth)``
    (the expected count adds the chances of the Aliens still on the planet)
    and the share of the game's days already played; ``None`` once it is over.

    Each player is read from their own view (on a determinized copy, as the
    search calls it, that view holds a sampled hand)."""
    boards = [board_of(state, q) for q in range(state.num_players)]
    b = boards[0]
    if b.over:
        return None
    die = die_faces(state)
    parts = []
    for q in range(b.n):
        bq = boards[q]
        now = bq.stage == "play" and bq.turn == q
        parts.append((float(bq.saved[q]), _progress(bq, q, now, die), _hand_value(bq, q)))
    total = max(1, b.days_total * len(b.spots))
    return parts, 1 - b.turns_left / total


def win_chances(
    parts: list[tuple[float, float, float]], played: float, weights: EvalWeights = EVAL
) -> list[float]:
    """Each player's chance to win from :func:`standings`, under ``weights``."""
    k = weights.k0 + weights.k1 * played
    a = weights.potential
    strength = [a * e + (1 - a) * s + weights.hand * h for s, e, h in parts]
    m = max(strength)
    w = [math.exp(k * (x - m)) for x in strength]
    total = sum(w)
    return [x / total for x in w]


def evaluate(state: State) -> list[float]:
    """Each player's estimated chance to win, for the leaves of a search.

    The search calls it on determinized copies (sampled worlds), so it reads
    every player's own view there: each player's progress counts their hand.
    """
    found = standings(state)
    if found is None:
        outcome = state.outcome()
        assert outcome is not None
        share = 1.0 / max(1, len(outcome.winners))
        return [share if p in outcome.winners else 0.0 for p in range(state.num_players)]
    return win_chances(*found)
