"""A sensible beginner for the planet game (*Lift Off! Get me off this Planet!*).

The bot reads only its own view (``state.board_view(player)``: its hand, the board,
other players' hand sizes) and its legal actions. It looks one action ahead on
a ``determinize``-d copy of the state (so it never learns a hidden card) and
scores each result with :func:`value`, a "potential" of the position:

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
from dataclasses import dataclass, field
from typing import Any

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
from liftoff.games.planet.words import said_lp

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
    spots: list[str]
    override: str | None
    turns_left: int
    over: bool
    winners: list[int] = field(default_factory=list)


def parse(view: dict[str, Any]) -> Board_:
    """The heuristic's reading of a planet view."""
    players = view["players"]
    n = len(players)
    me = view["you"]
    slots: list[Slot] = []
    exits: dict[int, list[int]] = {}
    for seg, entry in enumerate(view["ring"]):
        if entry["kind"] == "exit":
            exits[seg] = list(entry["aliens"])
            continue
        cost = entry["placement_cost"]
        lift = entry.get("lift")
        roll = entry.get("roll")
        slots.append(
            Slot(
                index=entry["slot"] - 1,
                seg=seg,
                lp=entry["lp"],
                mech=entry["mechanic"],
                phase=entry["phase"],
                boarded=list(entry["boarded"]),
                capacity=entry["capacity"],
                cost=(cost["fuel"], cost["screw"], cost["action"]),
                afuel=entry["area"]["fuel"],
                ascrew=entry["area"]["screw"],
                blocked=entry["blocked"],
                lift=(lift["fuel"], lift["screw"], tuple(lift["phases"])) if lift else None,
                needs=dict(roll["needs"]) if roll else None,
                roll_cost=roll["cost"] if roll else "",
                waiting=list(entry["aliens"]),
            )
        )
    moon = view["moon"]
    spots = list(moon["spots"])
    spot = int(moon["spot"])
    days_left = int(view["days"]["left"])
    turns_left = max(0, days_left * len(spots) - spot)
    me_hand: dict[str, int] = {}
    if me is not None and 0 <= me < n:
        me_hand = dict(players[me].get("hand", {}))
    out = view.get("outcome")
    return Board_(
        me=me,
        n=n,
        stage=view["stage"],
        turn=int(view["turn"]),
        moves=int(view["moves_left"]),
        hand=me_hand,
        hand_sizes=[int(p["hand_size"]) for p in players],
        saved=[int(p["saved"]) for p in players],
        core=[int(p["core"]) for p in players],
        aliens=int(view["aliens_per_player"]),
        slots=slots,
        exits=exits,
        spot=spot,
        spots=spots,
        override=moon["override"],
        turns_left=turns_left,
        over=view["stage"] == "over",
        winners=list(out["winners"]) if out else [],
    )


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


def phase_at(slot: int, spot_name: str) -> str:
    """The phase of LP slot 0..3 with the Moon on the spot named ``spot_name``."""
    if spot_name.startswith("slot"):
        k = int(spot_name[4]) - 1
        if k == slot:
            return "full"
        if k == (slot + 2) % 4:
            return "new"
    return "half"


# -- the evaluation -------------------------------------------------------------


def _time_factor(b: Board_, per_player_turns: float) -> float:
    """How much a not-yet-saved Alien is still worth with the time that is left."""
    if per_player_turns <= 0:
        return 0.0
    return min(1.0, 0.25 + 0.25 * per_player_turns)


def _boarded_q(b: Board_, s: Slot) -> float:
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
    tf = _time_factor(b, turns + (0.5 if b.turn == q else 0.0))
    total = float(b.saved[q])
    if tf <= 0:
        return total
    knows_hand = q == b.me
    hand = b.hand if knows_hand else {}
    now = my_turn_now and q == b.turn and knows_hand
    lp_q: dict[int, float] = {}
    for s in b.slots:
        mine = s.boarded.count(q)
        qb = _boarded_q(b, s)
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


# -- the policy -------------------------------------------------------------------


def _pledge(state: State, player: int, b: Board_) -> tuple[Action, Message]:
    legal = state.legal_actions(player)
    tele = next((s for s in b.slots if s.mech == "teleport"), None)
    view = state.board_view(player)
    window = view.get("teleport_window", {})
    need = int(window.get("need", 0))
    offered = sum(int(p["fuel"]) for p in window.get("pledges", []))
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
    tf = _time_factor(b, turns + 0.5)
    qb = _boarded_q(b, s) * tf
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
            gain = value(parse(c.board_view(player)), die) - base
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
        gain = value(parse(c.board_view(player)), die) - base
        first = plan[0]
        if gain > gains.get(first, -math.inf):
            gains[first] = gain
            whys[first] = reason("planet.lift-off", steps=len(plan), gain=gain)
    return gains, whys


def choose(state: State, player: int, rng: Rng) -> tuple[Action, Message]:
    """The heuristic's action and a short reason."""
    view = state.board_view(player)
    b = parse(view)
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
    b = parse(state.board_view(player))
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
    view = state.board_view(player)
    stage = view["stage"]
    if stage != "play":
        b = parse(view)
        if stage == "teleport":
            return _pledge(state, player, b)[0]
        return next(a for a in legal if isinstance(a, Pass))
    ring = view["ring"]
    phases = {e["lp"]: (view["moon"]["override"] or e["phase"]) for e in ring if "lp" in e}
    info = {e["lp"]: e for e in ring if "lp" in e}
    die = DEFAULT_DIE
    best: Action | None = None
    best_score = 0.0
    for a in legal:
        score = 0.0
        if isinstance(a, Board):
            e = info[a.lp]
            cost = len(a.pay)
            if e["mechanic"] == "instant":
                score = 3.0 - cost * 0.6
            elif e["mechanic"] in ("miracle", "stargate"):
                score = 0.5
            else:
                score = 2.0 - cost * 0.3
            if any(t.startswith("W") for t in a.pay):
                score -= 0.05
        elif isinstance(a, Roll):
            e = info[a.lp]
            mine = e["boarded"].count(player)
            theirs = len(e["boarded"]) - mine
            p = success(e["roll"]["needs"][phases[a.lp]], die)
            ok = p >= 0.8 if a.token in ("S", "W=S") else p >= 0.5
            if ok and mine > theirs * 0.9:
                score = 2.5 * p
        elif isinstance(a, Pay):
            e = info[a.lp]
            mine = e["boarded"].count(player)
            theirs = len(e["boarded"]) - mine
            lift = e.get("lift")
            if lift and mine > theirs and not e["blocked"]:
                lacking = max(0, lift["fuel"] - e["area"]["fuel"]) + max(
                    0, lift["screw"] - e["area"]["screw"]
                )
                if lacking <= 1 and phases[a.lp] in lift["phases"]:
                    score = 2.6
        elif isinstance(a, Move | PlayMya):
            if isinstance(a, PlayMya) and a.owner != player:
                continue
            if a.src == CORE:
                tgt = max(
                    _STATIC.get(info_at(ring, (a.dst + 1) % 8), 0.3),
                    _STATIC.get(info_at(ring, (a.dst - 1) % 8), 0.3),
                )
                score = 1.0 + 0.3 * tgt
            elif a.src % 2 == 0:  # exit to a Lift Off Point
                score = 1.2 + 0.5 * _STATIC.get(info_at(ring, a.dst), 0.3)
            if isinstance(a, PlayMya):
                score *= 0.8  # after the free movement points
        elif isinstance(a, PlaySimple):
            score = _card_score(a.card, view, info, phases, player)
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
    info: dict[str, dict[str, Any]],
    phases: dict[str, str],
    player: int,
) -> float:
    """Rules of thumb for Supernova!, Asteroids! and Tornado! in rollouts."""
    if card == "tornado":
        walking = [sum(e["aliens"][q] for e in view["ring"]) for q in range(len(view["players"]))]
        mine = walking[player]
        theirs = max((w for q, w in enumerate(walking) if q != player), default=0)
        return 1.5 if theirs >= mine + 2 else 0.0
    want = "full" if card == "supernova" else "new" if card == "asteroids" else ""
    if not want:
        return 0.0
    hand = view["players"][player].get("hand", {})
    fuel = hand.get("F", 0) + hand.get("W", 0)
    for lp, e in info.items():
        if phases[lp] == want or e["blocked"]:
            continue
        mine = e["boarded"].count(player)
        theirs = len(e["boarded"]) - mine
        lift: dict[str, Any] = e.get("lift") or {}
        paid = e["area"]
        ready = bool(lift) and lift["fuel"] <= paid["fuel"] and lift["screw"] <= paid["screw"]
        if ready and want in lift["phases"] and mine > theirs:
            return 2.7
        if e["mechanic"] == "instant" and want == "full" and e["aliens"][player] and fuel:
            return 2.0
        if e["mechanic"] == "dice" and mine > theirs and e["roll"]["needs"][want] <= 1:
            return 1.8
    return 0.0


def info_at(ring: list[dict[str, Any]], seg: int) -> str:
    """The id of the Lift Off Point on segment ``seg`` ('' for an Exit Point)."""
    return str(ring[seg].get("lp", ""))


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


#: the weights :func:`evaluate` uses, fitted by maximum likelihood on 450
#: heuristic games of 2-4 players (``benchmarks/fit_planet_eval.py --games 600
#: --seed 1``; on the other 150 games the log loss of the winners is 0.861
#: against 0.950 for the hand-set ``EvalWeights(k0=0.8, k1=2.2)``, which was
#: overconfident: its 80-100% predictions won 80% of the time)
EVAL = EvalWeights(k0=0.419, k1=1.202, potential=0.617, hand=0.31)
#: the hand-set weights before the fit, kept to compare
HAND_SET = EvalWeights(k0=0.8, k1=2.2)


def standings(state: State) -> tuple[list[tuple[float, float, float]], float] | None:
    """Per player ``(saved Aliens, expected saved Aliens, the hand's worth)``
    (the expected count adds the chances of the Aliens still on the planet)
    and the share of the game's days already played; ``None`` once it is over.

    Each player is read from their own view (on a determinized copy, as the
    search calls it, that view holds a sampled hand)."""
    views = [state.board_view(q) for q in range(state.num_players)]
    boards = [parse(v) for v in views]
    b = boards[0]
    if b.over:
        return None
    die = die_faces(state)
    parts = []
    for q in range(b.n):
        bq = boards[q]
        now = bq.stage == "play" and bq.turn == q
        parts.append((float(bq.saved[q]), _progress(bq, q, now, die), _hand_value(bq, q)))
    total = max(1, int(views[0]["days"]["total"]) * len(b.spots))
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
