"""Engine benchmarks: random-playout speed, clone speed, and OpenSpiel reference
lines measured in the same run. Figures are medians of repeated timings, per
second of this process's CPU time (one core): a busy machine slows them far
less than it slows the wall clock.

``run()`` returns rows ``{"game", "metric", "value", "unit"}``; ``liftoff bench``
prints them, together with the extra rows of ``benchmarks/bench_*.py``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import liftoff
from liftoff.engine import Rng, State, derive_seed

Row = dict[str, Any]


def median_rate(
    work: Callable[[], int],
    seconds: float,
    repeats: int = 5,
    clock: Callable[[], float] = time.process_time,
) -> float:
    """Median over ``repeats`` of units/s, each repeat running ``work`` for ~seconds/repeats
    of ``clock`` (CPU time of this process by default)."""
    rates = []
    budget = seconds / repeats
    for _ in range(repeats):
        done = 0
        start = clock()
        while True:
            done += work()
            elapsed = clock() - start
            if elapsed >= budget:
                break
        rates.append(done / elapsed)
    return statistics.median(rates)


def game_rows(name: str, players: int, seconds: float) -> list[Row]:
    """Random playouts (actions/s, games/s, with and without re-verification) and clone()/s."""
    game = liftoff.games.get(name)
    counter = iter(range(10**9))
    games_done = [0]

    def playout(verify: bool) -> Callable[[], int]:
        def work() -> int:
            seed = next(counter)
            state = game.new_game(players, seed)
            rng = Rng(derive_seed(seed, "bench"))
            n = 0
            while True:
                active = state.active_players()
                if not active:
                    break
                p = active[0] if len(active) == 1 else active[rng.below(len(active))]
                legal = state.legal_actions(p)
                a = legal[rng.below(len(legal))]
                if verify:
                    state.apply(p, a)
                else:
                    state.apply_legal(p, a)
                n += 1
            games_done[0] += 1
            return n

        return work

    rows: list[Row] = []
    third = seconds / 3
    games_done[0] = 0
    t0 = time.process_time()
    fast = median_rate(playout(False), third)
    spent = time.process_time() - t0
    rows.append(
        {
            "game": name,
            "metric": f"random playout actions/s ({players}p)",
            "value": fast,
            "unit": "actions/s",
        }
    )
    rows.append(
        {
            "game": name,
            "metric": f"random playout games/s ({players}p)",
            "value": games_done[0] / spent,
            "unit": "games/s",
        }
    )
    checked = median_rate(playout(True), third)
    rows.append(
        {
            "game": name,
            "metric": f"random playout actions/s, apply() verified ({players}p)",
            "value": checked,
            "unit": "actions/s",
        }
    )
    mid = _midgame(game.new_game(players, 1))

    def clones() -> int:
        for _ in range(100):
            mid.clone()
        return 100

    rows.append(
        {
            "game": name,
            "metric": "clone()/s (mid-game)",
            "value": median_rate(clones, third),
            "unit": "clones/s",
        }
    )
    return rows


def _midgame(state: State) -> State:
    rng = Rng(5)
    for _ in range(60):
        active = state.active_players()
        if not active:
            break
        p = active[0]
        legal = state.legal_actions(p)
        state.apply_legal(p, legal[rng.below(len(legal))])
    return state


def openspiel_rows(seconds: float) -> list[Row]:
    """OpenSpiel's C++ tic_tac_toe and pure-Python python_tic_tac_toe, random
    playouts; none without OpenSpiel (the 'rl' extra)."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the Python game)
    except ImportError:
        return []
    rows: list[Row] = []
    rng = np.random.default_rng(0)
    for label, name in (
        ("C++ tic_tac_toe", "tic_tac_toe"),
        ("python_tic_tac_toe", "python_tic_tac_toe"),
    ):
        g = pyspiel.load_game(name)

        def work(g: Any = g) -> int:
            s = g.new_initial_state()
            n = 0
            while not s.is_terminal():
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.integers(len(legal)))])
                n += 1
            return n

        rows.append(
            {
                "game": "openspiel",
                "metric": f"{label} random playout actions/s",
                "value": median_rate(work, seconds / 2),
                "unit": "actions/s",
            }
        )
    return rows


DEFAULT_PLAYERS = {"planet": 4, "race": 2, "agency": 3}

#: players of the public-API loop (issue 21's goal: every game at 3 players)
PUBLIC_PLAYERS = 3


def build() -> str:
    """Which build of the engine is running: ``"compiled (mypyc)"`` or ``"pure Python"``."""
    from liftoff import compiled

    return compiled.build_name()


def public_loop_rate(name: str, players: int, seconds: float, seed: int = 0) -> float:
    """Actions per wall second of the public-API loop: each step
    ``random.choice(state.active_players())``, ``random.choice(state.legal_actions(p))``,
    ``state.apply(p, a)`` (verified, with events), new games as they end."""
    import random

    game = liftoff.games.get(name)
    pick = random.Random(seed).choice
    n = 0
    k = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while True:
        state = game.new_game(players, k)
        k += 1
        while True:
            active = state.active_players()
            if not active:
                break
            p = pick(active)
            state.apply(p, pick(state.legal_actions(p)))
            n += 1
        if time.perf_counter() >= deadline:
            break
    return n / (time.perf_counter() - start)


def openspiel_public_rate(seconds: float, seed: int = 0) -> float | None:
    """OpenSpiel's C++ ``tic_tac_toe`` driven from Python like :func:`public_loop_rate`
    (``random.choice(s.legal_actions())``, ``s.apply_action(a)``): actions per wall second,
    or ``None`` without OpenSpiel."""
    import random

    try:
        import pyspiel
    except ImportError:
        return None
    g = pyspiel.load_game("tic_tac_toe")
    pick = random.Random(seed).choice
    n = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while True:
        s = g.new_initial_state()
        while not s.is_terminal():
            s.apply_action(pick(s.legal_actions()))
            n += 1
        if time.perf_counter() >= deadline:
            break
    return n / (time.perf_counter() - start)


def public_rows(seconds: float, games: list[str]) -> list[Row]:
    """The public-API loop for each game (``seconds`` of wall clock each) and its ratio to
    OpenSpiel's C++ ``tic_tac_toe`` driven the same way for half as long, in the same run."""
    reference = openspiel_public_rate(seconds / 2)
    rows: list[Row] = []
    if reference is not None:
        rows.append(
            {
                "game": "openspiel",
                "metric": "C++ tic_tac_toe public-API loop actions/s",
                "value": reference,
                "unit": "actions/s",
            }
        )
    for name in games:
        rate = public_loop_rate(name, PUBLIC_PLAYERS, seconds)
        rows.append(
            {
                "game": name,
                "metric": f"public-API loop actions/s ({PUBLIC_PLAYERS}p, apply() verified)",
                "value": rate,
                "unit": "actions/s",
            }
        )
        if reference is not None:
            rows.append(
                {
                    "game": name,
                    "metric": "public-API loop / C++ tic_tac_toe",
                    "value": rate / reference,
                    "unit": "x",
                }
            )
    return rows


def run(seconds: float = 6.0, games: list[str] | None = None) -> list[Row]:
    """Every built-in benchmark row."""
    rows: list[Row] = [
        {"game": "liftoff", "metric": f"build: {build()}", "value": float("nan"), "unit": ""}
    ]
    names = games or liftoff.games.names()
    for name in names:
        info = liftoff.games.get(name).info
        players = min(
            max(DEFAULT_PLAYERS.get(name, info.min_players), info.min_players), info.max_players
        )
        rows.extend(game_rows(name, players, seconds))
    rows.extend(openspiel_rows(seconds / 2))
    rows.extend(public_rows(seconds, list(names)))
    return rows
