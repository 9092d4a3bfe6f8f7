"""Friendly sentences for race actions (``Game.describe_action``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action

from . import cards as C
from .actions import Discard, Pay, Place, Steal, Under

if TYPE_CHECKING:
    from .state import RaceState


def describe(state: RaceState, player: int, action: Action) -> str:
    """A sentence saying what ``action`` does for ``player`` in ``state``."""
    top = C.NAMES[C.KIND[state.stacks[player][0]]] if state.stacks[player] else "card"
    if isinstance(action, Place):
        name = state.table.planets[state.planets[action.planet - 1][0]].name
        return f"play {top} at planet {action.planet} ({name})"
    if isinstance(action, Under):
        return f"put {top} under your stack"
    if isinstance(action, Discard):
        return f"discard {top}"
    if isinstance(action, Pay):
        return "pay with " + " and ".join(C.NAMES[k] for k in action.sources)
    if isinstance(action, Steal):
        return "take nothing" if action.kind is None else f"take their {C.NAMES[action.kind]}"
    return str(action)
