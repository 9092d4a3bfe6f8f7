"""Benchmarks of the race game: engine playouts, clone, and real-time bot games.

``run(seconds)`` returns rows ``{"game", "metric", "value", "unit", "players"}``,
each value the median of several repeats. Run directly with
``uv run python benchmarks/bench_race.py [seconds]``.
"""

from __future__ import annotations

import itertools
import sys
from typing import Any

import liftoff
from liftoff.bench import median_rate
from liftoff.bots.live import live_seats
from liftoff.bots.seats import parse_seats
from liftoff.engine import Rng, random_playout

REPEATS = 5
OPTIONS = {"auto_choices": True}  # resolution choices by the default policy (fast simulation)


def run(seconds: float = 10.0) -> list[dict[str, Any]]:
    """Measure everything within about ``seconds`` seconds."""
    game = liftoff.games.get("race")
    rows: list[dict[str, Any]] = []
    per = seconds / 8
    seeds = itertools.count(1)
    for players in (2, 4):

        def playout_actions(players: int = players) -> int:
            seed = next(seeds)
            s = game.new_game(players, seed, OPTIONS)
            random_playout(s, Rng(seed))
            return s.version

        def playout_games(players: int = players) -> int:
            seed = next(seeds)
            random_playout(game.new_game(players, seed, OPTIONS), Rng(seed))
            return 1

        def realtime_games(players: int = players) -> int:
            seed = next(seeds)
            s = game.new_game(players, seed, OPTIONS)
            seats = live_seats(parse_seats("random@instant", players), seed)
            game.realtime_driver(s, seats).run()
            return 1

        mid = game.new_game(players, 1, OPTIONS)
        rng = Rng(1)
        for _ in range(20 * players):
            p = mid.active_players()[rng.below(players)]
            legal = mid.legal_actions(p)
            mid.apply(p, legal[rng.below(len(legal))])

        def clones(mid: Any = mid) -> int:
            for _ in range(1000):
                mid.clone()
            return 1000

        for metric, work, unit in (
            ("random playout actions/s", playout_actions, "actions/s"),
            ("random playout games/s", playout_games, "games/s"),
            ("clone/s", clones, "clones/s"),
            ("instant realtime bot games/s", realtime_games, "games/s"),
        ):
            rows.append(
                {
                    "game": "race",
                    "metric": f"{metric} ({players}p)",
                    "value": round(median_rate(work, per, REPEATS), 1),
                    "unit": unit,
                    "players": players,
                }
            )
    return rows


if __name__ == "__main__":
    for row in run(float(sys.argv[1]) if len(sys.argv) > 1 else 10.0):
        print(f"{row['metric']:<40} {row['value']:>12,.1f}")
