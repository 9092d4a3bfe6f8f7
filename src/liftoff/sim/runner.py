"""Playing many games: the configuration, per-game seeds, seating, one game,
one result row, and chunks of game indices.

Everything here is a pure function of the configuration and the game index, so
a game's row is the same whichever process (or machine) plays it: that is what
makes the output of ``liftoff simulate`` identical for any number of workers and
either backend.
"""

from __future__ import annotations

import json
import time
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, permutations
from pathlib import Path
from typing import Any

import liftoff
from liftoff import bots
from liftoff.bots.seats import SeatError, parse_game_seats, seat_seed
from liftoff.engine import (
    Action,
    ContentError,
    Game,
    OptionError,
    OptionValue,
    State,
    derive_seed,
    play,
)
from liftoff.sim import studybots

studybots.register()

SEATINGS = ("fixed", "rotate", "round-robin")
"""How bots are seated: ``fixed`` (bot *i* in seat *i* every game), ``rotate``
(game *g* seats bot *i* in seat ``(i - g) mod P``, so each bot plays each seat
equally often) or ``round-robin`` (the bots are entrants of a tournament: game
*g* is played at table ``g mod T`` of the *T* :func:`tables`, in its seat order
number ``g div T``, cycling through :func:`seat_orders`)."""

DEFAULT_MAX_ACTIONS = 200_000


class SimError(ValueError):
    """A simulation that cannot be set up (bad game, bots, options, sizes)."""


@dataclass(frozen=True)
class SimConfig:
    """What to simulate. Its JSON form is ``meta.json``'s ``config``."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    seating: str = "fixed"
    keep_records: int = 10
    max_actions: int = DEFAULT_MAX_ACTIONS
    content: str = ""
    """A content directory the games are played with ("" = the shipped content)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict (``from_json`` inverts it); ``content`` only when set,
        so the files of a run on the shipped content stay as they were."""
        out = {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "seating": self.seating,
            "keep_records": self.keep_records,
            "max_actions": self.max_actions,
        }
        if self.content:
            out["content"] = self.content
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> SimConfig:
        """The configuration of a ``to_json`` dict."""
        return SimConfig(
            game=str(data["game"]),
            players=int(data["players"]),
            bots=tuple(str(b) for b in data["bots"]),
            games=int(data["games"]),
            seed=int(data.get("seed", 0)),
            options=dict(data.get("options", {})),
            seating=str(data.get("seating", "fixed")),
            keep_records=int(data.get("keep_records", 10)),
            max_actions=int(data.get("max_actions", DEFAULT_MAX_ACTIONS)),
            content=str(data.get("content", "")),
        )


def make_config(
    game: str,
    players: int,
    bot_specs: str | Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    seating: str = "fixed",
    keep_records: int = 10,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    content: str | Path | None = None,
) -> SimConfig:
    """A checked configuration; raises :class:`SimError` with a readable message.

    Bots are a seat list (text) or one seat text each, read by the one seat
    grammar (:mod:`liftoff.bots.seats`) and kept in canonical text. One bot
    stands for every seat; with ``round-robin`` seating the bots are the
    entrants (any number of them). Options are validated by the game (and
    given as text or typed values); the configuration keeps only those that
    differ from the defaults, typed.

    ``content`` is a content directory to play with (files missing there: the
    shipped ones), kept as an absolute path; for a game whose options name
    their content (agency's ``content``), the configuration also keeps the
    content's fingerprint, so every game checks that the directory still
    holds the same cards (a resumed run never mixes two versions).
    """
    try:
        g = liftoff.games.get(game)
    except liftoff.UnknownGame as exc:
        raise SimError(str(exc)) from None
    where = ""
    if content is not None and str(content):
        where = str(Path(content).resolve())
        try:
            g = g.load_content(where)
        except ContentError as exc:
            raise SimError(f"--content {content}: {exc}") from None
    if games < 1:
        raise SimError(f"--games must be at least 1, not {games}")
    if keep_records < 0:
        raise SimError(f"the number of records to keep must be >= 0, not {keep_records}")
    if max_actions < 1:
        raise SimError(f"max_actions must be >= 1, not {max_actions}")
    if seating not in SEATINGS:
        raise SimError(f"unknown seating {seating!r}; choose one of: {', '.join(SEATINGS)}")
    if not g.info.min_players <= players <= g.info.max_players:
        raise SimError(
            f"{g.info.title} is for {g.info.min_players}-{g.info.max_players} players, "
            f"not {players}"
        )
    specs = _bot_specs(bot_specs, g.info.name, players, seating)
    try:
        full = g.options.validate(dict(options or {}))
        g.check_options(players, full)
    except OptionError as exc:
        raise SimError(str(exc)) from None
    defaults = g.options.defaults()
    if where and "content" in defaults:
        full["content"] = g.content_fingerprint()
    given = {k: v for k, v in full.items() if v != defaults.get(k)}
    return SimConfig(
        game=g.info.name,
        players=players,
        bots=tuple(specs),
        games=games,
        seed=seed,
        options=given,
        seating=seating,
        keep_records=keep_records,
        max_actions=max_actions,
        content=where,
    )


@lru_cache(maxsize=8)
def game_of(name: str, content: str = "") -> Game[Any]:
    """The game ``name``, bound to the content directory ``content`` ("" = shipped;
    loaded once per process)."""
    g = liftoff.games.get(name)
    return g.load_content(content) if content else g


def _bot_specs(given: str | Sequence[str], game: str, players: int, seating: str) -> list[str]:
    """The bots of a configuration, checked, in canonical text."""
    try:
        seats = parse_game_seats(given, game)
    except SeatError as exc:
        raise SimError(str(exc)) from None
    if any(seat.human for seat in seats):
        raise SimError("simulations are played by bots only: a seat is 'human'")
    specs = [seat.spec for seat in seats]
    if seating == "round-robin":
        return list(dict.fromkeys(specs))
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise SimError(
            f"{players} players need {players} bots (or one for every seat), "
            f"got {len(specs)}: {', '.join(specs)}"
        )
    return specs


def tables(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """The sets of bots that meet at a table in a round robin: every combination
    of ``players`` distinct bots when there are enough of them, otherwise every
    multiset with at least two different bots (one bot plays itself).

    >>> tables(("a", "b", "c"), 2)
    (('a', 'b'), ('a', 'c'), ('b', 'c'))
    >>> tables(["a", "b"], 3)
    (('a', 'a', 'b'), ('a', 'b', 'b'))
    """
    return _tables(tuple(bots), players)


@lru_cache(maxsize=16)
def _tables(bots: tuple[str, ...], players: int) -> tuple[tuple[str, ...], ...]:
    distinct = list(dict.fromkeys(bots))
    if len(distinct) >= players:
        return tuple(combinations(distinct, players))
    if len(distinct) == 1:
        return (tuple(distinct * players),)
    return tuple(c for c in combinations_with_replacement(distinct, players) if len(set(c)) >= 2)


@lru_cache(maxsize=256)
def seat_orders(table: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct seating of a table, in a fixed order.

    >>> seat_orders(("a", "b"))
    (('a', 'b'), ('b', 'a'))
    """
    return tuple(dict.fromkeys(permutations(table)))


def table_of(config: SimConfig, index: int) -> int:
    """The table of game ``index`` in a ``round-robin`` run (0 otherwise)."""
    if config.seating != "round-robin":
        return 0
    return index % len(tables(config.bots, config.players))


def game_seed(seed: int, index: int) -> int:
    """The explicit seed of game number ``index`` of a run seeded with ``seed``."""
    return derive_seed(seed, "sim-game", index)


def seating(config: SimConfig, index: int) -> list[str]:
    """The bot spec in each seat of game ``index``."""
    p = config.players
    if config.seating == "rotate":
        return [config.bots[(s + index) % p] for s in range(p)]
    if config.seating == "round-robin":
        every = tables(config.bots, p)
        orders = seat_orders(every[index % len(every)])
        return list(orders[(index // len(every)) % len(orders)])
    return list(config.bots)


@lru_cache(maxsize=16)
def record_indices(games: int, keep: int) -> frozenset[int]:
    """Which game indices keep their full record: ``keep`` evenly spaced ones.

    >>> sorted(record_indices(10, 3))
    [0, 3, 6]
    """
    if keep <= 0:
        return frozenset()
    if keep >= games:
        return frozenset(range(games))
    return frozenset(i * games // keep for i in range(keep))


def _plain(value: Any) -> Any:
    """JSON-safe value with whole floats written as integers (3.0 -> 3)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class GameResult:
    """One played game: its row as one compact JSON line (a line of
    ``games.jsonl``: small to send between processes and to keep for 10⁵–10⁶
    games), a few facts for the run summary, and, for sampled games, its record.
    ``seconds`` is the game's wall time (the one figure that differs between
    runs; in no file of a simulation, and never compared).
    """

    index: int
    line: str
    actions: int
    failed: bool
    record: dict[str, Any] | None
    seconds: float = field(default=0.0, compare=False)

    @property
    def row(self) -> dict[str, Any]:
        """The row as a dict (parsed from ``line``)."""
        value: dict[str, Any] = json.loads(self.line)
        return value

    @staticmethod
    def of(
        index: int, row: dict[str, Any], record: dict[str, Any] | None, seconds: float = 0.0
    ) -> GameResult:
        """The result holding ``row``."""
        return GameResult(
            index,
            dumps(row),
            int(row["length"]["actions"]),
            row["termination"] == "error",
            record,
            round(seconds, 4),
        )


class _Counted:
    """A seat's bot, counting its decisions (and search iterations, if it searches)."""

    __slots__ = ("bot", "decisions", "iterations")

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0
        self.iterations = 0

    def choose(self, state: State, player: int) -> Action:
        action: Action = self.bot.choose(state, player)
        self.decisions += 1
        self.iterations += int(getattr(self.bot, "last_iterations", 0))
        return action


def play_game(config: SimConfig, index: int, keep_record: bool = False) -> GameResult:
    """Play game ``index`` of ``config`` and build its row.

    Besides the outcome, a row counts per seat the bot's ``decisions`` and the
    search ``iterations`` it ran in all (0 for bots that do not search).

    A game that fails (a bot error, no end within ``max_actions``) gives a row
    with ``termination == "error"`` and the message in ``error``; its record is
    always kept, so the failure can be replayed.
    """
    started = time.perf_counter()
    g = game_of(config.game, config.content)
    seed = game_seed(config.seed, index)
    seats = seating(config, index)
    state = g.new_game(config.players, seed, dict(config.options))
    row: dict[str, Any] = {
        "index": index,
        "seed": seed,
        "game": config.game,
        "players": config.players,
        "options": dict(config.options),
        "seats": seats,
    }
    agents: list[_Counted] = []
    try:
        for s, spec in enumerate(seats):
            agents.append(_Counted(bots.make(spec, seed=seat_seed(seed, s))))
        play(state, agents, seed=seed, max_actions=config.max_actions)
        outcome = state.outcome()
        if outcome is None:  # pragma: no cover - play() only returns finished games
            raise RuntimeError("the game did not finish")
    except Exception as exc:  # one bad game must not sink a 100,000-game run
        row.update(_failed(state, f"{type(exc).__name__}: {exc}"))
        row.update(_counts(agents, len(seats)))
        return GameResult.of(index, row, state.record(), time.perf_counter() - started)
    details = _plain(dict(outcome.details))
    row.update(
        {
            "scores": _plain(list(outcome.scores)),
            "winners": list(outcome.winners),
            "places": list(outcome.places),
            "ranking": list(outcome.ranking),
            "termination": outcome.termination,
            "length": {
                "actions": state.version,
                "turns": _count(details.get("turns")),
                "rounds": _count(details.get("rounds")),
            },
            "details": details,
        }
    )
    row.update(_counts(agents, len(seats)))
    record = state.record() if keep_record else None
    return GameResult.of(index, row, record, time.perf_counter() - started)


def _failed(state: State, error: str) -> dict[str, Any]:
    """The outcome part of a failed game's row."""
    return {
        "scores": None,
        "winners": None,
        "places": None,
        "ranking": None,
        "termination": "error",
        "length": {"actions": state.version, "turns": None, "rounds": None},
        "details": {},
        "error": error,
    }


def _counts(agents: Sequence[_Counted], seats: int) -> dict[str, list[int]]:
    """Decisions and search iterations per seat (0 for a seat whose bot was not built)."""
    pad = [0] * (seats - len(agents))
    return {
        "decisions": [a.decisions for a in agents] + pad,
        "iterations": [a.iterations for a in agents] + pad,
    }


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def play_one(config: SimConfig, index: int) -> GameResult:
    """Play game ``index`` of ``config``, keeping its record when the run keeps
    that game's (:func:`record_indices`)."""
    return play_game(config, index, index in record_indices(config.games, config.keep_records))


def iter_chunk(config: SimConfig, start: int, stop: int) -> Iterator[GameResult]:
    """Play games ``start`` to ``stop - 1`` (the unit of work of every backend),
    yielding each result as soon as its game is finished."""
    for index in range(start, stop):
        yield play_one(config, index)


def run_chunk(config: SimConfig, start: int, stop: int) -> list[GameResult]:
    """Play games ``start`` to ``stop - 1`` and return their results."""
    return list(iter_chunk(config, start, stop))


def chunks(
    games: int, workers: int, size: int | None = None, done: Collection[int] = ()
) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` ranges covering ``range(games)`` except the indices in
    ``done`` (games a resumed run already has).

    By default about 16 chunks per worker, between 1 and 200 games each: enough
    chunks to balance the load and move the progress bar, few enough that
    process overhead stays small.
    """
    todo = games - len(done)
    if size is None:
        size = max(1, min(200, -(-todo // (max(1, workers) * 16))))
    skip = frozenset(done)
    start = 0
    while start < games:
        while start < games and start in skip:
            start += 1
        stop = start
        while stop < games and stop - start < size and stop not in skip:
            stop += 1
        if stop > start:
            yield start, stop
        start = stop


def dumps(value: Any) -> str:
    """Compact, deterministic JSON (the form of every JSON cell and line)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
