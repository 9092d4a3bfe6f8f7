"""What Action cards and the Stargate die do to a planet game.

The state calls these after checking legality; they change it through its
own bookkeeping (events, draws, discards, the Lift Off check).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action

from . import actions as A
from . import events as ev
from .actions import CORE
from .cards import ASTEROIDS, GARGLORE, KIND_OF, MOON, MYA, SUPERNOVA, TERRAFORM, TORNADO
from .config import FULL, NEW
from .layout import POOL, slot_seg
from .teleport import new_at_teleport, open_window

if TYPE_CHECKING:
    from .state import PlanetState


def stargate_roll(s: PlanetState, slot: int) -> None:
    """The Stargate die, rolled when the Moon reaches the star (PL-SGATE-3..9)."""
    face = s.cfg.stargate_faces[s.rng.below(len(s.cfg.stargate_faces))]
    s._emit(f"planet.ev.stargate.{face}", {"face": face}, reveals=True)
    if face in ("draw1", "draw2"):  # PL-SGATE-4/5
        n = 1 if face == "draw1" else 2
        for p in s._order_from(s.turn):
            s._draw(p, n)
    elif face == "earthquake":  # PL-SGATE-6
        _send_home(s, slot)
        s._discard_area(slot)
        s.removed.append(s.slots[slot])
        if s.box:
            new = s.box[s.rng.below(len(s.box))]  # PL-GAP-27
            s.box.remove(new)
            s.slots[slot] = new
            if s._events is not None:
                ev.replaced(s, slot, s.removed[-1], drawn=True)
    elif face == "tornado":  # PL-SGATE-7
        tornado(s)
    elif face == "storm":  # PL-SGATE-8
        for p in range(s.cfg.players):
            s._discard_hand(p)
    elif face == "liftoff" and s.boarded[slot] and not s.blocked(slot):  # PL-SGATE-9
        s._lift_together([slot])


def tornado(s: PlanetState) -> None:
    """Every unboarded Alien goes back to the Core."""
    for p in range(s.cfg.players):
        row = s.surf[p]
        moved = sum(row)
        if moved:
            if s._events is not None:
                ev.to_core(s, p, moved)
            s.core[p] += moved
            s.surf[p] = [0] * 8


def play_card(s: PlanetState, p: int, action: Action, resume: int) -> None:
    """Resolve an Action card played for its effect by ``p``."""
    hand = s.hands[p]
    before = new_at_teleport(s)
    if isinstance(action, A.PlayMoon):
        hand[MOON] -= 1
        s.discard[MOON] += 1
        s._move_moon(+1 if action.direction == "ccw" else -1)
    elif isinstance(action, A.PlaySimple):
        kind = KIND_OF[action.card]
        hand[kind] -= 1
        s.discard[kind] += 1
        if kind == SUPERNOVA:
            s.override = FULL  # PL-ACT-SUPER-1
        elif kind == ASTEROIDS:
            s.override = NEW  # PL-ACT-AST-1
        elif kind == TORNADO:
            tornado(s)  # PL-ACT-TORN-1
        else:
            for q in range(s.cfg.players):
                s._discard_hand(q)  # PL-ACT-STORM-1
        s._check_lifts()
    elif isinstance(action, A.PlayMya):
        hand[MYA] -= 1
        s.discard[MYA] += 1
        o = action.owner
        if action.src == CORE:
            s.core[o] -= 1
        else:
            s.surf[o][action.src] -= 1
        s.surf[o][action.dst] += 1
    elif isinstance(action, A.PlayMyaOff):
        hand[MYA] -= 1
        s.discard[MYA] += 1
        s._unboard(action.owner, s.slot_of(action.lp))
    elif isinstance(action, A.PlayTerraform):
        hand[TERRAFORM] -= 1
        s.discard[TERRAFORM] += 1
        _terraform(s, p, s.slot_of(action.lp), action.new)
    elif isinstance(action, A.PlayGarglore):
        hand[GARGLORE] -= 1
        s.discard[GARGLORE] += 1
        s.garglore = POOL if action.target == "pool" else s.slot_of(action.target)
        s._check_lifts()  # PL-GARG-3
    else:  # pragma: no cover - legal_actions offers nothing else
        raise AssertionError(f"unexpected action {action!r}")
    open_window(s, before, resume)


def _terraform(s: PlanetState, p: int, slot: int, new: str) -> None:
    """Replace the Lift Off Point on ``slot`` by ``new`` (drawn at random when empty)."""
    old = s.slots[slot]
    drawn = not new
    if s.cfg.vicious:  # PL-VIC-2
        _send_home(s, slot)
    if drawn:
        new = s.box[s.rng.below(len(s.box))]  # PL-FAM-3, PL-FAST-3
    s._discard_area(slot)  # PL-ACT-TERRA-4
    s.box.remove(new)
    s.box.append(old)
    s.box.sort()
    s.slots[slot] = new
    if s._events is not None:
        ev.replaced(s, slot, old, drawn)
        if s.garglore == slot:  # PL-GAP-18: it stays on the terraformed slot
            ev.garglore_stays(s, slot)
    s._check_lifts()


def _send_home(s: PlanetState, slot: int) -> None:
    """Every Alien on ``slot``'s segment and Launch Platform goes back to the Core."""
    seg = slot_seg(slot)
    if s._events is not None:
        for p in range(s.cfg.players):
            ev.to_core(s, p, s.surf[p][seg] + s.boarded[slot].count(p))
    for p in range(s.cfg.players):
        s.core[p] += s.surf[p][seg]
        s.surf[p][seg] = 0
    for p in s.boarded[slot]:
        s.core[p] += 1
    s.boarded[slot] = []
