"""The server's clock: real by default; a virtual one moves only when a test
advances it, and advancing wakes the sleeps that fall due, in order."""

from __future__ import annotations

import asyncio

import pytest

from liftoff.server.clock import REAL_CLOCK, RealClock, Stopwatch, VirtualClock
from liftoff.server.tables import Settings

pytestmark = pytest.mark.asyncio


async def test_the_server_runs_on_real_time_unless_told_otherwise() -> None:
    assert Settings().clock is REAL_CLOCK and isinstance(REAL_CLOCK, RealClock)
    event = asyncio.Event()
    assert await REAL_CLOCK.wait(event, 0.001) is False
    event.set()
    assert await REAL_CLOCK.wait(event, None) is True


async def test_a_virtual_sleep_ends_only_when_the_clock_is_advanced_past_it() -> None:
    clock = VirtualClock()
    woke: list[tuple[str, float]] = []

    async def sleeper(name: str, seconds: float) -> None:
        await clock.sleep(seconds)
        woke.append((name, clock.now()))

    start = clock.now()
    tasks = [asyncio.create_task(sleeper(n, s)) for n, s in (("b", 2.0), ("a", 1.0), ("c", 2.0))]
    await clock.advance(0.999)
    assert woke == [] and clock.pending() == [start + 1.0, start + 2.0, start + 2.0]
    await clock.advance(5.0)
    # earliest first, ties in the order they were set, each at its own time
    assert woke == [("a", start + 1.0), ("b", start + 2.0), ("c", start + 2.0)]
    assert clock.now() == start + 5.999 and clock.pending() == []
    await asyncio.gather(*tasks)


async def test_a_sleep_set_while_advancing_runs_if_it_falls_due_in_time() -> None:
    clock = VirtualClock(0.0)
    rings: list[float] = []

    async def alarm() -> None:  # re-arms itself, like a table's clock alarm
        for _ in range(3):
            await clock.sleep(1.0)
            rings.append(clock.now())

    task = asyncio.create_task(alarm())
    await clock.advance(2.5)
    assert rings == [1.0, 2.0]
    await clock.advance(0.5)
    assert rings == [1.0, 2.0, 3.0]
    await task


async def test_a_zero_sleep_needs_no_advance_and_a_cancelled_sleep_is_dropped() -> None:
    clock = VirtualClock(0.0)
    await asyncio.wait_for(clock.sleep(0.0), 1)  # the bots' pacing in tests: no wait
    task = asyncio.create_task(clock.sleep(3.0))
    await clock.settle()
    task.cancel()
    await clock.settle()
    assert clock.pending() == []
    assert await clock.advance(10.0) == 10.0


async def test_a_virtual_wait_ends_on_its_event_or_its_timeout() -> None:
    clock = VirtualClock(0.0)
    event = asyncio.Event()
    waiting = asyncio.create_task(clock.wait(event, 5.0))
    await clock.advance(4.0)
    assert not waiting.done()
    await clock.advance(1.0)
    assert waiting.done() and waiting.result() is False
    waiting = asyncio.create_task(clock.wait(event, 5.0))
    await clock.settle()
    event.set()
    assert await asyncio.wait_for(waiting, 1) is True
    assert clock.pending() == []  # its timer went with it
    assert await clock.wait(event, None) is True


async def test_a_stopwatch_counts_from_its_start() -> None:
    clock = VirtualClock(100.0)
    watch = Stopwatch(clock)
    assert watch.now() == 0.0
    await clock.advance(2.5)
    assert watch.now() == 2.5
