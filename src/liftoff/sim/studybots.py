"""Bots made for studies, registered with :func:`liftoff.bots.register`.

- ``rush:base=heuristic``: plays like ``base`` except that in the race game it
  never puts a card under its stack; where ``base`` would, it discards the card
  instead. Its stack empties sooner, so it calls Stop earlier: the intervention
  of the "does calling Stop early pay?" study. In other games it is ``base``.

Importing :mod:`liftoff.sim.runner` registers them, so ``liftoff simulate``
and its worker processes know them.
"""

from __future__ import annotations

from liftoff import bots
from liftoff.engine import Action, State, derive_seed


class RushBot(bots.Bot):
    """``base``, but discarding where ``base`` would cycle a card under its stack."""

    name = "rush"

    def __init__(self, seed: int = 0, base: str = "heuristic") -> None:
        if base.split(":")[0] == "rush":
            raise ValueError("rush cannot wrap itself")
        self.base = bots.make(base, seed=derive_seed(seed, "rush-base"))
        self.rushed = 0
        self._last = ""

    def choose(self, state: State, player: int) -> Action:
        action = self.base.choose(state, player)
        self._last = self.base.explain()
        if str(action) == "under":
            for alternative in state.legal_actions(player):
                if str(alternative) == "discard":
                    self.rushed += 1
                    self._last = "rush: discard instead of putting the card under the stack"
                    return alternative
        return action

    def explain(self) -> str:
        return self._last


def register() -> None:
    """Make the study bots known to :func:`liftoff.bots.make` (idempotent)."""
    if "rush" not in bots.names():
        bots.register("rush", RushBot)


register()
