"""The table manager: every live table, its life from creation to the end.

The manager holds the live tables and runs their lifecycle (create, start,
finish, close, expire, rebuild at start); the rest is done by its rooms:
:class:`~.seats.Seating` (tokens, joining, presence, zombies; the persons behind
the seats are :class:`~.persons.Persons`), :mod:`~.rematch` (the rematch),
:class:`~.play.Play` (actions, undo), :class:`~.bots.BotSeats` (the bots),
:class:`~.clocks.ClockKeeper` (clock alarms), :class:`~.timeouts.Timeouts` (the
time-out policy), :class:`~.chat.Chat` (table chat), :class:`~.quotas.Quotas`
and, in a cluster, :class:`~.replicas.ClusterTables`. Real-time tables run
through their runner (``server.realtime``), for which the manager is the host:
:meth:`record_applied`, :meth:`restore`, :meth:`refuse`, :meth:`illegal`,
:meth:`changed`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import secrets
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import liftoff
from liftoff.engine import Event, Game, IllegalAction, OptionError, ReplayError, StaleAction

from ..botpool import TableThinker
from ..botspecs import BotBounds
from ..errors import ApiError, named, option_refusal, refusal_words
from ..health import ErrorLog
from ..ratelimit import charge_work
from ..replays import Replays
from ..storage import ActionData, Store, TableData
from .accounts import Accounts
from .bots import BotSeats, payer_of
from .chat import Chat
from .clocks import ClockKeeper, clock_spec, is_day_clock
from .dormant import Dormancy
from .hints import Hints
from .model import LiveTable, LogEntry, clean_title, default_hints, keep_undo, new_bot_seed, new_id
from .persons import Caller, Persons, person_key
from .play import Play
from .quotas import Quotas
from .racepace import race_pace
from .ratings import Ratings
from .rebuild import rebuild, timed_rebuild
from .rematch import rematch_of, start_or_join
from .replicas import ClusterTables, absorb
from .seats import Seating, build_seats, check_name, seat_person
from .settings import Settings
from .timeouts import Timeouts
from .turnmails import TurnMails
from .vacations import Vacations

if TYPE_CHECKING:
    from ..cluster import Member

log = logging.getLogger("liftoff.server")

FINISHED_KEEP = 200  # finished tables kept in memory


class TableManager:
    """Every live table, the seat tokens, and the rules of play around the engine."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.tables: dict[str, LiveTable] = {}
        self.finished: dict[str, LiveTable] = {}  # a small cache of finished tables
        self.moves = 0
        self.closing = False
        self._sweeper: asyncio.Task[None] | None = None
        self.errors = ErrorLog(log)
        self.persons = Persons(store)
        self.seating = Seating(self)
        self.play = Play(self)
        self.bot_seats = BotSeats(self)
        self.clock_keeper = ClockKeeper(self)
        self.timeouts = Timeouts(self)
        self.quotas = Quotas(self.settings)
        self.hints = Hints(self)
        self.chat = Chat(self)
        self.replays = Replays(self.settings.replay_processes, self.settings.replay_cache_bytes)
        self._rebuilding: dict[str, asyncio.Future[LiveTable]] = {}  # finished tables
        self.member: Member | None = None  # set when this server is a cluster member
        # in a cluster: read-only copies of tables another member owns (for their
        # watchers here), read again from the database at every change notice
        self.replicas: dict[str, LiveTable] = {}  # other members' tables watched here
        self.cluster = ClusterTables(self)
        self.vacations = Vacations(self)
        self.ratings = Ratings(self)
        self.dormancy = Dormancy(self)
        self.accounts = Accounts(self)
        self.turn_mails = TurnMails(self)  # a mail when your turn comes at a table over days

    @property
    def decisions(self) -> collections.deque[tuple[str, str, float]]:
        """(game, bot, seconds) of recent bot decisions (for the operator, benchmarks)."""
        return self.bot_seats.decisions

    def bot_bounds(self, realtime: bool) -> BotBounds:
        """The ceilings of bot parameters at a (real-time) table."""
        st = self.settings
        seconds = st.max_realtime_bot_seconds if realtime else st.max_bot_seconds
        return BotBounds(seconds, st.max_bot_iterations, st.max_bot_depth, tuple(st.bot_rollouts))

    def thinker(self, table: LiveTable) -> Executor:
        """Where a live table's bots think (:class:`~..botpool.TableThinker`)."""
        from ..realtime import shared_thinker

        return TableThinker(self.bot_seats.pool, payer_of(table), table.id, shared_thinker())

    # -- the table API (the rooms do the work) -----------------------------------------------
    def check_fit(self) -> None:
        """In a cluster: refuse (503) to change a table while this member could not
        renew its leases or reach Redis (it may not be the owner any more; the
        database fences its writes anyway, and the proxy sends people elsewhere)."""
        member = self.member
        if member is not None and not member.ok:
            why = member.last_error or "this member lost its database or Redis"
            raise ApiError(503, "storage", say="api.error.storage.why", params={"why": why})

    async def for_change(self, table_id: str) -> LiveTable:
        """A table to change here: never a replica of a table another member of a
        cluster plays (503 ``elsewhere``: what changes a table goes to its owner,
        see :class:`~liftoff.server.routes.common.TableRoute`)."""
        table = await self.get(table_id)
        if table.id in self.replicas:
            raise ApiError(503, "elsewhere", "another server of the cluster plays this table")
        return table

    async def join(
        self, table_id: str, seat: int | None, name: str | None, caller: Caller | None = None
    ) -> tuple[int, str]:
        """Take an open seat; returns it and its token; ``caller`` learns whose it is
        (see :meth:`.Seating.join`)."""
        self.check_fit()
        return await self.seating.join(table_id, seat, name, caller)

    async def hold(
        self,
        table_id: str,
        token: str | None,
        caller: Caller,
        client: str = "?",
        lang: str = "en",
    ) -> None:
        """A request with a seat token and a person token: the person holds that seat
        from now on, unless they hold another at the table (409; see
        :meth:`.Seating.hold`). What changes a table comes to its owner already; a
        read at a member of a cluster that does not play the table (a view, a
        socket's hello from ``client``) asks the owner to bind, as a seat link's
        bind does (its refusal in ``lang``)."""
        if not token or caller.key is None:
            return
        if self.member is not None and not self.cluster.plays(table_id):
            if not await self.seating.hold(table_id, token, caller.key, bind=False):
                return  # nothing to bind (or a second seat: refused above)
            self.check_fit()
            if await self.cluster.bind_at_owner(table_id, token, caller, client, lang):
                return
        await self.seating.hold(table_id, token, caller.key)

    async def leave(self, table_id: str, token: str | None) -> None:
        """Give up a seat (see :meth:`.Seating.leave`)."""
        self.check_fit()
        await self.seating.leave(table_id, token)

    async def bind(self, table_id: str, token: str | None, caller: Caller) -> int:
        """A seat link opened in a browser: the browser's person (a new one when it
        has none: ``caller`` gets it) holds the seat from now on; 409 when that person
        holds another seat at the table. Returns the seat."""
        table = await self.for_change(table_id)
        seat = self.seating.seat_of(table, token)
        if caller.person is None:
            caller.person = await self.persons.of(caller.key)
        new = caller.person.new_token
        await self.seating.hold(table_id, token, person_key(new) if new else caller.key)
        return seat

    async def act(
        self,
        table_id: str,
        token: str | None,
        text: str,
        version: int | None,
        client_id: Any = None,
    ) -> dict[str, Any]:
        """A player's action; the answer (see :meth:`.Play.act`)."""
        self.check_fit()
        return await self.play.act(table_id, token, text, version, client_id)

    async def undo(self, table_id: str, token: str | None) -> dict[str, Any]:
        """Take back the caller's own last action (see :meth:`.Play.undo`)."""
        self.check_fit()
        return await self.play.undo(table_id, token)

    # -- lifecycle --------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every unfinished game from its action log (not the tables asleep:
        they wake when asked for, or when due); expire stale ones."""
        for data in await self.store.load_tables(statuses=["open", "playing"], awake=True):
            if self.member is not None and not await self.member.claim(data.id):
                continue  # another member of the cluster plays it
            await self.resume(data)
        await self.vacations.load()
        await self.sweep()
        self._sweeper = asyncio.create_task(self._sweep_loop(), name="liftoff-sweeper")
        self.dormancy.start()
        self.turn_mails.start()

    async def resume(self, data: TableData) -> LiveTable | None:
        """Rebuild an unfinished table from its log and carry on playing it."""
        try:
            table = rebuild(data, self.settings.clock)
        except (ReplayError, OptionError, liftoff.UnknownGame) as exc:
            log.error("table %s cannot be rebuilt: %s", data.id, exc)
            return None
        if data.clock_state is not None:  # a table asleep wakes: its clocks go on
            await self.dormancy.woke(table, data)
        replica = self.replicas.pop(data.id, None)
        if replica is not None:
            # its watchers here keep their connections: the replica becomes the table
            self.seating.forget(replica)
            absorb(replica, table)
            table = replica
            self.wake(table)
        self.tables[table.id] = table
        self.seating.register(table)
        if table.state.is_over() and table.status != "over":
            await self.finish(table)
            return table
        if table.status == "playing":
            self.start_play(table, restored=True)
        return table

    async def close(self) -> None:
        """Stop bots, timers and drivers (the database keeps everything)."""
        self.closing = True
        await self.dormancy.close()
        await self.turn_mails.close()
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
        self.bot_seats.close()
        self.replays.close()

    async def get(self, table_id: str) -> LiveTable:
        """A live or finished table (finished ones are rebuilt from the database)."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None and self.replicas:
            table = self.replicas.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or len(table_id) > 32:
            raise ApiError(404, "no-table", "no such table")
        found = await self.store.load_tables(ids=[table_id])
        if not found:
            raise ApiError(404, "no-table", "no such table")
        if self.member is not None and found[0].status in ("open", "playing"):
            held = await self.cluster.owned_elsewhere(found[0])
            if held is not None:
                return held
        elif found[0].clock_state is not None and found[0].status == "playing":
            woken = await self.dormancy.wake(table_id)
            if woken is not None:
                return woken
        return await self._rebuild_finished(found[0])

    async def _rebuild_finished(self, data: TableData) -> LiveTable:
        """A table that is not played any more, rebuilt from its record in a thread
        (never on the event loop: a long game takes a while to replay), once however
        many ask at a time; the CPU time is charged to the budget of the caller that
        set it off."""
        task = self._rebuilding.get(data.id)
        if task is None:
            task = asyncio.ensure_future(self._rebuild_charged(data))
            self._rebuilding[data.id] = task
            task.add_done_callback(lambda done: self._rebuilt(data.id, done))
        return await asyncio.shield(task)

    def _rebuilt(self, table_id: str, task: asyncio.Future[LiveTable]) -> None:
        self._rebuilding.pop(table_id, None)
        if not task.cancelled():
            task.exception()  # retrieved: its callers may all have gone

    async def _rebuild_charged(self, data: TableData) -> LiveTable:
        try:
            table, seconds = await asyncio.to_thread(timed_rebuild, data, self.settings.clock)
        except (ReplayError, OptionError, liftoff.UnknownGame) as exc:
            raise ApiError(
                409, "cannot-rebuild", say="api.error.cannot-rebuild.why", params={"why": str(exc)}
            ) from None
        charge_work(seconds)  # the task runs in its caller's context: its budget
        if table.status == "over":  # its seats' tokens still name them (a closed one's not)
            self.seating.register(table)
        self._cache_finished(table)
        return table

    def changed(self, table: LiveTable) -> None:
        """The table changed: drop its caches, wake its listeners (and who is out of
        time is looked at again: a seat taken, left or come back)."""
        if table.clocks is not None:
            self.timeouts.check(table)
        if self.member is not None and table.id in self.tables:
            self.member.announce(table.id)
        self.wake(table)

    def wake(self, table: LiveTable) -> None:
        """Drop the table's caches and wake its listeners."""
        table.revision += 1
        table.cache.clear()
        table.views.clear()
        table.public_cache.clear()
        table.updated_at = time.time()
        for sub in table.subscribers:
            sub.wake.set()

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
        hints: bool | None = None,
        tutorial: str | None = None,
        title: str | None = None,
        caller: Caller | None = None,
        rated: bool = False,
        race: dict[str, Any] | None = None,
    ) -> tuple[LiveTable, int | None, str | None]:
        """A new table; returns it and, when a seat was taken for the creator, its token.
        ``hints``: whether seats may ask for hints (``None``: :func:`.default_hints`);
        ``tutorial``: the game whose interactive first game the table is (public);
        ``title``: the table's name (cleaned, at most 60 characters); ``caller``: the
        creator's person (found, or made: it holds the creator's seat); ``rated``: the
        result updates the players' ratings (``tables.ratings``); ``race``: a race
        table's pace (:func:`.racepace.race_pace`)."""
        if len(self.tables) >= self.settings.max_live_tables:
            raise ApiError(503, "full", "the server holds as many tables as it may")
        await self.quotas.check_tables(creator, self.tables.values())
        try:
            game = liftoff.games.get(game_name)
        except liftoff.UnknownGame as exc:
            raise ApiError(
                404, "no-game", str(exc), say="api.error.no-game.named", params={"game": game_name}
            ) from None
        if seats is None:
            seats = [{"type": "you"}] + [{"type": "open"}] * (players - 1)
        if len(seats) != players:
            raise ApiError(
                422, "bad-seats", say="api.error.bad-seats.count", params={"players": players}
            )
        table, you = self._new_table(game, players, seed, options, seats, clock, race)
        table.rematch_of, table.creator, table.tutorial = rematch_of, creator, tutorial
        table.name, table.rated = clean_title(title), rated
        table.hints = default_hints([s.kind for s in table.seats]) if hints is None else hints
        token = None
        if you is not None:
            token = seat_person(table.seats[you], check_name(table, you, name))
            caller = caller if caller is not None else Caller()
            if caller.person is None:
                caller.person = await self.persons.of(caller.key)
            table.seats[you].person = caller.person.id
        if self.member is not None and not await self.member.claim(table.id):
            # a new table belongs to its creator's member: leased before it is stored,
            # so that no other member takes it for an orphan in between
            raise ApiError(503, "elsewhere", "another server of the cluster holds this table")
        await self.store.create_table(_stored(table))
        self.tables[table.id] = table
        if token is not None and you is not None:
            self.seating.grant(table, you, token)
        await self.maybe_start(table)
        return table, you, token

    def _new_table(
        self,
        game: Game[Any],
        players: int,
        seed: int | None,
        options: dict[str, Any],
        specs: list[dict[str, Any]],
        clock: dict[str, Any] | None,
        race: dict[str, Any] | None = None,
    ) -> tuple[LiveTable, int | None]:
        """A new table (not stored yet) and the creator's seat (a race's pace is
        kept where a turn-based table keeps its clock setting)."""
        if seed is None:
            seed = secrets.randbits(52)
        try:
            state = game.new_game(players, seed, options)
            keep_undo(state)
        except OptionError as exc:
            raise option_refusal(exc) from None
        realtime = game.info.realtime
        if realtime and is_day_clock(clock):
            raise ApiError(
                422,
                "day-clock-live",
                say="api.error.day-clock-live.game",
                params={"game": game.info.name},
            )
        built, you = build_seats(specs, realtime, self.bot_seats.check)
        spec = race_pace(race) if realtime else clock_spec(clock) if clock is not None else None
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
            clock_spec=spec,
            bot_seed=new_bot_seed(),
            clock=self.settings.clock,
            watched_at=self.settings.clock.now(),  # its maker is about to open it
        )
        return table, you

    async def maybe_start(self, table: LiveTable) -> None:
        """Start the game once every seat is taken."""
        if table.status != "open" or any(s.kind == "open" for s in table.seats):
            return
        table.status = "playing"
        await self.store.update_table(table.id, status="playing", updated_at=time.time())
        self.start_play(table, restored=False)
        self.changed(table)

    def start_play(self, table: LiveTable, *, restored: bool) -> None:
        """The game starts (or resumes after a restart): clocks, presence, bots or runner."""
        self.clock_keeper.start(table)
        self.seating.start_play(table)
        if table.realtime:
            # imported here: the runner's module refers back to this package
            from ..realtime import RaceRunner

            table.race = RaceRunner(self, table, restored=restored)
            table.race.start()
        else:
            self.bot_seats.kick(table)

    async def finish(self, table: LiveTable) -> None:
        """The game is over: store the outcome (abandoned when no person played any
        more, see :meth:`.LiveTable.nobody_plays`), stop the clocks and grace periods."""
        out = table.outcome()  # the rules', or the one the players ended it with
        table.status = "over"
        table.abandoned = table.nobody_plays()
        if table.clocks is not None:
            table.clocks.switch(table.clock.now(), ())
        self.timeouts.check(table)
        await self.store.update_table(
            table.id,
            status="over",
            outcome=out.to_json() if out is not None else None,
            updated_at=time.time(),
            abandoned=table.abandoned,
        )
        for s in table.seats:
            s.stop_grace()
        if table.rated:
            try:
                await self.ratings.record(table)
            except Exception:
                self.errors.error("ratings", f"table {table.id}: the ratings were not updated")
        self.bot_seats.pool.cancel(table.id)  # a hint asked for just before the end
        # finished tables leave the live set (and its cap); the cache keeps recent ones
        if self.tables.pop(table.id, None) is not None:
            self._cache_finished(table)

    def _cache_finished(self, table: LiveTable) -> None:
        """Keep a finished table at hand (the oldest one leaves, and its tokens with
        it: it is read again, tokens and all, when asked for)."""
        self.finished[table.id] = table
        while len(self.finished) > FINISHED_KEEP:
            old = self.finished.pop(next(iter(self.finished)))
            if old.id not in self.tables:
                self.seating.forget(old)

    # -- the host of real-time runners (and of Play) -----------------------------------------
    def refuse(self, table: LiveTable, seat: int, text: str, err: ApiError) -> ApiError:
        """Show ``seat`` why its action ``text`` was refused; returns ``err`` to raise."""
        table.seats[seat].refusal = {
            "action": text,
            "error": err.code,
            "message": err.message,
            "words": err.words,
            "rule": err.rule,
            "rule_text": err.rule_text,
            "version": table.state.version,
            "said": err,  # internal: the words again in the reader's language
        }
        self.changed(table)
        return err

    def illegal(self, table: LiveTable, exc: IllegalAction) -> ApiError:
        """The API error for an engine refusal, with the rule's text (409 *stale*
        for an action chosen before the game moved on)."""
        stale = isinstance(exc, StaleAction)
        err = ApiError(
            409 if stale else 422,
            "stale" if stale else "bad-version" if exc.rule == "API-VERSION" else "illegal",
            exc.message,
            rule=exc.rule,
            rule_text=table.game.rule_text(exc.rule),
            version=table.state.version,
            words=refusal_words(exc.rule, exc.message, said := named(table, exc)),
        )
        err.said = said  # the players by name, never by seat number
        err.game = table.game
        return err

    async def restore(self, table: LiveTable) -> None:
        """After a failed write, go back to what the database holds (a cluster member
        that cannot read it either lets the table go: its next owner reads it)."""
        try:
            found = await self.store.load_tables(ids=[table.id])
        except Exception:
            if self.member is None:
                raise
            await self.cluster.let_go(table.id)
            return
        if found:
            fresh = rebuild(found[0], self.settings.clock)
            table.state, table.log = fresh.state, fresh.log
            table.log_epoch += 1
        self.changed(table)

    async def record_applied(
        self,
        table: LiveTable,
        rows: list[ActionData],
        public: list[bool],
        caused: list[Sequence[Event]],
    ) -> None:
        """Store actions a real-time driver applied (in order), then announce them;
        ``public[i]``: whether every player may read row ``i``'s text; ``caused[i]``:
        the events it caused."""
        for row in rows:
            seat = table.seats[row.player]
            # a move the driver's bot made for a person's seat (away, or left) is marked
            row.stand_in = row.stand_in or (
                seat.kind != "bot" and (seat.zombie or seat.kind == "open")
            )
            await self.store.append(table.id, row)
            if row.stand_in:
                table.stand_ins.add(row.idx)
        for row, shown, events in zip(rows, public, caused, strict=True):
            self.moves += 1
            entry = LogEntry(row.idx, row.player, row.text, row.at, events, shown, row.stand_in)
            table.log.append(entry)
            table.seats[row.player].refusal = None
        table.trim_log()
        if table.state.is_over() and table.status != "over":
            await self.finish(table)
        self.changed(table)

    # -- rematch ------------------------------------------------------------------------------
    async def rematch(
        self,
        table_id: str,
        token: str | None,
        caller: Caller | None = None,
        creator: str | None = None,
    ) -> tuple[LiveTable, int, str]:
        """Start or join the rematch of a finished game (see :func:`.rematch.start_or_join`)."""
        return await start_or_join(self, table_id, token, caller, creator)

    async def rematch_of(self, table_id: str) -> str | None:
        """The id of the rematch of a finished game, once one was started."""
        return await rematch_of(self, await self.get(table_id))

    # -- expiry, the operator -------------------------------------------------------------
    def _expired(self, table: LiveTable, now: float) -> bool:
        if table.subscribers:
            return False
        idle = now - table.updated_at
        if table.status == "open":
            return idle > self.settings.open_table_ttl
        if table.status == "playing":
            if is_day_clock(table.clock_spec):
                return False  # played over days: its clocks and the time-out policy decide
            present = any(s.connected for s in table.seats)
            return not present and idle > self.settings.idle_table_ttl
        return False

    async def sweep(self) -> int:
        """Close expired tables (open ones nobody joined, games nobody plays); how many."""
        now = time.time()
        expired = [t.id for t in list(self.tables.values()) if self._expired(t, now)]
        for tid in expired:
            with contextlib.suppress(ApiError):
                await self.close_table(tid, reason="expired")
        await self.dormancy.sweep()  # idle tables over days go to sleep
        return len(expired)

    async def _sweep_loop(self) -> None:
        while True:
            await self.settings.clock.sleep(self.settings.sweep_every)
            if self.closing:
                return
            try:
                await self.sweep()
            except Exception:
                self.errors.error("sweep", "expiring tables failed")

    def stop_playing(self, table: LiveTable) -> None:
        """Stop what plays ``table`` here: its bots, clock alarm, grace timers and
        real-time driver; its searches waiting for a bot worker leave the queue."""
        for t in list(table.bot_tasks.values()):
            t.cancel()
        self.bot_seats.pool.cancel(table.id)
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None
        for s in table.seats:
            s.stop_grace()
        if table.race is not None:
            table.race.stop()

    async def close_table(
        self, table_id: str, *, delete: bool = False, reason: str = "closed"
    ) -> None:
        """Stop a table for good (the operator, or expiry): its bots, timers and seats;
        ``delete`` also removes it from the database."""
        table = await self.for_change(table_id)
        async with table.lock:
            self.stop_playing(table)
            if table.status == "playing" and reason == "expired":
                table.abandoned = True  # a game nobody played any more
            if table.status != "over":
                table.status = "closed"
            self.seating.forget(table)
            self.chat.forget(table.id)
            self.tables.pop(table.id, None)
            self.finished.pop(table.id, None)
            if delete:
                await self.store.delete_table(table.id)
            else:
                await self.store.update_table(
                    table.id,
                    status=table.status,
                    updated_at=time.time(),
                    abandoned=table.abandoned,
                )
            log.info("table %s %s", table.id, "deleted" if delete else reason)
            self.changed(table)


def _stored(table: LiveTable) -> TableData:
    """The stored form of a new table."""
    return TableData(
        id=table.id,
        game=table.game.info.name,
        players=table.state.num_players,
        seed=table.seed,
        options=table.options,
        status="open",
        created_at=table.created_at,
        updated_at=table.updated_at,
        clock=table.clock_spec,
        rematch_of=table.rematch_of,
        bot_seed=table.bot_seed,
        creator=table.creator,
        game_version=table.game.version.to_json(),
        hints=table.hints,
        tutorial=table.tutorial,
        title=table.name,
        rated=table.rated,
        seats=[s.data() for s in table.seats],
    )
