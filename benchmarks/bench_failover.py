"""Failover time of a cluster: from kill -9 of a table's owner to the first action
accepted on that table through the other member.

Each repetition starts two members (``liftoff serve --db … --redis …``) on a new
PostgreSQL database, plays a few moves of a planet table created on the first,
kills it with SIGKILL and then submits the next move through the second every
``POLL`` seconds until it is accepted. The survivor finds that nobody listens on
the dead owner's Redis channel and takes the table over at once (fenced by a new
epoch), rather than after the table lease (``table_lease_ttl``) runs out.

Run with ``uv run python benchmarks/bench_failover.py [repetitions]`` and
``LIFTOFF_TEST_POSTGRES_URL`` / ``LIFTOFF_TEST_REDIS_URL`` set (the databases it
makes are dropped again).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
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

from liftoff.server.loadtest import no_cookies
from liftoff.server.tables.settings import Settings

POLL = 0.05  # seconds between two submissions through the survivor


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _member(database: str, redis: str, port: int) -> subprocess.Popen[bytes]:
    code = "import sys; from liftoff.cli.main import main; sys.argv[0] = 'liftoff'; main()"
    args = ["serve", "--port", str(port), "--db", database, "--redis", redis, "--bot-delay", "0"]
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
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


async def _move(c: httpx.AsyncClient, tid: str, tokens: list[str]) -> tuple[dict[str, Any], Any]:
    for tok in tokens:
        auth = {"Authorization": f"Bearer {tok}"}
        v = (await c.get(f"/api/tables/{tid}/view", headers=auth)).json()
        if v["legal"]:
            body = {
                "action": v["legal"][0]["text"],
                "version": v["version"],
                "id": secrets.token_hex(4),
            }
            return auth, body
    raise RuntimeError("nobody to move")


SEATS = {"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]}


async def once(database: str, redis: str) -> float:
    """One kill -9 and takeover; the seconds from the kill to the accepted move."""
    pa, pb = _port(), _port()
    a, b = _member(database, redis, pa), _member(database, redis, pb)
    try:
        async with (
            httpx.AsyncClient(
                cookies=no_cookies(), base_url=f"http://127.0.0.1:{pa}", timeout=10
            ) as ca,
            httpx.AsyncClient(
                cookies=no_cookies(), base_url=f"http://127.0.0.1:{pb}", timeout=10
            ) as cb,
        ):
            await _up(ca)
            await _up(cb)
            made = (
                await ca.post(
                    "/api/tables",
                    json={
                        "game": "planet",
                        "players": 2,
                        "seats": [{"type": "you"}, {"type": "open"}],
                    },
                )
            ).json()
            tid = made["table"]["id"]
            joined = (await ca.post(f"/api/tables/{tid}/join", json={"name": "Bea"})).json()
            tokens = [made["token"], joined["token"]]
            for _ in range(4):
                auth, body = await _move(ca, tid, tokens)
                res = await ca.post(f"/api/tables/{tid}/actions", json=body, headers=auth)
                res.raise_for_status()
            auth, body = await _move(cb, tid, tokens)  # read on B: its replica exists
            await asyncio.sleep(secrets.randbelow(1000) / 1000)  # any phase of the renewals
            os.kill(a.pid, signal.SIGKILL)
            killed = time.monotonic()
            while time.monotonic() - killed < 60:
                res = await cb.post(f"/api/tables/{tid}/actions", json=body, headers=auth)
                if res.status_code == 200:
                    return time.monotonic() - killed
                if res.status_code != 503:
                    raise RuntimeError(f"unexpected answer {res.status_code}: {res.text}")
                await asyncio.sleep(POLL)
            raise RuntimeError("no takeover within 60 s")
    finally:
        for p in (a, b):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    p.wait(10)
                if p.poll() is None:
                    p.kill()


async def run(repetitions: int = 5) -> dict[str, Any]:
    pg = os.environ["LIFTOFF_TEST_POSTGRES_URL"]
    redis = os.environ["LIFTOFF_TEST_REDIS_URL"]
    admin = create_async_engine(pg, isolation_level="AUTOCOMMIT")
    times: list[float] = []
    try:
        for _ in range(repetitions):
            name = f"liftoff_failover_{secrets.token_hex(5)}"
            async with admin.connect() as conn:
                await conn.execute(text(f'CREATE DATABASE "{name}"'))
            try:
                url = make_url(pg).set(database=name).render_as_string(hide_password=False)
                times.append(await once(url, redis))
                print(f"takeover after {times[-1]:.2f} s", flush=True)
            finally:
                async with admin.connect() as conn:
                    await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        await admin.dispose()
    return {
        "lease_seconds": Settings().table_lease_ttl,
        "repetitions": repetitions,
        "median_seconds": round(statistics.median(times), 2),
        "min_seconds": round(min(times), 2),
        "max_seconds": round(max(times), 2),
    }


if __name__ == "__main__":
    print(asyncio.run(run(int(sys.argv[1]) if len(sys.argv) > 1 else 5)))
