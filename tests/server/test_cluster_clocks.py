"""Clocks through a failover: the time a table has no owner is charged to nobody.

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time

from test_cluster import _play, _seated, cluster_marks, database, two_members

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(180)

OUTAGE = 3.0  # seconds from the kill until the table is looked at again


async def test_the_time_without_an_owner_is_charged_to_nobody(database: str) -> None:
    async with two_members(database) as pair:
        a, ca, cb = pair.a, pair.ca, pair.cb
        tid, tokens = await _seated(ca, clock={"initial": 600, "increment": 0})
        await _play(ca, tid, tokens, {}, 3)
        seen = (await ca.get(f"/api/tables/{tid}")).json()
        [mover] = seen["clock"]["running"]
        await asyncio.sleep(1.0)  # the mover thinks, its clock runs at A
        at_kill = (await ca.get(f"/api/tables/{tid}")).json()["clock"]["remaining"][mover]
        os.kill(a.pid, signal.SIGKILL)
        a.wait(10)
        killed = time.monotonic()
        await asyncio.sleep(OUTAGE)  # B takes the table over meanwhile (its round)
        after = (await cb.get(f"/api/tables/{tid}")).json()
        outage = time.monotonic() - killed
        clock = after["clock"]
        assert clock["running"] == [mover]
        # not charged: the outage (and, the thinking since the last stored action
        # being unknown to B, nothing of it either) — at most the time since B took
        # the table over, which is less than the outage
        assert clock["remaining"][mover] > at_kill - outage * 1000 + 500, (clock, at_kill)
        # and B's clock runs from then on: a move costs its mover the time taken
        before = clock["remaining"][mover]
        await asyncio.sleep(1.0)
        later = (await cb.get(f"/api/tables/{tid}")).json()["clock"]["remaining"][mover]
        assert before - 1600 < later < before - 800
        await _play(cb, tid, tokens, {}, 1)
