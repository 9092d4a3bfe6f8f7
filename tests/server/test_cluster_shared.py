"""What a cluster counts for all its members: per-address quotas (unfinished
tables in PostgreSQL, open WebSockets in Redis) and presence (a seat connected
only through another member is connected on its table's owner).

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``; each test
works in a database of its own (the ``database`` fixture of test_cluster). The
members trust the loopback address as a proxy, so that each test's clients
present addresses of their own (``X-Forwarded-For``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import subprocess
import time
from collections.abc import Callable
from typing import Any

import httpx
import websockets
from test_cluster import _member, _Watcher, cluster_marks, database, two_members

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(240)

LEASE = 6.0  # the members' table lease time (and the expiry of their socket counts)


def _address() -> str:
    """A client address of this test's own (documentation range, random)."""
    return f"2001:db8::{secrets.token_hex(2)}:{secrets.token_hex(2)}"


async def _socket(port: int, tid: str, address: str) -> Any:
    """A WebSocket to a table from ``address`` (raises ``InvalidStatus`` when refused)."""
    return await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/tables/{tid}", additional_headers={"X-Forwarded-For": address}
    )


async def _refused(port: int, tid: str, address: str) -> bool:
    try:
        ws = await _socket(port, tid, address)
    except websockets.InvalidStatus as exc:
        assert exc.response.status_code == 403
        return True
    await ws.close()
    return False


async def _until(ok: Callable[[], Any], within: float) -> float:
    """Poll ``ok`` (a coroutine function) until it is true; the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < within:
        if await ok():
            return time.monotonic() - start
        await asyncio.sleep(0.1)
    raise AssertionError(f"not within {within} s")


async def test_quotas_count_over_the_cluster(database: str) -> None:
    """An address at its table quota on A is refused on B; a socket cap reached over
    A and B refuses the next socket on either; after kill -9 of a member, its sockets
    stop counting within the expiry (a lease time)."""
    # no request budget: the polls below open sockets faster than it refills
    limits = ("--trusted-proxy", "127.0.0.1", "--tables-per-address", "2", "--ws-per-address", "3")
    limits += ("--http-rate", "0")

    def limited(port: int) -> subprocess.Popen[bytes]:
        return _member(database, port, *limits)

    held: list[Any] = []
    try:
        async with two_members(database, limited, limited) as pair:
            b, pa, pb, ca, cb = pair.b, pair.pa, pair.pb, pair.ca, pair.cb
            one, two, three = _address(), _address(), _address()

            async def create(c: httpx.AsyncClient, address: str) -> httpx.Response:
                body = {"game": "planet", "players": 2}
                return await c.post("/api/tables", json=body, headers={"X-Forwarded-For": address})

            assert (await create(ca, one)).status_code == 201
            assert (await create(ca, one)).status_code == 201
            refused = await create(cb, one)  # B holds none of them: the database counts
            assert refused.status_code == 429 and refused.json()["error"] == "quota"
            assert "2 unfinished tables" in refused.json()["message"], refused.text
            made = await create(cb, two)  # another address is not held back
            assert made.status_code == 201, made.text
            tid = made.json()["table"]["id"]
            # sockets: two on A and one on B hold the cap of three
            held += [await _socket(pa, tid, one), await _socket(pa, tid, one)]
            held.append(await _socket(pb, tid, one))
            assert await _refused(pa, tid, one) and await _refused(pb, tid, one)
            assert not await _refused(pb, tid, two)
            await held.pop(0).close()  # one of A's closes: a place comes free on B
            await _until(lambda: _not_refused(pb, tid, one, held), 5)
            # B holds two sockets of another address, A one: the cap is reached on A
            held += [await _socket(pb, tid, three), await _socket(pb, tid, three)]
            held.append(await _socket(pa, tid, three))
            assert await _refused(pa, tid, three)
            os.kill(b.pid, signal.SIGKILL)
            b.wait(10)
            took = await _until(lambda: _not_refused(pa, tid, three, held), 3 * LEASE)
            assert took <= LEASE + 2.0, f"B's sockets counted for {took:.1f} s after it died"
            held.append(await _socket(pa, tid, three))  # both of B's places came free
            assert await _refused(pa, tid, three)
    finally:
        for ws in held:
            with contextlib.suppress(Exception):
                await ws.close()


async def _not_refused(port: int, tid: str, address: str, held: list[Any]) -> bool:
    """Whether a socket of ``address`` is let in now (kept open in ``held``)."""
    try:
        held.append(await _socket(port, tid, address))
    except websockets.InvalidStatus:
        return False
    return True


async def _seat(c: httpx.AsyncClient, tid: str, seat: int) -> dict[str, Any]:
    found: dict[str, Any] = (await c.get(f"/api/tables/{tid}")).json()["seats"][seat]
    return found


async def test_a_seat_connected_through_another_member_is_present_on_the_owner(
    database: str,
) -> None:
    """The owner A (a grace of 2 s) counts a seat's only socket, held on B: the seat
    stays a person's, connected, after the grace (as A's grace runs out for a seat
    nobody connected); the socket closing on B starts the grace on A, and so does
    kill -9 of B (its word expires within a lease time)."""
    sockets: list[Any] = []
    try:
        async with two_members(database, lambda port: _member(database, port, grace=2.0)) as pair:
            b, pa, pb, ca, cb = pair.b, pair.pa, pair.pb, pair.ca, pair.cb
            made = (
                await ca.post(
                    "/api/tables",
                    json={
                        "game": "planet",
                        "players": 3,
                        "seats": [{"type": "you"}, {"type": "open"}, {"type": "open"}],
                    },
                )
            ).json()
            tid, token = made["table"]["id"], made["token"]

            async def connect_on_b() -> _Watcher:
                ws = await websockets.connect(f"ws://127.0.0.1:{pb}/ws/tables/{tid}")
                sockets.append(ws)
                await ws.send(json.dumps({"type": "hello", "token": token}))
                return _Watcher(ws)

            async def on_a() -> dict[str, Any]:
                return await _seat(ca, tid, 0)

            watcher = await connect_on_b()
            joined = (await ca.post(f"/api/tables/{tid}/join", json={"name": "Bea"})).json()
            # the other seat is held on A (it never moves: the game waits for it)
            other = await websockets.connect(f"ws://127.0.0.1:{pa}/ws/tables/{tid}")
            sockets.append(other)
            await other.send(json.dumps({"type": "hello", "token": joined["token"]}))
            await _until(lambda: _is(on_a, connected=True), 10)
            # the third person joins (the game starts) and never connects: A's grace for
            # them runs out, as it would have (first) for seat 0 had A not counted it
            assert (await ca.post(f"/api/tables/{tid}/join", json={"name": "Cy"})).is_success
            await _until(lambda: _is(lambda: _seat(ca, tid, 2), away=True), 10)
            seat = await on_a()
            assert seat["kind"] == "human" and seat["connected"] and not seat["away"], seat
            # B's frames say what A's say
            await watcher.until(lambda f: f["table"]["seats"][2]["away"])
            shown = watcher.states[-1]["table"]["seats"]
            assert shown[0]["connected"] and not shown[0]["away"] and shown[1]["connected"]
            assert (await _seat(cb, tid, 0))["connected"]

            # the socket on B closes: the grace runs on A, then the seat is away (no
            # bot takes it: the time-out policy)
            await watcher.ws.close()
            closed = time.monotonic()
            await _until(lambda: _is(on_a, connected=False, away=False), 5)
            await _until(lambda: _is(on_a, away=True), 10)
            assert time.monotonic() - closed >= 1.5, "the grace did not run"
            assert not (await on_a())["zombie"]

            # back through B: the seat is present again; then B dies
            watcher = await connect_on_b()
            await _until(lambda: _is(on_a, connected=True, away=False), 10)
            await watcher.until(
                lambda f: (
                    f["table"]["seats"][0]["connected"] and not f["table"]["seats"][0]["zombie"]
                )
            )
            os.kill(b.pid, signal.SIGKILL)
            b.wait(10)
            killed = time.monotonic()
            await _until(lambda: _is(on_a, connected=False), 2 * LEASE)
            await _until(lambda: _is(on_a, away=True), 10)
            took = time.monotonic() - killed
            assert 2.0 <= took <= LEASE + LEASE / 3 + 2.0 + 2.0, took
    finally:
        for ws in sockets:
            with contextlib.suppress(Exception):
                await ws.close()


async def _is(seat_of: Callable[[], Any], **wanted: bool) -> bool:
    seat = await seat_of()
    return all(seat[k] == v for k, v in wanted.items())
