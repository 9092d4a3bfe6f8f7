"""The native vector environment against Gymnasium's SyncVectorEnv of the same
games: environment steps per CPU second.

    uv run --all-extras python benchmarks/bench_vector.py [NUM_ENVS] [SECONDS] [ROUNDS]

For each game, ``gymnasium.make_vec(id, NUM_ENVS)`` with
``vectorization_mode="sync"`` (a SyncVectorEnv over ``gymnasium.make``) and
with the ids' ``vector_entry_point`` (:class:`liftoff.rl.vector.LiftoffVectorEnv`)
step the same seeded games with the same masked random actions (both give
identical observations: the tests check it), about SECONDS of CPU time each,
alternating, ROUNDS times (default 16 games, 3 s, 3 rounds). Printed: the
median steps per CPU second of each (one step of one game = one env step)
and their ratio.
"""

from __future__ import annotations

import statistics
import sys
import time

import numpy as np

import liftoff


def steps_per_second(game: str, num_envs: int, mode: str, seconds: float) -> float:
    """Env steps per CPU second of ``make_vec(..., vectorization_mode=mode)``."""
    import gymnasium

    envs = gymnasium.make_vec(f"liftoff/{game}-v0", num_envs=num_envs, vectorization_mode=mode)
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in infos["action_mask"]])
        _, _, _, _, infos = envs.step(actions)
        steps += num_envs
    rate = steps / (time.process_time() - start)
    envs.close()
    return rate


def main(num_envs: int = 16, seconds: float = 3.0, rounds: int = 3) -> None:
    print(f"{num_envs} games per vector env, {seconds:g} s of CPU each, {rounds} rounds")
    print("| game | SyncVectorEnv steps/s | native steps/s | native / sync |")
    print("|---|---:|---:|---:|")
    for game in liftoff.games.names():
        sync, native = [], []
        for _ in range(rounds):
            sync.append(steps_per_second(game, num_envs, "sync", seconds))
            native.append(steps_per_second(game, num_envs, "vector_entry_point", seconds))
        s, n = statistics.median(sync), statistics.median(native)
        print(f"| {game} | {s:,.0f} | {n:,.0f} | {n / s:.2f}× |", flush=True)


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 16,
        float(sys.argv[2]) if len(sys.argv) > 2 else 3.0,
        int(sys.argv[3]) if len(sys.argv) > 3 else 3,
    )
