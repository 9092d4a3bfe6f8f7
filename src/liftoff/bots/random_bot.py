"""The random bot: a uniformly random legal action, reproducible from its seed."""

from __future__ import annotations

from liftoff.bots.base import Bot
from liftoff.bots.words import reason
from liftoff.engine import Action, Rng, State, derive_seed


class RandomBot(Bot):
    """Chooses uniformly among the legal actions; seeded, so reproducible."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(derive_seed(seed, "random-bot"))

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        action = legal[self.rng.below(len(legal))]
        self.said = self.why = reason("random", count=len(legal))
        return action
