"""What a cluster puts in Redis: every key and channel under its cluster name (two
clusters share one Redis server without hearing each other), and no secret in
clear (no seat token, no person token, nothing that vouches for a relayed request).

Black-box: real members on loopback, a Redis ``MONITOR`` connection and a
recording TCP proxy between the members. Needs ``LIFTOFF_TEST_POSTGRES_URL`` and
``LIFTOFF_TEST_REDIS_URL``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import subprocess
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
import pytest_asyncio
import websockets
from server_helpers import no_cookies
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from test_cluster import PG, REDIS, _member, _seated, _stop, _Watcher, cluster_marks, database
from test_cluster import wait_up as _wait_up
from test_server_crash import free_port

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(240)


@pytest_asyncio.fixture
async def second_database() -> AsyncIterator[str]:
    """Another new, empty PostgreSQL database (a second cluster's), dropped afterwards."""
    assert PG is not None
    name = f"liftoff_cluster_{secrets.token_hex(5)}"
    admin = create_async_engine(PG, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(PG).set(database=name).render_as_string(hide_password=False)
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


def _redis() -> Any:
    """A client of the tests' Redis that waits for an answer as long as it takes."""
    import redis.asyncio as aioredis

    assert REDIS is not None
    return aioredis.from_url(REDIS, socket_timeout=None)


class _Monitor:
    """Every command Redis runs while it is open, as Redis's ``MONITOR`` prints it."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._task: asyncio.Task[None] | None = None
        self._client: Any = None
        self.ready = asyncio.Event()

    async def __aenter__(self) -> _Monitor:
        self._client = _redis()
        self._task = asyncio.create_task(self._read())
        await asyncio.wait_for(self.ready.wait(), 10)
        return self

    async def _read(self) -> None:
        async with self._client.monitor() as m:
            self.ready.set()
            async for command in m.listen():
                self.lines.append(str(command.get("command", "")))

    async def __aexit__(self, *exc: object) -> None:
        assert self._task is not None
        if self._task.done():  # it stopped reading: say why
            self._task.result()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        with contextlib.suppress(Exception):
            await self._client.aclose()


class _Recorder:
    """A TCP proxy on loopback in front of a member, keeping every byte sent to it
    (what the other members send when they forward a request or relay a socket)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.sent = bytearray()
        self.server: asyncio.Server | None = None
        self.listen = free_port()
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", self.listen)

    async def _pipe(self, r: asyncio.StreamReader, w: asyncio.StreamWriter, keep: bool) -> None:
        with contextlib.suppress(OSError, asyncio.CancelledError):
            while data := await r.read(65536):
                if keep:
                    self.sent.extend(data)
                w.write(data)
                await w.drain()
        w.close()

    async def _client(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        try:
            ur, uw = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError:
            w.close()
            return
        await asyncio.gather(self._pipe(r, uw, True), self._pipe(ur, w, False))

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 5)


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def test_nothing_secret_crosses_redis(database: str) -> None:
    """A game played through the member that does not own the table (join, moves
    over REST and WebSocket, a new seat link, a name, a relayed race socket): Redis
    sees no seat token and nothing that vouches for a forwarded request or a
    relayed socket (those travel between the members only, and each is used once)."""
    pa, pb = free_port(), free_port()
    recorder = _Recorder(pa)  # A as B reaches it: every request B sends A is kept
    await recorder.start()
    a = b = None
    tokens: list[str] = []
    persons: list[str] = []
    async with _Monitor() as monitor:
        try:
            a = _member(database, pa, "--advertise", f"http://127.0.0.1:{recorder.listen}")
            await _wait_up(f"http://127.0.0.1:{pa}", a)
            b = _member(database, pb)
            await _wait_up(f"http://127.0.0.1:{pb}", b)
            async with (
                # each request's person is its own (the tests play both seats)
                httpx.AsyncClient(
                    base_url=f"http://127.0.0.1:{pa}", timeout=10, cookies=no_cookies()
                ) as ca,
                httpx.AsyncClient(
                    base_url=f"http://127.0.0.1:{pb}", timeout=10, cookies=no_cookies()
                ) as cb,
            ):
                made = await ca.post(
                    "/api/tables",
                    json={"game": "planet", "players": 2, "options": {"first_player": 0}},
                )
                tid = made.json()["table"]["id"]
                tokens.append(made.json()["token"])
                # Bea's person token goes with her join through B, to the owner A
                person = {"X-Liftoff-Person": "new"}
                joined = await cb.post(
                    f"/api/tables/{tid}/join", json={"name": "Bea"}, headers=person
                )
                assert joined.status_code == 200, joined.text
                tokens.append(joined.json()["token"])
                persons = [made.cookies["liftoff_person"], joined.json()["person"]]
                view = (await cb.get(f"/api/tables/{tid}/view", headers=_auth(tokens[0]))).json()
                move = {"action": view["legal"][0]["text"], "version": view["version"], "id": 1}
                act = await cb.post(
                    f"/api/tables/{tid}/actions", json=move, headers=_auth(tokens[0])
                )
                assert act.status_code == 200, act.text
                # a move over a socket to B
                ws = await websockets.connect(f"ws://127.0.0.1:{pb}/ws/tables/{tid}")
                await ws.send(json.dumps({"type": "hello", "token": tokens[1]}))
                w = _Watcher(ws)
                state = await w.until(lambda f: f["version"] == 1 and bool(f["legal"]))
                msg = {"type": "act", "action": state["legal"][0]["text"], "version": 1, "id": 2}
                await ws.send(json.dumps(msg))
                assert (await asyncio.wait_for(w.answers.get(), 10))["type"] == "ack"
                await ws.close()
                renamed = await cb.post(
                    f"/api/tables/{tid}/name",
                    json={"name": "Beatrix"},
                    headers={**_auth(tokens[1]), "X-Liftoff-Person": persons[1]},
                )
                assert renamed.status_code == 200, renamed.text
                renewed = await cb.post(
                    f"/api/tables/{tid}/seat-link/renew", headers=_auth(tokens[0])
                )
                assert renewed.status_code == 200, renewed.text
                tokens.append(renewed.json()["token"])
                # a race on A, its socket relayed through B
                race, race_tokens = await _seated(ca, "race")
                tokens += race_tokens
                async with websockets.connect(f"ws://127.0.0.1:{pb}/ws/tables/{race}") as rws:
                    await rws.send(json.dumps({"type": "hello", "token": race_tokens[1]}))
                    first = json.loads(await asyncio.wait_for(rws.recv(), 15))
                    assert first["type"] == "state" and first["you"] == 1, first
        finally:
            _stop(a, b)
            await recorder.stop()
    said = "\n".join(monitor.lines)
    assert "PUBLISH" in said.upper()  # the members spoke over Redis meanwhile
    for token in tokens:
        assert token not in said, "a seat token crossed Redis"
    for token in persons:
        assert token not in said, "a person token crossed Redis"
    assert persons[1] in recorder.sent.decode("latin-1")  # it went to the owner over HTTP
    forwarded = recorder.sent.decode("latin-1")
    vouched = re.findall(r"(?im)^x-liftoff-relay:\s*(\S+)\s*$", forwarded)
    assert len(vouched) >= 5, forwarded[:2000]  # join, act, name, renew, the race socket
    assert len(set(vouched)) == len(vouched)  # each used once
    for value in vouched:
        assert value not in said, "what vouches for a relayed request crossed Redis"


async def _cluster(database: str, name: str, *extra: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    proc = _member(database, port, "--cluster-name", name, *extra)
    await _wait_up(f"http://127.0.0.1:{port}", proc)
    return proc, port


@pytest.mark.parametrize("apart", ["names", "databases"])
async def test_two_clusters_on_one_redis_do_not_hear_each_other(
    database: str, second_database: str, apart: str
) -> None:
    """Two clusters (one member each, each on its own PostgreSQL database) on one
    Redis server, told apart by their names, or by their Redis database numbers
    under one name (pub/sub ignores the number: the channels must not). Each one's
    notices go out under its own prefix and only its members listen there; a
    client address's socket cap reached in one cluster does not refuse its socket in
    the other."""
    assert REDIS is not None
    tag = secrets.token_hex(3)
    number = int(urlsplit(REDIS).path.strip("/") or 0)
    if apart == "names":
        x_name, y_name, y_number = f"x{tag}", f"y{tag}", number
    else:
        x_name, y_name, y_number = f"s{tag}", f"s{tag}", (number + 1) % 16
    y_url = REDIS.rsplit("/", 1)[0] + f"/{y_number}"
    # a cluster's channels: its name, then its Redis database number
    x_prefix, y_prefix = f"{x_name}:{number}:", f"{y_name}:{y_number}:"
    limits = ("--ws-per-address", "2", "--trusted-proxy", "127.0.0.1")
    x = y = None
    held: list[Any] = []
    client = {"X-Forwarded-For": "203.0.113.77"}
    try:
        x, px = await _cluster(database, x_name, *limits)
        y, py = await _cluster(second_database, y_name, *limits, "--redis", y_url)
        redis = _redis()
        try:
            heard: list[tuple[str, bytes]] = []
            pubsub = redis.pubsub()
            await pubsub.psubscribe("*")
            async with (
                httpx.AsyncClient(
                    base_url=f"http://127.0.0.1:{px}", timeout=10, cookies=no_cookies()
                ) as cx,
                httpx.AsyncClient(
                    base_url=f"http://127.0.0.1:{py}", timeout=10, cookies=no_cookies()
                ) as cy,
            ):
                x_tid, _ = await _seated(cx)
                y_tid, _ = await _seated(cy)
                for _ in range(2):
                    held.append(
                        await websockets.connect(
                            f"ws://127.0.0.1:{px}/ws/tables/{x_tid}", additional_headers=client
                        )
                    )
                # the cap counts X's sockets only: the address's socket on Y is let in
                held.append(
                    await websockets.connect(
                        f"ws://127.0.0.1:{py}/ws/tables/{y_tid}", additional_headers=client
                    )
                )
                with pytest.raises(websockets.InvalidStatus):  # X's cap holds in X
                    await websockets.connect(
                        f"ws://127.0.0.1:{px}/ws/tables/{x_tid}", additional_headers=client
                    )
                # every message heard until each cluster's own notice of its table came
                # (by time, not by count: other workers' clusters speak on this Redis too)
                seen: set[str] = set()
                deadline = time.monotonic() + 40
                while time.monotonic() < deadline:
                    msg = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
                    if msg is None:
                        continue
                    channel = msg["channel"].decode()
                    heard.append((channel, msg["data"]))
                    for tid in (x_tid, y_tid):
                        if tid.encode() in msg["data"]:
                            seen.add(tid)
                    if seen == {x_tid, y_tid}:
                        break
                assert seen == {x_tid, y_tid}, heard
            await pubsub.aclose()
            for channel, data in heard:
                if x_tid.encode() in data:
                    assert channel.startswith(x_prefix), channel
                if y_tid.encode() in data:
                    assert channel.startswith(y_prefix), channel
            # the channels each member listens on are its cluster's, none the other's
            x_channels = [c.decode() for c in await redis.pubsub_channels(f"{x_prefix}*")]
            y_channels = [c.decode() for c in await redis.pubsub_channels(f"{y_prefix}*")]
            assert x_channels and y_channels
            assert not set(x_channels) & set(y_channels)
            for channel in x_channels:
                assert dict(await redis.pubsub_numsub(channel))[channel.encode()] == 1
        finally:
            await redis.aclose()
    finally:
        for ws in held:
            with contextlib.suppress(Exception):
                await ws.close()
        _stop(x, y)
