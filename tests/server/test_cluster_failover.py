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
from sqlalchemy.engine import make_url
from test_cluster import (
    REDIS,
    _logged,
    _member,
    _play,
    _seated,
    cluster_marks,
    database,
    two_members,
)

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(240)


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
    acked: dict[int, str] = {}
    async with two_members(database) as pair:
        a, ca, cb = pair.a, pair.ca, pair.cb
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
    acked: dict[int, str] = {}
    try:
        async with two_members(database, lambda port: _member(via_proxy, port)) as pair:
            ca, cb = pair.ca, pair.cb
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

    def start_a(port: int) -> subprocess.Popen[bytes]:  # the last --redis is the one used
        return _member(database, port, "--redis", via_proxy)

    acked: dict[int, str] = {}
    try:
        async with two_members(database, start_a) as pair:
            ca, cb = pair.ca, pair.cb
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
        await proxy.cut()
