"""Which actions a planet player may take now: legal-action generation.

Legal actions are generated on every state version (bots and searches call
this millions of times), so actions are interned and the lists that depend on
a hand or a Lift Off Point are memoised on small keys.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from liftoff.engine import Action

from . import actions as A
from .actions import CORE
from .cards import (
    ACTIONS,
    ASTEROIDS,
    CODES,
    GARGLORE,
    MOON,
    MYA,
    NUM_KINDS,
    STORM,
    SUPERNOVA,
    TERRAFORM,
    TORNADO,
    F,
    S,
    W,
)
from .config import LiftOffPoint, PlanetConfig
from .layout import ABSENT, EXITS, PLAY, POOL, TEAM, TELEPORT, slot_seg

if TYPE_CHECKING:
    from .state import PlanetState

# Interned actions: legal-action generation returns shared instances (building a
# frozen dataclass costs far more than a dict lookup).
_INTERNED: dict[tuple[Any, ...], Action] = {}


def _act(cls: type[Action], *args: Any) -> Action:
    key = (cls, *args)
    got = _INTERNED.get(key)
    if got is None:
        got = _INTERNED[key] = cls(*args)
    return got


_CORE_MOVES = tuple(A.Move(CORE, e) for e in EXITS)
_STEP_MOVES = tuple((A.Move(seg, (seg + 1) % 8), A.Move(seg, (seg - 1) % 8)) for seg in range(8))
_MOON_PLAYS = (A.PlayMoon("ccw"), A.PlayMoon("cw"))
_SIMPLE_PLAYS = tuple(
    (kind, A.PlaySimple(name))
    for kind, name in (
        (SUPERNOVA, "supernova"),
        (ASTEROIDS, "asteroids"),
        (TORNADO, "tornado"),
        (STORM, "storm"),
    )
)
_TRADES = tuple(
    tuple(A.Trade(CODES[a], CODES[b]) for b in range(NUM_KINDS)) for a in range(NUM_KINDS)
)


_EXTRAS: dict[
    int, tuple[LiftOffPoint, tuple[tuple[int, Action], ...], tuple[tuple[int, Action], ...]]
] = {}
_BOARDS: dict[tuple[Any, ...], list[Action]] = {}


def _extras(
    lp: LiftOffPoint,
) -> tuple[tuple[tuple[int, Action], ...], tuple[tuple[int, Action], ...]]:
    """The extra-payment and die-roll actions of ``lp``, each with the card kind it needs."""
    got = _EXTRAS.get(id(lp))
    if got is None:
        pays: list[tuple[int, Action]] = []
        rolls: list[tuple[int, Action]] = []
        if lp.mechanic == "threshold":
            if lp.lift[0]:
                pays += [(F, A.Pay(lp.id, "F")), (W, A.Pay(lp.id, "W=F"))]
            if lp.lift[1]:
                pays += [(S, A.Pay(lp.id, "S")), (W, A.Pay(lp.id, "W=S"))]
        elif lp.mechanic == "dice":
            if lp.roll_kind == "fuel":
                rolls += [(F, A.Roll(lp.id, "F")), (W, A.Roll(lp.id, "W=F"))]
            else:
                rolls += [(S, A.Roll(lp.id, "S")), (W, A.Roll(lp.id, "W=S"))]
        got = _EXTRAS[id(lp)] = (lp, tuple(pays), tuple(rolls))
    return got[1], got[2]


_SLOT_INFO: dict[tuple[int, tuple[str, ...]], tuple[Any, ...]] = {}
_TRADE_LISTS: dict[tuple[int, ...], tuple[Action, ...]] = {}


def _slot_info(
    cfg: PlanetConfig, slots: list[str]
) -> tuple[
    tuple[LiftOffPoint, tuple[tuple[int, Action], ...], tuple[tuple[int, Action], ...]], ...
]:
    """Per slot: the Lift Off Point and its extra-payment and roll actions (memoised)."""
    key = (id(cfg.lps), tuple(slots))
    got = _SLOT_INFO.get(key)
    if got is None:
        info = []
        for lp_id in slots:
            lp = cfg.lps[lp_id]
            info.append((lp, *_extras(lp)))
        got = _SLOT_INFO[key] = (tuple(info), cfg.lps)  # keep the lps dict alive with its id
    result: tuple[Any, ...] = got[0]
    return result


def _trades(hand: list[int]) -> tuple[Action, ...]:
    """Every 2-for-1 trade a hand allows (memoised on which kinds it holds once or twice)."""
    key = tuple(c if c < 2 else 2 for c in hand)  # bounded: 3 values per kind
    got = _TRADE_LISTS.get(key)
    if got is None:
        kinds = [k for k in range(NUM_KINDS) if key[k]]
        found: list[Action] = []
        for i, a in enumerate(kinds):
            for b in kinds[i:]:
                if a != b or key[a] >= 2:
                    found.append(_TRADES[a][b])
        got = _TRADE_LISTS[key] = tuple(found)
    return got


def _boards(lp: LiftOffPoint, hand: list[int], cost: tuple[int, int, int]) -> list[Action]:
    """Board actions for every exact payment of ``cost`` from ``hand`` (memoised)."""
    fuel, screw, act = cost
    kinds = tuple(k for k in ACTIONS if hand[k]) if act else ()
    key = (
        lp.id,
        id(lp),
        cost,
        min(hand[F], fuel),
        min(hand[S], screw),
        min(hand[W], fuel + screw),
        kinds,
        tuple(min(hand[k], act) for k in kinds),
    )
    got = _BOARDS.get(key)
    if got is None:
        got = _BOARDS[key] = [A.Board(lp.id, pay) for pay in payments(hand, cost)]
        _EXTRAS.setdefault(id(lp), (lp, *_extras(lp)))  # keep lp alive while id(lp) is a key
    return got


def legal_actions(s: PlanetState, player: int) -> list[Action]:
    """Every action ``player`` may take now (empty unless it is their move)."""
    st = s.stage
    if st == PLAY:
        return _play_actions(s, player) if player == s.turn else []
    if st == TELEPORT:
        return _pledges(s, player) if player == s.win_queue[0] else []
    if st == TEAM:
        if player != s.team_queue[0]:
            return []
        return [A.PASS, *card_plays(s, player)]
    return []


def _pledges(s: PlanetState, p: int) -> list[Action]:
    left = s.win_need - sum(f + w for _, f, w in s.win_pledges)
    hand = s.hands[p]
    out: list[Action] = []
    for fuel in range(min(hand[F], left) + 1):
        for wild in range(min(hand[W], left - fuel) + 1):
            out.append(_act(A.Pledge, fuel, wild))
    return out


def _play_actions(s: PlanetState, p: int) -> list[Action]:
    out: list[Action] = [A.END]
    row = s.surf[p]
    boarded = s.boarded
    if s.moves > 0:
        if s.core[p]:
            out.extend(_CORE_MOVES)
        for seg in range(8):
            if row[seg]:
                out.extend(_STEP_MOVES[seg])
        for slot in range(4):
            if p in boarded[slot]:
                out.append(_act(A.Abandon, s.slots[slot]))
    hand = s.hands[p]
    for slot, (lp, pays, rolls) in enumerate(_slot_info(s.cfg, s.slots)):
        if row[2 * slot + 1] and not can_board(s, p, slot):
            out.extend(_boards(lp, hand, s.placement_cost(slot)))
        if pays:  # extra payments only where they count (PL-LR-1)
            for kind, a in pays:
                if hand[kind]:
                    out.append(a)
        elif rolls and boarded[slot] and s.garglore != slot:
            for kind, a in rolls:
                if hand[kind]:
                    out.append(a)
    out.extend(card_plays(s, p))
    out.extend(_trades(hand))
    return out


def can_board(s: PlanetState, p: int, slot: int) -> str:
    """Empty string when ``p`` may board ``slot`` now, else the rule that forbids it."""
    if not s.surf[p][slot_seg(slot)]:
        return "PL-PAY-1"
    lp = s.lp_at(slot)
    n = len(s.boarded[slot])
    if lp.mechanic == "slingshot":
        if n and s.blocked(slot):
            return "PL-GARG-5"  # PL-GAP-18: the handover cannot complete
    elif n >= s.capacity(slot):
        return "PL-LIFT-5"
    if lp.mechanic == "miracle" and p in s.boarded[slot]:
        return "PL-MIRA-3"
    return ""


def payments(hand: list[int], cost: tuple[int, int, int]) -> list[tuple[str, ...]]:
    """Every distinct way to pay ``cost`` exactly from ``hand`` (tokens in canonical order)."""
    fuel, screw, act = cost
    res: list[tuple[str, ...]] = []
    wilds = hand[W]
    for wf in range(min(fuel, wilds) + 1):
        if hand[F] < fuel - wf:
            continue
        for ws in range(min(screw, wilds - wf) + 1):
            if hand[S] < screw - ws:
                continue
            res.append(("F",) * (fuel - wf) + ("W=F",) * wf + ("S",) * (screw - ws) + ("W=S",) * ws)
    if not act:
        return res
    kinds = [k for k in ACTIONS if hand[k]]
    combos: list[tuple[str, ...]] = []
    for combo in combinations_with_replacement(kinds, act):
        if all(hand[k] >= combo.count(k) for k in set(combo)):
            combos.append(tuple(CODES[k] for k in combo))
    return [r + c for r in res for c in combos]


def card_plays(s: PlanetState, p: int) -> list[Action]:
    """Action cards ``p`` can play now, for their effect (PL-CARD-6, PL-TEAM-4)."""
    hand = s.hands[p]
    out: list[Action] = []
    if hand[MOON]:
        out.extend(_MOON_PLAYS)
    for kind, play in _SIMPLE_PLAYS:
        if hand[kind]:
            out.append(play)
    if hand[MYA]:
        owners = range(s.cfg.players) if s.cfg.cutthroat else (p,)
        for o in owners:
            if s.core[o]:
                out.extend(_act(A.PlayMya, o, CORE, e) for e in EXITS)
            row = s.surf[o]
            for seg in range(8):
                if row[seg]:
                    out.append(_act(A.PlayMya, o, seg, (seg + 1) % 8))
                    out.append(_act(A.PlayMya, o, seg, (seg - 1) % 8))
            for slot in range(4):
                if o in s.boarded[slot]:
                    out.append(_act(A.PlayMyaOff, o, s.slots[slot]))
    if hand[TERRAFORM] and s.box:
        for slot in range(4):
            if s.boarded[slot] and not s.cfg.vicious:
                continue  # PL-ACT-TERRA-1
            lp = s.slots[slot]
            if s.cfg.random_terraform:
                out.append(_act(A.PlayTerraform, lp, ""))
            else:
                out.extend(_act(A.PlayTerraform, lp, new) for new in s.box)
    if hand[GARGLORE] and s.garglore != ABSENT:
        for slot in range(4):
            if s.garglore != slot:
                out.append(_act(A.PlayGarglore, s.slots[slot]))
        if s.garglore != POOL:
            out.append(_act(A.PlayGarglore, "pool"))
    return out
