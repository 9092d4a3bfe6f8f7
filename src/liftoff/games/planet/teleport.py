"""The Teleport's payment window (PL-TELE-4, PL-GAP-17).

When the Moon's move makes the Teleport's phase New, its boarded Aliens'
owners are asked in turn order to pledge Fuel; the window closes when the
cost is covered (the Aliens lift off) or everyone has answered (nobody goes),
and the turn goes on from where the window interrupted it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from . import events as ev
from .cards import F, W
from .config import NEW
from .layout import OVER, PLAY, TELEPORT

if TYPE_CHECKING:
    from .state import PlanetState


def new_at_teleport(s: PlanetState) -> bool:
    """Whether the Teleport is on the board at New Moon."""
    slot = s.slot_of("teleport")
    return slot >= 0 and s.phase(slot) == NEW


def open_window(s: PlanetState, was_new: bool, resume: int) -> bool:
    """Open the Teleport window if its phase just became New (PL-GAP-17)."""
    if s.stage == OVER or was_new or not new_at_teleport(s):
        return False
    slot = s.slot_of("teleport")
    if not s.boarded[slot] or s.blocked(slot):  # PL-GARG-5
        return False
    owners = set(s.boarded[slot])
    s.win_queue = [p for p in s._order_from(s.turn) if p in owners]
    s.win_pledges = []
    lp = s.lp_at(slot)
    s.win_need = lp.fuel_per_alien * len(s.boarded[slot])
    s.resume.append(resume)
    s.stage = TELEPORT
    if s._events is not None:
        s._emit("planet.ev.teleport-open", {"need": s.win_need, "players": list(s.win_queue)})
    return True


def _close_window(s: PlanetState, paid: bool) -> None:
    """Pay and lift off, or not; then go on with what the window interrupted."""
    slot = s.slot_of("teleport")
    code = s.resume.pop()  # before the Lift Off: a rescue ends the game and clears it
    if paid:
        for p, fuel, wild in s.win_pledges:
            s.hands[p][F] -= fuel
            s.hands[p][W] -= wild
            s.discard[F] += fuel
            s.discard[W] += wild
        if s._events is not None:
            ev.teleport_paid(s)
        s._lift_together([slot])
    else:
        s._emit("planet.ev.teleport-unpaid")
    s.win_queue = []
    s.win_pledges = []
    s.win_need = 0
    if s.stage == OVER:
        return
    s.stage = PLAY  # provisional; _resume decides
    s._resume(code)


def pledge(s: PlanetState, p: int, action: A.Pledge) -> None:
    """``p`` offers Fuel; the window closes when enough is offered or all have spoken."""
    s.win_pledges.append([p, action.fuel, action.wild])
    s.win_queue.pop(0)
    offered = sum(f + w for _, f, w in s.win_pledges)
    if offered >= s.win_need:
        _close_window(s, True)
    elif not s.win_queue:
        _close_window(s, False)
