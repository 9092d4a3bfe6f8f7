"""How much of a long sampling run the suite runs.

A test that samples many states (every click path of 120 decision points, say)
takes a small sample in the README's test command and in CI, and the whole run
when ``LIFTOFF_TEST_FULL=1`` is set::

    LIFTOFF_TEST_FULL=1 uv run --all-extras pytest tests/server/test_server_board_paths.py

Both draw from the same seeded games: the small sample is the full run's
beginning, and (:func:`every_kind`) one more state for each kind of thing the
full run meets that the beginning does not, so no kind loses its test.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

import liftoff.games
from liftoff.engine import State
from liftoff.engine.rng import Rng

T = TypeVar("T")

#: the environment variable asking for the full sampling runs
FULL_ENV = "LIFTOFF_TEST_FULL"


def full_runs() -> bool:
    """Whether the full sampling runs were asked for (``LIFTOFF_TEST_FULL=1``)."""
    return os.environ.get(FULL_ENV, "").strip().lower() not in ("", "0", "no", "false")


def sample(small: int, full: int) -> int:
    """The sample size: ``full`` when the full runs were asked for, else ``small``."""
    return full if full_runs() else small


def every_kind(items: list[T], small: int, kinds: Callable[[T], Iterable[str]]) -> list[T]:
    """All of ``items`` for the full runs; else the first ``small`` of them and,
    for each kind (``kinds(item)``) none of those has, the first item having it."""
    if full_runs():
        return items
    kept = items[:small]
    seen = {kind for item in kept for kind in kinds(item)}
    for item in items[small:]:
        new = set(kinds(item)) - seen
        if new:
            kept.append(item)
            seen |= new
    return kept


def decisions(
    game: str, players: int, seed: int, every: int = 7, steps: int = 400
) -> Iterator[tuple[State, int]]:
    """Every ``every``-th decision of a game played at random (within ``steps``
    actions): a copy of the state and who decides."""
    state, rng = liftoff.games.get(game).new_game(players, seed), Rng(seed)
    for step in range(steps):
        if state.is_over():
            return
        active = state.active_players()
        p = active[rng.below(len(active))]
        if step % every == 0:
            yield state.clone(), p
        legal = state.legal_actions(p)
        state.apply_legal(p, legal[rng.below(len(legal))])


def finished(game: str, players: int, seed: int) -> State:
    """A game played to its end at random."""
    state, rng = liftoff.games.get(game).new_game(players, seed), Rng(seed)
    while not state.is_over():
        player = state.active_players()[0]
        legal = state.legal_actions(player)
        state.apply(player, legal[rng.below(len(legal))])
    return state
