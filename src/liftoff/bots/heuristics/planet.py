"""A sensible beginner for the planet game (*Lift Off! Get me off this Planet!*).

The bot reads only its own view (``state.board_view(player)``: its hand, the board,
other players' hand sizes) and its legal actions. It looks one action ahead on
a ``determinize``-d copy of the state (so it never learns a hidden card) and
scores each result with :func:`~liftoff.bots.heuristics.planet_board.value`, a
"potential" of the position (see :mod:`liftoff.bots.heuristics.planet_board`):

- a saved Alien is worth 1; an Alien that is boarded, waiting on a Lift Off
  Point, on an Exit Point or in the Core is worth its estimated chance of
  being saved, which depends on the Lift Off Point (Jetpack at Full Moon for 1
  Fuel, Satellite filling up to 6 Screws, Bonfire rolls at New Moon, …), on
  whether the player can pay now, on the Garglore and on the days left;
- cards in hand are worth a little (they buy boardings and rolls);
- the opponents' potential counts against the player.

Moves therefore bring Aliens out of the Core towards the Lift Off Points that
are cheap now, boardings happen when they pay, die rolls when the Moon phase
makes them likely, Action cards when they help (Supernova! or Move the Moon!
to make a Lift Off happen, Garglore! on a rival's launch, Tornado! on rivals'
walking Aliens). Sequences that only pay at the end (paying the last Screws
into a Satellite, prepaying a Rocket Ship before the Moon step brings Full
Moon) are tried as a whole. Die rolls are valued by their exact odds. Teleport
pledges are paid when its Aliens there outweigh the others'. When no action
improves the position, the bot ends its turn."""

from __future__ import annotations

import math
from typing import Any

from liftoff.bots.heuristics.planet_board import (
    CORE,
    DEFAULT_DIE,
    EPS,
    Board_,
    Slot,
    board_of,
    boarded_q,
    die_faces,
    phase_at,
    success,
    time_factor,
    value,
)
from liftoff.bots.heuristics.planet_board import (
    evaluate as evaluate,  # the search's leaf evaluation
)
from liftoff.bots.words import reason
from liftoff.engine import Action, Rng, State
from liftoff.engine.messages import Message
from liftoff.games.planet.actions import (
    Board,
    End,
    Move,
    Pass,
    Pay,
    PlayGarglore,
    PlayMya,
    PlaySimple,
    Pledge,
    Roll,
    Trade,
)
from liftoff.games.planet.cards import CODES
from liftoff.games.planet.config import PHASE_NAMES
from liftoff.games.planet.layout import STAGE_NAMES
from liftoff.games.planet.numbers import MECHANICS
from liftoff.games.planet.words import said_lp

# the numbers of the numbers view the rollout reads
PLAY, TELEPORT = STAGE_NAMES.index("play"), STAGE_NAMES.index("teleport")
FULL, NEW = PHASE_NAMES.index("full"), PHASE_NAMES.index("new")
INSTANT, DICE = MECHANICS.index("instant"), MECHANICS.index("dice")
MIRACLE, STARGATE = MECHANICS.index("miracle"), MECHANICS.index("stargate")
F, W = CODES.index("F"), CODES.index("W")

# -- the policy -------------------------------------------------------------------


def _pledge(state: State, player: int, b: Board_) -> tuple[Action, Message]:
    legal = state.legal_actions(player)
    tele = next((s for s in b.slots if s.mech == "teleport"), None)
    window = state.numbers_view(player)["teleport_window"] or {}
    need = int(window.get("need", 0))
    offered = sum(f for _, f in window.get("pledges", []))
    left = need - offered
    waiting = [q for q in window.get("waiting", []) if q != player]
    mine = tele.boarded.count(player) if tele else 0
    theirs = (len(tele.boarded) - mine) if tele else 0
    fuel, wild = b.hand.get("F", 0), b.hand.get("W", 0)
    gain = mine - 0.9 * theirs
    zero = next(a for a in legal if isinstance(a, Pledge) and a.fuel + a.wild == 0)
    if mine == 0 or left <= 0:
        return zero, reason("planet.teleport.none-mine")
    can = fuel + wild
    if can >= left:
        if gain * 0.45 <= 0.1 * left:
            return zero, reason("planet.teleport.theirs")
        f = min(fuel, left)
        target = (f, left - f)
        why = reason("planet.teleport.pay-last", left=left)
    elif waiting and gain > 0:
        target = (fuel, min(wild, left - fuel))
        why = reason("planet.teleport.offer")
    else:
        return zero, reason("planet.teleport.short")
    for a in legal:
        if isinstance(a, Pledge) and (a.fuel, a.wild) == target:
            return a, why
    return zero, reason("planet.teleport.cannot")


def _lp_word(state: State, lp: str) -> str:
    """Lift Off Point ``lp`` as a reason's parameter: English says its id, other
    languages its name."""
    names: dict[str, str] = getattr(state.game, "lp_names", {})
    return said_lp(lp, names.get(lp, lp), lp)


def _macros(det: State, player: int, b: Board_) -> list[list[Action]]:
    """Multi-action plans worth evaluating as a whole: paying a threshold Lift
    Off Point up to its Lift Off cost (then ending the turn when the Moon step
    brings the right phase)."""
    plans: list[list[Action]] = []
    hand = dict(b.hand)
    next_spot = b.spots[(b.spot + 1) % len(b.spots)]
    for s in b.slots:
        if s.mech != "threshold" or s.lift is None or not s.boarded or s.blocked:
            continue
        lf, ls, phases = s.lift
        need_f = max(0, lf - s.afuel)
        need_s = max(0, ls - s.ascrew)
        if need_f + need_s == 0:
            continue
        f, sc, w = hand.get("F", 0), hand.get("S", 0), hand.get("W", 0)
        use_f = min(f, need_f)
        use_s = min(sc, need_s)
        wild_f = need_f - use_f
        wild_s = need_s - use_s
        if wild_f + wild_s > w:
            continue
        now_ok = (b.override or s.phase) in phases
        later_ok = b.override is None and phase_at(s.index, next_spot) in phases
        if not now_ok and not later_ok:
            continue
        plan: list[Action] = []
        for token, count in (("F", use_f), ("W=F", wild_f), ("S", use_s), ("W=S", wild_s)):
            plan.extend([Pay(s.lp, token)] * count)
        if not now_ok:
            plan.append(End())
        plans.append(plan)
    return plans


def _roll_value(b: Board_, s: Slot, die: tuple[int, ...], player: int) -> float:
    """The expected gain of one roll at ``s`` over not rolling (exact odds)."""
    assert s.needs is not None
    p = success(s.needs[b.override or s.phase], die)
    mine = s.boarded.count(player)
    theirs = len(s.boarded) - mine
    turns = b.turns_left / b.n
    tf = time_factor(b, turns + 0.5)
    qb = boarded_q(b, s) * tf
    net = mine - 0.9 * theirs
    if s.lp == "trampoline" or (s.mech == "dice" and s.roll_cost == "screw"):
        gain = p * (1 - qb) * net - (1 - p) * qb * net
    else:
        gain = p * (1 - qb) * net
    scale = min(1.0, 0.2 + turns / 4)
    return gain - 0.1 * scale


def _gains(
    state: State, player: int, rng: Rng, b: Board_, legal: list[Action]
) -> tuple[dict[Action, float], dict[Action, Message]]:
    """Each Play-step action's gain in :func:`value` (macros credit their first step)."""
    die = die_faces(state)
    base = value(b, die)
    det = state.determinize(player, rng.next64())
    gains: dict[Action, float] = {}
    whys: dict[Action, Message] = {}
    for a in legal:
        if isinstance(a, End):
            gains[a] = EPS
            whys[a] = reason("planet.end")
            continue
        if isinstance(a, Trade):
            gains[a] = -0.5
            whys[a] = reason("planet.trade")
            continue
        if isinstance(a, Roll):
            slot = next(s for s in b.slots if s.lp == a.lp)
            gain = _roll_value(b, slot, die, player)
            if a.token.startswith("W"):
                gain -= 0.02
            why = reason("planet.roll", lp=_lp_word(state, a.lp), gain=gain)
        else:
            c = det.clone()
            c.apply_legal(player, a)
            gain = value(board_of(c, player), die) - base
            if isinstance(a, Board | Pay) and any(t.startswith("W") for t in _tokens(a)):
                gain -= 0.01  # keep Wilds for when they are needed
            why = reason("worth", gain=gain)
        gains[a] = gain
        whys[a] = why
    for plan in _macros(det, player, b):
        c = det.clone()
        ok = True
        for a in plan:
            if a not in c.legal_actions(player):
                ok = False
                break
            c.apply_legal(player, a)
            if c.is_over():
                break
        if not ok:
            continue
        gain = value(board_of(c, player), die) - base
        first = plan[0]
        if gain > gains.get(first, -math.inf):
            gains[first] = gain
            whys[first] = reason("planet.lift-off", steps=len(plan), gain=gain)
    return gains, whys


def choose(state: State, player: int, rng: Rng) -> tuple[Action, Message]:
    """The heuristic's action and a short reason."""
    b = board_of(state, player)
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0], reason("only-move")
    if b.stage == "teleport":
        return _pledge(state, player, b)
    if b.stage == "team":
        for a in legal:
            if isinstance(a, Pass):
                return a, reason("planet.no-card")
    gains, whys = _gains(state, player, rng, b, legal)
    best = max(legal, key=lambda a: (gains[a] > EPS, gains[a]))
    if gains[best] <= EPS:
        best = next((a for a in legal if isinstance(a, End)), best)
    return best, whys[best]


def priors(state: State, player: int, rng: Rng) -> list[float]:
    """How much the heuristic likes each legal action (for search priors)."""
    legal = state.legal_actions(player)
    b = board_of(state, player)
    if b.stage != "play" or len(legal) == 1:
        chosen = choose(state, player, rng)[0]
        return [1.0 if a == chosen else 0.0 for a in legal]
    gains, _ = _gains(state, player, rng, b, legal)
    return [gains[a] for a in legal]


def _tokens(a: Board | Pay) -> tuple[str, ...]:
    return a.pay if isinstance(a, Board) else (a.token,)


# -- the rollout policy (fast, for search) -------------------------------------------

_STATIC = {
    "jetpack": 0.9,
    "satellite": 0.85,
    "bonfire": 0.8,
    "teleport": 0.75,
    "trampoline": 0.7,
    "ufo": 0.65,
    "rocket": 0.6,
    "slingshot": 0.6,
    "miracle": 0.4,
    "stargate": 0.3,
}


def rollout(state: State, player: int, rng: Rng) -> Action:
    """A quick rules-of-thumb policy for search rollouts (no lookahead)."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    view = state.numbers_view(player)
    stage = view["stage"]
    if stage != PLAY:
        if stage == TELEPORT:
            return _pledge(state, player, board_of(state, player))[0]
        return next(a for a in legal if isinstance(a, Pass))
    lps: tuple[str, ...] = getattr(state, "cfg").lp_order  # noqa: B009 (any planet state)
    override = view["override"]
    info: dict[str, dict[str, Any]] = {}
    at = [""] * 8  # the Lift Off Point on each segment ("" for an Exit Point)
    for k, e in enumerate(view["slots"]):
        info[lps[e["lp"]]] = e
        at[2 * k + 1] = lps[e["lp"]]
    phases = {lp: (override if override >= 0 else e["phase"]) for lp, e in info.items()}
    die = DEFAULT_DIE
    best: Action | None = None
    best_score = 0.0
    for a in legal:
        score = 0.0
        if isinstance(a, Board):
            e = info[a.lp]
            cost = len(a.pay)
            if e["mechanic"] == INSTANT:
                score = 3.0 - cost * 0.6
            elif e["mechanic"] in (MIRACLE, STARGATE):
                score = 0.5
            else:
                score = 2.0 - cost * 0.3
            if any(t.startswith("W") for t in a.pay):
                score -= 0.05
        elif isinstance(a, Roll):
            e = info[a.lp]
            mine = e["boarded"].count(player)
            theirs = len(e["boarded"]) - mine
            p = success(e["needs"][phases[a.lp]], die)
            ok = p >= 0.8 if a.token in ("S", "W=S") else p >= 0.5
            if ok and mine > theirs * 0.9:
                score = 2.5 * p
        elif isinstance(a, Pay):
            e = info[a.lp]
            mine = e["boarded"].count(player)
            theirs = len(e["boarded"]) - mine
            lift = e["lift"]
            if lift and mine > theirs and not e["blocked"]:
                lacking = max(0, lift[0] - e["area_fuel"]) + max(0, lift[1] - e["area_screw"])
                if lacking <= 1 and phases[a.lp] in e["lift_phases"]:
                    score = 2.6
        elif isinstance(a, Move | PlayMya):
            if isinstance(a, PlayMya) and a.owner != player:
                continue
            if a.src == CORE:
                tgt = max(
                    _STATIC.get(at[(a.dst + 1) % 8], 0.3),
                    _STATIC.get(at[(a.dst - 1) % 8], 0.3),
                )
                score = 1.0 + 0.3 * tgt
            elif a.src % 2 == 0:  # exit to a Lift Off Point
                score = 1.2 + 0.5 * _STATIC.get(at[a.dst], 0.3)
            if isinstance(a, PlayMya):
                score *= 0.8  # after the free movement points
        elif isinstance(a, PlaySimple):
            score = _card_score(a.card, view, at, phases, player)
        elif isinstance(a, PlayGarglore) and a.target != "pool":
            e = info[a.target]
            mine = e["boarded"].count(player)
            if len(e["boarded"]) - mine >= mine + 2:
                score = 1.3
        if score > best_score + 1e-9 or (
            score > 0 and abs(score - best_score) <= 1e-9 and rng.below(2) == 0
        ):
            best, best_score = a, score
    if best is not None:
        return best
    return next(a for a in legal if isinstance(a, End))


def _card_score(
    card: str,
    view: dict[str, Any],
    at: list[str],
    phases: dict[str, int],
    player: int,
) -> float:
    """Rules of thumb for Supernova!, Asteroids! and Tornado! in rollouts
    (``view``: the numbers view; phases by index, 0 Full, 2 New)."""
    if card == "tornado":
        walking = [sum(seg[q] for seg in view["aliens"]) for q in range(len(view["players"]))]
        mine = walking[player]
        theirs = max((w for q, w in enumerate(walking) if q != player), default=0)
        return 1.5 if theirs >= mine + 2 else 0.0
    want = FULL if card == "supernova" else NEW if card == "asteroids" else -1
    if want < 0:
        return 0.0
    hand = view["hand"]
    fuel = hand[F] + hand[W]
    for k, e in enumerate(view["slots"]):
        if phases[at[2 * k + 1]] == want or e["blocked"]:
            continue
        mine = e["boarded"].count(player)
        theirs = len(e["boarded"]) - mine
        lift = e["lift"]
        ready = bool(lift) and lift[0] <= e["area_fuel"] and lift[1] <= e["area_screw"]
        if ready and want in e["lift_phases"] and mine > theirs:
            return 2.7
        waiting = view["aliens"][2 * k + 1][player]
        if e["mechanic"] == INSTANT and want == FULL and waiting and fuel:
            return 2.0
        if e["mechanic"] == DICE and mine > theirs and e["needs"][want] <= 1:
            return 1.8
    return 0.0
