"""The server's one clock: what time it is, and waiting for time to pass.

Everything the server times — players' clocks, time-outs, disconnect grace,
bots' pacing, real-time rounds and their pauses, chat limits — reads
``settings.clock``: a :class:`RealClock` (monotonic time, ``asyncio`` sleeps)
unless another is given. A :class:`VirtualClock` moves only when told to
(:meth:`VirtualClock.advance`), which runs the sleeps that fall due in order,
so a test of a minute-long grace period takes milliseconds and cannot race the
machine it runs on.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from typing import Any, Protocol


class ServerClock(Protocol):
    """A source of monotonic time (seconds) and of waits measured on it."""

    def now(self) -> float:
        """The current time in seconds (only differences mean anything)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return when ``seconds`` have passed on this clock."""
        ...

    async def wait(self, event: asyncio.Event, timeout: float | None) -> bool:
        """Wait until ``event`` is set or ``timeout`` seconds have passed (``None``:
        no limit); whether it is set."""
        ...


class RealClock:
    """The machine's monotonic clock and the event loop's sleeps."""

    def now(self) -> float:
        """``time.monotonic()``."""
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        """``asyncio.sleep``."""
        await asyncio.sleep(seconds)

    async def wait(self, event: asyncio.Event, timeout: float | None) -> bool:
        """Wait for ``event`` at most ``timeout`` seconds; whether it is set."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)
        return event.is_set()


#: the clock of everything not given another
REAL_CLOCK = RealClock()


def wall_time(clock: ServerClock) -> float:
    """Seconds since the epoch as ``clock`` tells them (what the database keeps of a
    clock's deadline): the machine's for the real clock; a :class:`VirtualClock`'s
    own, which moves with it."""
    wall = getattr(clock, "wall", None)
    return float(wall()) if wall is not None else time.time()


class VirtualClock:
    """A clock whose time moves only when :meth:`advance` is called (tests).

    Sleeps register a timer; :meth:`advance` moves time to each due timer in
    turn (earliest first, ties in the order they were set), wakes its sleeper
    and lets the event loop run what that wakes before the next one.
    """

    #: event-loop turns given to what a woken timer starts before the next one
    SETTLE_TURNS = 20

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start
        self.epoch = time.time() - start  # its wall time: this plus its time
        self._timers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        """The clock's current time."""
        return self.t

    def wall(self) -> float:
        """Seconds since the epoch on this clock (it started at the machine's)."""
        return self.epoch + self.t

    def pending(self) -> list[float]:
        """The due times of the sleeps still waiting, earliest first."""
        return sorted(due for due, _, fut in self._timers if not fut.done())

    def _timer(self, seconds: float) -> asyncio.Future[None]:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._timers, (self.t + max(0.0, seconds), next(self._order), fut))
        return fut

    async def sleep(self, seconds: float) -> None:
        """Return once the clock has been advanced ``seconds`` past now (at once,
        after one turn of the loop, for no time at all)."""
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        fut = self._timer(seconds)
        try:
            await fut
        finally:
            fut.cancel()

    async def wait(self, event: asyncio.Event, timeout: float | None) -> bool:
        """Wait until ``event`` is set or the clock has moved ``timeout`` on."""
        if event.is_set():
            return True
        if timeout is None:
            await event.wait()
            return True
        if timeout <= 0:
            await asyncio.sleep(0)
            return event.is_set()
        timer = self._timer(timeout)
        waiter: asyncio.Future[Any] = asyncio.ensure_future(event.wait())
        try:
            await asyncio.wait([timer, waiter], return_when=asyncio.FIRST_COMPLETED)
        finally:
            timer.cancel()
            waiter.cancel()
        return event.is_set()

    async def settle(self) -> None:
        """Give the event loop a few turns (what a woken sleeper starts runs on)."""
        for _ in range(self.SETTLE_TURNS):
            await asyncio.sleep(0)

    async def advance(self, seconds: float) -> float:
        """Move the clock ``seconds`` on, waking every sleep that falls due on the
        way in order (a sleep set meanwhile counts if it falls due in time); the
        new time."""
        target = self.t + seconds
        await self.settle()
        while self._timers and self._timers[0][0] <= target:
            due, _, fut = heapq.heappop(self._timers)
            if fut.done():
                continue
            self.t = max(self.t, due)
            fut.set_result(None)
            await self.settle()
        self.t = max(self.t, target)
        await self.settle()
        return self.t


class Stopwatch:
    """Time since creation on another clock (a real-time driver's clock)."""

    def __init__(self, clock: ServerClock) -> None:
        self.clock = clock
        self.start = clock.now()

    def now(self) -> float:
        """Seconds since the stopwatch was made."""
        return self.clock.now() - self.start
