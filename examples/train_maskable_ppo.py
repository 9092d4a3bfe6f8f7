"""Train sb3-contrib's MaskablePPO on a liftoff game against random opponents.

Needs torch and sb3-contrib, which are not liftoff dependencies (through uv,
torch would be a multi-GB CUDA download); install the CPU wheel with pip into
the project environment first::

    .venv/bin/python -m ensurepip --upgrade
    .venv/bin/python -m pip install torch==2.13.0 sb3-contrib

Then::

    uv run python examples/train_maskable_ppo.py                    # planet, 50,000 steps
    uv run python examples/train_maskable_ppo.py 20000 agency 3     # steps, game, players

The learner sits in a random seat; observations are the flat float vector
(``observation="flat"``, what ``MlpPolicy`` takes) and the legal-action mask
comes from ``env.action_masks()``. agency uses its factored action space
(a launch or a keep is chosen part by part). Before and after training, the
policy plays 100 fixed-seed games and the script prints its win rate (a win
shared by k players counts 1/k).
"""

from __future__ import annotations

import sys
from typing import Any

import liftoff.rl.gymnasium  # noqa: F401  (registers liftoff/<game>-v0)


def make_model(
    game: str = "planet", players: int = 2, n_envs: int = 4, seed: int = 0, **ppo: Any
) -> Any:
    """An untrained MaskablePPO on ``n_envs`` copies of ``liftoff/<game>-v0``
    (``ppo``: MaskablePPO's keyword arguments; its defaults otherwise)."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    env = make_vec_env(
        f"liftoff/{game}-v0",
        n_envs=n_envs,
        seed=seed,
        env_kwargs={
            "opponents": "random",
            "players": players,
            "observation": "flat",
            "seat": "random",
            "render_mode": None,  # make_vec_env would ask for "rgb_array"
        },
    )
    return MaskablePPO("MlpPolicy", env, seed=seed, verbose=0, **ppo)


def win_rate(model: Any, game: str = "planet", players: int = 2, games: int = 100) -> float:
    """The policy's share of wins (1/k for a win shared by k) over ``games``
    fixed-seed games against random opponents, every seat in turn."""
    from liftoff.rl.gymnasium import make

    total = 0.0
    for k in range(games):
        env = make(game, opponents="random", players=players, observation="flat", seat=k % players)
        obs, info = env.reset(seed=10_000 + k)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        winners = info.get("outcome", {}).get("winners", [])
        if env.seat in winners:
            total += 1 / len(winners)
    return total / games


def main(steps: int = 50_000, game: str = "planet", players: int = 2) -> None:
    model = make_model(game, players)
    print(f"untrained: win rate {win_rate(model, game, players):.2f} over 100 games", flush=True)
    model.learn(total_timesteps=steps)
    print(f"after {steps} steps: win rate {win_rate(model, game, players):.2f} over 100 games")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        int(args[0]) if args else 50_000,
        args[1] if len(args) > 1 else "planet",
        int(args[2]) if len(args) > 2 else 2,
    )
