"""What events cost: the same recorded games applied on the fast path
(``apply_legal``, no events), with events (``apply_with_events``) and through
``apply`` (verified, with events), in actions per CPU second.

    uv run python benchmarks/bench_events.py [SECONDS_PER_ROW] [PLAYERS]

Each row replays 20 random games (fixed seeds) action by action, so the three
paths do exactly the same rules work; the ratio is what narration adds.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import liftoff
from liftoff.bench import median_rate
from liftoff.engine import Action, Rng, State


def _games(
    name: str, players: int, count: int = 20
) -> list[tuple[State, list[tuple[int, Action]]]]:
    """``count`` random games: their start and their actions."""
    game = liftoff.games.get(name)
    out = []
    for seed in range(1, count + 1):
        start: State = game.new_game(players, seed)
        state = start.clone()
        rng = Rng(seed)
        actions: list[tuple[int, Action]] = []
        while not state.is_over() and len(actions) < 5000:
            active = state.active_players()
            p = active[rng.below(len(active))]
            legal = state.legal_actions(p)
            a = legal[rng.below(len(legal))]
            state.apply_legal(p, a)
            actions.append((p, a))
        out.append((start, actions))
    return out


def _path(games: list[tuple[State, list[tuple[int, Action]]]], how: str) -> Callable[[], int]:
    def work() -> int:
        done = 0
        for start, actions in games:
            s = start.clone()
            step: Callable[[int, Any], Any] = getattr(s, how)
            for p, a in actions:
                if how != "apply":
                    s.legal_actions(p)  # the same legal-action work on every path
                step(p, a)
            done += len(actions)
        return done

    return work


def main(seconds: float = 3.0, players: int = 3) -> None:
    print(f"{'game':<8} {'fast path':>12} {'with events':>12} {'apply':>12} {'events cost':>12}")
    for name in ("planet", "race", "agency"):
        games = _games(name, players)
        fast = median_rate(_path(games, "apply_legal"), seconds)
        applied = median_rate(_path(games, "apply"), seconds)
        if hasattr(games[0][0], "apply_with_events"):
            events = median_rate(_path(games, "apply_with_events"), seconds)
            cost = f"{fast / events - 1:>11.0%}"
        else:  # a version without events: the first and last columns compare
            events, cost = float("nan"), f"{'—':>11}"
        print(f"{name:<8} {fast:>12,.0f} {events:>12,.0f} {applied:>12,.0f} {cost}")


if __name__ == "__main__":
    main(
        float(sys.argv[1]) if len(sys.argv) > 1 else 3.0,
        int(sys.argv[2]) if len(sys.argv) > 2 else 3,
    )
