"""Clocks through a failover: the time a table has no owner is charged to nobody.

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time

import httpx
import pytest
from test_cluster import PG, REDIS, _member, _play, database, wait_up
from test_cluster_failover import _stop
from test_server_crash import free_port

__all__ = ["database"]  # the fixture, used by name

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.timeout(180),
    pytest.mark.skipif(not PG, reason="needs PostgreSQL (LIFTOFF_TEST_POSTGRES_URL)"),
    pytest.mark.skipif(not REDIS, reason="needs Redis (LIFTOFF_TEST_REDIS_URL)"),
]

OUTAGE = 3.0  # seconds from the kill until the table is looked at again


async def test_the_time_without_an_owner_is_charged_to_nobody(database: str) -> None:
    pa, pb = free_port(), free_port()
    a = _member(database, pa)
    b = None
    try:
        await wait_up(f"http://127.0.0.1:{pa}", a)
        b = _member(database, pb)
        await wait_up(f"http://127.0.0.1:{pb}", b)
        async with (
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{pa}", timeout=10) as ca,
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{pb}", timeout=10) as cb,
        ):
            made = (
                await ca.post(
                    "/api/tables",
                    json={
                        "game": "planet",
                        "players": 2,
                        "seats": [{"type": "you"}, {"type": "open"}],
                        "clock": {"initial": 600, "increment": 0},
                    },
                )
            ).json()
            tid = made["table"]["id"]
            joined = (await ca.post(f"/api/tables/{tid}/join", json={"name": "Bea"})).json()
            tokens = [made["token"], joined["token"]]
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
    finally:
        _stop(a, b)
