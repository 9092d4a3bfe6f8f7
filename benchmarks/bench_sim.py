"""Benchmark of ``liftoff simulate``: games per second with 1 and 2 workers.

``run(seconds)`` returns rows ``{"game", "metric", "value", "unit", "players"}``.
Each measurement is a whole ``simulate`` call (play, then write JSONL + CSV) of
random 4-player planet games, sized to take about a third of the budget. Run
directly with ``uv run python benchmarks/bench_sim.py [seconds]``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from liftoff.sim import make_config, simulate

GAME = "planet"
PLAYERS = 4


def _games_per_second(games: int, workers: int, out: Path) -> float:
    config = make_config(GAME, PLAYERS, ["random"], games, seed=1, keep_records=0)
    start = time.perf_counter()
    simulate(config, out, workers=workers)
    return games / (time.perf_counter() - start)


def run(seconds: float = 30.0) -> list[dict[str, Any]]:
    """Measure within about ``seconds`` seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        probe = _games_per_second(40, 1, root / "probe")
        games = max(40, int(probe * seconds / 3))
        one = _games_per_second(games, 1, root / "one")
        two = _games_per_second(games, 2, root / "two")
    return [
        {
            "game": GAME,
            "metric": "simulate games/s (1 worker)",
            "value": round(one, 1),
            "unit": "games/s",
            "players": PLAYERS,
        },
        {
            "game": GAME,
            "metric": "simulate games/s (2 workers)",
            "value": round(two, 1),
            "unit": "games/s",
            "players": PLAYERS,
        },
        {
            "game": GAME,
            "metric": "simulate speed-up (2 workers / 1)",
            "value": round(two / one, 2),
            "unit": "x",
            "players": PLAYERS,
        },
    ]


if __name__ == "__main__":
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 30.0
    for row in run(budget):
        print(f"{row['game']:8} {row['metric']:36} {row['value']:>10} {row['unit']}")
