"""Benchmarks of the bots: IS-MCTS iterations per second and heuristic decisions
per second, for every game.

Positions come from seeded two-player games played by the heuristic bot, at
several stages of the game, where the player to move has a real choice. Each
figure is the median of several repeats over those positions. Rates are per
second of the process's CPU time (``time.process_time``), so that a busy
machine does not distort them; on an idle machine that is the wall-clock rate
of one core.

``run(seconds)`` returns rows ``{"game", "metric", "value", "unit", "players"}``.
Run directly with ``uv run python benchmarks/bench_bots.py [seconds]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import liftoff
from liftoff.bench import median_rate
from liftoff.bots import make
from liftoff.engine import Rng, State, derive_seed

REPEATS = 3
PLAYERS = 2
SEARCHES = (
    (
        "ismcts iterations/s",
        "ismcts:iterations=1000000,clock=cpu,rollout=random,depth=0,prior=none",
    ),
    (
        "ismcts iterations/s (heuristic rollouts, depth 20)",
        "ismcts:iterations=1000000,clock=cpu,rollout=heuristic,depth=20,prior=none",
    ),
    (
        # the search of the ``hard`` and ``expert`` levels (heuristic rollouts and priors)
        "ismcts iterations/s (hard/expert level: heuristic rollouts and priors)",
        "ismcts:iterations=1000000,clock=cpu",
    ),
)


def positions(game: str, count: int = 6, seed: int = 1) -> list[State]:
    """States with a real choice, spread over heuristic games."""
    g = liftoff.games.get(game)
    out: list[State] = []
    k = 0
    while len(out) < count and k < 10 * count:
        state = g.new_game(PLAYERS, derive_seed(seed, "bench", k))
        bots = [make("heuristic", seed=k), make("heuristic", seed=k + 1)]
        rng = Rng(derive_seed(seed, "walk", k))
        target = 15 + rng.below(120)
        steps = 0
        while not state.is_over() and steps < target:
            active = state.active_players()
            p = active[rng.below(len(active))]
            state.apply(p, bots[p].choose(state, p))
            steps += 1
        if not state.is_over():
            p = state.active_players()[0]
            if len(state.legal_actions(p)) > 1:
                out.append(state)
        k += 1
    return out


def _search_rate(spec: str, states: list[State], budget: float) -> float:
    """Iterations per second of a search bot given ``budget`` seconds in all."""
    bot = make(spec, seed=1)
    assert hasattr(bot, "time_limit")
    bot.time_limit = budget / len(states)
    iterations = 0
    elapsed = 0.0
    for state in states:
        p = state.active_players()[0]
        start = time.process_time()
        bot.choose(state, p)
        elapsed += time.process_time() - start
        iterations += int(getattr(bot, "last_iterations", 0))
    return iterations / elapsed if elapsed else 0.0


def _heuristic_pass(states: list[State]) -> Callable[[], int]:
    """One heuristic decision at each of ``states`` (work for ``median_rate``)."""
    bot = make("heuristic", seed=1)

    def work() -> int:
        for state in states:
            bot.choose(state, state.active_players()[0])
        return len(states)

    return work


def run(seconds: float = 10.0) -> list[dict[str, Any]]:
    """Measure every game within about ``seconds`` (plus building positions)."""
    rows: list[dict[str, Any]] = []
    games = liftoff.games.names()
    per_metric = seconds / max(1, len(games)) / (len(SEARCHES) + 1) / REPEATS
    for game in games:
        states = positions(game)
        if not states:
            continue
        for metric, spec in SEARCHES:
            value = statistics.median(
                _search_rate(spec, states, per_metric) for _ in range(REPEATS)
            )
            rows.append(
                {
                    "game": game,
                    "metric": metric,
                    "value": round(value, 1),
                    "unit": "iterations/s",
                    "players": PLAYERS,
                }
            )
        value = median_rate(_heuristic_pass(states), per_metric * REPEATS, REPEATS)
        rows.append(
            {
                "game": game,
                "metric": "heuristic decisions/s",
                "value": round(value, 1),
                "unit": "decisions/s",
                "players": PLAYERS,
            }
        )
    return rows


if __name__ == "__main__":
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    for row in run(budget):
        print(f"{row['game']:8} {row['metric']:52} {row['value']:>10} {row['unit']}")
