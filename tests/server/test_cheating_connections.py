"""Connection-level attacks: socket floods, slow requests, odd frames, spoofed
addresses; on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets
from server_helpers import Db, Running, ServerFactory

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


async def raw(r: Running, data: bytes) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    host, port = r.base.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(data)
    await writer.drain()
    return reader, writer


async def test_websocket_flood_from_one_address_is_capped(server: ServerFactory, db: Db) -> None:
    r = await server(db, max_ws_per_address=5)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    tid = made["table"]["id"]
    held = [await websockets.connect(f"{r.ws_base}/ws/tables/{tid}") for _ in range(5)]
    with pytest.raises(websockets.InvalidStatus) as refused:
        await websockets.connect(f"{r.ws_base}/ws/tables/{tid}")
    assert refused.value.response.status_code == 403
    await held.pop().close()
    await asyncio.sleep(0.1)
    again = await websockets.connect(f"{r.ws_base}/ws/tables/{tid}")  # a place came free
    for ws in (*held, again):
        await ws.close()


async def test_half_sent_requests_are_dropped(server: ServerFactory, db: Db) -> None:
    """Send half a request line (slowloris) or half a body and hold the connection."""
    r = await server(db, header_timeout=0.5, body_timeout=0.5)
    reader, writer = await raw(r, b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
    assert await asyncio.wait_for(reader.read(), 10) == b""  # closed, nothing answered
    writer.close()
    # a second request on a kept-alive connection gets the same treatment
    reader, writer = await raw(r, b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
    assert (await reader.readuntil(b"\r\n")).startswith(b"HTTP/1.1 200")
    writer.write(b"GET /api/health HTTP/1.1\r\nHo")
    await writer.drain()
    rest = await asyncio.wait_for(reader.read(), 10)
    assert b"HTTP/1.1" not in rest.split(b"\r\n\r\n", 1)[-1]
    writer.close()
    # a body that stops half way: 408
    body = b'{"game": "planet", "players": 2}'
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % (len(body) + 10)
    )
    reader, writer = await raw(r, head + body)
    answer = await asyncio.wait_for(reader.read(), 10)
    assert answer.startswith(b"HTTP/1.1 408")
    writer.close()
    assert len(r.manager.tables) == 0


async def test_requests_in_flight_per_address_are_capped(server: ServerFactory, db: Db) -> None:
    r = await server(db, max_requests_per_address=2, body_timeout=3.0)
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 50\r\n\r\n{"
    )
    held = [await raw(r, head) for _ in range(2)]
    await asyncio.sleep(0.2)
    res = await r.call("GET", "/api/health")
    assert res.status_code == 429
    for _, w in held:
        w.close()
    await asyncio.sleep(0.2)
    assert (await r.call("GET", "/api/health")).status_code == 200


async def test_odd_frames_are_answered_and_rate_limited(server: ServerFactory, db: Db) -> None:
    r = await server(db, ws_rate=1.0, ws_burst=4.0)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    tid, tok = made["table"]["id"], made["token"]
    ws = await websockets.connect(f"{r.ws_base}/ws/tables/{tid}")
    await ws.send(b"\x00\x01binary hello")
    first = json.loads(await ws.recv())
    assert first["type"] == "error" and first["error"] == "binary"
    await ws.wait_closed()
    ws = await websockets.connect(f"{r.ws_base}/ws/tables/{tid}")
    await ws.send(json.dumps({"type": "hello", "token": tok}))
    assert json.loads(await ws.recv())["type"] == "state"
    await ws.send(b"\xff" * 10)
    assert json.loads(await ws.recv())["error"] == "binary"
    await ws.send("not json at all")
    assert json.loads(await ws.recv())["error"] == "bad-json"
    # non-JSON and binary frames count against the rate too; a flood is hung up on
    for _ in range(200):
        try:
            await ws.send("garbage")
        except websockets.ConnectionClosed:
            break
    replies = []
    with pytest.raises(websockets.ConnectionClosed):
        while True:
            replies.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
    assert any(m.get("error") == "rate-limited" for m in replies)
    assert ws.close_code == 1008


async def test_per_address_limits_see_the_client_behind_a_trusted_proxy(
    server: ServerFactory, db: Db
) -> None:
    body = {"game": "planet", "players": 2}

    async def create(r: Running, forwarded: str) -> int:
        res = await r.http.post("/api/tables", json=body, headers={"X-Forwarded-For": forwarded})
        return res.status_code

    r = await server(db, max_tables_per_address=1, trusted_proxies=frozenset({"127.0.0.1"}))
    assert await create(r, "203.0.113.7") == 201
    assert await create(r, "203.0.113.7") == 429
    assert await create(r, "198.51.100.2, 203.0.113.8") == 201  # the nearest hop counts
    creators = sorted(str(t.creator) for t in r.manager.tables.values())
    assert creators == ["203.0.113.7", "203.0.113.8"]
    await r.stop()
    # without the proxy trusted, the header is the client's word: ignored
    r2 = await server(db, max_tables_per_address=1)
    assert await create(r2, "192.0.2.1") == 201
    assert await create(r2, "192.0.2.2") == 429  # both count against the loopback address
