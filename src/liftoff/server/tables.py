"""The table manager: live games in memory, their action logs in the database.

- Each live table holds its engine ``State`` and a lock. An action is checked
  and applied under the lock, appended to the action log in the database, and
  only then acknowledged and pushed to the players: nothing acknowledged is
  ever lost, and on start every unfinished game is rebuilt from its log with
  ``Game.replay``.
- Bots take seats server-side (asyncio tasks; their thinking runs in a worker
  thread on a clone of the state). A player who disconnects keeps their seat
  for a grace period; then a bot plays for them (a *zombie* seat) until they
  come back.
- Turn-based games may have clocks (time per player plus extra time per turn).
  A player out of time has the bot play for them until their turn ends; their
  next turn brings the extra time again.
- Undo takes back a player's own last action when it drew no chance and
  revealed nothing (``State.last_action_undoable()``).
- Real-time games (``race``) run live through their real-time driver.

Only the engine API (``liftoff.engine``) and the bots' ``make`` are used, so
every game works the same way.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import liftoff
from liftoff import bots as bot_registry
from liftoff.engine import (
    Action,
    Game,
    IllegalAction,
    OptionError,
    ReplayError,
    State,
    derive_seed,
)

from .botpool import BotBounds, BotPool, bounded_spec, check_bot
from .errors import ApiError
from .health import ErrorLog, db_error_text
from .ratelimit import is_loopback
from .realtime import RaceRunner
from .storage import ActionData, SeatData, Store, TableData

log = logging.getLogger("liftoff.server")

LOG_KEEP = 200  # game-log lines kept per table (older ones stay in the database)
SPECTATOR = -1  # the recipient key of spectators in per-recipient caches


@dataclass
class Settings:
    """Tunable behaviour of the server (the defaults suit people playing)."""

    bot_delay: float = 0.4  # seconds a bot waits before acting (so people can follow)
    grace: float = 60.0  # seconds a disconnected player keeps their seat to themselves
    zombie_bot: str = "random"  # who plays for a disconnected or timed-out player
    race_start_pause: float = 3.0  # seconds before a race round opens
    race_round_pause: float = 5.0  # seconds between race rounds
    max_live_tables: int = 5000  # unfinished tables held at once (finished ones do not count)
    max_tables_per_address: int = 20  # unfinished tables one client address may create
    open_table_ttl: float = 3600.0  # an open table nobody joined or watched expires after
    idle_table_ttl: float = 86_400.0  # a game nobody played or watched expires after
    sweep_every: float = 60.0  # seconds between looks for expired tables
    admin_token: str | None = None  # the operator's token for the admin routes (None: off)
    # reverse proxies whose X-Forwarded-For names the real client (per-address limits)
    trusted_proxies: frozenset[str] = frozenset()
    exempt_loopback: bool = False  # loopback clients skip per-address limits (load tests)
    max_ws_per_address: int = 50  # WebSockets one client address may hold open (0: no cap)
    max_requests_per_address: int = 50  # REST requests one address may have in flight
    header_timeout: float = 10.0  # seconds for a request's line and headers to arrive
    body_timeout: float = 20.0  # seconds for a request's body to arrive
    hello_timeout: float = 15.0  # seconds for a WebSocket's hello
    lease_ttl: float = 30.0  # seconds a crashed server's database lease outlives it
    max_body: int = 64 * 1024  # bytes per request body / WebSocket message
    http_rate: float = 50.0  # REST requests per second per client address
    http_burst: float = 200.0
    ws_rate: float = 20.0  # WebSocket messages per second per connection
    ws_burst: float = 60.0
    lobby_limit: int = 50
    watch_delay: float = 0.03  # seconds a watcher's update waits to take in more changes
    # bots: ceilings of what a client may ask (time per decision, iterations, depth);
    # real-time (race) bots decide on the event loop and get a much smaller time
    max_bot_seconds: float = 5.0
    max_bot_iterations: int = 20_000
    max_bot_depth: int = 40
    max_realtime_bot_seconds: float = 0.05
    bot_processes: int = 1  # worker processes for search bots (0: threads)
    # content sets a client may choose by name: "game.option" -> {name: value (a path)}
    content_sets: dict[str, dict[str, str]] = field(default_factory=dict)


def hash_token(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_bot_seed() -> int:
    """A table's private bot seed, from the operating system's randomness."""
    return secrets.randbits(62)


def bot_seed_of(table: LiveTable, *parts: int | str) -> int:
    """The seed of one of the table's bots (seat, purpose, …)."""
    return derive_seed(table.bot_seed, *parts)


def new_id() -> str:
    """An unguessable table id (URL-safe, never starting with ``-`` or ``_``, so it
    is never taken for an option on a command line such as ``liftoff admin``)."""
    while True:
        table_id = secrets.token_urlsafe(9)
        if table_id[0].isalnum():
            return table_id


@dataclass
class Seat:
    """A seat at a live table."""

    seat: int
    kind: str  # open | human | bot
    bot: str | None = None
    speed: str | None = None
    name: str | None = None
    token_hash: str | None = None
    connections: int = 0
    zombie: bool = False
    grace_task: asyncio.Task[None] | None = None
    agent: Any = None  # the bot playing this seat (bot seats, zombies, timeouts)
    last_seen: float = 0.0  # monotonic time of the person's last authenticated request
    refusal: dict[str, Any] | None = None

    def data(self) -> SeatData:
        """The stored form."""
        return SeatData(self.seat, self.kind, self.bot, self.speed, self.name, self.token_hash)

    def public(self) -> dict[str, Any]:
        """What everyone may know about the seat."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "speed": self.speed,
            "connected": self.connections > 0,
            "zombie": self.zombie,
        }


@dataclass
class Clocks:
    """Chess-style clocks: ``remaining`` ms per player, running for the active ones."""

    initial_ms: int
    increment_ms: int
    remaining: list[int]
    running: tuple[int, ...] = ()
    since: float = 0.0  # monotonic time of the last charge

    def charge(self, now: float) -> None:
        """Take the time since the last charge off every running clock."""
        spent = int((now - self.since) * 1000)
        if spent > 0:
            for p in self.running:
                self.remaining[p] -= spent
            self.since = now

    def switch(self, now: float, active: tuple[int, ...]) -> None:
        """Charge, then run the clocks of ``active``; a new turn brings the extra time."""
        self.charge(now)
        for p in active:
            if p not in self.running:
                self.remaining[p] += self.increment_ms
        self.running = active
        self.since = now

    def public(self, now: float) -> dict[str, Any]:
        """The clocks as shown to players (remaining ms as of now)."""
        spent = max(0, int((now - self.since) * 1000))
        return {
            "initial": self.initial_ms / 1000,
            "increment": self.increment_ms / 1000,
            "remaining": [
                r - spent if p in self.running else r for p, r in enumerate(self.remaining)
            ],
            "running": list(self.running),
        }

    def expires_in(self, now: float) -> float | None:
        """Seconds until the first running clock reaches zero."""
        if not self.running:
            return None
        spent = (now - self.since) * 1000
        return max(0.0, (min(self.remaining[p] for p in self.running) - spent) / 1000)


@dataclass
class LogEntry:
    """One line of the game log: an action and what each recipient saw happen."""

    n: int  # index in the action log
    player: int
    text: str
    at: float
    events: dict[int, list[str]] | None = None  # recipient -> the game's event lines
    public: bool = False  # the game says every player may read the text

    def render(self, recipient: int, show_text: bool) -> dict[str, Any]:
        """The entry as sent to ``recipient``."""
        out: dict[str, Any] = {
            "n": self.n,
            "player": self.player,
            "text": self.text if show_text or self.public or recipient == self.player else None,
            "at": self.at,
        }
        if self.events is not None:
            out["events"] = self.events.get(recipient, [])
        return out


class Subscriber:
    """A WebSocket (or test) listener for one recipient; woken on every change."""

    def __init__(self, seat: int | None, token_hash: str | None = None) -> None:
        self.seat = seat
        self.token_hash = token_hash  # the token the seat was granted for
        self.wake = asyncio.Event()
        self.log_epoch = -1
        self.log_seq = -1
        self.wake.set()


@dataclass
class LiveTable:
    """A table whose game is held in memory."""

    id: str
    game: Game[Any]
    state: State
    seats: list[Seat]
    status: str  # open | playing | over
    seed: int
    options: dict[str, Any]
    created_at: float
    updated_at: float
    clock_spec: dict[str, Any] | None = None
    clocks: Clocks | None = None
    rematch_of: str | None = None
    rematch_id: str | None = None
    # private: every bot at the table is seeded from it, never from the game seed
    # (a bot's visible choices would narrow the game seed down: deck order, dice)
    bot_seed: int = 0
    creator: str | None = None
    # the clocks just before the last action (undo puts them back): remaining, running, when
    clocks_before: tuple[list[int], tuple[int, ...], float] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    log: list[LogEntry] = field(default_factory=list)
    log_epoch: int = 0
    revision: int = 0
    cache: dict[int, bytes] = field(default_factory=dict)  # serialized state messages
    views: dict[int, dict[str, Any]] = field(default_factory=dict)  # this revision's views
    public_cache: dict[str, Any] | None = None
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    clock_task: asyncio.Task[None] | None = None
    race: RaceRunner | None = None
    has_events: bool = False
    last_actor: int | None = None
    # answers to recent submissions by client id: (seat, id, version, text) -> answer
    answered: dict[tuple[int, str, int, str], dict[str, Any]] = field(default_factory=dict)

    def answer_of(self, key: tuple[int, str, int, str] | None) -> dict[str, Any] | None:
        """The answer already given to a repeated submission (same client id)."""
        return self.answered.get(key) if key is not None else None

    def remember(self, key: tuple[int, str, int, str] | None, answer: dict[str, Any]) -> None:
        """Keep the answer to a submission with a client id (the last 256)."""
        if key is None:
            return
        self.answered[key] = answer
        if len(self.answered) > 256:
            del self.answered[next(iter(self.answered))]

    @property
    def realtime(self) -> bool:
        """Whether this table runs through a real-time driver."""
        return self.game.info.name == "race"

    def controlled_by_bot(self, p: int) -> bool:
        """Whether the server plays seat ``p`` now (bot, zombie, left or out of time)."""
        seat = self.seats[p]
        if seat.kind == "bot" or seat.zombie or seat.kind == "open":
            return True
        clocks = self.clocks
        if clocks is not None and p in clocks.running:
            spent = (time.monotonic() - clocks.since) * 1000
            return clocks.remaining[p] - spent <= 0
        return False

    def public(self) -> dict[str, Any]:
        """What anyone may know about the table (no hidden game information)."""
        if self.public_cache is not None and self.clocks is None and self.race is None:
            return self.public_cache
        self.public_cache = out = self._public()
        return out

    def _public(self) -> dict[str, Any]:
        info = self.game.info
        out: dict[str, Any] = {
            "id": self.id,
            "game": info.name,
            "title": info.title,
            "players": self.state.num_players,
            "options": self.options,
            "status": self.status,
            "seats": [s.public() for s in self.seats],
            "version": self.state.version,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "clock": self.clocks.public(time.monotonic()) if self.clocks else None,
            "rematch_of": self.rematch_of,
            "rematch_id": self.rematch_id,
            "realtime": self.realtime,
            "active": list(self.state.active_players()) if self.status == "playing" else [],
        }
        if self.status == "over":
            out_come = self.state.outcome()
            out["outcome"] = out_come.to_json() if out_come is not None else None
        if self.race is not None:
            out["live"] = self.race.public()
        return out


def _record(table: LiveTable, actions: list[list[Any]]) -> dict[str, Any]:
    return {
        "game": table.game.info.name,
        "players": table.state.num_players,
        "seed": table.seed,
        "options": table.options,
        "actions": actions,
    }


class TableManager:
    """Every live table, the seat tokens, and the rules of play around the engine."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.tables: dict[str, LiveTable] = {}
        self.finished: dict[str, LiveTable] = {}  # a small cache of finished tables
        self.tokens: dict[str, tuple[str, int]] = {}
        self.moves = 0
        self._closing = False
        self.bots = BotPool(self.settings.bot_processes)
        self._sweeper: asyncio.Task[None] | None = None
        self.sockets: dict[str, int] = {}  # open WebSockets per client address
        self.errors = ErrorLog(log)
        # (game, bot, seconds) of recent bot decisions, for the operator and benchmarks
        self.decisions: collections.deque[tuple[str, str, float]] = collections.deque(maxlen=20_000)

    def bot_bounds(self, realtime: bool) -> BotBounds:
        """The ceilings of bot parameters at a (real-time) table."""
        st = self.settings
        seconds = st.max_realtime_bot_seconds if realtime else st.max_bot_seconds
        return BotBounds(seconds, st.max_bot_iterations, st.max_bot_depth)

    # -- lifecycle ----------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every unfinished game from its action log; expire stale ones."""
        for data in await self.store.load_tables(statuses=["open", "playing"]):
            try:
                table = self._rebuild(data)
            except (ReplayError, OptionError, liftoff.UnknownGame) as exc:
                log.error("table %s cannot be rebuilt: %s", data.id, exc)
                continue
            self.tables[table.id] = table
            for s in table.seats:
                if s.token_hash:
                    self.tokens[s.token_hash] = (table.id, s.seat)
            if table.state.is_over() and table.status != "over":
                await self._finish(table)
                continue
            if table.status == "playing":
                self._start_play(table, restored=True)
        await self.sweep()
        self._sweeper = asyncio.create_task(self._sweep_loop(), name="liftoff-sweeper")

    async def close(self) -> None:
        """Stop bots, timers and drivers (the database keeps everything)."""
        self._closing = True
        tasks: list[asyncio.Task[Any]] = []
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for table in self.tables.values():
            tasks.extend(table.bot_tasks.values())
            if table.clock_task is not None:
                tasks.append(table.clock_task)
            tasks.extend(s.grace_task for s in table.seats if s.grace_task is not None)
            if table.race is not None:
                table.race.stop()
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self.bots.close()

    def _rebuild(self, data: TableData) -> LiveTable:
        game = liftoff.games.get(data.game)
        actions = [[a.player, a.text] for a in data.actions]
        keep = min(len(actions), LOG_KEEP)
        head = actions[: len(actions) - keep]
        record: dict[str, Any] = {
            "game": data.game,
            "players": data.players,
            "seed": data.seed,
            "options": data.options,
            "actions": head,
        }
        if data.game_version is not None:  # tables from before versions were stored: rules 1
            record["version"] = data.game_version
        state: State = game.replay(record)
        seats = [
            Seat(s.seat, s.kind, s.bot, s.speed, s.name, s.token_hash)
            for s in sorted(data.seats, key=lambda s: s.seat)
        ]
        table = LiveTable(
            id=data.id,
            game=game,
            state=state,
            seats=seats,
            status=data.status,
            seed=data.seed,
            options=data.options,
            created_at=data.created_at,
            updated_at=data.updated_at,
            clock_spec=data.clock,
            rematch_of=data.rematch_of,
            rematch_id=data.rematch_id,
            # tables from before bot seeds were stored get a fresh one
            bot_seed=data.bot_seed if data.bot_seed is not None else new_bot_seed(),
            creator=data.creator,
        )
        if data.actions:
            table.last_actor = data.actions[-1].player  # undo works after a restart
        table.has_events = isinstance(state.view(None).get("events"), list)
        for a in data.actions[len(head) :]:
            try:
                action = game.parse_action(state, a.player, a.text)
                state.apply(a.player, action)
            except IllegalAction as exc:
                raise ReplayError(f"action {a.idx} cannot be replayed: {exc}", a.idx) from exc
            table.views.clear()
            public = game.action_is_public(state, a.player, action)
            table.log.append(LogEntry(a.idx, a.player, a.text, a.at, self._events(table), public))
        table.views.clear()
        if data.clock is not None and not table.realtime:
            n = data.players
            initial = int(float(data.clock["initial"]) * 1000)
            remaining = [initial] * n
            if data.actions and data.actions[-1].clocks is not None:
                remaining = list(data.actions[-1].clocks)
            table.clocks = Clocks(
                initial, int(float(data.clock.get("increment", 0)) * 1000), remaining
            )
            table.clocks.running = state.active_players() if data.status == "playing" else ()
            table.clocks.since = time.monotonic()
        return table

    # -- helpers ------------------------------------------------------------------
    def view(self, table: LiveTable, recipient: int | None) -> dict[str, Any]:
        """``state.view(recipient)``, computed once per change of the table."""
        key = SPECTATOR if recipient is None else recipient
        got = table.views.get(key)
        if got is None:
            race = table.race
            view = race.view(recipient) if race is not None else table.state.view(recipient)
            got = table.views[key] = view
        return got

    def _events(self, table: LiveTable) -> dict[int, list[str]] | None:
        """Each recipient's event lines after the last action (games whose views have them)."""
        if not table.has_events:
            return None
        state = table.state
        out: dict[int, list[str]] = {}
        # every seat's lines (a player coming back reads them); spectators' only while
        # someone watches (saves a view per move)
        watched = any(sub.seat is None for sub in table.subscribers)
        for r in (*range(state.num_players), *((None,) if watched else ())):
            events = self.view(table, r).get("events")
            out[SPECTATOR if r is None else r] = (
                [str(e) for e in events] if isinstance(events, list) else []
            )
        return out

    async def get(self, table_id: str) -> LiveTable:
        """A live or finished table (finished ones are rebuilt from the database)."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or len(table_id) > 32:
            raise ApiError(404, "no-table", "no such table")
        found = await self.store.load_tables(ids=[table_id])
        if not found:
            raise ApiError(404, "no-table", "no such table")
        try:
            table = self._rebuild(found[0])
        except (ReplayError, OptionError, liftoff.UnknownGame) as exc:
            raise ApiError(409, "cannot-rebuild", f"this table cannot be resumed: {exc}") from None
        self._cache_finished(table)
        return table

    def seat_of(self, table: LiveTable, token: str | None) -> int:
        """The seat a token belongs to at this table (403 otherwise)."""
        if not token:
            raise ApiError(401, "no-token", "this needs your seat token")
        found = self.tokens.get(hash_token(token))
        if found is None or found[0] != table.id:
            raise ApiError(403, "bad-token", "this token holds no seat at this table")
        self.seen(table, found[1])  # any authenticated request counts as presence
        return found[1]

    def recipient_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat of a token, or ``None`` (spectator) when no token is given."""
        if not token:
            return None
        return self.seat_of(table, token)

    def _changed(self, table: LiveTable) -> None:
        table.revision += 1
        table.cache.clear()
        table.views.clear()
        table.public_cache = None
        table.updated_at = time.time()
        for sub in table.subscribers:
            sub.wake.set()

    # -- creating and joining ----------------------------------------------------------
    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]] | None,
        clock: dict[str, Any] | None,
        name: str | None,
        *,
        rematch_of: str | None = None,
        seed: int | None = None,
        creator: str | None = None,
    ) -> tuple[LiveTable, int | None, str | None]:
        """A new table; returns it and, when a seat was taken for the creator, its token."""
        if len(self.tables) >= self.settings.max_live_tables:
            raise ApiError(503, "full", "the server holds as many tables as it may")
        self.check_quota(creator)
        try:
            game = liftoff.games.get(game_name)
        except liftoff.UnknownGame as exc:
            raise ApiError(404, "no-game", str(exc)) from None
        if seats is None:
            seats = [{"type": "you"}] + [{"type": "open"}] * (players - 1)
        if len(seats) != players:
            raise ApiError(422, "bad-seats", f"{players} players need {players} seats")
        if seed is None:
            seed = secrets.randbits(52)
        try:
            state = game.new_game(players, seed, options)
        except OptionError as exc:
            raise ApiError(422, "bad-options", str(exc)) from None
        realtime = game.info.name == "race"
        built: list[Seat] = []
        you: int | None = None
        for i, spec in enumerate(seats):
            kind = spec.get("type", "open")
            if kind == "bot":
                bot = str(spec.get("bot") or "random")
                speed = spec.get("speed") or ("normal" if realtime else None)
                self._check_bot(bot, speed, realtime)
                built.append(Seat(i, "bot", bot, speed, f"{bot} bot"))
            elif kind == "you":
                if you is not None:
                    raise ApiError(422, "bad-seats", "only one seat can be yours")
                you = i
                built.append(Seat(i, "open"))
            elif kind == "open":
                built.append(Seat(i, "open"))
            else:
                raise ApiError(422, "bad-seats", f"seat type {kind!r}: use you, open or bot")
        clock_spec = None
        if clock is not None and not realtime:
            clock_spec = {
                "initial": float(clock.get("initial", 600)),
                "increment": float(clock.get("increment", 0)),
            }
        now = time.time()
        table = LiveTable(
            id=new_id(),
            game=game,
            state=state,
            seats=built,
            status="open",
            seed=seed,
            options=dict(state.options),
            created_at=now,
            updated_at=now,
            clock_spec=clock_spec,
            rematch_of=rematch_of,
            bot_seed=new_bot_seed(),
            creator=creator,
        )
        table.has_events = isinstance(state.view(None).get("events"), list)
        token = None
        if you is not None:
            token = secrets.token_urlsafe(24)
            s = built[you]
            s.kind, s.name, s.token_hash = "human", _clean_name(name, you), hash_token(token)
        await self.store.create_table(
            TableData(
                id=table.id,
                game=game.info.name,
                players=players,
                seed=seed,
                options=table.options,
                status="open",
                created_at=now,
                updated_at=now,
                clock=clock_spec,
                rematch_of=rematch_of,
                bot_seed=table.bot_seed,
                creator=creator,
                game_version=game.version.to_json(),
                seats=[s.data() for s in built],
            )
        )
        self.tables[table.id] = table
        if token is not None and you is not None:
            self.tokens[hash_token(token)] = (table.id, you)
        await self._maybe_start(table)
        return table, you, token

    def _check_bot(self, bot: str, speed: str | None, realtime: bool) -> None:
        check_bot(bot, self.bot_bounds(realtime))
        if realtime and speed not in RaceRunner.speeds():
            raise ApiError(
                422, "bad-speed", f"speed {speed!r}: use one of {', '.join(RaceRunner.speeds())}"
            )

    async def join(self, table_id: str, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take an open seat; returns it and its (unguessable) token."""
        table = await self.get(table_id)
        async with table.lock:
            if table.status in ("over", "closed"):
                raise ApiError(409, table.status, f"the table is {table.status}")
            open_seats = [s.seat for s in table.seats if s.kind == "open"]
            if not open_seats:
                raise ApiError(409, "full", "no open seat at this table")
            if seat is None:
                seat = open_seats[0]
            if not 0 <= seat < len(table.seats):
                raise ApiError(422, "bad-seat", f"there is no seat {seat}")
            if seat not in open_seats:
                raise ApiError(409, "taken", f"seat {seat} is taken")
            token = secrets.token_urlsafe(24)
            s = table.seats[seat]
            s.kind, s.name, s.token_hash = "human", _clean_name(name, seat), hash_token(token)
            await self.store.save_seat(table.id, s.data())
            self.tokens[s.token_hash] = (table.id, seat)
            self._unseat(table, seat)
            if table.status == "playing":
                # taking over a seat that a bot kept warm: the grace period starts now
                s.agent = None
                s.zombie = False
                if table.race is not None:
                    table.race.set_human(seat)
                self._seat_disconnected(table, s)
            self._changed(table)
            await self._maybe_start(table)
            return seat, token

    async def leave(self, table_id: str, token: str | None) -> None:
        """Give up a seat: it opens again (a bot plays it meanwhile if the game is on)."""
        table = await self.get(table_id)
        async with table.lock:
            seat = self.seat_of(table, token)
            if table.status == "over":
                raise ApiError(409, "over", "the game is over")
            s = table.seats[seat]
            if s.token_hash:
                self.tokens.pop(s.token_hash, None)
            s.kind, s.name, s.token_hash = "open", None, None
            if s.grace_task is not None:
                s.grace_task.cancel()
                s.grace_task = None
            s.zombie = table.status == "playing"
            await self.store.save_seat(table.id, s.data())
            self._unseat(table, seat)
            if table.race is not None:
                table.race.set_bot(seat, self.settings.zombie_bot)
            self._changed(table)
            self._kick(table)

    async def _maybe_start(self, table: LiveTable) -> None:
        if table.status != "open" or any(s.kind == "open" for s in table.seats):
            return
        table.status = "playing"
        await self.store.update_table(table.id, status="playing", updated_at=time.time())
        self._start_play(table, restored=False)
        self._changed(table)

    def _start_play(self, table: LiveTable, *, restored: bool) -> None:
        if table.clock_spec is not None and not table.realtime:
            if table.clocks is None:
                initial = int(float(table.clock_spec["initial"]) * 1000)
                table.clocks = Clocks(
                    initial,
                    int(float(table.clock_spec.get("increment", 0)) * 1000),
                    [initial] * table.state.num_players,
                )
                table.clocks.switch(time.monotonic(), table.state.active_players())
            self._arm_clock(table)
        for s in table.seats:
            if s.kind == "human" and s.connections == 0:
                self._seat_disconnected(table, s)
            elif s.kind == "open":
                s.zombie = True
        if table.realtime:
            table.race = RaceRunner(self, table, restored=restored)
            table.race.start()
        else:
            self._kick(table)

    # -- connections, zombies ------------------------------------------------------------
    def connect(self, table: LiveTable, seat: int | None, token: str | None = None) -> Subscriber:
        """Register a listener; a returning player takes their seat back from the bot.

        A seat's listener holds it only while its token still holds the seat: when the
        seat changes hands the listener becomes a spectator (see :meth:`_unseat`).
        """
        sub = Subscriber(seat, hash_token(token) if seat is not None and token else None)
        table.subscribers.add(sub)
        if seat is not None:
            s = table.seats[seat]
            s.connections += 1
            if s.grace_task is not None:
                s.grace_task.cancel()
                s.grace_task = None
            if s.zombie and s.kind == "human":
                s.zombie = False
                if table.race is not None:
                    table.race.set_human(seat)
            self._changed(table)
        return sub

    def disconnect(self, table: LiveTable, sub: Subscriber) -> None:
        """Drop a listener; a player's last connection closing starts their grace period."""
        table.subscribers.discard(sub)
        if sub.seat is not None:
            s = table.seats[sub.seat]
            s.connections = max(0, s.connections - 1)
            if s.connections == 0 and s.kind == "human" and table.status == "playing":
                self._seat_disconnected(table, s)
            self._changed(table)

    def _unseat(self, table: LiveTable, seat: int) -> None:
        """The seat changed hands: its listeners become spectators at once, so no old
        connection keeps reading the seat's private view (or keeps it from going away)."""
        current = table.seats[seat].token_hash
        for sub in table.subscribers:
            if sub.seat == seat and sub.token_hash != current:
                sub.seat = None
                sub.token_hash = None
                sub.log_epoch = -1  # the next frame resends the log as a spectator sees it
                sub.wake.set()
        table.seats[seat].connections = sum(1 for sub in table.subscribers if sub.seat == seat)

    def holds_seat(self, table: LiveTable, sub: Subscriber) -> bool:
        """Whether a listener's token still holds its seat (always true for spectators)."""
        if sub.seat is None:
            return True
        return sub.token_hash is not None and sub.token_hash == table.seats[sub.seat].token_hash

    def _seat_disconnected(self, table: LiveTable, s: Seat) -> None:
        if s.grace_task is not None or self._closing:
            return
        s.grace_task = asyncio.create_task(self._grace(table, s))

    async def _grace(self, table: LiveTable, s: Seat) -> None:
        grace = self.settings.grace
        try:
            await asyncio.sleep(grace)
            # a person who acts or polls over REST is present: wait for them to stop
            while (idle := time.monotonic() - s.last_seen) < grace:
                await asyncio.sleep(grace - idle)
        except asyncio.CancelledError:
            return
        s.grace_task = None
        if s.connections or s.kind != "human" or table.status != "playing":
            return
        s.zombie = True
        if table.race is not None:
            table.race.set_bot(s.seat, self.settings.zombie_bot)
        self._changed(table)
        self._kick(table)

    # -- acting -------------------------------------------------------------------------------
    async def act(
        self,
        table_id: str,
        token: str | None,
        text: str,
        version: int | None,
        client_id: Any = None,
    ) -> dict[str, Any]:
        """A player's action (chosen on state ``version``, required); the answer.

        A submission repeated with the same ``client_id`` (and the same action and
        version) is answered as the first one was, never applied twice.
        """
        table = await self.get(table_id)
        seat = self.seat_of(table, token)
        if not isinstance(text, str) or not text.strip() or len(text) > 400:
            raise ApiError(422, "bad-action", "an action is a non-empty text")
        check_version(version)
        assert version is not None
        key = submission_key(seat, client_id, version, text)
        if table.race is not None:
            return await table.race.submit(seat, text, version, key)
        async with table.lock:
            done = table.answer_of(key)
            if done is not None:
                return done
            await self._apply_locked(table, seat, text, version)
            answer = {"ok": True, "version": table.state.version}
            table.remember(key, answer)
            return answer

    def seen(self, table: LiveTable, seat: int) -> None:
        """An authenticated request of ``seat``: its person is present (REST players
        are never made "away" while they poll and act)."""
        s = table.seats[seat]
        if s.kind != "human":
            return
        s.last_seen = time.monotonic()
        if s.zombie and table.status == "playing":
            s.zombie = False
            if table.race is not None:
                table.race.set_human(seat)
            if s.connections == 0:
                self._seat_disconnected(table, s)  # away again after a grace period
            self._changed(table)

    def _refuse(self, table: LiveTable, seat: int, text: str, err: ApiError) -> ApiError:
        table.seats[seat].refusal = {
            "action": text,
            "error": err.code,
            "message": err.message,
            "rule": err.rule,
            "rule_text": err.rule_text,
            "version": table.state.version,
        }
        self._changed(table)
        return err

    def illegal(self, table: LiveTable, exc: IllegalAction) -> ApiError:
        """The API error for an engine refusal, with the rule's text (409 *stale*
        for an action chosen before the game moved on)."""
        stale = exc.rule == table.state.stale_rule
        return ApiError(
            409 if stale else 422,
            "stale" if stale else "bad-version" if exc.rule == "API-VERSION" else "illegal",
            exc.message,
            rule=exc.rule,
            rule_text=table.game.rule_text(exc.rule),
            version=table.state.version,
        )

    async def _apply_locked(
        self, table: LiveTable, seat: int, action: Action | str, version: int | None
    ) -> None:
        state = table.state
        text = str(action)
        if table.status == "open":
            raise self._refuse(
                table, seat, text, ApiError(409, "not-started", "the game waits for players")
            )
        if table.status == "closed":
            raise self._refuse(table, seat, text, ApiError(409, "closed", "the table is closed"))
        if table.status == "over" or state.is_over():
            raise self._refuse(table, seat, text, ApiError(409, "over", "the game is over"))
        try:
            if isinstance(action, str):
                action = table.game.parse_action(state, seat, action.strip())
                text = str(action)
            before = state.active_players()
            if table.clocks is not None:
                table.clocks.charge(time.monotonic())
                snapshot = (list(table.clocks.remaining), table.clocks.running, time.monotonic())
            # the engine's one definition of stale: turn-based, chosen on an older
            # version; simultaneous, chosen before the last boundary
            state.apply(seat, action, version=version)
        except IllegalAction as exc:
            raise self._refuse(table, seat, text, self.illegal(table, exc)) from None
        except ApiError as err:
            raise self._refuse(table, seat, text, err) from None
        now_wall = time.time()
        clocks_after: list[int] | None = None
        if table.clocks is not None:
            table.clocks_before = snapshot
            after = state.active_players()
            if after != before:
                table.clocks.switch(time.monotonic(), after)
            else:
                table.clocks.charge(time.monotonic())
            clocks_after = list(table.clocks.remaining)
        idx = state.version - 1
        row = ActionData(
            idx, seat, text, idx if version is None else version, now_wall, clocks_after
        )
        try:
            await self.store.append(table.id, row)
        except Exception as exc:
            self.errors.error("storage-write", "table %s: writing action %d failed", table.id, idx)
            await self._restore(table)
            raise ApiError(
                503, "storage", f"the action could not be stored ({db_error_text(exc)})"
            ) from None
        table.seats[seat].refusal = None
        public = table.game.action_is_public(state, seat, action)
        await self._after_action(table, seat, text, now_wall, public)

    async def _restore(self, table: LiveTable) -> None:
        """After a failed write, go back to what the database holds."""
        found = await self.store.load_tables(ids=[table.id])
        if found:
            fresh = self._rebuild(found[0])
            table.state, table.log = fresh.state, fresh.log
            table.log_epoch += 1
        self._changed(table)

    async def _after_action(
        self, table: LiveTable, seat: int, text: str, at: float, public: bool
    ) -> None:
        self.moves += 1
        table.last_actor = seat
        if table.state.is_over():
            await self._finish(table)
        self._changed(table)  # no await from here on: listeners see it all at once
        table.log.append(
            LogEntry(table.state.version - 1, seat, text, at, self._events(table), public)
        )
        if len(table.log) > LOG_KEEP:
            del table.log[: len(table.log) - LOG_KEEP]
        if table.clocks is not None:
            self._arm_clock(table)
        if table.race is None:
            self._kick(table)

    async def record_applied(
        self, table: LiveTable, rows: list[ActionData], public: list[bool]
    ) -> None:
        """Store actions a real-time driver applied (in order), then announce them;
        ``public[i]``: whether every player may read row ``i``'s text."""
        for row in rows:
            await self.store.append(table.id, row)
        for row, shown in zip(rows, public, strict=True):
            self.moves += 1
            table.log.append(LogEntry(row.idx, row.player, row.text, row.at, None, shown))
            table.seats[row.player].refusal = None
        if len(table.log) > LOG_KEEP:
            del table.log[: len(table.log) - LOG_KEEP]
        if table.state.is_over() and table.status != "over":
            await self._finish(table)
        self._changed(table)

    async def _finish(self, table: LiveTable) -> None:
        out = table.state.outcome()
        table.status = "over"
        if table.clocks is not None:
            table.clocks.switch(time.monotonic(), ())
        await self.store.update_table(
            table.id,
            status="over",
            outcome=out.to_json() if out is not None else None,
            updated_at=time.time(),
        )
        for s in table.seats:
            if s.grace_task is not None:
                s.grace_task.cancel()
                s.grace_task = None
        # finished tables leave the live set (and its cap); the cache keeps recent ones
        if self.tables.pop(table.id, None) is not None:
            self._cache_finished(table)

    def _cache_finished(self, table: LiveTable) -> None:
        self.finished[table.id] = table
        while len(self.finished) > 200:
            self.finished.pop(next(iter(self.finished)))

    # -- quotas, expiry, the operator -----------------------------------------------------
    def open_socket(self, address: str) -> bool:
        """Count a new WebSocket of ``address``; ``False`` when it holds its cap."""
        cap = self.settings.max_ws_per_address
        held = self.sockets.get(address, 0)
        exempt = self.settings.exempt_loopback and is_loopback(address)
        if cap > 0 and held >= cap and not exempt:
            return False
        self.sockets[address] = held + 1
        return True

    def close_socket(self, address: str) -> None:
        """A WebSocket of ``address`` closed."""
        left = self.sockets.get(address, 0) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)

    def quota_key(self, address: str) -> str:
        """The address a table's creation counts against."""
        return address[:64]

    def check_quota(self, creator: str | None) -> None:
        """Refuse (429) a client address that holds its quota of unfinished tables."""
        quota = self.settings.max_tables_per_address
        if creator is None or quota <= 0:
            return
        if self.settings.exempt_loopback and is_loopback(creator):
            return
        held = sum(1 for t in self.tables.values() if t.creator == creator)
        if held >= quota:
            raise ApiError(
                429,
                "quota",
                f"you have {held} unfinished tables (at most {quota} per address): "
                "finish or leave some first",
            )

    def _expired(self, table: LiveTable, now: float) -> bool:
        if table.subscribers:
            return False
        idle = now - table.updated_at
        if table.status == "open":
            return idle > self.settings.open_table_ttl
        if table.status == "playing":
            present = any(s.connections for s in table.seats)
            return not present and idle > self.settings.idle_table_ttl
        return False

    async def sweep(self) -> int:
        """Close expired tables (open ones nobody joined, games nobody plays); how many."""
        now = time.time()
        expired = [t.id for t in list(self.tables.values()) if self._expired(t, now)]
        for tid in expired:
            with contextlib.suppress(ApiError):
                await self.close_table(tid, reason="expired")
        return len(expired)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            if self._closing:
                return
            try:
                await self.sweep()
            except Exception:
                self.errors.error("sweep", "expiring tables failed")

    async def close_table(
        self, table_id: str, *, delete: bool = False, reason: str = "closed"
    ) -> None:
        """Stop a table for good (the operator, or expiry): its bots, timers and seats;
        ``delete`` also removes it from the database."""
        table = await self.get(table_id)
        async with table.lock:
            for t in list(table.bot_tasks.values()):
                t.cancel()
            if table.clock_task is not None:
                table.clock_task.cancel()
                table.clock_task = None
            for s in table.seats:
                if s.grace_task is not None:
                    s.grace_task.cancel()
                    s.grace_task = None
            if table.race is not None:
                table.race.stop()
            if table.status != "over":
                table.status = "closed"
            for s in table.seats:
                if s.token_hash:
                    self.tokens.pop(s.token_hash, None)
            self.tables.pop(table.id, None)
            self.finished.pop(table.id, None)
            if delete:
                await self.store.delete_table(table.id)
            else:
                await self.store.update_table(table.id, status=table.status, updated_at=time.time())
            log.info("table %s %s", table.id, "deleted" if delete else reason)
            self._changed(table)

    # -- bots ------------------------------------------------------------------------------
    def _agent(self, table: LiveTable, p: int) -> Any:
        s = table.seats[p]
        if s.agent is None:
            spec = s.bot if s.kind == "bot" and s.bot else self.settings.zombie_bot
            spec = bounded_spec(spec, self.bot_bounds(table.realtime))
            s.agent = bot_registry.make(spec, seed=bot_seed_of(table, "seat", p))
        return s.agent

    def _kick(self, table: LiveTable) -> None:
        """Start a bot task for every active seat the server plays."""
        if table.status != "playing" or table.race is not None or self._closing:
            return
        for p in table.state.active_players():
            if p not in table.bot_tasks and table.controlled_by_bot(p):
                table.bot_tasks[p] = asyncio.create_task(self._bot_loop(table, p))

    async def _bot_loop(self, table: LiveTable, p: int) -> None:
        try:
            while True:
                out_of_time = table.seats[p].kind == "human" and not table.seats[p].zombie
                await asyncio.sleep(0 if out_of_time else self.settings.bot_delay)
                state = table.state
                if (
                    table.status != "playing"
                    or p not in state.active_players()
                    or not table.controlled_by_bot(p)
                ):
                    return
                version = state.version
                agent = self._agent(table, p)
                try:
                    started = time.perf_counter()
                    action = await self.bots.choose(agent, state, p)
                    self.decisions.append(
                        (table.game.info.name, agent.name, time.perf_counter() - started)
                    )
                except Exception:
                    self.errors.error(
                        f"bot-{agent.name}",
                        "table %s: bot %r failed; a random bot takes over",
                        table.id,
                        agent,
                    )
                    table.seats[p].agent = bot_registry.make(
                        "random", seed=bot_seed_of(table, "fallback", p)
                    )
                    continue
                backoff = 0.0
                async with table.lock:
                    if (
                        table.state.version != version
                        or table.state is not state
                        or not table.controlled_by_bot(p)
                    ):
                        continue
                    try:
                        await self._apply_locked(table, p, action, version)
                    except ApiError as err:
                        # a database that refuses writes: try again later, log it once
                        backoff = 5.0 if err.code == "storage" else 0.5
                        self.errors.error(
                            f"bot-refused-{err.code}",
                            "table %s: bot %d refused: %s",
                            table.id,
                            p,
                            err.message,
                            exc_info=False,
                        )
                if backoff:
                    await asyncio.sleep(backoff)  # outside the lock: people may act
        except asyncio.CancelledError:
            raise
        except Exception:
            self.errors.error("bot-loop", "table %s: bot for seat %d failed", table.id, p)
        finally:
            if table.bot_tasks.get(p) is asyncio.current_task():
                del table.bot_tasks[p]

    # -- clocks ---------------------------------------------------------------------------------
    def _arm_clock(self, table: LiveTable) -> None:
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None
        if table.clocks is None or table.status != "playing" or self._closing:
            return
        wait = table.clocks.expires_in(time.monotonic())
        if wait is None:
            return
        table.clock_task = asyncio.create_task(self._clock_alarm(table, wait))

    async def _clock_alarm(self, table: LiveTable, wait: float) -> None:
        try:
            await asyncio.sleep(wait + 0.01)
        except asyncio.CancelledError:
            return
        table.clock_task = None
        self._changed(table)
        self._kick(table)

    # -- undo ------------------------------------------------------------------------------
    async def undo(self, table_id: str, token: str | None) -> dict[str, Any]:
        """Take back the caller's own last action (if it drew no chance and revealed nothing)."""
        table = await self.get(table_id)
        seat = self.seat_of(table, token)
        async with table.lock:
            state = table.state
            if table.realtime:
                raise ApiError(409, "no-undo", "a real-time game has no undo")
            if table.status != "playing" or state.version == 0:
                raise ApiError(409, "no-undo", "there is nothing to take back")
            if table.last_actor != seat:
                raise ApiError(409, "no-undo", "you can only take back your own last action")
            if not state.last_action_undoable():
                raise ApiError(
                    409,
                    "no-undo",
                    "your last action drew a card or revealed something: it stands",
                )
            record = state.record()
            record["actions"] = record["actions"][:-1]
            previous = table.game.replay(record)
            await self.store.delete_action(table.id, state.version - 1)
            table.state = previous
            table.last_actor = record["actions"][-1][0] if record["actions"] else None
            if table.log and table.log[-1].n == state.version - 1:
                table.log.pop()
            table.log_epoch += 1
            if table.clocks is not None:
                self._restore_clocks(table, seat, previous.active_players())
                self._arm_clock(table)
            self._changed(table)
            self._kick(table)
            return {"ok": True, "version": previous.version}

    def _restore_clocks(self, table: LiveTable, seat: int, active: tuple[int, ...]) -> None:
        """Undo: the clocks as they were before the action taken back (no extra time
        given again), the time since then charged to the player who takes it back."""
        clocks = table.clocks
        assert clocks is not None
        now = time.monotonic()
        snapshot, table.clocks_before = table.clocks_before, None
        if snapshot is None:  # e.g. after a restart: no refund, no extra time
            clocks.charge(now)
        else:
            remaining, _running, at = snapshot
            clocks.remaining = list(remaining)
            clocks.remaining[seat] -= int((now - at) * 1000)
        clocks.running = active
        clocks.since = now

    def can_undo(self, table: LiveTable, seat: int | None) -> bool:
        """Whether ``seat`` may take back the last action now."""
        return (
            seat is not None
            and not table.realtime
            and table.status == "playing"
            and table.last_actor == seat
            and table.state.last_action_undoable()
        )

    # -- rematch -------------------------------------------------------------------------------
    async def rematch(self, table_id: str, token: str | None) -> tuple[LiveTable, int, str]:
        """A new table with the same settings; the caller takes their seat there."""
        table = await self.get(table_id)
        seat = self.seat_of(table, token)
        if table.status != "over":
            raise ApiError(409, "not-over", "a rematch starts when the game is over")
        name = table.seats[seat].name
        if table.rematch_id is not None:
            # one seat per person: their own seat of this game, once
            new = await self.get(table.rematch_id)
            if new.seats[seat].kind != "open":
                raise ApiError(
                    409,
                    "taken",
                    f"seat {seat} of the rematch is taken (one seat per player: yours)",
                )
            got, joined_token = await self.join(new.id, seat, name)
            return new, got, joined_token
        specs: list[dict[str, Any]] = []
        for s in table.seats:
            if s.seat == seat:
                specs.append({"type": "you"})
            elif s.kind == "bot":
                specs.append({"type": "bot", "bot": s.bot, "speed": s.speed})
            else:
                specs.append({"type": "open"})
        new, you, tok = await self.create(
            table.game.info.name,
            table.state.num_players,
            table.options,
            specs,
            table.clock_spec,
            name,
            rematch_of=table.id,
        )
        assert you is not None and tok is not None
        table.rematch_id = new.id
        await self.store.update_table(table.id, rematch_id=new.id)
        self._changed(table)
        return new, you, tok

    # -- what clients see ------------------------------------------------------------------------
    def lobby(self) -> list[dict[str, Any]]:
        """Open and running tables: those where people are present first, then newest first."""

        def present(t: LiveTable) -> bool:
            return any(s.connections for s in t.seats) or bool(t.subscribers)

        live = sorted(self.tables.values(), key=lambda t: (not present(t), -t.updated_at))
        return [t.public() for t in live if t.status in ("open", "playing")][
            : self.settings.lobby_limit
        ]

    def core(self, table: LiveTable, recipient: int | None) -> dict[str, Any]:
        """The state message for ``recipient`` without its log (view, legal actions, …)."""
        state = table.state
        view = self.view(table, recipient)
        legal: list[dict[str, str]] = []
        if (
            recipient is not None
            and table.status == "playing"
            and not table.controlled_by_bot(recipient)
            and not (table.race is not None and table.race.counting_down())
        ):
            game = table.game
            legal = [
                {"text": str(a), "description": game.describe_action(state, recipient, a)}
                for a in state.legal_actions(recipient)
            ]
        seat = table.seats[recipient] if recipient is not None else None
        return {
            "table": table.public(),
            "version": state.version,
            "you": recipient,
            "view": view,
            "legal": legal,
            "refusal": seat.refusal if seat is not None else None,
            "undo": self.can_undo(table, recipient),
        }

    def log_for(
        self, table: LiveTable, recipient: int | None, after: int = -1
    ) -> list[dict[str, Any]]:
        """The game log as ``recipient`` may see it (the entries after action ``after``)."""
        show = not table.game.info.hidden_information or table.status == "over"
        r = SPECTATOR if recipient is None else recipient
        log = table.log
        start = len(log)
        while start > 0 and log[start - 1].n > after:
            start -= 1
        return [e.render(r, show) for e in log[start:]]


MAX_VERSION = 2**31 - 1


def check_version(version: Any) -> None:
    """The version an action was chosen on: required, a whole number in range (422)."""
    if version is None:
        raise ApiError(422, "bad-version", "say which version the action was chosen on ('version')")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(422, "bad-version", "version must be a whole number")
    if not 0 <= version <= MAX_VERSION:
        raise ApiError(422, "bad-version", f"version must be between 0 and {MAX_VERSION}")


def submission_key(
    seat: int, client_id: Any, version: int, text: str
) -> tuple[int, str, int, str] | None:
    """What makes a submission a repetition of an earlier one (``None`` without an id)."""
    if client_id is None or isinstance(client_id, bool):
        return None
    if not isinstance(client_id, (int, str)):
        raise ApiError(422, "bad-id", "a message id is a number or a short text")
    ident = str(client_id)
    if len(ident) > 64:
        raise ApiError(422, "bad-id", "a message id has at most 64 characters")
    return (seat, ident, version, text.strip())


def _clean_name(name: str | None, seat: int) -> str:
    text = " ".join((name or "").split())[:40]
    printable = "".join(ch for ch in text if ch.isprintable())
    return printable or f"Player {seat + 1}"
