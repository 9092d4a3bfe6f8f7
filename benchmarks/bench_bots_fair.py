"""Another player's latency beside bot-only tables of the lobby's ``expert`` level.

It starts ``liftoff serve`` (default limits and bounds, one bot worker process, a
fresh SQLite file) and measures one honest player (127.0.0.1) for SECONDS alone,
then for SECONDS while another address (127.0.0.2) runs bot-only tables:

- ``race``: the player reads their view (``GET /api/tables/{id}/view``) ten times
  a second while two live race tables of four ``expert`` bots each play (issue
  36.2: the race bots' search must not compete with the server's requests);
- ``tables``: the player plays planet against one ``expert`` bot and times each
  wait for it (their move → their turn again, per bot move) while ten bot-only
  planet tables of two ``expert`` bots each play (issue 36.8: the bot workers
  are shared fairly); it also prints the expert moves per second the worker made
  for the ten tables (the expert tables one core serves).

It prints p50 and p95 of both phases and their ratio.

    uv run python benchmarks/bench_bots_fair.py race [SECONDS]
    uv run python benchmarks/bench_bots_fair.py tables [SECONDS]
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from loopback import client, free_port, serve, up

PLAYER, ABUSER = "127.0.0.1", "127.0.0.2"
ANN_FIRST = {"family": True, "first_player": 0}  # planet: the player moves first


def _stats(ms: list[float]) -> tuple[float, float]:
    if len(ms) < 2:
        return (ms[0], ms[0]) if ms else (float("nan"), float("nan"))
    cuts = statistics.quantiles(ms, n=100)
    return statistics.median(ms), cuts[94]


async def _bot_tables(base: str, game: str, count: int, players: int) -> list[str]:
    """``count`` bot-only tables of ``expert`` bots, made by the abusing address."""
    seat: dict[str, Any] = {"type": "bot", "bot": "expert"}
    if game == "race":
        seat["speed"] = "fast"
    body = {"game": game, "players": players, "seats": [seat] * players}
    made = []
    async with client(base, ABUSER, 120) as c:
        for _ in range(count):
            res = await c.post("/api/tables", json=body)
            res.raise_for_status()
            made.append(res.json()["table"]["id"])
    return made


async def _versions(c: httpx.AsyncClient, tids: list[str]) -> int:
    answers = await asyncio.gather(*(c.get(f"/api/tables/{t}") for t in tids))
    return sum(int(a.json().get("version", 0)) for a in answers)


# -- race: another player's reads beside two expert race tables -------------------------
async def _reads(base: str, seconds: float) -> list[float]:
    async with client(base, PLAYER, 120) as c:
        body = {"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]}
        made = (await c.post("/api/tables", json=body)).json()
        tid, headers = made["table"]["id"], {"Authorization": f"Bearer {made['token']}"}
        times: list[float] = []
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            started = time.perf_counter()
            (await c.get(f"/api/tables/{tid}/view", headers=headers)).raise_for_status()
            times.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(max(0.0, 0.1 - times[-1] / 1000))
    return times


async def race(base: str, seconds: float) -> None:
    alone = await _reads(base, seconds)
    tids = await _bot_tables(base, "race", 2, 4)
    async with client(base, PLAYER, 120) as c:
        before = await _versions(c, tids)
        beside = await _reads(base, seconds)
        moved = await _versions(c, tids) - before
    _report("another player's view", alone, beside)
    print(f"the two expert race tables made {moved} moves meanwhile")


# -- tables: an honest player's expert bot beside ten bot-only expert tables -------------
async def _play(base: str, seconds: float) -> list[float]:
    """Play against an expert bot for ``seconds``: ms per bot move waited for."""
    waits: list[float] = []
    async with client(base, PLAYER, 120) as c:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            seats = [{"type": "you"}, {"type": "bot", "bot": "expert"}]
            body = {"game": "planet", "players": 2, "seats": seats, "options": ANN_FIRST}
            made = (await c.post("/api/tables", json=body)).json()
            tid, headers = made["table"]["id"], {"Authorization": f"Bearer {made['token']}"}
            view = (await c.get(f"/api/tables/{tid}/view", headers=headers)).json()
            while time.monotonic() < end and view["table"]["status"] == "playing":
                move = {"action": view["legal"][0]["text"], "version": view["version"]}
                (await c.post(f"/api/tables/{tid}/actions", json=move, headers=headers))
                started = time.perf_counter()
                while True:
                    view = (await c.get(f"/api/tables/{tid}/view", headers=headers)).json()
                    if view["table"]["status"] != "playing" or 0 in view["table"]["active"]:
                        break
                    await asyncio.sleep(0.02)
                bot_moves = view["version"] - move["version"] - 1
                if bot_moves > 0 and view["table"]["status"] == "playing":
                    waits.append((time.perf_counter() - started) * 1000 / bot_moves)
    return waits


async def tables(base: str, seconds: float) -> None:
    alone = await _play(base, seconds)
    tids = await _bot_tables(base, "planet", 10, 2)
    async with client(base, PLAYER, 120) as c:
        before = await _versions(c, tids)
        started = time.monotonic()
        beside = await _play(base, seconds)
        moved = await _versions(c, tids) - before
        spent = time.monotonic() - started
    _report("the player's expert bot, per move", alone, beside)
    print(
        f"the ten expert tables made {moved} moves in {spent:.0f} s: {moved / spent:.2f} "
        "expert moves/s on one worker (their bots' and the player's bot's share)"
    )


def _report(what: str, alone: list[float], beside: list[float]) -> None:
    (a50, a95), (b50, b95) = _stats(alone), _stats(beside)
    print(f"{what}: {len(alone)} alone, {len(beside)} beside the bot-only tables")
    print(
        f"  p50 {a50:.1f} ms -> {b50:.1f} ms; p95 {a95:.1f} ms -> {b95:.1f} ms (x{b95 / a95:.1f})"
    )


async def main(kind: str, seconds: float) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = serve(Path(folder), port)
        try:
            async with client(base, PLAYER, 120) as c:
                await up(c)
            await (race if kind == "race" else tables)(base, seconds)
        finally:
            server.terminate()
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "tables"
    if which not in ("race", "tables"):
        raise SystemExit("usage: bench_bots_fair.py race|tables [SECONDS]")
    asyncio.run(main(which, float(sys.argv[2]) if len(sys.argv) > 2 else 30.0))
