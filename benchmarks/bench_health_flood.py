"""Another player's latency while a cluster member's ``/api/health`` is flooded.

Starts two members (``liftoff serve --db … --redis …``, per-address limits off, as
if the flood came from many addresses) on a new PostgreSQL database. Member A
owns ``TABLES`` tables; a player plays tables A owns, first through A alone
(``quiet``), then through B, which sends each action on to A (``via B``), then
through A while ``FLOODERS`` clients in another process ask A's health as fast as
it answers (``flood``), ``SECONDS`` each, in the same run. It prints each phase's
p50 and p95 of the player's actions (request to answer), the ratios of the p95s,
the player's refused requests, the health answers by status, and whether A kept
every table under the same lease epoch.

Run with ``uv run python benchmarks/bench_health_flood.py [SECONDS] [FLOODERS]``
and ``LIFTOFF_TEST_POSTGRES_URL`` / ``LIFTOFF_TEST_REDIS_URL`` set (the database
it makes is dropped again). Members run the code ``liftoff`` imports from, so
``PYTHONPATH`` pointing at another checkout's ``src`` measures that one.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import secrets
import socket
import statistics
import subprocess
import sys
import time
from typing import Any

import httpx
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

TABLES = 30  # tables member A owns besides the player's
LIMITS_OFF = ["--http-rate", "0", "--requests-per-address", "0", "--tables-per-address", "0"]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _member(database: str, redis: str, port: int) -> subprocess.Popen[bytes]:
    code = "import sys; from liftoff.cli.main import main; sys.argv[0] = 'liftoff'; main()"
    args = ["serve", "--port", str(port), "--db", database, "--redis", redis, *LIMITS_OFF]
    return subprocess.Popen(
        [sys.executable, "-c", code, *args, "--bot-delay", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def _up(c: httpx.AsyncClient, within: float = 120.0) -> None:
    end = time.monotonic() + within
    while time.monotonic() < end:
        with contextlib.suppress(httpx.HTTPError):
            if (await c.get("/api/health")).status_code == 200:
                return
        await asyncio.sleep(0.1)
    raise RuntimeError("a member did not come up")


def _flood(url: str, clients: int, seconds: float, out: Any) -> None:
    """Ask ``url``'s health with ``clients`` requests at once for ``seconds`` (a process
    of its own: the player's client does not share its event loop)."""

    async def run() -> dict[int, int]:
        counts: dict[int, int] = {}
        end = time.monotonic() + seconds

        async def one() -> None:
            async with httpx.AsyncClient(base_url=url, timeout=60) as c:
                while time.monotonic() < end:
                    try:
                        status = (await c.get("/api/health")).status_code
                    except httpx.HTTPError:
                        status = 0
                    counts[status] = counts.get(status, 0) + 1

        await asyncio.gather(*(one() for _ in range(clients)))
        return counts

    out.put(asyncio.run(run()))


SEATS = {"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]}


async def _table(c: httpx.AsyncClient) -> tuple[str, list[str]]:
    """A new two-player table on the member ``c`` reaches, both seats taken."""
    made = (await c.post("/api/tables", json=SEATS)).json()
    tid = made["table"]["id"]
    joined = (await c.post(f"/api/tables/{tid}/join", json={"name": "Bea"})).json()
    return tid, [made["token"], joined["token"]]


async def _play(c: httpx.AsyncClient, seconds: float, via: httpx.AsyncClient | None = None) -> Any:
    """Play both seats of a table made through ``c`` (a new one whenever a game ends)
    for ``seconds``, through ``via`` (default ``c``): each action's milliseconds,
    and the refusals."""
    took: list[float] = []
    refused: list[str] = []
    maker, c = c, via or c
    tid, tokens = await _table(maker)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        moved = False
        for tok in tokens:
            auth = {"Authorization": f"Bearer {tok}"}
            view = await c.get(f"/api/tables/{tid}/view", headers=auth)
            if view.status_code != 200:
                refused.append(f"view {view.status_code}")
                continue
            legal = view.json()["legal"]
            if not legal:
                continue
            body = {"action": legal[0]["text"], "version": view.json()["version"]}
            start = time.perf_counter()
            res = await c.post(f"/api/tables/{tid}/actions", json=body, headers=auth)
            took.append((time.perf_counter() - start) * 1000)
            moved = True
            if res.status_code != 200:
                refused.append(f"act {res.status_code} {res.json().get('error')}")
        if not moved:  # the game is over: another
            tid, tokens = await _table(maker)
    return took, refused


async def _leases(database: str) -> dict[str, tuple[str, int]]:
    engine = create_async_engine(database)
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(text("SELECT table_id, owner, epoch FROM table_leases"))
            return {str(t): (str(o), int(e)) for t, o, e in rows.all()}
    finally:
        await engine.dispose()


def _figures(name: str, took: list[float]) -> float:
    took = sorted(took)
    p95 = took[min(len(took) - 1, int(len(took) * 0.95))] if took else float("nan")
    p50 = statistics.median(took) if took else float("nan")
    print(f"{name:6} actions {len(took):5}  p50 {p50:8.1f} ms  p95 {p95:8.1f} ms")
    return p95


async def main(seconds: float, flooders: int) -> None:
    pg, redis = os.environ["LIFTOFF_TEST_POSTGRES_URL"], os.environ["LIFTOFF_TEST_REDIS_URL"]
    name = f"liftoff_bench_{secrets.token_hex(4)}"
    admin = create_async_engine(pg, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    database = make_url(pg).set(database=name).render_as_string(hide_password=False)
    pa, pb = _port(), _port()
    a = _member(database, redis, pa)
    b = None
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{pa}", timeout=60) as c:
            await _up(c)
            b = _member(database, redis, pb)
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{pb}", timeout=60) as cb:
                await _up(cb)
                for _ in range(TABLES):
                    await c.post("/api/tables", json={"game": "planet", "players": 2})
                before = await _leases(database)
                quiet, quiet_refused = await _play(c, seconds)
                via_b, via_refused = await _play(c, seconds, cb)
            out: Any = multiprocessing.get_context("spawn").Queue()
            flood = multiprocessing.get_context("spawn").Process(
                target=_flood, args=(f"http://127.0.0.1:{pa}", flooders, seconds + 1, out)
            )
            flood.start()
            await asyncio.sleep(1.0)  # the flood under way
            loud, loud_refused = await _play(c, seconds)
            counts = await asyncio.to_thread(out.get, True, seconds + 120)
            flood.join(30)
            await asyncio.sleep(3.0)  # a round of renewals after the flood
            after = {t: held for t, held in (await _leases(database)).items() if t in before}
        print(
            f"{TABLES} tables on member A; {flooders} clients asking its health; {seconds:g} s each"
        )
        p95_quiet = _figures("quiet", quiet)
        p95_via = _figures("via B", via_b)
        p95_flood = _figures("flood", loud)
        print(f"p95 via B / quiet: {p95_via / p95_quiet:.2f}")
        print(f"p95 flood / quiet: {p95_flood / p95_quiet:.2f}")
        print(
            f"player refused: quiet {len(quiet_refused)}, via B {len(via_refused)}, "
            f"flood {len(loud_refused)}"
        )
        for refused in (quiet_refused, via_refused, loud_refused):
            if refused:
                print(f"  e.g. {refused[:3]}")
        print(f"health answers by status: {dict(sorted(counts.items()))}")
        kept = before == after
        print(f"leases kept by A under the same epoch: {'yes' if kept else 'NO'}")
    finally:
        for p in (a, b):
            if p is not None and p.poll() is None:
                p.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    p.wait(15)
                if p.poll() is None:
                    p.kill()
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    clients = int(sys.argv[2]) if len(sys.argv) > 2 else 24
    asyncio.run(main(secs, clients))
