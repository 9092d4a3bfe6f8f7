"""Tournaments between bots: the schedule, results and ratings.

A tournament is a simulation with ``round-robin`` seating
(:mod:`liftoff.sim.runner`): its games are played by the simulation's runner
and backends (a local process pool or a Ray cluster), and this module turns
the simulation's rows into the tournament's records and summary.

A tournament plays every *table* (a set of ``players`` bots: every combination
of distinct bots when there are enough of them, otherwise every multiset with
at least two different bots) ``games`` times, cycling through every distinct
seat order of the table, so that with two players the seats alternate. Game
``i`` of the schedule is played at table ``i mod T`` (of ``T`` tables).

Every game's seed is the simulation's game seed, derived from the tournament
seed and the game's index (:func:`liftoff.sim.runner.game_seed`); the bots'
seeds and the driver's seed derive from it. A game's result therefore depends
only on its seed, never on which process or machine played it, so any number
of workers and either backend give the same results (bots with a
``time_limit`` are the exception: their choices depend on machine speed).

The summary gives per bot: games, seats, wins (a shared win counts as a
fraction), win rate per seat with a Wilson 95% interval whose sample size is
the effective number of independent observations (games, not seats: a bot in
several seats of one game is one cluster), average score and place, and an
openskill (Plackett-Luce) rating computed over the games in schedule order (a
bot in several seats of one game gets the mean of its seats' updates); for two
players it adds the head-to-head win rates.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from liftoff.sim import backends
from liftoff.sim.runner import (
    DEFAULT_MAX_ACTIONS,
    GameResult,
    SimConfig,
    SimError,
    game_seed,
    make_config,
    seat_orders,
    seating,
    table_of,
    tables,
)
from liftoff.sim.stats import clustered_wilson, wilson

# -- the schedule -------------------------------------------------------------------


def tournament(
    game: str,
    bots: str | Sequence[str],
    players: int = 2,
    games: int = 100,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> SimConfig:
    """The simulation that plays a tournament of ``games`` games per table.

    ``bots`` is a seat list or one text per bot (the one seat grammar,
    :mod:`liftoff.bots.seats`); a bad game, bot, option or size raises
    :class:`~liftoff.sim.runner.SimError` with a readable message.
    """
    if games < 1:
        raise SimError(f"--games must be at least 1, not {games}")
    config = make_config(
        game,
        players,
        bots,
        1,
        seed=seed,
        options=options,
        seating="round-robin",
        keep_records=0,
        max_actions=max_actions,
    )
    return dataclasses.replace(config, games=games * len(tables(config.bots, players)))


def games_per_table(config: SimConfig) -> int:
    """How many games each table of a tournament plays."""
    return config.games // len(tables(config.bots, config.players))


@dataclass(frozen=True)
class GameTask:
    """One game of the schedule."""

    index: int
    table: int
    seats: tuple[str, ...]
    seed: int


def schedule(config: SimConfig) -> list[GameTask]:
    """Every game of the tournament, in schedule order."""
    return [
        GameTask(i, table_of(config, i), tuple(seating(config, i)), game_seed(config.seed, i))
        for i in range(config.games)
    ]


# -- playing --------------------------------------------------------------------------


def record(config: SimConfig, result: GameResult) -> dict[str, Any]:
    """The tournament's record (a JSON-safe dict) of one played game.

    A game that raised (a bug in a game or a bot) has its message in
    ``error``; such games count in no statistic.
    """
    row = result.row
    scores = row["scores"]
    return {
        "index": result.index,
        "table": table_of(config, result.index),
        "seed": row["seed"],
        "seats": row["seats"],
        "scores": None if scores is None else [float(x) for x in scores],
        "winners": row["winners"],
        "places": row["places"],
        "termination": row["termination"],
        "actions": row["length"]["actions"],
        "decisions": row.get("decisions"),
        "iterations": row.get("iterations"),
        "error": row.get("error"),
        "seconds": result.seconds,
    }


def run(
    config: SimConfig,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    done: Collection[int] = (),
    on_progress: Callable[[int], None] | None = None,
    on_records: Callable[[list[dict[str, Any]]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play the tournament's games (but those in ``done``) on the simulation
    backend ``backend`` (``local``: ``workers`` processes; ``ray``: a local
    Ray or the cluster at ``address``) and return their records in schedule
    order. ``on_progress(n)`` is called as ``n`` more games finish,
    ``on_records(records)`` with each game's record as it comes in."""
    records = []
    for result in backends.run(
        config, backend, workers, address, progress=on_progress, chunk_size=chunk_size, done=done
    ):
        rec = record(config, result)
        records.append(rec)
        if on_records is not None:
            on_records([rec])
    records.sort(key=lambda r: int(r["index"]))
    return records


def resumable(config: SimConfig, lines: Iterable[str]) -> dict[int, dict[str, Any]]:
    """The records among ``lines`` (JSON, one per line, as an interrupted run
    saved them) that belong to ``config``'s schedule: same index, seed and
    seats. A line cut short or from another schedule is left out (that game
    is played again)."""
    out: dict[int, dict[str, Any]] = {}
    for line in lines:
        try:
            rec = json.loads(line)
            index = int(rec["index"])
        except (ValueError, KeyError, TypeError):
            continue
        if (
            0 <= index < config.games
            and rec.get("seed") == game_seed(config.seed, index)
            and rec.get("seats") == seating(config, index)
        ):
            out[index] = rec
    return out


# -- statistics ----------------------------------------------------------------------------


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


def is_csv(path: Path) -> bool:
    """Whether :func:`save_records` writes ``path`` as CSV (else JSON Lines)."""
    return path.suffix.lower() == ".csv"


def save_records(records: Sequence[dict[str, Any]], path: Path) -> None:
    """Write game records as JSON Lines, or as CSV when ``path`` ends in ``.csv``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if is_csv(path):
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


__all__ = [
    "BotStats",
    "GameTask",
    "Summary",
    "clustered_wilson",
    "games_per_table",
    "record",
    "resumable",
    "run",
    "save_records",
    "schedule",
    "seat_orders",
    "summarize",
    "tables",
    "tournament",
    "wilson",
]
