"""What describing an agency action needs of the state it is chosen on, as ids
and numbers (``Game.describe_action``): a launch's cost, room and lab points,
the specialist whose action is pending, a choice's count or upgrade step. The
words are the speech layer's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action

from . import actions as A
from . import effects as fx
from .launch import base_capacity, launch_cost
from .pending import effect_of

if TYPE_CHECKING:
    from .state import AgencyState


def pending_card(s: AgencyState, p: int) -> str:
    """The specialist whose actions ``p`` is choosing from ("" for none)."""
    queue = s.pend[p]
    return str(queue[0][1]) if queue and queue[0][0] == "spec" else ""


def _launch(s: AgencyState, p: int, action: A.Launch) -> dict[str, str | int]:
    symbol = A.SYMBOLS.index(action.symbol)
    side = s.content.lab_side.get(s.lab[p])
    lab_vp = 0 if side is None else side.vp_phase1 if s.phase == 1 else side.vp_phase2
    return {
        "cost": launch_cost(s, p, symbol),
        "room": base_capacity(s, p, symbol),
        "lab_vp": lab_vp,
    }


def describe_facts(s: AgencyState, p: int, action: Action) -> dict[str, str | int]:
    """The ids and numbers of ``s`` that saying what ``action`` does needs."""
    if isinstance(action, A.Launch):
        return _launch(s, p, action)
    if isinstance(action, A.DoAction):
        return {"card": pending_card(s, p)}
    if isinstance(action, A.Done):
        return {"card": pending_card(s, p), "step": s.step}
    if isinstance(action, A.ChooseTech):
        queue = s.pend[p]
        effect = effect_of(s, queue[0]) if queue and queue[0][0] == "fx" else None
        return {"count": effect.count if isinstance(effect, fx.Tech) else 1}
    if isinstance(action, A.ChooseUpgrade):
        b = s.content.board.board
        if action.kind == "capacity":
            now, track = s.upc[p], b.capacity_track
        else:
            now, track = s.upp[p], b.cost_track
        return {"now": track[now], "next": track[min(len(track) - 1, now + 1)]}
    return {}
