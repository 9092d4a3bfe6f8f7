"""What a cluster costs per move, and how many thinking players it holds.

Runs ``liftoff loadtest`` (in this process) against servers it starts on a new
PostgreSQL database each time, and reads the CPU time the servers, PostgreSQL's
processes and Redis spent while the clients play (from ``/proc``, Linux only):

- ``one``: one server on PostgreSQL, no Redis (the baseline);
- ``two``: two members of a cluster (``--redis``), the tables and their clients
  spread over both.

Usage::

    uv run python benchmarks/bench_cluster.py CONFIG CLIENTS TABLES SECONDS [THINK]

e.g. ``… two 1000 250 20`` (as fast as answered) or ``… two 5000 1250 60 5``
(people thinking 5 s on average). Needs ``LIFTOFF_TEST_POSTGRES_URL`` and
``LIFTOFF_TEST_REDIS_URL``; prints one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from liftoff.server import loadtest


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pids_named(name: str) -> list[int]:
    found = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if (d / "comm").read_text().strip() == name:
                    found.append(int(d.name))
            except OSError:
                continue
    return found


def _cpu(pid: int) -> float:
    """CPU seconds a process and its ended (waited-for) children have used."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    """A process's resident memory in MB (0 when it cannot be read)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return 0.0


def databases_cpu() -> float:
    """CPU seconds PostgreSQL and Redis have used so far: their live processes, and
    the backends that ended (in their postmaster's children time)."""
    return sum(_cpu(p) for p in _pids_named("postgres") + _pids_named("redis-server"))


def _server(database: str, port: int, redis: str | None) -> subprocess.Popen[bytes]:
    code = "import sys; from liftoff.cli.main import main; sys.argv[0] = 'liftoff'; main()"
    args = ["serve", "--port", str(port), "--db", database, "--exempt-loopback"]
    args += ["--bot-delay", "0", "--grace", "600", "--max-tables", "20000"]
    if redis is not None:
        args += ["--redis", redis]
    return subprocess.Popen(
        [sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


async def _database(pg: str, name: str, drop: bool) -> None:
    admin = create_async_engine(pg, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            if drop:
                await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            else:
                await conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        await admin.dispose()


def measure(config: str, clients: int, tables: int, seconds: float, think: float) -> dict[str, Any]:
    """One load test against ``config`` (``one`` or ``two``); the figures."""
    pg, redis = os.environ["LIFTOFF_TEST_POSTGRES_URL"], os.environ["LIFTOFF_TEST_REDIS_URL"]
    name = f"liftoff_bench_{secrets.token_hex(5)}"
    asyncio.run(_database(pg, name, drop=False))
    database = make_url(pg).set(database=name).render_as_string(hide_password=False)
    ports = [_port() for _ in range(2 if config == "two" else 1)]
    procs = [_server(database, p, redis if config == "two" else None) for p in ports]
    try:
        urls = [f"http://127.0.0.1:{p}" for p in ports]
        for u in urls:
            asyncio.run(loadtest.wait_up(u))
        t0 = time.monotonic()
        figures = loadtest.run(
            clients=clients,
            tables=tables,
            seconds=seconds,
            url=urls,
            think=think,
            procs=2,
            server_pids=[p.pid for p in procs],
            database_cpu=databases_cpu,
        )
        wall = time.monotonic() - t0
        rss = [_rss_mb(p.pid) for p in procs]
    finally:
        for p in procs:
            p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
        asyncio.run(_database(pg, name, drop=True))
    figures.update(config=config, wall_seconds=round(wall, 1), servers_rss_mb=rss)
    return figures


if __name__ == "__main__":
    config, clients, tables, seconds = sys.argv[1], *map(int, sys.argv[2:4]), float(sys.argv[4])
    think = float(sys.argv[5]) if len(sys.argv) > 5 else 0.0
    print(json.dumps(measure(config, clients, tables, seconds, think)))
