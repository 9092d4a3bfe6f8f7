"""What telling a planet action needs of the state it is chosen on, as ids and
numbers (``Game.action_facts`` for its event, ``Game.describe_action`` for a
description): the Lift Off Points at a move's two ends, the Moon's next spot.
The words are the speech layer's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from liftoff.engine import Action

from . import actions as A
from .actions import CORE

if TYPE_CHECKING:
    from .state import PlanetState

_NO_ENDS: Mapping[str, str | int] = {}


def _lp_on(state: PlanetState, seg: int) -> str:
    """The Lift Off Point on segment ``seg`` ("" for the Core or an Exit Point)."""
    return state.slots[seg // 2] if seg != CORE and seg % 2 else ""


def move_ends(state: PlanetState, action: Action) -> Mapping[str, str | int]:
    """The Lift Off Points (ids) at the ends of a move or a Move Your Alien!
    (``src_lp``, ``dst_lp``; absent where an end is the Core or an Exit Point)."""
    kind = type(action)
    if kind is not A.Move and kind is not A.PlayMya:
        return _NO_ENDS
    assert isinstance(action, A.Move | A.PlayMya)
    out: dict[str, str | int] = {}
    src, dst = _lp_on(state, action.src), _lp_on(state, action.dst)
    if src:
        out["src_lp"] = src
    if dst:
        out["dst_lp"] = dst
    return out


def describe_facts(state: PlanetState, action: Action) -> Mapping[str, str | int]:
    """:func:`move_ends`; ending a turn: where the Moon goes then (``spot``, a
    spot id such as ``slot2``, and ``spot_lp``, the Lift Off Point of a slot)."""
    if type(action) is not A.End:
        return move_ends(state, action)
    spots = state.cfg.spots
    spot = spots[(state.moon + 1) % len(spots)]
    out: dict[str, str | int] = {"spot": spot}
    if spot.startswith("slot"):
        out["spot_lp"] = state.slots[int(spot[4:]) - 1]
    return out
