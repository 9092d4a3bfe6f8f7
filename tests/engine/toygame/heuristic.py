"""The toy game's add-on for the bots layer (``liftoff.bots.heuristics``):
what a shipped game keeps in ``liftoff/bots/heuristics/<game>.py``; tests
register it with ``liftoff.addons.register``."""

from __future__ import annotations

from liftoff.engine import Action, Rng, State


def choose(state: State, player: int, rng: Rng) -> tuple[Action, str]:
    """Pick the highest number when the card is worth a lot, else at random."""
    legal = state.legal_actions(player)
    view = state.view(player)
    if view["points"] >= 3:
        return legal[-1], "the card is worth fighting for"
    return legal[rng.below(len(legal))], "a cheap card: a random pick"
