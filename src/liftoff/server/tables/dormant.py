"""Tables asleep: a table played over days costs nothing while nobody moves.

A table with a clock of days (``tables.clocks.DAY_PRESETS``) that nobody has
watched, played or connected to for ``Settings.dormant_after`` seconds goes to
sleep at the manager's sweep: its clocks are charged and kept in the database
(``game_tables.clock_state``) with the time its first running clock runs out
(``game_tables.deadline``, epoch seconds), and it leaves memory (no task, no
timer, no lease in a cluster). It wakes when anyone asks for it (a page, a
move, a socket: ``TableManager.get``) or when its deadline comes: one task
sleeps until the earliest deadline of all tables asleep (read from the
database's index), wakes the tables due, and sleeps again; a table going to
sleep with an earlier deadline wakes it to sleep less. A woken table's clocks go
on from what was kept, charged for the time it slept (pauses of a vacation
excepted); then the time-out policy looks at it as at any table.

In a cluster a table asleep has no owner: the member asked for it, or whose
deadline task finds it due, takes its lease and wakes it; orphan adoption leaves
tables asleep alone, so no member renews or holds a lease for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from ..clock import wall_time
from ..storage import TableData
from ..storage.days import due_tables, next_deadline
from .clocks import is_day_clock
from .model import LiveTable

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("liftoff.server")


def restore_clocks(table: LiveTable, data: TableData) -> None:
    """A woken table's clocks as they were kept, charged for the time it slept."""
    state, clocks = data.clock_state, table.clocks
    if state is None or clocks is None:
        return
    clocks.remaining = [int(x) for x in state["remaining"]]
    clocks.running = tuple(int(p) for p in state["running"])
    slept = max(0.0, wall_time(table.clock) - float(state["at"]))
    clocks.since = table.clock.now() - slept


class Dormancy:
    """Putting idle tables over days to sleep, and waking them when due."""

    def __init__(self, host: TableManager) -> None:
        self.host = host
        self.sooner = asyncio.Event()  # a table went to sleep with an earlier deadline
        self.due: float | None = None  # the deadline the task sleeps until
        self.task: asyncio.Task[None] | None = None
        self.slept = 0  # tables put to sleep (for the operator, benchmarks)
        self.woken_by_deadline = 0  # tables woken because a clock's deadline came
        self.woken: dict[str, float] = {}  # when each table awake was last woken
        self._waking: dict[str, asyncio.Future[LiveTable | None]] = {}

    def start(self) -> None:
        """Run the deadline task."""
        self.task = asyncio.create_task(self._loop(), name="liftoff-deadlines")

    async def close(self) -> None:
        """Stop the deadline task."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def wake(self, table_id: str) -> LiveTable | None:
        """A table asleep, woken once however many ask at a time, read again from the
        database; ``None`` when it is not asleep any more."""
        task = self._waking.get(table_id)
        if task is None:
            task = asyncio.ensure_future(self._wake(table_id))
            self._waking[table_id] = task
            task.add_done_callback(lambda _: self._waking.pop(table_id, None))
        return await asyncio.shield(task)

    async def _wake(self, table_id: str) -> LiveTable | None:
        host = self.host
        awake = host.tables.get(table_id)
        if awake is not None:
            return awake
        found = await host.store.load_tables(ids=[table_id])
        if not found or found[0].status != "playing" or found[0].clock_state is None:
            return host.tables.get(table_id)
        return await host.resume(found[0])

    async def woke(self, table: LiveTable, data: TableData) -> None:
        """A table rebuilt from its record asleep: its clocks go on from what was
        kept, it stays awake a while, and the database knows it is awake."""
        restore_clocks(table, data)
        self.woken[table.id] = self.host.settings.clock.now()
        await self.host.store.update_table(table.id, clock_state=None, deadline=None)

    def idle(self, table: LiveTable, now: float) -> bool:
        """Whether ``table`` may sleep: a game over days that nobody watched, played
        or connected to for ``dormant_after`` seconds (``now``: the server clock)."""
        after = self.host.settings.dormant_after
        return (
            after > 0
            and table.status == "playing"
            and is_day_clock(table.clock_spec)
            and table.clocks is not None
            and not table.subscribers
            and not table.bot_tasks
            and not any(s.connected for s in table.seats)
            and now - (table.watched_at or 0.0) > after
            and now - self.woken.get(table.id, now - after - 1) > after
            and now - table.clocks.since > after
        )

    async def sleep(self, table: LiveTable) -> None:
        """Put ``table`` to sleep: its clocks and deadline to the database, then out
        of memory (and its lease let go, in a cluster)."""
        host, clocks = self.host, table.clocks
        assert clocks is not None
        async with table.lock:
            now, wall = table.clock.now(), wall_time(table.clock)
            clocks.charge(now)
            done = [p for p in clocks.running if clocks.remaining[p] <= 0]
            wait = clocks.expires_in(now, ignore=done)
            deadline = None if wait is None else wall + wait
            state = {"remaining": clocks.remaining, "running": list(clocks.running), "at": wall}
            await host.store.update_table(table.id, clock_state=state, deadline=deadline)
            host.stop_playing(table)
            host.seating.forget(table)
            host.chat.forget(table.id)
            host.tables.pop(table.id, None)
            self.woken.pop(table.id, None)
        if host.member is not None:
            await host.member.fence.release(host.store.engine, [table.id])
        self.slept += 1
        if deadline is not None and (self.due is None or deadline < self.due):
            self.sooner.set()

    async def sweep(self) -> int:
        """Put every idle table over days to sleep; how many."""
        now = self.host.settings.clock.now()
        idle = [t for t in list(self.host.tables.values()) if self.idle(t, now)]
        for table in idle:
            await self.sleep(table)
        return len(idle)

    async def wake_due(self) -> int:
        """Wake the tables asleep whose deadline has come; how many."""
        host, woken = self.host, 0
        for table_id in await due_tables(host.store, wall_time(host.settings.clock)):
            if table_id in host.tables:
                continue
            if host.member is not None and not await host.member.claim(table_id):
                continue  # another member woke it
            if await self.wake(table_id) is not None:
                woken += 1
        self.woken_by_deadline += woken
        return woken

    async def _loop(self) -> None:
        host = self.host
        clock = host.settings.clock
        while not host.closing:
            self.sooner.clear()
            try:
                await self.wake_due()
                self.due = await next_deadline(host.store)
            except Exception:
                host.errors.error("deadlines", "waking the tables due failed")
                self.due = None
                await clock.sleep(host.settings.sweep_every)
                continue
            # (a hundredth more: the deadline is surely past when the task looks again)
            wait = None if self.due is None else max(0.0, self.due - wall_time(clock)) + 0.01
            await clock.wait(self.sooner, wait)
