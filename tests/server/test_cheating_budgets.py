"""Cheap requests that cost the server: a finished game's replay, its record, the
health check, pages and WebSocket handshakes. Black-box over HTTP and WebSocket on a
real server on loopback, on SQLite and PostgreSQL: one address gets 429 once its
budget is spent, another address is served meanwhile; a replay is computed once
and charged to whoever set it off. (Latencies with and without such a flood are
measured by ``benchmarks/bench_abuse.py``, not here.)"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import Db, Running, ServerFactory

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def client(r: Running, address: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=r.base, timeout=20, transport=transport)


async def handshake(r: Running, tid: str, address: str) -> int:
    """A WebSocket handshake from ``address``: 101, or the status it was refused with."""
    try:
        ws = await websockets.connect(f"{r.ws_base}/ws/tables/{tid}", local_addr=(address, 0))
    except websockets.InvalidStatus as refused:
        assert refused.response.status_code != 429 or refused.response.headers["retry-after"]
        return refused.response.status_code
    await ws.close()
    return 101


async def finished_table(r: Running, players: int = 2) -> str:
    """A planet game of random bots, played to the end."""
    made = await r.create("planet", [{"type": "bot", "bot": "random"}] * players)
    tid = str(made["table"]["id"])
    deadline = asyncio.get_running_loop().time() + 60
    while True:  # polled slowly: the test's own address has a small budget too
        res = await r.call("GET", f"/api/tables/{tid}")
        if res.status_code == 200 and res.json()["status"] == "over":
            return tid
        assert asyncio.get_running_loop().time() < deadline, f"the game did not end: {res.text}"
        await asyncio.sleep(0.5)


async def test_cheap_requests_draw_on_one_budget_per_address(server: ServerFactory, db: Db) -> None:
    """Record, health, pages and handshakes from one address, as fast as it can:
    each kind is refused with 429 once the address's budget is spent (the pages and
    handshakes were never counted), and another address is served meanwhile."""
    r = await server(db, http_rate=2.0, http_burst=40.0)
    tid = await finished_table(r)
    kinds: dict[str, Any] = {
        "record": f"/api/tables/{tid}/record",
        "health": "/api/health",
        "lobby page": "/",
        "table page": f"/t/{tid}",
    }
    flood, other = client(r, "127.0.0.2"), client(r, "127.0.0.3")
    try:
        for name, path in kinds.items():
            statuses = [(await flood.get(path)).status_code for _ in range(25)]
            assert 429 in statuses, (name, statuses)
            refused = await flood.get(path)
            assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
            assert refused.json()["error"] == "rate-limited" and refused.json()["words"]
            assert (await other.get(path)).status_code == 200, name  # not the others'
        shakes = [await handshake(r, tid, "127.0.0.4") for _ in range(12)]
        assert 429 in shakes and shakes[0] == 101, shakes
        assert await handshake(r, tid, "127.0.0.5") == 101
    finally:
        await flood.aclose()
        await other.aclose()


async def test_a_replay_is_computed_once_and_charged_to_its_caller(
    server: ServerFactory, db: Db
) -> None:
    """Step through a finished game's replay, then ask for it as every seat in every
    language to make the server replay the game again and again."""
    # a four-player game replays in about 50 ms of CPU: 25 units of work (2 ms each)
    r = await server(db, http_rate=2.0, http_burst=100.0)
    tid = await finished_table(r, players=4)
    viewer, flood, other = client(r, "127.0.0.2"), client(r, "127.0.0.3"), client(r, "127.0.0.4")
    try:
        # asking for it in every way: each is computed once, and charged to the asker
        asks = [
            f"/api/tables/{tid}/replay?seat={seat}&lang={lang}"
            for lang in ("en", "ja")
            for seat in (0, 1, 2)
        ]
        statuses = [(await flood.get(path)).status_code for path in asks * 3]
        assert 429 in statuses, statuses
        # the others are served meanwhile
        first = await viewer.get(f"/api/tables/{tid}/replay?step=0")
        assert first.status_code == 200, first.text
        steps = first.json()["steps"]
        assert steps > 20
        for step in (1, 2, steps // 2, steps):  # stepping through: each step a lookup
            res = await viewer.get(f"/api/tables/{tid}/replay?step={step}")
            assert res.status_code == 200 and res.json()["step"] == step
        assert (await other.get(f"/api/tables/{tid}/replay?step=3")).status_code == 200
        # one computation per seat and language asked for, however many steps
        assert r.manager.replays.computed <= len(asks) + 1
    finally:
        for c in (viewer, flood, other):
            await c.aclose()
