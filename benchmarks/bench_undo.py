"""What undo costs: ``apply`` with and without ``keep_undo`` (a clone before
each move), and taking a move back — the engine's ``undo()`` against the
replay of the record without the move, which the terminal and the server did
before.

    uv run python benchmarks/bench_undo.py [SECONDS]

``run(seconds)`` returns rows ``{"game", "metric", "value", "unit", "players"}``
(``liftoff bench`` adds them), each the median of 5 repeats, per CPU second.
The applies replay the same 20 random 3-player games (fixed seeds); the undos
are taken at every move of those games that may be taken back (on average
mid-game), each move then played again. Keeping one position is timed alone
too, at those same moves, the two ways in alternating rounds (medians of 9):
a whole ``clone()`` (what the stack kept before) against the stack's
snapshot, without the history (:func:`liftoff.engine.undo.snapshot`).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import liftoff
from liftoff.bench import median_rate
from liftoff.engine import Action, Rng, State
from liftoff.engine.undo import snapshot

PLAYERS = 3
REPEATS = 5

Game = tuple[State, list[tuple[int, Action]]]


def _games(name: str, count: int = 20) -> list[Game]:
    """``count`` random games: their start and their moves."""
    game = liftoff.games.get(name)
    out = []
    for seed in range(1, count + 1):
        start: State = game.new_game(PLAYERS, seed)
        state, rng = start.clone(), Rng(seed)
        moves: list[tuple[int, Action]] = []
        while not state.is_over() and len(moves) < 5000:
            active = state.active_players()
            p = active[rng.below(len(active))]
            legal = state.legal_actions(p)
            a = legal[rng.below(len(legal))]
            state.apply_legal(p, a)
            moves.append((p, a))
        out.append((start, moves))
    return out


def _applies(games: list[Game], keep: bool) -> Callable[[], int]:
    def work() -> int:
        done = 0
        for start, moves in games:
            s = start.clone()
            if keep:
                s.keep_undo()
            for p, a in moves:
                s.apply(p, a)
            done += len(moves)
        return done

    return work


def _undoable(games: list[Game]) -> list[tuple[State, int, Action]]:
    """Every position right after a move that may be taken back, keeping undo."""
    out = []
    for start, moves in games:
        s = start.clone()
        s.keep_undo()
        for p, a in moves:
            s.apply(p, a)
            if s.undo_refusal() is None:
                out.append((s.clone(), p, a))
    return out


def _undo(points: list[tuple[State, int, Action]]) -> Callable[[], int]:
    def work() -> int:
        for state, p, a in points:
            state.undo()
            state.apply(p, a)  # as it was, for the next round
        return len(points)

    return work


def _replay(points: list[tuple[State, int, Action]]) -> Callable[[], int]:
    records = []
    for state, _, _ in points:
        record = state.record()
        record["actions"] = record["actions"][:-1]
        records.append((state.game, record))

    def work() -> int:
        for game, record in records:
            game.replay(record)
        return len(records)

    return work


def _keeping(points: list[tuple[State, int, Action]], rounds: int = 9) -> tuple[float, float]:
    """Positions kept per CPU second: a whole clone, and the stack's snapshot,
    in alternating rounds over the same positions (medians)."""
    states = [state for state, _, _ in points]
    rates: dict[str, list[float]] = {"clone": [], "snapshot": []}
    ways: dict[str, Callable[[State], State]] = {"clone": lambda s: s.clone(), "snapshot": snapshot}
    for _ in range(rounds):
        for name, keep in ways.items():
            start = time.process_time()
            for state in states:
                keep(state)
            rates[name].append(len(states) / (time.process_time() - start))
    return statistics.median(rates["clone"]), statistics.median(rates["snapshot"])


def run(seconds: float = 10.0) -> list[dict[str, Any]]:
    """Measure every row within about ``seconds`` seconds."""
    rows: list[dict[str, Any]] = []
    per = seconds / 12
    for name in ("planet", "race", "agency"):
        games = _games(name)
        points = _undoable(games)
        plain = median_rate(_applies(games, keep=False), per, REPEATS)
        kept = median_rate(_applies(games, keep=True), per, REPEATS)
        undo = median_rate(_undo(points), per, REPEATS)
        replay = median_rate(_replay(points), per, REPEATS)
        whole, kept_now = _keeping(points)
        for metric, value, unit in (
            ("apply actions/s", plain, "1/s"),
            ("apply actions/s with keep_undo", kept, "1/s"),
            ("apply with keep_undo, time ratio", plain / kept, "×"),
            ("undo() and play again /s", undo, "1/s"),
            ("replay without the last move /s (before)", replay, "1/s"),
            ("undo() speed-up over the replay", undo / replay, "×"),
            ("keep a position: a whole clone /s (before)", whole, "1/s"),
            ("keep a position: the stack's snapshot /s", kept_now, "1/s"),
            ("snapshot speed-up over a whole clone", kept_now / whole, "×"),
        ):
            rows.append(
                {"game": name, "metric": metric, "value": value, "unit": unit, "players": PLAYERS}
            )
    return rows


if __name__ == "__main__":
    for row in run(float(sys.argv[1]) if len(sys.argv) > 1 else 10.0):
        print(f"{row['game']:<8} {row['metric']:<42} {row['value']:>12,.2f} {row['unit']}")
