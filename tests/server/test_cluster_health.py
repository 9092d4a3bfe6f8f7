"""A member's health check is a look, not a renewal: a flood of unauthenticated
``/api/health`` requests renews and locks nothing, and the member keeps its
tables (black-box, two real members on loopback).

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import time

import httpx
from server_helpers import until
from sqlalchemy import text
from test_cluster import _member, _seated, cluster_marks, database, two_members

from liftoff.server.storage import Store

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(240)

TABLES = 30  # tables member A owns during the flood
FLOODERS = 24  # requests to /api/health at once
FLOOD_SECONDS = 8.0  # longer than a lease (6 s): a member that gave up would have lost them
ANSWERS = 3 * FLOODERS  # answers the flood gets at least (a busy machine answers slowly)


async def _leases(database: str) -> dict[str, tuple[str, int]]:
    """Every table's lease as stored: (owner, epoch)."""
    store = Store(database)
    try:
        async with store.engine.connect() as conn:
            found = await conn.execute(text("SELECT table_id, owner, epoch FROM table_leases"))
            rows = found.all()
    finally:
        await store.engine.dispose()
    return {str(t): (str(o), int(e)) for t, o, e in rows}


async def test_a_health_flood_neither_renews_nor_drops_a_members_tables(database: str) -> None:
    """While 24 clients ask member A's health as fast as it answers, for longer than a
    lease, A keeps every table it owns under the same epoch (never given up, never
    taken over), every health answer is 200, and a player at one of A's tables is
    never refused."""

    def unlimited(port: int) -> subprocess.Popen[bytes]:
        # no per-address limits: many addresses flood as hard as one does here
        limits = ("--http-rate", "0", "--requests-per-address", "0", "--tables-per-address", "0")
        return _member(database, port, *limits)

    async with two_members(database, unlimited, unlimited) as pair:
        ca = pair.ca
        tid, tokens = await _seated(ca)
        for _ in range(TABLES - 1):
            made = await ca.post("/api/tables", json={"game": "planet", "players": 2})
            assert made.status_code == 201, made.text
        before = await _leases(database)
        assert len(before) == TABLES and len({o for o, _ in before.values()}) == 1
        statuses: dict[int, int] = {}
        refused: list[str] = []
        stop = asyncio.Event()

        async def flood() -> None:
            async with httpx.AsyncClient(base_url=str(ca.base_url), timeout=30) as c:
                while not stop.is_set():
                    status = (await c.get("/api/health")).status_code
                    statuses[status] = statuses.get(status, 0) + 1

        async def play() -> int:
            moves = 0
            while not stop.is_set():
                for token in tokens:
                    auth = {"Authorization": f"Bearer {token}"}
                    view = await ca.get(f"/api/tables/{tid}/view", headers=auth)
                    if view.status_code != 200:
                        refused.append(view.text)
                        continue
                    legal = view.json()["legal"]
                    if not legal:
                        continue
                    move = {"action": legal[0]["text"], "version": view.json()["version"]}
                    res = await ca.post(f"/api/tables/{tid}/actions", json=move, headers=auth)
                    if res.status_code != 200:
                        refused.append(res.text)
                    moves += 1
            return moves

        flooders = [asyncio.create_task(flood()) for _ in range(FLOODERS)]
        player = asyncio.create_task(play())
        try:
            # the flood lasts longer than a lease, and until it has had its answers
            await asyncio.sleep(FLOOD_SECONDS)
            await until(
                f"{ANSWERS} health answers to the flood",
                lambda: sum(statuses.values()) >= ANSWERS,
                timeout=120,
            )
        finally:
            stop.set()
            for task in flooders:
                with contextlib.suppress(Exception):
                    await task
        moves = await player
        assert not refused, refused[:3]
        assert moves > 0
        assert set(statuses) == {200}, statuses
        assert sum(statuses.values()) >= ANSWERS
        # a round of renewals after the flood, then the leases are as they were
        end = time.monotonic() + 5
        while time.monotonic() < end:
            health = (await ca.get("/api/health")).json()
            assert health["ok"], health
            await asyncio.sleep(0.5)
        assert await _leases(database) == before
