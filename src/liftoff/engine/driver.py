"""Driving a game with agents: the generic loop every tool shares.

Where several players may act at once, the driver lets one of them act at a
time, chosen by its own seeded RNG, and asks again: any interleaving is a legal
history of a simultaneous game. (The race game's real-time driver replaces this
with arrival order.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from .action import Action
from .rng import Rng, derive_seed
from .state import State


class Agent(Protocol):
    """Anything that picks an action: bots, humans behind a prompt, policies."""

    def choose(self, state: State, player: int) -> Action:
        """Pick a legal action for ``player`` in ``state``."""
        ...


class TooLong(RuntimeError):
    """A playout exceeded its action budget (a termination bug)."""


def random_playout(state: State, rng: Rng, max_actions: int = 1_000_000) -> State:
    """Play ``state`` to the end with uniformly random legal actions (in place)."""
    steps = 0
    while True:
        active = state.active_players()
        if not active:
            return state
        player = active[0] if len(active) == 1 else active[rng.below(len(active))]
        legal = state.legal_actions(player)
        state.apply_legal(player, legal[rng.below(len(legal))])
        steps += 1
        if steps > max_actions:
            raise TooLong(f"no end after {max_actions} actions: {state!r}")


def play(
    state: State,
    agents: Sequence[Agent],
    *,
    seed: int = 0,
    max_actions: int = 1_000_000,
    on_action: Callable[[State, int, Action], None] | None = None,
) -> State:
    """Play ``state`` to the end with one agent per seat (in place).

    ``on_action(state, player, action)`` is called after each applied action.
    """
    if len(agents) != state.num_players:
        raise ValueError(f"need {state.num_players} agents, got {len(agents)}")
    rng = Rng(derive_seed(seed, "driver"))
    steps = 0
    while True:
        active = state.active_players()
        if not active:
            return state
        player = active[0] if len(active) == 1 else active[rng.below(len(active))]
        action = agents[player].choose(state, player)
        state.apply(player, action)
        if on_action is not None:
            on_action(state, player, action)
        steps += 1
        if steps > max_actions:
            raise TooLong(f"no end after {max_actions} actions: {state!r}")
