"""Real-time (race) tables in a cluster: a socket reaching a member that does not
play the table is relayed to its owner (where the race's driver runs), and when the
owner is killed the race goes on at the member that takes it over.

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``; each test
works in a database of its own (the ``database`` fixture of test_cluster).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import time
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import no_cookies
from test_cluster import (
    REDIS,
    _logged,
    _member,
    _stop,
    cluster_marks,
    database,
    two_members,
    wait_up,
)
from test_server_crash import free_port

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(240)

FAST_BOT = {"type": "bot", "bot": "random", "speed": "fast"}


class _Racer:
    """A seat's socket through one member: plays the first legal action of every
    frame that offers one; remembers the frames, the acknowledged versions and how
    the socket ended."""

    def __init__(self, url: str, token: str | None) -> None:
        self.url, self.token = url, token
        self.frames: list[dict[str, Any]] = []
        self.acked: list[int] = []
        self.closed: int | None = None

    async def run(self) -> None:
        try:
            async with websockets.connect(self.url, max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "hello", "token": self.token}))
                async for raw in ws:
                    msg = json.loads(raw)
                    if msg["type"] == "state":
                        self.frames.append(msg)
                        if msg["legal"] and self.token:
                            act = msg["legal"][0]["text"]
                            n = len(self.frames)
                            await ws.send(
                                json.dumps(
                                    {
                                        "type": "act",
                                        "action": act,
                                        "version": msg["version"],
                                        "id": n,
                                    }
                                )
                            )
                    elif msg["type"] == "ack":
                        self.acked.append(int(msg["version"]))
        except websockets.ConnectionClosed as closed:
            self.closed = closed.rcvd.code if closed.rcvd is not None else 1006
        except OSError:
            self.closed = -1

    def version(self) -> int:
        return max((f["version"] for f in self.frames), default=-1)


async def test_a_race_played_through_the_other_member_survives_its_owner(database: str) -> None:
    async with two_members(database) as pair:
        a, ca = pair.a, pair.ca
        made = (
            await ca.post(
                "/api/tables",
                json={"game": "race", "players": 3, "seats": [{"type": "you"}, FAST_BOT, FAST_BOT]},
            )
        ).json()
        tid, token = made["table"]["id"], made["token"]
        sock_b = f"ws://127.0.0.1:{pair.pb}/ws/tables/{tid}"
        # a player and a spectator, both on B; A owns the table and runs the race
        player, watcher = _Racer(sock_b, token), _Racer(sock_b, None)
        tasks = [asyncio.create_task(r.run()) for r in (player, watcher)]
        end = time.monotonic() + 60
        while time.monotonic() < end and not (player.acked and watcher.version() >= 6):
            await asyncio.sleep(0.1)
        assert player.acked, "the player's actions did not reach the owner through B"
        assert watcher.version() >= 6, "the race did not run"
        # the frames come from the owner's driver: the race's live part is there
        assert "live" in player.frames[-1]["table"] or "live" in player.frames[-1]
        assert player.frames[-1]["you"] == 0 and watcher.frames[-1]["you"] is None
        # the seat is connected at its owner (presence comes with the relayed socket)
        seats = (await ca.get(f"/api/tables/{tid}")).json()["seats"]
        assert seats[0]["connected"] is True
        before = watcher.version()
        os.kill(a.pid, signal.SIGKILL)
        a.wait(10)
        killed = time.monotonic()
        await asyncio.wait_for(asyncio.gather(*tasks), 20)
        # the relayed sockets ended with "reconnect" (not a silent hang)
        assert player.closed == 1012 and watcher.closed == 1012, (player.closed, watcher.closed)
        acked_before = list(player.acked)
        # they reconnect to B, which takes the race over once A's lease runs out
        again = _Racer(sock_b, token)
        resumed = None
        while time.monotonic() - killed < 40:
            again = _Racer(sock_b, token)
            task = asyncio.create_task(again.run())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), 3)
            if again.frames:
                resumed = task
                break
            task.cancel()
            await asyncio.sleep(0.3)
        assert resumed is not None, "B did not take the race over"
        took = time.monotonic() - killed
        while time.monotonic() - killed < 60 and again.version() < before + 4:
            await asyncio.sleep(0.1)
        assert again.version() >= before + 4, "the race did not go on at B"
        resumed.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await resumed
        assert took < 20
    logged = await _logged(database, tid)
    assert sorted(logged) == list(range(len(logged)))  # one action per index, no gap
    # every action acknowledged before the kill is in the log (the ack's version n
    # means action n-1 is stored)
    assert all(v - 1 in logged for v in acked_before)


async def test_only_a_live_pass_vouches_for_a_relayed_client() -> None:
    """A relay pass vouches once, for the path it was made for, and Redis holds only
    its hash; a made-up or malformed pass vouches for nobody."""
    import redis.asyncio as aioredis

    from liftoff.server.cluster.names import Names
    from liftoff.server.cluster.passes import Passes, digest

    assert REDIS is not None
    client = aioredis.from_url(REDIS)
    names = Names.of(f"passes{secrets.token_hex(3)}", REDIS)
    passes = Passes(client, names)
    try:
        path = "/api/tables/T1/seat-link/renew"
        good = await passes.issue("203.0.113.9", path)
        stored = [k.decode() for k in await client.keys(f"{names.cluster}:*")]
        assert stored == [names.relay(digest(good))] and good not in stored[0]
        assert await passes.redeem(good, path) == "203.0.113.9"
        assert await passes.redeem(good, path) is None  # good once
        other = await passes.issue("203.0.113.9", path)
        assert await passes.redeem(other, "/api/tables/T2/seat-link/renew") is None
        assert await passes.redeem(other, path) is None  # tried on another path: spent
        assert await passes.redeem("made-up", path) is None
        assert await passes.redeem(secrets.token_urlsafe(32), path) is None
        assert await client.keys(f"{names.cluster}:*") == []
    finally:
        await client.aclose()


async def test_a_forged_relay_header_does_not_escape_the_socket_quota(database: str) -> None:
    """A client claiming to be a member relaying a socket (a made-up relay pass) is
    an ordinary client: its sockets count against its address's cap."""
    pa = free_port()
    a = _member(database, pa, "--ws-per-address", "2")
    try:
        await wait_up(f"http://127.0.0.1:{pa}", a)
        async with httpx.AsyncClient(
            cookies=no_cookies(), base_url=f"http://127.0.0.1:{pa}", timeout=10
        ) as ca:
            made = (
                await ca.post(
                    "/api/tables",
                    json={"game": "planet", "players": 2, "seats": [{"type": "you"}, FAST_BOT]},
                )
            ).json()
        url = f"ws://127.0.0.1:{pa}/ws/tables/{made['table']['id']}"
        forged = {"X-Liftoff-Relay": "made-up", "X-Forwarded-For": "198.51.100.1"}
        held = []
        try:
            for _ in range(2):
                held.append(await websockets.connect(url, additional_headers=forged))
            with pytest.raises(websockets.InvalidStatus) as refused:
                await websockets.connect(url, additional_headers=forged)
            assert refused.value.response.status_code == 403  # refused at the handshake
        finally:
            for ws in held:
                await ws.close()
    finally:
        _stop(a)
