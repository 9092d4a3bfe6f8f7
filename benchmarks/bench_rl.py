"""Throughput of the research adapters and the size of agency's action space.

    uv run --all-extras python benchmarks/bench_rl.py [SECONDS] [PLAYERS]

Per game: PettingZoo's own ``performance_benchmark`` (AEC, masked random
actions, about 5 s; turns per second) and the Gymnasium learner's steps per
second against ``random`` opponents (masked random learner actions, SECONDS
seconds, default 5). Then the number of action ids of agency (the length of
every mask) for 2-4 players, flat and factored where available.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import time
from typing import Any

import numpy as np

import liftoff


def pettingzoo_turns_per_second(game: str, players: int) -> float:
    """``pettingzoo.test.performance_benchmark`` on the AEC env (it prints its rate)."""
    from pettingzoo.test import performance_benchmark

    from liftoff.rl.pettingzoo import env

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(env(game, players=players))
    found = re.search(r"([\d.]+) turns per second", out.getvalue())
    assert found, out.getvalue()
    return float(found.group(1))


def gymnasium_steps_per_second(game: str, players: int, seconds: float) -> float:
    """Learner steps per second, learner and opponents choosing at random."""
    from liftoff.rl.gymnasium import make

    env = make(game, opponents="random", players=players)
    rng = np.random.default_rng(0)
    steps = 0
    episode = 0
    _, info = env.reset(seed=episode)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = np.flatnonzero(info["action_mask"])
        _, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
        if terminated or truncated:
            episode += 1
            _, info = env.reset(seed=episode)
    return steps / (time.perf_counter() - start)


def agency_mask_sizes() -> dict[str, Any]:
    """Ids (= mask length) of agency's flat space, and of the factored one if present."""
    from liftoff.rl.spaces import action_index

    out: dict[str, Any] = {}
    for players in (2, 3, 4):
        out[f"flat {players}p"] = action_index("agency", players).size
    try:
        from liftoff.rl.factored import factored_space
    except ImportError:
        return out
    for players in (2, 3, 4):
        out[f"factored {players}p"] = factored_space("agency", players).size
    return out


def main(seconds: float = 5.0, players: int = 3) -> None:
    print(f"{players} players; PettingZoo performance_benchmark, Gymnasium {seconds:g} s")
    print("| game | PettingZoo turns/s | Gymnasium learner steps/s |")
    print("|---|---:|---:|")
    for game in liftoff.games.names():
        pz = pettingzoo_turns_per_second(game, players)
        gym = gymnasium_steps_per_second(game, players, seconds)
        print(f"| {game} | {pz:,.0f} | {gym:,.0f} |", flush=True)
    for key, value in agency_mask_sizes().items():
        print(f"agency ids, {key}: {value:,}")


if __name__ == "__main__":
    main(
        float(sys.argv[1]) if len(sys.argv) > 1 else 5.0,
        int(sys.argv[2]) if len(sys.argv) > 2 else 3,
    )
