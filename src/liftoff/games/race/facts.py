"""What telling a race action needs of the state it is chosen on, as ids
(``Game.action_facts`` for its event and ``Game.describe_action``): the
player's top card and, placing, the planet's content name. The words are the
speech layer's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action

from . import cards as C
from .actions import Discard, Place, Under

if TYPE_CHECKING:
    from .state import RaceState


#: the loading actions (a tuple: ``isinstance`` with a union is slower in Python 3.11)
_LOADING = (Place, Under, Discard)


def action_facts(state: RaceState, player: int, action: Action) -> dict[str, str | int]:
    """What telling ``action`` needs of the state it is taken on, as ids: the
    player's top card (``card``, a card code) and, placing, the planet's
    content name (``planet_key``)."""
    out: dict[str, str | int] = {}
    if isinstance(action, _LOADING):
        stack = state.stacks[player]
        if stack:
            out["card"] = C.CODES[C.KIND[stack[0]]]
        if isinstance(action, Place):
            out["planet_key"] = state.table.planets[state.planets[action.planet - 1][0]].name
    return out
