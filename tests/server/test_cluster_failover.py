"""Failover of a cluster member: kill -9 of the owner of an agency table during
play, and a member cut off from PostgreSQL (no split brain).

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``; each test
works in a database of its own (the ``database`` fixture of test_cluster).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import time
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from test_cluster import PG, REDIS, _member, _play, database, wait_up
from test_server_crash import free_port

from liftoff.server.storage import Store

__all__ = ["database"]  # the fixture, used by name

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.timeout(240),
    pytest.mark.skipif(not PG, reason="needs PostgreSQL (LIFTOFF_TEST_POSTGRES_URL)"),
    pytest.mark.skipif(not REDIS, reason="needs Redis (LIFTOFF_TEST_REDIS_URL)"),
]


def _stop(*procs: subprocess.Popen[bytes] | None) -> None:
    for p in procs:
        if p is not None and p.poll() is None:
            p.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(10)
            if p.poll() is None:
                p.kill()


async def _logged(database: str, tid: str) -> dict[int, str]:
    store = Store(database)
    try:
        async with store.engine.connect() as conn:
            rows = (
                await conn.execute(
                    text("SELECT idx, text FROM action_log WHERE table_id = :t ORDER BY idx"),
                    {"t": tid},
                )
            ).all()
    finally:
        await store.engine.dispose()
    return {int(i): str(t) for i, t in rows}


async def _seated(c: httpx.AsyncClient, game: str) -> tuple[str, list[str]]:
    made = (
        await c.post(
            "/api/tables",
            json={"game": game, "players": 2, "seats": [{"type": "you"}, {"type": "open"}]},
        )
    ).json()
    tid = made["table"]["id"]
    joined = (await c.post(f"/api/tables/{tid}/join", json={"name": "Bea"})).json()
    return tid, [made["token"], joined["token"]]


async def _next_move(c: httpx.AsyncClient, tid: str, tokens: list[str]) -> dict[str, Any]:
    """The seat to move, its token, and the request body of a legal action."""
    for tok in tokens:
        auth = {"Authorization": f"Bearer {tok}"}
        v = (await c.get(f"/api/tables/{tid}/view", headers=auth)).json()
        if v["legal"]:
            act = v["legal"][0]["text"]
            body = {"action": act, "version": v["version"], "id": f"m{v['version']}"}
            return {"auth": auth, "body": body}
    raise AssertionError("nobody to move")


async def test_kill_9_of_an_agency_owner_during_play(database: str) -> None:
    """Agency (turn-based): the owner is killed mid-game; the other member takes the
    table over from the action log, nothing acknowledged is lost or doubled, and the
    players carry on through it."""
    pa, pb = free_port(), free_port()
    a = _member(database, pa)
    b = None
    try:
        await wait_up(f"http://127.0.0.1:{pa}", a)
        b = _member(database, pb)
        await wait_up(f"http://127.0.0.1:{pb}", b)
        acked: dict[int, str] = {}
        async with (
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{pa}", timeout=10) as ca,
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{pb}", timeout=10) as cb,
        ):
            tid, tokens = await _seated(ca, "agency")
            await _play(ca, tid, tokens, acked, 10)
            # the next move is sent to A and A dies at once: it may or may not have
            # been stored; its client retries it (same id) through B
            move = await _next_move(ca, tid, tokens)
            pending = asyncio.create_task(
                ca.post(f"/api/tables/{tid}/actions", json=move["body"], headers=move["auth"])
            )
            await asyncio.sleep(0.01)
            os.kill(a.pid, signal.SIGKILL)
            a.wait(10)
            killed = time.monotonic()
            with contextlib.suppress(httpx.HTTPError):
                first = await pending
                if first.status_code == 200:
                    acked[first.json()["version"] - 1] = move["body"]["action"]
            answer = None
            while time.monotonic() - killed < 30:
                answer = await cb.post(
                    f"/api/tables/{tid}/actions", json=move["body"], headers=move["auth"]
                )
                if answer.status_code != 503:
                    break
                assert answer.json()["error"] in ("unreachable", "elsewhere"), answer.text
                await asyncio.sleep(0.2)
            took = time.monotonic() - killed
            assert answer is not None, "no takeover"
            # applied once, and answered: by B now, or by A before it died (B answers
            # as A would have: the submission's key is in the log)
            assert answer.status_code == 200, answer.text
            acked[answer.json()["version"] - 1] = move["body"]["action"]
            assert took < 15
            view = (await cb.get(f"/api/tables/{tid}/view", headers=move["auth"])).json()
            logged = await _logged(database, tid)
            assert view["version"] == len(logged)
            assert all(logged[i] == t for i, t in acked.items())  # nothing acknowledged lost
            acked.update(logged)  # the one move A stored but never answered, if any
            await _play(cb, tid, tokens, acked, 6)  # play goes on through B
        assert await _logged(database, tid) == acked  # each action once, nothing else
    finally:
        _stop(a, b)


class _Cut:
    """A TCP proxy on loopback in front of PostgreSQL that can be cut: every
    connection closed, new ones refused (a member losing its database)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()
        self.listen = 0

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.listen = int(self.server.sockets[0].getsockname()[1])

    async def _pipe(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, asyncio.CancelledError):
            while data := await r.read(65536):
                w.write(data)
                await w.drain()
        w.close()

    async def _client(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        try:
            ur, uw = await asyncio.open_connection(self.host, self.port)
        except OSError:
            w.close()
            return
        self.writers |= {w, uw}
        await asyncio.gather(self._pipe(r, uw), self._pipe(ur, w))
        self.writers -= {w, uw}

    async def cut(self) -> None:
        assert self.server is not None
        self.server.close()  # refuse new connections
        for w in list(self.writers):
            w.transport.abort()
        self.writers.clear()


async def test_a_member_cut_off_from_postgresql_stops_owning(database: str) -> None:
    """A reaches PostgreSQL through a proxy that is then cut: A lets its table go
    (its health check says so), B takes the table over once A's lease runs out, and
    A never accepts an action for it again (a clear 503, no traceback)."""
    url = make_url(database)
    proxy = _Cut(url.host or "127.0.0.1", url.port or 5432)
    await proxy.start()
    via_proxy = url.set(host="127.0.0.1", port=proxy.listen).render_as_string(hide_password=False)
    pa, pb = free_port(), free_port()
    a = _member(via_proxy, pa)
    b = None
    try:
        await wait_up(f"http://127.0.0.1:{pa}", a)
        b = _member(database, pb)
        await wait_up(f"http://127.0.0.1:{pb}", b)
        acked: dict[int, str] = {}
        async with (
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{pa}", timeout=10) as ca,
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{pb}", timeout=10) as cb,
        ):
            tid, tokens = await _seated(ca, "planet")
            await _play(ca, tid, tokens, acked, 4)
            await proxy.cut()
            cut = time.monotonic()
            move = await _next_move(cb, tid, tokens)
            refused_by_a: set[str] = set()
            taken = None
            while time.monotonic() - cut < 30:
                at_a = await ca.post(
                    f"/api/tables/{tid}/actions", json=move["body"], headers=move["auth"]
                )
                assert at_a.status_code == 503, at_a.text  # never accepted, never a 500
                refused_by_a.add(at_a.json()["error"])
                at_b = await cb.post(
                    f"/api/tables/{tid}/actions", json=move["body"], headers=move["auth"]
                )
                if at_b.status_code != 503:
                    taken = at_b
                    break
                await asyncio.sleep(0.2)
            assert taken is not None and taken.status_code == 200, "B did not take over"
            acked[taken.json()["version"] - 1] = move["body"]["action"]
            assert time.monotonic() - cut < 20
            # A knows it is cut off: its health check fails, it owns nothing
            health = await ca.get("/api/health")
            assert health.status_code == 503
            # and after B took over, A still refuses the next move (B's version)
            move = await _next_move(cb, tid, tokens)
            at_a = await ca.post(
                f"/api/tables/{tid}/actions", json=move["body"], headers=move["auth"]
            )
            assert at_a.status_code == 503, at_a.text
            refused_by_a.add(at_a.json()["error"])
            assert refused_by_a <= {"storage", "unreachable", "elsewhere"}, refused_by_a
            await _play(cb, tid, tokens, acked, 2)
        assert await _logged(database, tid) == acked  # only what was acknowledged
    finally:
        _stop(a, b)
        await proxy.cut()


async def test_a_member_cut_off_from_redis_stops_owning(database: str) -> None:
    """A reaches Redis through a proxy that is then cut: A cannot hear or be heard,
    so it lets its table go (its health check says so); B finds nobody listening
    for A and takes the table over; A never accepts an action for it again."""
    assert REDIS is not None
    parts = urlsplit(REDIS)
    proxy = _Cut(parts.hostname or "127.0.0.1", parts.port or 6379)
    await proxy.start()
    via_proxy = f"redis://127.0.0.1:{proxy.listen}{parts.path or '/0'}"
    pa, pb = free_port(), free_port()
    a = _member(database, pa, "--redis", via_proxy)  # the last --redis is the one used
    b = None
    try:
        await wait_up(f"http://127.0.0.1:{pa}", a)
        b = _member(database, pb)
        await wait_up(f"http://127.0.0.1:{pb}", b)
        acked: dict[int, str] = {}
        async with (
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{pa}", timeout=10) as ca,
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{pb}", timeout=10) as cb,
        ):
            tid, tokens = await _seated(ca, "planet")
            await _play(ca, tid, tokens, acked, 4)
            await proxy.cut()
            cut = time.monotonic()
            taken = None
            while time.monotonic() - cut < 30:
                move = await _next_move(cb, tid, tokens)
                at_b = await cb.post(
                    f"/api/tables/{tid}/actions", json=move["body"], headers=move["auth"]
                )
                if at_b.status_code == 200:
                    taken = at_b
                    break
                assert at_b.status_code == 503, at_b.text
                await asyncio.sleep(0.2)
            assert taken is not None, "B did not take over"
            acked[taken.json()["version"] - 1] = move["body"]["action"]
            assert time.monotonic() - cut < 20
            end = time.monotonic() + 10  # A learns it at its next round
            while time.monotonic() < end and (await ca.get("/api/health")).status_code == 200:
                await asyncio.sleep(0.2)
            assert (await ca.get("/api/health")).status_code == 503
            move = await _next_move(cb, tid, tokens)
            at_a = await ca.post(
                f"/api/tables/{tid}/actions", json=move["body"], headers=move["auth"]
            )
            assert at_a.status_code == 503, at_a.text  # never accepted, never a 500
            await _play(cb, tid, tokens, acked, 2)
        assert await _logged(database, tid) == acked  # only what was acknowledged
    finally:
        _stop(a, b)
        await proxy.cut()
