"""Running real-time tables live through the game's own driver.

The driver (``Game.realtime_driver``, a
:class:`~liftoff.engine.realtime.RealtimeDriver`) applies actions in arrival
order and runs bots at their speed profiles. The server feeds it the humans'
actions as they arrive, wakes it when a bot's action is due (or a bot has
decided), and writes every applied action to the action log before anyone hears
of it. Bots think on a small shared thread pool, never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol

from liftoff.bots.live import MonotonicClock, live_seat, live_seats, thinker
from liftoff.bots.seats import parse_seat
from liftoff.engine import Event, IllegalAction, derive_seed
from liftoff.engine.realtime import SPEEDS, DriverEvent, LiveSeat, RealtimeDriver

from .botpool import BotBounds, bounded_spec
from .errors import ApiError, refusal_words
from .storage import ActionData
from .tables.model import accepted, stored_key

if TYPE_CHECKING:
    from .tables import LiveTable

#: a human's submission with a message id: (seat, the action's text, its stored key)
Submitted = tuple[int, str, str]

log = logging.getLogger("liftoff.server")

#: threads where the bots of every live table think (bounded: a busy server makes
#: its real-time bots slower, never the event loop)
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
        self._new_driver()

    def _new_driver(self) -> None:
        """A driver on the table's current state (at start, and after a failed write)."""
        settings = self.manager.settings
        table = self.table
        self.clock = MonotonicClock()
        texts: list[str] = []
        for s in table.seats:
            if s.kind == "bot":
                bot = bounded_spec(s.bot or "random", self.manager.bot_bounds(True))
                texts.append(f"{bot}@{s.speed or 'normal'}")
            elif s.kind == "open" or s.zombie:
                texts.append(f"{settings.zombie_bot}@normal")
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
            round_pause=settings.race_round_pause,
            start_pause=settings.race_start_pause,
            thinker=shared_thinker(),
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
        """Timing facts for clients: seconds until the round opens."""
        return {"paused_for": max(0.0, self.driver.paused_until - self.clock.now())}

    # -- seats ---------------------------------------------------------------------------------
    def _seat(self, p: int, text: str) -> LiveSeat:
        return live_seat(
            parse_seat(text),
            bot_seed=derive_seed(self.table.bot_seed, "zombie", p),
            speed_seed=derive_seed(self.table.bot_seed, "speed", p, time.time_ns()),
        )

    def set_bot(self, p: int, bot: str) -> None:
        """A bot plays seat ``p`` (zombie or left seat)."""
        self.driver.set_seat(p, self._seat(p, f"{bot}@normal"))
        self.wake.set()

    def set_human(self, p: int) -> None:
        """Seat ``p``'s person is back."""
        self.driver.set_seat(p, self._seat(p, "human"))
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
            self.driver.poll()
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

    async def _run(self) -> None:
        table = self.table
        try:
            while table.status == "playing" and not table.state.is_over():
                async with table.lock:
                    nxt = self.driver.next_arrival()
                    pause = self.driver.paused_until - self.clock.now()
                timeout: float | None = None
                if nxt is not None:
                    timeout = max(0.0, nxt - self.clock.now())
                elif pause > 0:
                    timeout = pause
                if timeout is None or timeout > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.wake.wait(), timeout)
                    self.wake.clear()
                async with table.lock:
                    if table.status != "playing":
                        break
                    self.driver.poll()
                    try:
                        await self._flush()
                    except ApiError:
                        await asyncio.sleep(5.0)
                if pause > 0 and self.driver.paused_until <= self.clock.now():
                    self.manager.changed(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.manager.errors.error("race-driver", "table %s: the race driver failed", table.id)
