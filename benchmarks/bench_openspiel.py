"""Side by side: liftoff's ``ismcts`` bot against OpenSpiel's ``ISMCTSBot``,
both searching the same positions through the OpenSpiel adapter.

Both searches are configured alike: one determinization per iteration (our
``determinize``, OpenSpiel's ``resample_from_infostate`` — which calls the
same function), one uniformly random rollout to the end of the game per
iteration, UCT selection (ours with availability counts, c = 0.7 on rewards in
[0, 1]; OpenSpiel's with c = 1.4 on returns in [-1, 1], the same exploration),
final choice by visit count. Chance happens inside the engine in both.

1. **Iterations per second** on the same positions (taken from seeded random
   games, positions where the player to move has a real choice): each bot runs
   a fixed number of iterations from each position; the rate is iterations
   over wall time.
2. **Head to head** at equal time per decision: two-player games, seats
   alternating, seeds fixed; ties count half. The win rate of ours comes with a
   Wilson 95% interval.

``run(seconds)`` returns rows ``{"game", "metric", "value", "unit", "players"}``
and stays within about ``seconds`` (at least two games per game are played, so
a very small budget runs over). Run directly with
``uv run python benchmarks/bench_openspiel.py [seconds] [time_per_move] [games] [ours]``,
e.g. ``... 1800 0.05 planet,race,agency``. ``ours`` is ``alike`` (the default:
the configuration above) or ``levels``: the configuration of the ``hard`` and
``expert`` levels (``ismcts`` with its defaults: heuristic rollouts cut at 20
actions and scored by the game's evaluator, the heuristic prior) against the
same OpenSpiel bot at the same time per decision.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import liftoff
from liftoff.bots import make
from liftoff.engine import Rng, State, derive_seed
from liftoff.rl import openspiel
from liftoff.rl.spaces import next_actor
from liftoff.sim.stats import wilson

PLAYERS = 2
OURS_C = 0.7
THEIRS_C = 2 * OURS_C  # returns in [-1, 1] instead of rewards in [0, 1]
RATE_ITERATIONS = 100
GAMES = ("planet", "race", "agency")
#: our search configured like OpenSpiel's (random rollouts to the end, no prior)
ALIKE = {"rollout": "random", "depth": 0, "prior": "none"}
#: what ``ours`` may name: the configuration alike, or the levels' own
CONFIGS: dict[str, dict[str, Any]] = {"alike": ALIKE, "levels": {}}


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot with a time budget per decision instead of a fixed
    number of simulations (its search loop, run until the deadline)."""

    def __init__(self, game: Any, evaluator: Any, time_limit: float, **kwargs: Any) -> None:
        super().__init__(game, evaluator, max_simulations=1, **kwargs)
        self.time_limit = time_limit
        self.last_iterations = 0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.time_limit
        count = 0
        # at least two simulations: the first only expands the root
        while count < 2 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            count += 1
        self.last_iterations = count
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


def _theirs(game: Any, seed: int, time_limit: float | None) -> Any:
    rs = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    if time_limit is None:
        bot = ismcts.ISMCTSBot(
            game, evaluator, THEIRS_C, max_simulations=RATE_ITERATIONS, random_state=rs
        )
    else:
        bot = TimedISMCTSBot(game, evaluator, time_limit, uct_c=THEIRS_C, random_state=rs)
    bot.set_resampler(openspiel.seeded_resampler(seed))
    return bot


def _ours(seed: int, time_limit: float | None, ours: str = "alike") -> Any:
    config = CONFIGS[ours]
    if ours == "alike":
        config = {**config, "c": OURS_C, "reward": "win"}
    if time_limit is None:
        return make("ismcts", seed=seed, iterations=RATE_ITERATIONS, **config)
    return make("ismcts", seed=seed, time_limit=time_limit, **config)


def positions(name: str, count: int, seed: int = 1) -> list[State]:
    """``count`` positions from seeded random games where the player the adapter
    would ask next has at least two legal actions."""
    game = liftoff.games.get(name)
    out: list[State] = []
    g = 0
    while len(out) < count:
        state = game.new_game(PLAYERS, derive_seed(seed, name, g))
        rng = Rng(derive_seed(seed, "moves", g))
        stops = sorted({rng.below(120) for _ in range(3)})
        last = -1
        while not state.is_over() and stops and len(out) < count:
            active = state.active_players()
            player = next_actor(active, last, PLAYERS)
            if state.version >= stops[0] and len(state.legal_actions(player)) > 1:
                out.append(state.clone())
                stops.pop(0)
            legal = state.legal_actions(player)
            state.apply_legal(player, legal[rng.below(len(legal))])
            last = player
        g += 1
    return out


def _load(name: str, **params: Any) -> Any:
    """The OpenSpiel game, in the flat action space (one id per engine action,
    as our bot chooses; agency's default is the factored space)."""
    if name == "agency":
        params["action_space"] = "flat"
    return openspiel.load(name, players=PLAYERS, **params)


def iteration_rates(name: str, budget: float, seed: int = 1) -> dict[str, float]:
    """Iterations per second of both bots over the same positions (within ``budget`` s)."""
    spiel = _load(name)
    ours_time = theirs_time = 0.0
    ours_its = theirs_its = 0
    start = time.perf_counter()
    done = 0
    for i, position in enumerate(positions(name, 40, seed)):
        if i > 0 and time.perf_counter() - start > budget:
            break
        wrapped = spiel.state_from(position)
        player = wrapped.current_player()
        ours = _ours(derive_seed(seed, "ours", i), None)
        t = time.perf_counter()
        ours.choose(position, player)
        ours_time += time.perf_counter() - t
        ours_its += ours.last_iterations
        theirs = _theirs(spiel, derive_seed(seed, "theirs", i), None)
        t = time.perf_counter()
        theirs.step(wrapped)
        theirs_time += time.perf_counter() - t
        theirs_its += RATE_ITERATIONS
        done += 1
    ours_rate = ours_its / ours_time
    theirs_rate = theirs_its / theirs_time
    return {
        "positions": done,
        "ours": ours_rate,
        "theirs": theirs_rate,
        "ratio": ours_rate / theirs_rate,
    }


def play_match(
    name: str, seed: int, ours_seat: int, time_per_move: float, config: str = "alike"
) -> float:
    """One two-player game, ours at ``ours_seat``: our return (+1 win, 0 tie, −1 loss)."""
    spiel = _load(name, rng_seed=seed % 2**31)  # a C++ int
    state = spiel.new_initial_state()
    ours = _ours(derive_seed(seed, "ours"), time_per_move, config)
    theirs = _theirs(spiel, derive_seed(seed, "theirs"), time_per_move)
    index = spiel.index
    while not state.is_terminal():
        player = state.current_player()
        if player == ours_seat:
            action = ours.choose(state.engine_state, player)
            state.apply_action(index.id_of(action))
        else:
            state.apply_action(theirs.step(state))
    return float(state.returns()[ours_seat])


def head_to_head(
    name: str,
    budget: float,
    time_per_move: float,
    seed: int = 1,
    min_games: int = 2,
    ours: str = "alike",
) -> dict[str, float]:
    """Games until the budget is spent (seats alternate): wins, ties, losses of ours."""
    wins = ties = losses = 0
    start = time.perf_counter()
    longest = 0.0
    g = 0
    while True:
        elapsed = time.perf_counter() - start
        if g >= min_games and elapsed + longest > budget:
            break
        t = time.perf_counter()
        result = play_match(name, derive_seed(seed, "match", g), g % 2, time_per_move, ours)
        longest = max(longest, time.perf_counter() - t)
        if result > 0:
            wins += 1
        elif result < 0:
            losses += 1
        else:
            ties += 1
        g += 1
    score = wins + 0.5 * ties
    lo, hi = wilson(score, g)
    return {
        "games": g,
        "wins": wins,
        "ties": ties,
        "losses": losses,
        "win_rate": score / g,
        "ci_low": lo,
        "ci_high": hi,
    }


def run(
    seconds: float = 60.0,
    time_per_move: float = 0.05,
    games: tuple[str, ...] | list[str] = GAMES,
    seed: int = 1,
    ours: str = "alike",
) -> list[dict[str, Any]]:
    """Measure every game within about ``seconds`` seconds (a fifth for rates; with
    ``ours="levels"`` all of it for games, our levels' search against OpenSpiel's)."""
    openspiel.register()
    rows: list[dict[str, Any]] = []
    names = [g for g in games if g in liftoff.games.names()]
    per = seconds / max(1, len(names))

    def row(game: str, metric: str, value: float, unit: str) -> None:
        rows.append(
            {"game": game, "metric": metric, "value": value, "unit": unit, "players": PLAYERS}
        )

    for name in names:
        share = 1.0
        if ours == "alike":
            share = 0.8
            rates = iteration_rates(name, per * 0.2, seed)
            row(name, "positions", rates["positions"], "positions")
            row(name, "iterations_per_s_ours", rates["ours"], "it/s")
            row(name, "iterations_per_s_openspiel", rates["theirs"], "it/s")
            row(name, "iterations_ratio", rates["ratio"], "x")
        match = head_to_head(name, per * share, time_per_move, seed, ours=ours)
        row(name, "time_per_move", time_per_move, "s")
        row(name, "games", match["games"], "games")
        row(name, "wins_ours", match["wins"], "games")
        row(name, "ties", match["ties"], "games")
        row(name, "losses_ours", match["losses"], "games")
        row(name, "win_rate_ours", match["win_rate"], "fraction")
        row(name, "win_rate_ci95_low", match["ci_low"], "fraction")
        row(name, "win_rate_ci95_high", match["ci_high"], "fraction")
    return rows


def main(argv: list[str]) -> None:
    seconds = float(argv[1]) if len(argv) > 1 else 60.0
    per_move = float(argv[2]) if len(argv) > 2 else 0.05
    games = argv[3].split(",") if len(argv) > 3 else list(GAMES)
    ours = argv[4] if len(argv) > 4 else "alike"
    if ours not in CONFIGS:
        raise SystemExit(f"ours must be one of {', '.join(CONFIGS)}, not {ours!r}")
    start = time.perf_counter()
    rows = run(seconds, per_move, games, ours=ours)
    print(f"{'game':<8} {'metric':<28} {'value':>12}  unit")
    for r in rows:
        print(f"{r['game']:<8} {r['metric']:<28} {r['value']:>12,.3f}  {r['unit']}")
    print(f"({time.perf_counter() - start:.0f} s, pyspiel {pyspiel.__version__})")


if __name__ == "__main__":
    main(sys.argv)
