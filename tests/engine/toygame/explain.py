"""Why an action is illegal in the toy game: a message id, its parameters and
the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action, IllegalAction

from .actions import HIGH, LOW, Pick

if TYPE_CHECKING:
    from .state import ToyState


def explain(state: ToyState, player: int, action: Action) -> IllegalAction:
    """The refusal of ``action`` by ``player`` (known not to be legal now)."""
    if state.picks[player] is not None:
        return IllegalAction.of("toy.pick.once", "TOY-PICK-2", player, str(action), number=player)
    if isinstance(action, Pick) and not LOW <= action.number <= HIGH:
        return IllegalAction.of(
            "toy.pick.range",
            "TOY-PICK-1",
            player,
            str(action),
            number=action.number,
            low=LOW,
            high=HIGH,
        )
    return IllegalAction.of("api.illegal", "API-ILLEGAL", player, str(action), text=str(action))
