"""Clocks through a failover: the time a table has no owner is charged to nobody.

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time

from sqlalchemy import text
from test_cluster import _play, _seated, cluster_marks, database, two_members

from liftoff.server.storage import Store

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(180)


async def _owner(store: Store, tid: str) -> str | None:
    """The member holding table ``tid``'s lease, as stored."""
    async with store.engine.connect() as conn:
        found = await conn.execute(
            text("SELECT owner FROM table_leases WHERE table_id = :t"), {"t": tid}
        )
        row = found.first()
    return None if row is None else str(row[0])


async def _taken_over(store: Store, tid: str, old: str, within: float = 60.0) -> float:
    """Wait until another member than ``old`` holds the lease; the last time
    (``time.monotonic()``) ``old`` was still seen holding it."""
    deadline = time.monotonic() + within
    last_seen = 0.0  # (not seen at all: it was taken over before the first look)
    while True:
        before = time.monotonic()
        owner = await _owner(store, tid)
        if owner not in (None, old):
            return last_seen
        last_seen = before
        assert time.monotonic() < deadline, f"no member took table {tid} over from {old}"
        await asyncio.sleep(0.05)


async def test_the_time_without_an_owner_is_charged_to_nobody(database: str) -> None:
    """A's mover thinks; A is killed; B takes the table over in its round. The mover
    is charged nothing of the time between: at most the time since B took over,
    which this test bounds by when it last saw A's lease (not a fixed outage)."""
    store = Store(database)
    try:
        async with two_members(database) as pair:
            a, ca, cb = pair.a, pair.ca, pair.cb
            tid, tokens = await _seated(ca, clock={"initial": 600, "increment": 0})
            await _play(ca, tid, tokens, {}, 3)
            seen = (await ca.get(f"/api/tables/{tid}")).json()
            [mover] = seen["clock"]["running"]
            at_kill = (await ca.get(f"/api/tables/{tid}")).json()["clock"]["remaining"][mover]
            owner_a = await _owner(store, tid)
            assert owner_a is not None
            os.kill(a.pid, signal.SIGKILL)
            a.wait(10)
            killed = time.monotonic()
            last_a = await _taken_over(store, tid, owner_a)  # B's round takes it
            after = (await cb.get(f"/api/tables/{tid}")).json()
            looked = time.monotonic()
            clock = after["clock"]
            assert clock["running"] == [mover]
            # not charged: the time without an owner (nor, the thinking since the
            # last stored action being unknown to B, any of that) — at most the
            # time since B took over, which began after A's lease was last seen
            charged = at_kill - clock["remaining"][mover]
            since = (looked - max(last_a, killed)) * 1000
            assert charged <= since + 50, (charged, since, (last_a - killed) * 1000)
            # and B's clock runs from then on: between two looks it charges the
            # mover the time that passed, as this test measures it around them
            t0 = time.monotonic()
            before = (await cb.get(f"/api/tables/{tid}")).json()["clock"]["remaining"][mover]
            t1 = time.monotonic()
            await asyncio.sleep(0.5)
            t2 = time.monotonic()
            later = (await cb.get(f"/api/tables/{tid}")).json()["clock"]["remaining"][mover]
            t3 = time.monotonic()
            spent = before - later
            assert (t2 - t1) * 1000 - 50 <= spent <= (t3 - t0) * 1000 + 50, (spent, t1 - t0)
            await _play(cb, tid, tokens, {}, 1)
    finally:
        await store.engine.dispose()
