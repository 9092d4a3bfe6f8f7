"""Another player's latency while one address floods the server with requests that
cost it: finished games' replays, or cheap requests (records, the health check,
pages, WebSocket handshakes).

It starts ``liftoff serve`` (default limits, a fresh SQLite file), plays a dozen
four-bot planet games to the end, seats a player (127.0.0.1) at a table of their
own and has them read their view (``GET /api/tables/{id}/view``) ten times a
second: first for SECONDS alone, then for SECONDS while one address (127.0.0.2)
sends RATE requests a second of the chosen kind, each on its own (open loop,
at most 32 waiting). It prints the player's p50 and p95 for both phases, their
ratio, and what the flood was answered.

    uv run python benchmarks/bench_abuse.py replay [SECONDS] [RATE]
    uv run python benchmarks/bench_abuse.py cheap [SECONDS] [RATE]
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from loopback import client, free_port, serve, up

PLAYER, FLOOD, SETUP = "127.0.0.1", "127.0.0.2", "127.0.0.3"
FINISHED = 12  # finished games the flood asks about


async def _finished(c: httpx.AsyncClient) -> list[str]:
    """Four-bot planet games played to the end (within the setup address's budget)."""
    seats = [{"type": "bot", "bot": "random"}] * 4
    made = []
    for _ in range(FINISHED):
        res = await c.post("/api/tables", json={"game": "planet", "players": 4, "seats": seats})
        res.raise_for_status()
        made.append(res.json()["table"]["id"])
    for tid in made:
        while (await c.get(f"/api/tables/{tid}")).json().get("status") != "over":
            await asyncio.sleep(0.5)
    return made


async def _player(base: str) -> tuple[str, str]:
    """A table of the player's own: its id and the token of the seat they read."""
    async with client(base, PLAYER) as c:
        body = {"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]}
        made = (await c.post("/api/tables", json=body)).json()
        tid = made["table"]["id"]
    async with client(base, PLAYER) as other:  # another browser: another person
        await other.post(f"/api/tables/{tid}/join", json={"name": "Bo"})
    return tid, made["token"]


async def _read(base: str, tid: str, token: str, seconds: float) -> list[float]:
    """The player's view, ten times a second: each answer's time in ms."""
    times: list[float] = []
    headers = {"Authorization": f"Bearer {token}"}
    async with client(base, PLAYER) as c:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            started = time.perf_counter()
            res = await c.get(f"/api/tables/{tid}/view", headers=headers)
            times.append((time.perf_counter() - started) * 1000)
            res.raise_for_status()
            await asyncio.sleep(max(0.0, 0.1 - times[-1] / 1000))
    return times


def _flood_requests(kind: str, base: str, finished: list[str], tid: str) -> itertools.cycle[Any]:
    """What the flood asks, round after round."""
    if kind == "replay":
        asks = [
            f"/api/tables/{t}/replay?step={step}&seat={seat}&lang={lang}"
            for t in finished
            for seat in (0, 1, 2, 3)
            for lang in ("en", "ja")
            for step in (0, 40)
        ]
    else:
        asks = []
        for t in finished:
            asks += [f"/api/tables/{t}/record", "/api/health", "/", f"/t/{t}", f"ws:{tid}"]
    return itertools.cycle(asks)


async def _flood(
    kind: str, base: str, finished: list[str], tid: str, rate: float, seconds: float
) -> collections.Counter[str]:
    answered: collections.Counter[str] = collections.Counter()
    asks = _flood_requests(kind, base, finished, tid)
    gate = asyncio.Semaphore(32)
    ws_base = base.replace("http://", "ws://")

    async def one(c: httpx.AsyncClient, path: str) -> None:
        async with gate:
            try:
                if path.startswith("ws:"):
                    ws = await websockets.connect(
                        f"{ws_base}/ws/tables/{path[3:]}", local_addr=(FLOOD, 0)
                    )
                    await ws.send('{"type": "hello"}')
                    await ws.recv()
                    await ws.close()
                    answered["101"] += 1
                else:
                    answered[str((await c.get(path)).status_code)] += 1
            except websockets.InvalidStatus as refused:
                answered[str(refused.response.status_code)] += 1
            except (httpx.HTTPError, OSError, websockets.WebSocketException):
                answered["failed"] += 1

    async with client(base, FLOOD) as c:
        tasks = []
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            tasks.append(asyncio.create_task(one(c, next(asks))))
            await asyncio.sleep(1 / rate)
        await asyncio.gather(*tasks)
    return answered


def _summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))]


async def main(kind: str, seconds: float, rate: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = serve(Path(folder), port, "--bot-delay", "0")
        try:
            async with client(base, SETUP) as setup:
                await up(setup)
                finished = await _finished(setup)
            tid, token = await _player(base)
            await _read(base, tid, token, 2)  # warm up
            alone = await _read(base, tid, token, seconds)
            flooded, answered = await asyncio.gather(
                _read(base, tid, token, seconds), _flood(kind, base, finished, tid, rate, seconds)
            )
        finally:
            proc.terminate()
            proc.wait(30)
    p50a, p95a = _summary(alone)
    p50f, p95f = _summary(flooded)
    print(f"flood: {kind}, {rate:g} requests/s from one address for {seconds:g} s")
    print(f"answered: {dict(sorted(answered.items()))}")
    print(f"player alone:      p50 {p50a:7.1f} ms  p95 {p95a:7.1f} ms  ({len(alone)} reads)")
    print(f"player with flood: p50 {p50f:7.1f} ms  p95 {p95f:7.1f} ms  ({len(flooded)} reads)")
    print(f"ratio with/alone:  p50 {p50f / p50a:5.2f}   p95 {p95f / p95a:5.2f}")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "replay"
    if what not in ("replay", "cheap"):
        sys.exit(__doc__)
    asyncio.run(
        main(
            what,
            float(sys.argv[2]) if len(sys.argv) > 2 else 15.0,
            float(sys.argv[3]) if len(sys.argv) > 3 else 50.0,
        )
    )
