"""Running real-time tables live through the game's own driver.

The driver (``Game.realtime_driver``, a
:class:`~liftoff.engine.realtime.RealtimeDriver`) applies actions in arrival
order and runs bots at their speed profiles. The server feeds it the humans'
actions as they arrive, wakes it when a bot's action is due (or a bot has
decided), and writes every applied action to the action log before anyone hears
of it. Light bots think on a small shared thread pool, search bots in the bot
workers (:class:`~.botpool.TableThinker`): never on the event loop, and a
search never in the server's process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol

from liftoff.bots.live import live_seat, live_seats, thinker
from liftoff.bots.seats import parse_seat
from liftoff.engine import Event, IllegalAction, derive_seed
from liftoff.engine.realtime import (
    PEOPLE_PACE,
    ROUND_BREAK,
    SPEEDS,
    DriverEvent,
    LiveSeat,
    RealtimeDriver,
    RoundBreak,
)

from .botspecs import BotBounds, bounded_spec
from .clock import ServerClock, Stopwatch
from .errors import ApiError, refusal_words
from .storage import ActionData
from .tables.model import accepted, stored_key

if TYPE_CHECKING:
    from .tables import LiveTable

#: a human's submission with a message id: (seat, the action's text, its stored key)
Submitted = tuple[int, str, str]

log = logging.getLogger("liftoff.server")

#: what a person sends (as an action) to say they are ready for the next round
READY = "ready"

#: seconds early an arrival may be taken in (float rounding of the clock's time)
DUE_SLACK = 1e-6

#: threads where the light bots of every live table think (bounded: a busy server
#: makes its real-time bots slower, never the event loop)
THINKER_THREADS = 4
_thinker: ThreadPoolExecutor | None = None


def shared_thinker() -> ThreadPoolExecutor:
    """The thread pool where live tables' bots think (made on first use)."""
    global _thinker
    if _thinker is None:
        _thinker = thinker(THINKER_THREADS, name="race-bot")
    return _thinker


class RealtimeSettings(Protocol):
    """The server settings a live table reads."""

    @property
    def zombie_bot(self) -> str: ...

    @property
    def race_start_pause(self) -> float: ...

    @property
    def race_round_pause(self) -> float: ...

    @property
    def clock(self) -> ServerClock: ...

    @property
    def race_people_pace(self) -> bool: ...

    @property
    def race_reveal_pace(self) -> float: ...

    @property
    def race_ready_most(self) -> float: ...


def round_break(
    settings: RealtimeSettings, pace: dict[str, Any] | None = None
) -> RoundBreak | None:
    """The round break of the settings and the table's ``pace`` (its maker's
    ``reveal_pace`` and ``round_pause``, if chosen; ``None``: the plain pause
    between rounds)."""
    if settings.race_ready_most <= 0:
        return None
    pace = pace or {}
    return RoundBreak(
        reveal_pace=pace.get("reveal_pace", settings.race_reveal_pace),
        start=pace.get("round_pause", ROUND_BREAK.start),
        most=settings.race_ready_most,
    )


class HeldStopwatch(Stopwatch):
    """A race's time, which stands still while the race is held (its people away)."""

    def __init__(self, clock: ServerClock) -> None:
        super().__init__(clock)
        self.held_at: float | None = None

    @property
    def held(self) -> bool:
        """Whether the race's time stands still."""
        return self.held_at is not None

    def now(self) -> float:
        """Seconds of the race so far (not counting the time it was held)."""
        return self.held_at if self.held_at is not None else super().now()

    def hold(self, on: bool) -> None:
        """Stop the race's time (``on``) or let it run on from where it stopped."""
        if on and self.held_at is None:
            self.held_at = super().now()
        elif not on and self.held_at is not None:
            self.start += super().now() - self.held_at
            self.held_at = None


class ErrorSink(Protocol):
    """Where failures are reported (rate-limited logging)."""

    def error(self, key: str, message: str, *args: Any, exc_info: bool = True) -> None: ...


class RealtimeHost(Protocol):
    """What a live table needs of the table manager that hosts it."""

    @property
    def settings(self) -> RealtimeSettings: ...

    @property
    def errors(self) -> ErrorSink: ...

    def bot_bounds(self, realtime: bool) -> BotBounds:
        """The ceilings of the table's bots."""
        ...

    def thinker(self, table: LiveTable) -> Executor:
        """Where the table's bots think (searches in the bot workers, in turn)."""
        ...

    async def record_applied(
        self,
        table: LiveTable,
        rows: list[ActionData],
        public: list[bool],
        caused: list[Sequence[Event]],
    ) -> None:
        """Store actions the driver applied (in order), then announce them with
        the events each caused."""
        ...

    async def restore(self, table: LiveTable) -> None:
        """After a failed write, go back to what the database holds."""
        ...

    def refuse(self, table: LiveTable, seat: int, text: str, err: ApiError) -> ApiError:
        """Note a refused action for the seat (and announce it); returns ``err``."""
        ...

    def illegal(self, table: LiveTable, exc: IllegalAction) -> ApiError:
        """The API error for an engine refusal."""
        ...

    def changed(self, table: LiveTable) -> None:
        """The table changed: drop caches and wake its watchers."""
        ...


class RaceRunner:
    """One live real-time table: the driver, its wake-up loop and the log writes."""

    def __init__(self, manager: RealtimeHost, table: LiveTable, *, restored: bool) -> None:
        self.manager = manager
        self.table = table
        self.events: list[DriverEvent] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.restored = restored
        self._news = False  # something the table's pages show changed (between rounds)
        self._new_driver()

    def _new_driver(self) -> None:
        """A driver on the table's current state (at start, and after a failed write)."""
        settings = self.manager.settings
        table = self.table
        self.server_clock = settings.clock  # its waits; the driver's time is since now
        was = getattr(self, "clock", None)
        self.clock = HeldStopwatch(settings.clock)
        self.clock.hold(was is not None and was.held)
        texts: list[str] = []
        for s in table.seats:
            if s.kind == "bot":
                bot = bounded_spec(s.bot or "random", self.manager.bot_bounds(True))
                texts.append(f"{bot}@{s.speed or 'normal'}")
            elif s.kind == "open" or s.zombie:
                bot = bounded_spec(settings.zombie_bot, self.manager.bot_bounds(True))
                texts.append(f"{bot}@normal")
            else:
                texts.append("human")
        seats = live_seats(
            [parse_seat(t) for t in texts],
            derive_seed(table.bot_seed, "server", table.state.version),
        )
        self.driver: RealtimeDriver[Any] = table.game.realtime_driver(
            table.state,
            seats,
            clock=self.clock,
            round_pause=(table.clock_spec or {}).get("round_pause", settings.race_round_pause),
            start_pause=settings.race_start_pause,
            thinker=self.manager.thinker(table),
            people_pace=PEOPLE_PACE if settings.race_people_pace else None,
            round_break=round_break(settings, table.clock_spec),
        )
        self.events.clear()
        self.driver.subscribe(self.events.append)
        self.driver.on_decision(self._decided)

    def _decided(self) -> None:
        """A bot decided on the thinker (its thread): wake the loop up."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                loop.call_soon_threadsafe(self.wake.set)

    @staticmethod
    def speeds() -> list[str]:
        """The bot speed profiles."""
        return list(SPEEDS)

    # -- lifecycle --------------------------------------------------------------------
    def start(self) -> None:
        """Start the wake-up loop."""
        self._loop = asyncio.get_running_loop()
        self.task = asyncio.create_task(self._run(), name=f"race-{self.table.id}")

    def stop(self) -> None:
        """Stop the loop (the state stays as it is)."""
        if self.task is not None:
            self.task.cancel()

    def counting_down(self) -> bool:
        """Whether the countdown before a round is on (stacks face-down, no actions)."""
        return self.driver.counting_down_at(self.clock.now())

    def view(self, recipient: int | None) -> dict[str, Any]:
        """The recipient's view; what stays hidden during the countdown is hidden."""
        view: dict[str, Any] = self.driver.view(recipient, self.clock.now())
        return view

    def public(self) -> dict[str, Any]:
        """Timing facts for clients: seconds until the round opens, whether the
        race is held still while its people are away; between rounds at a table
        where people sit, who is ready, whether the countdown is on, and seconds
        until the reveals are all on screen."""
        now = self.clock.now()
        out: dict[str, Any] = {
            "paused_for": max(0.0, self.driver.paused_until - now),
            "held": self.clock.held,  # its people are away: the race waits for them
        }
        brk = round_break(self.manager.settings, self.table.clock_spec)
        if brk is not None and self.driver.humans:
            out["reveal_pace"] = brk.reveal_pace  # seconds each revealed card is shown
        if self.driver.between_rounds_at(now):
            ready = sorted(self.driver.ready_players)
            out["between"] = {
                "ready": ready,
                # the countdown runs once someone who is there said ready
                "counting": bool(self.driver.ready_players - self.driver.absent_ready),
                "reveals_for": max(0.0, self.driver.reveals_shown_at() - now),
            }
        return out

    async def ready(self, seat: int) -> dict[str, Any]:
        """Seat ``seat``'s person is ready for the next round (also what the policy
        for absent people calls); refused (409) when no round break is on."""
        async with self.table.lock:
            if not self.driver.ready(seat, self.clock.now()):
                raise ApiError(409, "not-between-rounds")
            await self._flush()
        self.wake.set()
        self.manager.changed(self.table)
        ready = sorted(self.driver.ready_players)
        return {"ok": True, "version": self.table.state.version, "ready": ready}

    def absent_ready(self) -> None:
        """The time-out policy between rounds: a person it marks absent (away longer
        than the grace, see ``tables.timeouts``) counts as ready, so the next round
        does not wait for someone who left; nobody's countdown starts from it."""
        now = self.clock.now()
        if not self.driver.between_rounds_at(now):
            return
        before = set(self.driver.ready_players)
        for s in self.table.seats:
            if s.out_of_time and s.seat not in before:
                self.driver.ready(s.seat, now, absent=True)
        if self.driver.ready_players != before:
            self._news = True
            self.wake.set()

    # -- seats ---------------------------------------------------------------------------------
    def _seat(self, p: int, text: str) -> LiveSeat:
        return live_seat(
            parse_seat(text),
            bot_seed=derive_seed(self.table.bot_seed, "zombie", p),
            speed_seed=derive_seed(self.table.bot_seed, "speed", p, time.time_ns()),
        )

    def set_bot(self, p: int, bot: str) -> None:
        """A bot plays seat ``p`` (zombie or left seat)."""
        bot = bounded_spec(bot, self.manager.bot_bounds(True))
        self.driver.set_seat(p, self._seat(p, f"{bot}@normal"))
        self.wake.set()

    def set_human(self, p: int) -> None:
        """Seat ``p``'s person is back."""
        self.driver.set_seat(p, self._seat(p, "human"))
        self.wake.set()

    def hold(self, on: bool) -> None:
        """Hold the race still (no bot acts, no round opens: its time stops) while
        its people are away, or let it run on."""
        if on != self.clock.held:
            self.clock.hold(on)
            self.wake.set()

    # -- running ------------------------------------------------------------------------------
    def _applied_rows(
        self, submitted: Submitted | None
    ) -> tuple[list[ActionData], list[bool], list[Sequence[Event]], list[DriverEvent]]:
        events, self.events[:] = list(self.events), []
        now = time.time()
        applied = [e for e in events if e.kind == "applied"]
        # the row of a submission with a message id carries its key: the driver's
        # last word on that seat's action (what its answer is made of), if applied
        mine, key = None, None
        if submitted is not None:
            seat, canon, key = submitted
            mine = next(
                (e for e in reversed(events) if e.player == seat and e.action == canon), None
            )
        rows = [
            ActionData(
                e.version - 1,
                e.player,
                str(e.action),
                e.version - 1,
                now,
                submission=key if e is mine else None,
            )
            for e in applied
            if e.player is not None  # an applied action always names its player
        ]
        public = [e.public for e in applied if e.player is not None]
        caused: list[Sequence[Event]] = [e.events for e in applied if e.player is not None]
        return rows, public, caused, events

    async def _flush(self, submitted: Submitted | None = None) -> list[DriverEvent]:
        """Store what the driver applied, announce it; returns the driver's events
        (``submitted``: a human's submission with a message id, just given to the driver)."""
        rows, public, caused, events = self._applied_rows(submitted)
        if rows or events:
            try:
                await self.manager.record_applied(self.table, rows, public, caused)
            except Exception:
                self.manager.errors.error(
                    "race-storage", "table %s: storing race actions failed", self.table.id
                )
                await self.manager.restore(self.table)
                self._new_driver()
                raise ApiError(503, "storage", "the action could not be stored") from None
        return events

    async def submit(
        self, seat: int, text: str, version: int, key: tuple[int, str, int, str] | None = None
    ) -> dict[str, Any]:
        """A human's action: applied (or refused) in arrival order; a repeated
        submission (``key``: same client id) gets the first one's answer (its key is
        stored with the action: after a restart or a takeover too)."""
        if text.strip().lower() == READY:
            return await self.ready(seat)
        table = self.table
        manager = self.manager
        submission = stored_key(key)
        async with table.lock:
            done = table.answer_of(submission)
            if done is not None:
                return done
            if table.status == "open":
                raise manager.refuse(
                    table, seat, text, ApiError(409, "not-started", "the game waits for players")
                )
            if table.status == "closed":
                raise manager.refuse(
                    table, seat, text, ApiError(409, "closed", "the table is closed")
                )
            if table.status == "over" or table.state.is_over():
                raise manager.refuse(table, seat, text, ApiError(409, "over", "the game is over"))
            try:
                action = table.game.parse_action(table.state, seat, text.strip())
            except IllegalAction as exc:
                raise manager.refuse(table, seat, text, manager.illegal(table, exc)) from None
            canon = str(action)
            if version > table.state.version:
                err = ApiError(
                    422,
                    "bad-version",
                    say="api.error.bad-version.unknown",
                    params={"version": version, "current": table.state.version},
                    version=table.state.version,
                )
                raise manager.refuse(table, seat, canon, err)
            self.driver.submit(seat, action, based_on=version)
            self._poll()
            events = await self._flush(None if submission is None else (seat, canon, submission))
        self.wake.set()
        mine = [e for e in events if e.player == seat and e.action == canon]
        result = mine[-1] if mine else None
        if result is not None and result.kind == "applied":
            answer = accepted(result.version)
            table.remember(submission, answer)
            return answer
        if result is None:
            raise ApiError(503, "lost", "the action did not arrive; try again")
        code = "stale" if result.kind == "stale" else "illegal"
        err = ApiError(
            409 if code == "stale" else 422,
            code,
            result.message,
            rule=result.rule,
            rule_text=table.game.rule_text(result.rule) if result.rule else None,
            version=table.state.version,
            words=refusal_words(result.rule, result.message),
        )
        err.game = table.game
        err.said = result.said
        raise manager.refuse(table, seat, canon, err)

    def _poll(self) -> None:
        """Apply what is due now (and what falls due within a rounding error of now:
        a clock whose time cannot move by so little would wait for it for ever)."""
        self.driver.advance(self.clock.now() + DUE_SLACK)
        self.absent_ready()  # a round that just ended does not wait for who left

    async def _run(self) -> None:
        table = self.table
        try:
            while table.status == "playing" and not table.state.is_over():
                async with table.lock:
                    nxt = self.driver.next_arrival()
                    pause = self.driver.paused_until - self.clock.now()
                if pause <= DUE_SLACK:  # over (but for rounding: no wait for a few ulps)
                    pause = 0.0
                timeout: float | None = None
                if self.clock.held:
                    timeout = None  # until someone is back (``hold``)
                elif nxt is not None:
                    timeout = max(0.0, nxt - self.clock.now())
                elif pause > 0:
                    timeout = pause
                if timeout is None or timeout > 0:
                    await self.server_clock.wait(self.wake, timeout)
                    self.wake.clear()
                async with table.lock:
                    if table.status != "playing":
                        break
                    self._poll()
                    try:
                        await self._flush()
                    except ApiError:
                        await self.server_clock.sleep(5.0)
                news, self._news = self._news, False
                if news or (pause > 0 and self.driver.paused_until <= self.clock.now() + DUE_SLACK):
                    self.manager.changed(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.manager.errors.error("race-driver", "table %s: the race driver failed", table.id)
