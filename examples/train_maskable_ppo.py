"""Train sb3-contrib's MaskablePPO on a liftoff game, out of the box.

Needs torch and sb3-contrib, which are not liftoff dependencies (through uv,
torch would be a multi-GB CUDA download); install the CPU wheel with pip into
the project environment first::

    .venv/bin/python -m ensurepip --upgrade
    .venv/bin/python -m pip install torch==2.13.0 sb3-contrib

Then::

    uv run python examples/train_maskable_ppo.py                    # planet, 50,000 steps
    uv run python examples/train_maskable_ppo.py 20000 agency 3     # steps, game, players

The recipe is the defaults and nothing else:
``MaskablePPO("MlpPolicy", gymnasium.make("liftoff/planet-v0"))`` — the
environment's defaults (flat observation, random opponents, a random seat
each episode) and MaskablePPO's (one environment, its learning rate, network
and schedule); masks come from the environment's ``action_masks()``. Before
and after training, the policy plays 200 fixed-seed games against random
opponents, every seat in turn, and the script prints its win rate (a win
shared by k players counts 1/k) with a Wilson 95% interval, next to uniformly
random masked play over the same games (random play's own baseline).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

import liftoff  # noqa: F401  (registers liftoff/<game>-v0 with Gymnasium)
from liftoff.sim.stats import wilson

EVAL_GAMES = 200

Policy = Callable[[Any, Any], int]
"""Chooses an action id from an observation and the mask of legal ids."""


def make_model(
    game: str = "planet", players: int = 2, seed: int = 0, n_envs: int = 1, **ppo: Any
) -> Any:
    """An untrained MaskablePPO with its defaults (``ppo`` overrides them) on
    ``gymnasium.make("liftoff/<game>-v0")`` with its defaults (``n_envs`` > 1:
    that many copies, through Stable-Baselines3's ``make_vec_env``)."""
    import gymnasium
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    if n_envs == 1:
        env: Any = gymnasium.make(f"liftoff/{game}-v0", players=players)
    else:
        env = make_vec_env(
            f"liftoff/{game}-v0",
            n_envs=n_envs,
            seed=seed,
            env_kwargs={"players": players, "render_mode": None},  # it would ask for rgb_array
        )
    return MaskablePPO("MlpPolicy", env, seed=seed, verbose=0, **ppo)


def model_policy(model: Any) -> Policy:
    """The model's choices (deterministic: its most likely legal action)."""

    def choose(obs: Any, mask: Any) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    return choose


def random_policy(seed: int = 0) -> Policy:
    """Uniformly random legal actions."""
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


def win_rate(
    policy: Policy, game: str = "planet", players: int = 2, games: int = EVAL_GAMES
) -> tuple[float, float, float]:
    """``(rate, low, high)``: the policy's share of wins (1/k for a win shared
    by k) over ``games`` fixed-seed games against random opponents, every seat
    in turn, with its Wilson 95% interval."""
    from liftoff.rl.gymnasium import make

    total = 0.0
    for k in range(games):
        env = make(game, players=players, seat=k % players)
        obs, info = env.reset(seed=10_000 + k)
        done = False
        while not done:
            obs, _, terminated, truncated, info = env.step(policy(obs, env.action_masks()))
            done = terminated or truncated
        winners = info.get("outcome", {}).get("winners", [])
        if env.seat in winners:
            total += 1 / len(winners)
    low, high = wilson(total, games)
    return total / games, low, high


def _line(label: str, result: tuple[float, float, float], games: int) -> str:
    rate, low, high = result
    return f"{label}: win rate {rate:.3f} [{low:.3f}, {high:.3f}] over {games} games"


def main(steps: int = 50_000, game: str = "planet", players: int = 2) -> None:
    model = make_model(game, players)
    print(_line("random play", win_rate(random_policy(), game, players), EVAL_GAMES), flush=True)
    before = win_rate(model_policy(model), game, players)
    print(_line("untrained", before, EVAL_GAMES), flush=True)
    model.learn(total_timesteps=steps)
    after = win_rate(model_policy(model), game, players)
    print(_line(f"after {steps} steps", after, EVAL_GAMES), flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        int(args[0]) if args else 50_000,
        args[1] if len(args) > 1 else "planet",
        int(args[2]) if len(args) > 2 else 2,
    )
