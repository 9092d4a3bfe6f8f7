"""Taking a table from a member that is gone (nobody hears its channel) before its
lease runs out: safe because of the fencing epoch, and only when it is gone.

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest
import redis.asyncio as aioredis
from test_cluster import REDIS, _logged, _row, _table, cluster_marks, database, two_members

from liftoff.server.cluster import Member
from liftoff.server.storage import Store
from liftoff.server.storage.leases import StaleLease

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(120)


async def test_a_table_is_taken_from_a_gone_owner_only(database: str) -> None:
    assert REDIS is not None
    sa, sb = Store(database), Store(database)
    await sa.start()
    await sb.start()
    a, b = Member(sa, REDIS, 30.0), Member(sb, REDIS, 30.0)
    try:
        await a.connect()
        await b.connect()
        await _table(sa, "t1")
        assert await a.claim("t1")
        await sa.append("t1", _row(0))
        # A listens on its channel: not gone, its table stays its own (a long lease)
        assert not await b.gone(a.id)
        assert not await b.take_from_gone("t1", a.id)
        assert not await b.claim("t1")
        # A stops hearing (its process died, or it lost Redis)
        await a._pubsub.unsubscribe()
        assert await b.gone(a.id)
        assert not await b.take_from_gone("t1", "someone-else")  # only from its owner
        assert await b.take_from_gone("t1", a.id)
        assert b.owns("t1")
        with pytest.raises(StaleLease):  # if A still runs, it cannot write
            await sa.append("t1", _row(1))
        await sb.append("t1", _row(1))
        assert not a.owns("t1")  # and A knows it lost it
    finally:
        for m in (a, b):
            await m.close()
        await sa.close()
        await sb.close()


async def test_a_member_whose_redis_connection_broke_listens_again(database: str) -> None:
    """Redis drops a member's listening connection: the member is taken for gone only
    until it listens again, at once."""
    assert REDIS is not None
    store = Store(database)
    await store.start()
    a = Member(store, REDIS, 30.0)
    admin = aioredis.from_url(REDIS)
    try:
        await a.connect()
        from liftoff.server.tables import TableManager

        a.start(TableManager(store))
        assert not await a.gone(a.id)
        name = f"liftoff-member-{a.id}"
        listening = [
            c["id"] for c in await admin.client_list(_type="pubsub") if c.get("name") == name
        ]
        assert listening, "the member's listening connection is named"
        for cid in listening:
            await admin.client_kill_filter(_id=cid)
        end = time.monotonic() + 10
        while time.monotonic() < end and await a.gone(a.id):
            await asyncio.sleep(0.05)
        assert not await a.gone(a.id), "it did not listen again"
    finally:
        await a.close()
        await admin.aclose()
        await store.close()


async def test_a_bot_table_nobody_asks_for_moves_on_with_its_new_owner(database: str) -> None:
    """Bots only, and nobody sends a request: the survivor's round finds the owner
    gone, takes the table over and its bots play on there."""
    bot = {"type": "bot", "bot": "random", "speed": "fast"}
    async with two_members(database) as pair:
        a = pair.a
        made = (
            await pair.ca.post(
                "/api/tables", json={"game": "agency", "players": 2, "seats": [bot, bot]}
            )
        ).json()
        tid = made["table"]["id"]
        end = time.monotonic() + 30
        while time.monotonic() < end and len(await _logged(database, tid)) < 5:
            await asyncio.sleep(0.1)
        os.kill(a.pid, signal.SIGKILL)
        a.wait(10)
        at_kill = len(await _logged(database, tid))
        killed = time.monotonic()
        while time.monotonic() - killed < 20 and len(await _logged(database, tid)) < at_kill + 5:
            await asyncio.sleep(0.1)
        took = time.monotonic() - killed
        logged = await _logged(database, tid)
        assert len(logged) >= at_kill + 5, "the bots did not play on at B"
        assert sorted(logged) == list(range(len(logged)))  # one action per index
        assert took < 10  # the round (every 2 s), not the lease, hands it over


async def test_one_dropped_connection_does_not_make_a_member_let_its_tables_go(
    database: str,
) -> None:
    """A renewal that fails once (a pooled connection reset under load) is tried
    again at once: the member stays fit and keeps its table; one that fails twice
    (really cut off) makes it unfit and lets the table go."""
    assert REDIS is not None
    store = Store(database)
    await store.start()
    a = Member(store, REDIS, 30.0)
    renew = a.fence.renew
    failures = {"left": 1}

    async def flaky(engine: object) -> set[str]:
        if failures["left"]:
            failures["left"] -= 1
            raise ConnectionError("connection reset by peer")
        return await renew(store.engine)

    try:
        await a.connect()
        await _table(store, "t1")
        assert await a.claim("t1")
        a.fence.renew = flaky  # type: ignore[method-assign]
        assert await a.renew(), a.last_error
        assert a.owns("t1") and failures["left"] == 0
        failures["left"] = 2
        assert not await a.renew()
        assert "lost its database or Redis" in (a.last_error or "")
        assert not a.owns("t1")
    finally:
        await a.close()
        await store.close()
