"""Tournaments between bots: the schedule, parallel play, results and ratings.

A tournament plays every *table* (a set of ``players`` bots: every combination
of distinct bots when there are enough of them, otherwise every multiset with at
least two different bots) ``games`` times, cycling through every distinct seat
order of the table, so that with two players the seats alternate.

Every game has a seed derived from the tournament seed and the game's place in
the schedule; the bots' seeds and the driver's seed derive from it. A game's
result therefore depends only on its seed, never on which process played it, so
any number of workers gives the same results (bots with a ``time_limit`` are
the exception: their choices depend on machine speed). Games are played in
chunks of consecutive games by a :class:`~concurrent.futures.ProcessPoolExecutor`.

The summary gives per bot: games, seats, wins (a shared win counts as a
fraction), win rate per seat with a Wilson 95% interval whose sample size is
the effective number of independent observations (games, not seats: a bot in
several seats of one game is one cluster), average score and place, and an openskill
(Plackett-Luce) rating computed over the games in schedule order (a bot in
several seats of one game gets the mean of its seats' updates); for two
players it adds the head-to-head win rates.
"""

from __future__ import annotations

import csv
import io
import json
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement, permutations
from pathlib import Path
from typing import Any

import liftoff
from liftoff.bots import heuristic as _heuristic
from liftoff.bots import make, names, parse_spec
from liftoff.engine import Game, derive_seed, play

Z95 = 1.959963984540054


# -- bot lists --------------------------------------------------------------------


def split_bots(text: str) -> list[str]:
    """Split a ``--bots`` list: commas separate bots, but a part written
    ``key=value`` without a bot name continues the previous bot's parameters.

    >>> split_bots("random,heuristic,ismcts:iterations=200,rollout=heuristic")
    ['random', 'heuristic', 'ismcts:iterations=200,rollout=heuristic']
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] = f"{specs[-1]},{part}"
        else:
            specs.append(part)
    return specs


def check_bot(spec: str, game: Game[Any]) -> None:
    """Raise ``ValueError`` with a clear message if ``spec`` cannot play ``game``."""
    name, _ = parse_spec(spec)
    if name not in names():
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    make(spec, seed=0)
    if name == "heuristic" and game.info.name not in _heuristic.games():
        raise ValueError(
            f"no heuristic bot for game {game.info.name!r}; "
            f"heuristics exist for: {', '.join(_heuristic.games())}"
        )
    if name == "ismcts":
        _, params = parse_spec(spec)
        if params.get("rollout") == "heuristic" and game.info.name not in _heuristic.games():
            raise ValueError(f"no heuristic rollout policy for game {game.info.name!r}")


# -- the schedule -------------------------------------------------------------------


@dataclass(frozen=True)
class GameTask:
    """One game of the schedule."""

    index: int
    table: int
    seats: tuple[str, ...]
    seed: int


def tables(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The sets of bots that meet at a table (as sorted tuples of specs)."""
    distinct = list(dict.fromkeys(bots))
    if len(distinct) >= players:
        return [tuple(c) for c in combinations(distinct, players)]
    if len(distinct) == 1:
        return [tuple(distinct * players)]
    return [tuple(c) for c in combinations_with_replacement(distinct, players) if len(set(c)) >= 2]


def seat_orders(table: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every distinct seating of a table, in a fixed order."""
    return list(dict.fromkeys(permutations(table)))


def schedule(bots: Sequence[str], players: int, games: int, seed: int) -> list[GameTask]:
    """Every game of the tournament: ``games`` per table, seat orders cycling."""
    tasks: list[GameTask] = []
    for t, table in enumerate(tables(bots, players)):
        orders = seat_orders(table)
        for k in range(games):
            tasks.append(
                GameTask(
                    index=len(tasks),
                    table=t,
                    seats=orders[k % len(orders)],
                    seed=derive_seed(seed, "tournament-game", t, k),
                )
            )
    return tasks


# -- playing --------------------------------------------------------------------------


def play_game(
    game_name: str, task: GameTask, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play one scheduled game and return its record (a JSON-safe dict).

    An exception inside a game (a rules-engine bug) is caught and recorded in
    ``error``; such games count in no statistic.
    """
    game = liftoff.games.get(game_name)
    players = len(task.seats)
    started = time.perf_counter()
    record: dict[str, Any] = {
        "index": task.index,
        "table": task.table,
        "seed": task.seed,
        "seats": list(task.seats),
    }
    state = None
    try:
        bots = [
            make(spec, seed=derive_seed(task.seed, "seat", seat))
            for seat, spec in enumerate(task.seats)
        ]
        state = game.new_game(players, task.seed, options or {})
        counted = [_Counted(b) for b in bots]
        play(state, counted, seed=task.seed)
        outcome = state.outcome()
        assert outcome is not None
        record.update(
            {
                "scores": [float(s) for s in outcome.scores],
                "winners": list(outcome.winners),
                "places": list(outcome.places),
                "termination": outcome.termination,
                "actions": state.version,
                "error": None,
                "decisions": [c.decisions for c in counted],
                "iterations": [c.iterations for c in counted],
            }
        )
    except Exception as exc:  # a bug in a game or a bot must not stop the tournament
        record.update(
            {
                "scores": None,
                "winners": None,
                "places": None,
                "termination": "error",
                "actions": state.version if state is not None else 0,
                "error": f"{type(exc).__name__}: {exc}",
            }
        )
    record["seconds"] = round(time.perf_counter() - started, 4)
    return record


class _Counted:
    """A seat's bot, counting its decisions (and search iterations, if it searches)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0
        self.iterations = 0

    def choose(self, state: Any, player: int) -> Any:
        action = self.bot.choose(state, player)
        self.decisions += 1
        self.iterations += int(getattr(self.bot, "last_iterations", 0))
        return action


def _play_chunk(
    game_name: str, tasks: list[GameTask], options: dict[str, Any] | None
) -> list[dict[str, Any]]:
    return [play_game(game_name, t, options) for t in tasks]


def _chunks(tasks: list[GameTask], size: int) -> Iterator[list[GameTask]]:
    for i in range(0, len(tasks), size):
        yield tasks[i : i + size]


def run(
    game_name: str,
    tasks: list[GameTask],
    *,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    chunk_size: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_records: Callable[[list[dict[str, Any]]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play ``tasks`` (in ``workers`` processes) and return the records in
    schedule order. ``on_progress(n)`` is called as ``n`` more games finish,
    ``on_records(records)`` with those games' records (in finishing order)."""
    if workers <= 1 or len(tasks) <= 1:
        records = []
        for task in tasks:
            rec = play_game(game_name, task, options)
            records.append(rec)
            if on_records is not None:
                on_records([rec])
            if on_progress is not None:
                on_progress(1)
        return records
    size = chunk_size or max(1, min(16, math.ceil(len(tasks) / (workers * 4))))
    records = []
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    finished = False
    try:
        futures = [
            pool.submit(_play_chunk, game_name, chunk, options) for chunk in _chunks(tasks, size)
        ]
        for fut in as_completed(futures):
            got = fut.result()
            records.extend(got)
            if on_records is not None:
                on_records(got)
            if on_progress is not None:
                on_progress(len(got))
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:  # Ctrl-C: stop the workers now (the games so far went to on_records)
            # stop the workers first, then let the pool's thread notice and end
            # (ending the process while that thread still runs makes Python print
            # a spurious "Bad file descriptor" traceback at exit)
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)
    records.sort(key=lambda r: int(r["index"]))
    return records


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def resumable(tasks: Sequence[GameTask], lines: Iterable[str]) -> dict[int, dict[str, Any]]:
    """The records among ``lines`` (JSON, one per line, as an interrupted run
    saved them) that belong to ``tasks``: same index, seed and seats. A line
    cut short or from another schedule is left out (that game is played again)."""
    by_index = {t.index: t for t in tasks}
    out: dict[int, dict[str, Any]] = {}
    for line in lines:
        try:
            rec = json.loads(line)
            task = by_index.get(int(rec["index"]))
        except (ValueError, KeyError, TypeError):
            continue
        if (
            task is not None
            and rec.get("seed") == task.seed
            and rec.get("seats") == list(task.seats)
        ):
            out[task.index] = rec
    return out


# -- statistics ----------------------------------------------------------------------------


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> lo, hi = wilson(90, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.826, 0.945)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def clustered_wilson(clusters: Sequence[tuple[float, int]], z: float = Z95) -> tuple[float, float]:
    """A Wilson interval of the rate ``sum(y) / sum(m)`` over clusters ``(y, m)``
    (``y`` successes in ``m`` trials, e.g. a bot's wins in its ``m`` seats of
    one game): the Wilson interval at the *effective* sample size
    ``p(1 - p) / var``, with ``var`` the cluster-robust (ratio-estimator)
    variance. With one trial per cluster it is about the plain Wilson interval;
    trials that move together in a cluster widen it.

    >>> lo, hi = clustered_wilson([(1.0, 1)] * 50 + [(0.0, 1)] * 50)
    >>> round(lo, 2), round(hi, 2)
    (0.4, 0.6)
    >>> lo2, hi2 = clustered_wilson([(2.0, 2)] * 50 + [(0.0, 2)] * 50)
    >>> round(lo2, 2), round(hi2, 2)  # 200 seats, but 100 independent games
    (0.4, 0.6)
    """
    g = len(clusters)
    trials = sum(m for _, m in clusters)
    if g == 0 or trials == 0:
        return 0.0, 1.0
    p = sum(y for y, _ in clusters) / trials
    if g < 2 or p in (0.0, 1.0):
        return wilson(p * g, g, z)
    var = g / (g - 1) * sum((y - p * m) ** 2 for y, m in clusters) / trials**2
    n_eff = p * (1 - p) / var if var > 0 else float(g)
    return wilson(p * n_eff, n_eff, z)


@dataclass
class BotStats:
    """One bot's line of the summary: ``games`` it sat in, ``seats`` it held
    (more than games when it sits several times at one table), ``wins`` (shares
    of wins over its seats) and the rate per seat, ``wins / seats``."""

    bot: str
    games: int = 0
    seats: int = 0
    clusters: list[tuple[float, int]] = field(default_factory=list, repr=False)
    wins: float = 0.0
    score_sum: float = 0.0
    place_sum: float = 0.0
    mu: float = 25.0
    sigma: float = 25.0 / 3
    ordinal: float = 0.0
    decisions: int = 0
    iterations: int = 0

    @property
    def iterations_per_decision(self) -> float | None:
        """Average search iterations per decision (``None`` for bots that do not search)."""
        return self.iterations / self.decisions if self.iterations and self.decisions else None

    @property
    def win_rate(self) -> float:
        """Wins per seat held (a shared win counts 1/k)."""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% interval of ``win_rate``, clustered by game (:func:`clustered_wilson`)."""
        return clustered_wilson(self.clusters)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "bot": self.bot,
            "games": self.games,
            "seats": self.seats,
            "wins": round(self.wins, 4),
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "avg_score": round(self.score_sum / self.seats, 4) if self.seats else None,
            "avg_place": round(self.place_sum / self.seats, 4) if self.seats else None,
            "decisions": self.decisions,
            "iterations_per_decision": (
                None
                if self.iterations_per_decision is None
                else round(self.iterations_per_decision, 1)
            ),
            "rating": {
                "mu": round(self.mu, 3),
                "sigma": round(self.sigma, 3),
                "ordinal": round(self.ordinal, 3),
            },
        }


@dataclass
class Summary:
    """Everything the final table shows."""

    game: str
    players: int
    seed: int
    bots: list[str]
    played: int
    errors: int
    stats: list[BotStats]
    head_to_head: dict[str, dict[str, tuple[float, int]]] = field(default_factory=dict)
    error_samples: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        h2h = {
            a: {
                b: {
                    "wins": round(w, 4),
                    "games": n,
                    "win_rate": round(w / n, 4) if n else None,
                    "ci95": [round(x, 4) for x in wilson(w, n)],
                }
                for b, (w, n) in row.items()
            }
            for a, row in self.head_to_head.items()
        }
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "bots": self.bots,
            "games_played": self.played,
            "errors": self.errors,
            "error_samples": self.error_samples,
            "stats": [s.to_json() for s in self.stats],
            "head_to_head": h2h,
        }


def summarize(
    game: str, players: int, seed: int, bots: Sequence[str], records: Iterable[dict[str, Any]]
) -> Summary:
    """Win rates, intervals, averages and openskill ratings from game records."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in bots}
    stats = {b: BotStats(b) for b in bots}
    h2h: dict[str, dict[str, tuple[float, int]]] = {}
    played = errors = 0
    samples: list[str] = []
    for rec in records:
        if rec.get("error"):
            errors += 1
            if len(samples) < 3:
                samples.append(f"game {rec['index']} (seed {rec['seed']}): {rec['error']}")
            continue
        played += 1
        seats: list[str] = rec["seats"]
        winners: list[int] = rec["winners"]
        places: list[int] = rec["places"]
        share = 1.0 / len(winners) if winners else 0.0
        per_game: dict[str, list[float]] = {}
        for seat, bot in enumerate(seats):
            st = stats[bot]
            st.seats += 1
            per_game.setdefault(bot, []).append(share if seat in winners else 0.0)
            if rec.get("decisions"):
                st.decisions += int(rec["decisions"][seat])
                st.iterations += int(rec["iterations"][seat])
            st.score_sum += float(rec["scores"][seat])
            st.place_sum += places[seat]
            if seat in winners:
                st.wins += share
        for bot, values in per_game.items():
            stats[bot].games += 1
            stats[bot].clusters.append((sum(values), len(values)))
        if len(seats) == 2 and seats[0] != seats[1]:
            for seat in (0, 1):
                a, b = seats[seat], seats[1 - seat]
                w, n = h2h.setdefault(a, {}).get(b, (0.0, 0))
                h2h[a][b] = (w + (share if seat in winners else 0.0), n + 1)
        # openskill: one team per seat; a bot in several seats gets the mean of
        # its seats' updated ratings
        teams = [[model.rating(mu=ratings[bot].mu, sigma=ratings[bot].sigma)] for bot in seats]
        new = model.rate(teams, ranks=[float(p) for p in places])
        updates: dict[str, list[Any]] = {}
        for bot, team in zip(seats, new, strict=True):
            updates.setdefault(bot, []).append(team[0])
        for bot, got in updates.items():
            ratings[bot] = model.rating(
                mu=sum(r.mu for r in got) / len(got),
                sigma=sum(r.sigma for r in got) / len(got),
                name=bot,
            )
    for b in bots:
        r = ratings[b]
        stats[b].mu, stats[b].sigma, stats[b].ordinal = r.mu, r.sigma, r.ordinal()
    ordered = sorted(stats.values(), key=lambda s: (-s.ordinal, s.bot))
    return Summary(game, players, seed, list(bots), played, errors, ordered, h2h, samples)


# -- saving ------------------------------------------------------------------------------------

CSV_FIELDS = (
    "index",
    "table",
    "seed",
    "seats",
    "scores",
    "winners",
    "places",
    "termination",
    "actions",
    "decisions",
    "iterations",
    "error",
    "seconds",
)


def save_records(records: Sequence[dict[str, Any]], path: Path) -> None:
    """Write game records as JSON Lines, or as CSV when ``path`` ends in ``.csv``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".csv":
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
        writer.writeheader()
        for rec in records:
            row = {
                k: (
                    ";".join(str(x) for x in rec[k])
                    if isinstance(rec.get(k), list)
                    else ("" if rec.get(k) is None else rec[k])
                )
                for k in CSV_FIELDS
            }
            writer.writerow(row)
        path.write_text(buf.getvalue(), encoding="utf-8")
        return
    with path.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, sort_keys=True) + "\n")
