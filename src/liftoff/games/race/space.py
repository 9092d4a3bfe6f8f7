"""The fixed action space of race (for research interfaces): every action that
can be legal for some player at some point, in a stable order.

``place 1`` .. ``place N`` (N = the number of planets on the table: 5, 9 or 10
for 2, 3 or 4 players), ``under``, ``discard``, the five ``pay`` choices and the
five ``steal`` choices. Options do not change it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from liftoff.engine import Action, Game, Rng

from .actions import DISCARD, PAY_ONE, PAY_TWO, PLACE, STEAL, STEAL_KINDS, STEAL_NONE, UNDER
from .layout import deal_layout


def action_space(
    game: Game[Any], players: int, options: Mapping[str, Any] | None = None
) -> list[Action]:
    """Every race action for ``players`` players, in a fixed order."""
    opts = game.options.validate(options)
    planets = len(deal_layout(players, Rng(0), str(opts["layout"])))
    return [
        *(PLACE[i] for i in range(1, planets + 1)),
        UNDER,
        DISCARD,
        *PAY_ONE,
        *PAY_TWO,
        *(STEAL[k] for k in STEAL_KINDS),
        STEAL_NONE,
    ]
