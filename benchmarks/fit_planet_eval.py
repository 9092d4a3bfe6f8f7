"""Fit planet's leaf evaluation (``EvalWeights``) on heuristic games.

The search scores its cut-off rollouts with
:func:`liftoff.bots.heuristics.planet_board.evaluate`: each player's chance to win, a
softmax of their strength (saved Aliens, the chances of the others, the cards
in hand) whose sharpness grows over the days. This script plays seeded
heuristic games (2, 3 and 4 players), reads :func:`standings` every few
actions, and fits the four weights by maximum likelihood of the real winners
on three quarters of the games; it reports the log loss and the Brier score of
the hand-set and the fitted weights on the other quarter, and a calibration
table (predicted chance against the share actually won).

    uv run --all-extras python benchmarks/fit_planet_eval.py --games 300 --seed 1
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass

from rich.progress import track
from scipy.optimize import minimize

import liftoff
from liftoff.bots import make
from liftoff.bots.heuristics.planet_board import (
    EVAL,
    FITTED,
    HAND_SET,
    EvalWeights,
    standings,
    win_chances,
)
from liftoff.engine import Rng, derive_seed

EVERY = 4  # read the standings every this many actions


@dataclass(frozen=True)
class Sample:
    game: int
    parts: list[tuple[float, float, float]]
    played: float
    won: list[float]  # 1 for the winner (a shared win split)


def play(games: int, seed: int) -> list[Sample]:
    """Samples from ``games`` heuristic games of 2, 3 and 4 players in turn."""
    planet = liftoff.games.get("planet")
    out: list[Sample] = []
    for g in track(range(games), description="heuristic games"):
        players = 2 + g % 3
        state = planet.new_game(players, derive_seed(seed, "fit", g))
        bots = [make("heuristic", seed=derive_seed(seed, "bot", g, p)) for p in range(players)]
        rng = Rng(derive_seed(seed, "order", g))
        reads: list[tuple[list[tuple[float, float, float]], float]] = []
        steps = 0
        while not state.is_over():
            if steps % EVERY == 0 and (found := standings(state)) is not None:
                reads.append(found)
            active = state.active_players()
            p = active[rng.below(len(active))]
            state.apply(p, bots[p].choose(state, p))
            steps += 1
        outcome = state.outcome()
        assert outcome is not None
        won = [1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(players)]
        out.extend(Sample(g, parts, played, won) for parts, played in reads)
    return out


def scores(samples: list[Sample], weights: EvalWeights) -> tuple[float, float]:
    """Mean log loss and mean Brier score of ``weights`` on ``samples``."""
    loss = brier = 0.0
    for s in samples:
        chances = win_chances(s.parts, s.played, weights)
        loss -= sum(w * math.log(max(c, 1e-12)) for w, c in zip(s.won, chances, strict=True))
        brier += sum((w - c) ** 2 for w, c in zip(s.won, chances, strict=True)) / len(chances)
    return loss / len(samples), brier / len(samples)


def fit(samples: list[Sample]) -> EvalWeights:
    """The weights of least log loss on ``samples`` (Nelder–Mead from the hand-set
    ones; sharpness never negative)."""

    def objective(x: list[float]) -> float:
        return scores(samples, EvalWeights(*x))[0]

    start = [HAND_SET.k0, HAND_SET.k1, HAND_SET.potential, HAND_SET.hand]
    bounds = [(0.0, 10.0), (0.0, 10.0), (0.0, 2.0), (0.0, 3.0)]
    tolerance = {"xatol": 1e-3, "fatol": 1e-5}
    found = minimize(objective, start, method="Nelder-Mead", bounds=bounds, options=tolerance)
    return EvalWeights(*(round(float(v), 3) for v in found.x))


def calibration(samples: list[Sample], weights: EvalWeights, bins: int = 5) -> list[str]:
    """Rows ``predicted range: mean predicted, share won (count)``."""
    cells: list[list[tuple[float, float]]] = [[] for _ in range(bins)]
    for s in samples:
        for w, c in zip(s.won, win_chances(s.parts, s.played, weights), strict=True):
            cells[min(bins - 1, int(c * bins))].append((c, w))
    rows = []
    for i, cell in enumerate(cells):
        if cell:
            mean_c = sum(c for c, _ in cell) / len(cell)
            mean_w = sum(w for _, w in cell) / len(cell)
            span = f"{i / bins:.1f}-{(i + 1) / bins:.1f}"
            rows.append(f"  {span}: {mean_c:.3f} {mean_w:.3f} ({len(cell)})")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    samples = play(args.games, args.seed)
    cut = args.games * 3 // 4
    train = [s for s in samples if s.game < cut]
    test = [s for s in samples if s.game >= cut]
    print(f"{len(train)} training and {len(test)} test readings from {args.games} games")
    fitted = fit(train)
    shown = (("hand-set", HAND_SET), ("in use", EVAL), ("kept fit", FITTED), ("fitted", fitted))
    for label, weights in shown:
        loss, brier = scores(test, weights)
        print(f"{label:8} {weights}: test log loss {loss:.4f}, Brier {brier:.4f}")
        print("  calibration (predicted range: mean predicted, share won (readings)):")
        print("\n".join(calibration(test, weights)))


if __name__ == "__main__":
    main()
