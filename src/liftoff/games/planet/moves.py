"""The active player's own actions in the Play step: moving, boarding, paying
into a card area, rolling the Lift Off die, abandoning a platform, trading.
Action cards are resolved in :mod:`.effects`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action

from . import actions as A
from . import events as ev
from .actions import CORE
from .cards import KIND_OF, TOKENS
from .effects import play_card
from .layout import R_PLAY, slot_seg

if TYPE_CHECKING:
    from .state import PlanetState


def play(s: PlanetState, p: int, action: Action) -> None:
    """Apply ``p``'s action in their Play step (not ``end``)."""
    if isinstance(action, A.Move):
        s.moves -= 1
        if action.src == CORE:
            s.core[p] -= 1
        else:
            s.surf[p][action.src] -= 1
        s.surf[p][action.dst] += 1
    elif isinstance(action, A.Board):
        _board(s, p, s.slot_of(action.lp), action.pay)
    elif isinstance(action, A.Pay):
        slot = s.slot_of(action.lp)
        s._pay_token(p, slot, action.token)
        s._check_lifts()
    elif isinstance(action, A.Roll):
        _roll(s, p, s.slot_of(action.lp), action.token)
    elif isinstance(action, A.Abandon):
        s.moves -= 1
        s._unboard(p, s.slot_of(action.lp))
    elif isinstance(action, A.Trade):
        hand = s.hands[p]
        for code in (action.a, action.b):
            hand[KIND_OF[code]] -= 1
            s.discard[KIND_OF[code]] += 1
        s._draw(p, 1)  # PL-GAP-13: discard first, then draw
    else:
        play_card(s, p, action, R_PLAY)


def _board(s: PlanetState, p: int, slot: int, pay: tuple[str, ...]) -> None:
    lp = s.lp_at(slot)
    handover = lp.mechanic == "slingshot" and bool(s.boarded[slot])
    for token in pay:
        s._pay_token(p, slot, token)
    s.surf[p][slot_seg(slot)] -= 1
    if handover:  # PL-SLING-3: the Alien already there is launched
        s._lift_together([slot])
    s.boarded[slot].append(p)
    s._check_lifts()


def _roll(s: PlanetState, p: int, slot: int, token: str) -> None:
    lp = s.lp_at(slot)
    kind = TOKENS[token][0]
    s.hands[p][kind] -= 1
    s.discard[kind] += 1  # PL-PAY-9
    rockets = s.cfg.lift_die[s.rng.below(len(s.cfg.lift_die))]
    need = lp.thresholds[s.phase(slot)]
    if s._events is not None:
        ev.roll(s, p, slot, rockets, need)
    if rockets > 0 and rockets >= need:
        s._lift_together([slot])
    elif lp.fail_to_core:  # PL-TRAMP-5
        for owner in s.boarded[slot]:
            s.core[owner] += 1
        if s._events is not None:
            s._emit("planet.ev.fail", {"lp": lp.id})
            for owner in range(s.cfg.players):
                ev.to_core(s, owner, s.boarded[slot].count(owner))
        s.boarded[slot] = []
