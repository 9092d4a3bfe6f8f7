"""How well the agency heuristic gets its missions off the ground.

Plays two-player agency games (seats alternated, every game seeded from
``--seed``) and prints, per side, launches, missions launched and mission
draws per game, and wins (a shared win counts half, with a Wilson 95%
interval). The opponent is ``random`` or, with ``--baseline FILE``, an older
version of ``heuristics/agency.py``, e.g. to compare with a previous commit::

    git show COMMIT:src/liftoff/bots/heuristics/agency.py > old_heuristic_agency.py
    uv run python benchmarks/agency_launches.py --games 100 --seed 2 \\
        --baseline old_heuristic_agency.py
"""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

import liftoff
from liftoff.bots import Bot, HeuristicBot, make
from liftoff.engine import Action, State, derive_seed, play
from liftoff.sim.stats import wilson


def baseline_bot(path: Path) -> Callable[[int], Bot]:
    """Bots playing the ``choose`` of the heuristic module at ``path``."""
    spec = importlib.util.spec_from_file_location("baseline_heuristic_agency", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    class Baseline(HeuristicBot):
        name = "baseline"

        def choose(self, state: State, player: int) -> Action:
            action, _ = module.choose(state, player, self.rng)
            return action  # type: ignore[no-any-return]

    return lambda seed: Baseline(seed=seed)


def measure(games: int, seed: int, other: Callable[[int], Bot]) -> list[dict[str, Any]]:
    """Per side (0: ``heuristic``, 1: the other): launches, missions, draws, wins."""
    sides = [{"launches": 0, "missions": 0, "draws": 0, "wins": 0.0} for _ in range(2)]
    g = liftoff.games.get("agency")
    for k in range(games):
        state = g.new_game(2, derive_seed(seed, "game", k))
        order = (0, 1) if k % 2 == 0 else (1, 0)  # seat -> side
        makers: list[Callable[[int], Bot]] = [lambda s: make("heuristic", seed=s), other]
        bots = [makers[side](derive_seed(seed, "bot", k, seat)) for seat, side in enumerate(order)]
        play(state, bots, seed=derive_seed(seed, "driver", k))
        for seat, action in state.history:
            side, text = sides[order[seat]], str(action)
            if text.startswith("launch "):
                side["launches"] += 1
                side["missions"] += len(text.split(" ", 2)[2].split(","))
            elif text.startswith("draw "):
                side["draws"] += 1
        outcome = state.outcome()
        assert outcome is not None
        for w in outcome.winners:
            sides[order[w]]["wins"] += 1 / len(outcome.winners)
    return sides


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--baseline", type=Path, help="an older heuristics/agency.py to play")
    args = parser.parse_args()
    if args.baseline is not None:
        other, label = baseline_bot(args.baseline), "baseline"
    else:
        other, label = (lambda s: make("random", seed=s)), "random"
    n = args.games
    for name, side in zip(("heuristic", label), measure(n, args.seed, other), strict=True):
        lo, hi = wilson(side["wins"], n)
        print(
            f"{name:>9}: {side['launches'] / n:.2f} launches, {side['missions'] / n:.2f} missions, "
            f"{side['draws'] / n:.2f} draws per game; wins {side['wins']:g}/{n} "
            f"({side['wins'] / n:.0%}, 95% CI {lo:.0%}-{hi:.0%})"
        )


if __name__ == "__main__":
    main()
