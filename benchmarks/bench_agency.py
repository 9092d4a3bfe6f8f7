"""Benchmarks of the agency game: random playouts and clone.

``run(seconds)`` returns rows ``{"game", "metric", "value", "unit", "players"}``,
each value the median of several repeats. Run directly with
``uv run python benchmarks/bench_agency.py [seconds]``.
"""

from __future__ import annotations

import itertools
import sys
from typing import Any

import liftoff
from liftoff.bench import median_rate
from liftoff.engine import Rng, random_playout

REPEATS = 5


def run(seconds: float = 10.0) -> list[dict[str, Any]]:
    """Measure random playouts (actions/s, games/s) and clone()/s within ``seconds``."""
    game = liftoff.games.get("agency")
    rows: list[dict[str, Any]] = []
    per = seconds / 9
    seeds = itertools.count(1)
    for players in (2, 3, 4):

        def playout_actions(players: int = players) -> int:
            seed = next(seeds)
            s = game.new_game(players, seed)
            random_playout(s, Rng(seed))
            return s.version

        def playout_games(players: int = players) -> int:
            seed = next(seeds)
            random_playout(game.new_game(players, seed), Rng(seed))
            return 1

        mid = game.new_game(players, 5)
        rng = Rng(5)
        while mid.rnd < 5 and not mid.is_over():  # a state in the middle of the game
            p = mid.active_players()[0]
            legal = mid.legal_actions(p)
            mid.apply_legal(p, legal[rng.below(len(legal))])

        def clones(mid: Any = mid) -> int:
            for _ in range(100):
                mid.clone()
            return 100

        for metric, work, unit in (
            ("random playout actions/s", playout_actions, "actions/s"),
            ("random playout games/s", playout_games, "games/s"),
            ("clone()/s", clones, "clones/s"),
        ):
            rows.append(
                {
                    "game": "agency",
                    "metric": metric,
                    "value": round(median_rate(work, per, REPEATS), 1),
                    "unit": unit,
                    "players": players,
                }
            )
    return rows


if __name__ == "__main__":
    for row in run(float(sys.argv[1]) if len(sys.argv) > 1 else 10.0):
        print(f"{row['players']}p  {row['metric']:<26} {row['value']:>12,.1f} {row['unit']}")
