"""Train a small policy for planet against random opponents (numpy only, no GPU).

A linear softmax policy over the planet observation vector
(:mod:`liftoff.rl.encoders`), with illegal actions masked out of the softmax,
trained by REINFORCE with a running-mean baseline in the Gymnasium adapter
(``liftoff.rl.gymnasium.make("planet", opponents="random")``), two players, the
learner's seat drawn at random each episode. The reward is the end-of-game
rank reward: +1 for a win, −1 for a loss, 0 for a tie.

Run it::

    uv run python examples/train_planet_pg.py                # 1000 episodes, a few minutes
    uv run python examples/train_planet_pg.py 600 0.1 race   # episodes, learning rate, game

It first plays the untrained (uniform) policy against random opponents on 100
fixed seeds, prints the win rate and mean return over each block of 100
training episodes, then plays the trained policy on the same 100 seeds.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from liftoff.rl.gymnasium import LiftoffEnv, make


class LinearPolicy:
    """``softmax(W @ obs + b)`` over the legal actions."""

    def __init__(self, obs_size: int, n_actions: int) -> None:
        self.W = np.zeros((n_actions, obs_size), dtype=np.float64)
        self.b = np.zeros(n_actions, dtype=np.float64)

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.W @ obs + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> tuple[int, Any]:
        p = self.probs(obs, mask)
        return int(rng.choice(len(p), p=p)), p


@dataclass
class Episode:
    """What one episode leaves for the update."""

    obs: list[np.ndarray] = field(default_factory=list)
    grads: list[np.ndarray] = field(default_factory=list)  # one_hot(action) - probs
    ret: float = 0.0
    won: bool = False


def play(env: LiftoffEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator) -> Episode:
    """One episode with the stochastic policy."""
    ep = Episode()
    obs, _ = env.reset(seed=seed)
    done = False
    while not done:
        x = obs["observation"].astype(np.float64)
        action, p = policy.act(x, obs["action_mask"], rng)
        g = -p
        g[action] += 1.0
        ep.obs.append(x)
        ep.grads.append(g)
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
        ep.ret += float(reward)
    ep.won = env.seat in info.get("outcome", {}).get("winners", [])
    return ep


def evaluate(env: LiftoffEnv, policy: LinearPolicy, seeds: range, seed: int) -> tuple[float, float]:
    """Win rate (shared wins count) and mean return of the policy over ``seeds``."""
    rng = np.random.default_rng(seed + 1)
    games = [play(env, policy, s, rng) for s in seeds]
    return float(np.mean([g.won for g in games])), float(np.mean([g.ret for g in games]))


def train(
    episodes: int = 1000,
    lr: float = 0.02,
    block: int = 100,
    eval_games: int = 100,
    seed: int = 0,
    game: str = "planet",
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Train and evaluate; returns the learning curve and the before/after results.

    REINFORCE, one update per episode: every decision's log-probability
    gradient (``one_hot(action) - probs``, times the observation for ``W``)
    is scaled by the episode's return minus a running-mean baseline, and the
    sum is divided by the square root of the episode's length.
    """
    env = make(game, opponents="random", players=2, seat="random", observation="dict")
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(env.observation_space["observation"].shape[0], env.action_space.n)
    eval_seeds = range(10**6, 10**6 + eval_games)
    before = evaluate(env, policy, eval_seeds, seed)
    log(
        f"untrained (uniform) policy vs random: win rate {before[0]:.2f}, "
        f"mean return {before[1]:+.2f} over {eval_games} games"
    )
    baseline = 0.0
    curve: list[tuple[float, float]] = []
    returns: list[float] = []
    wins: list[bool] = []
    for e in range(episodes):
        ep = play(env, policy, seed * 10**6 + e, rng)
        returns.append(ep.ret)
        wins.append(ep.won)
        G = np.array(ep.grads)  # T x A
        X = np.array(ep.obs)  # T x D
        step = lr * (ep.ret - baseline) / np.sqrt(len(G))
        policy.W += step * (G.T @ X)
        policy.b += step * G.sum(axis=0)
        baseline = 0.95 * baseline + 0.05 * ep.ret
        if (e + 1) % block == 0:
            rate, mean = float(np.mean(wins[-block:])), float(np.mean(returns[-block:]))
            curve.append((rate, mean))
            first = e + 2 - block
            log(f"episodes {first:>5}-{e + 1:<5} win rate {rate:.2f}   mean return {mean:+.2f}")
    after = evaluate(env, policy, eval_seeds, seed)
    log(
        f"trained policy vs random:           win rate {after[0]:.2f}, "
        f"mean return {after[1]:+.2f} over {eval_games} games"
    )
    return {"curve": curve, "returns": returns, "before": before, "after": after, "policy": policy}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rate = float(sys.argv[2]) if len(sys.argv) > 2 else 0.02
    name = sys.argv[3] if len(sys.argv) > 3 else "planet"
    train(episodes=n, lr=rate, game=name)
