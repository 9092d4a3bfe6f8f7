"""What 10,000 tables played over days cost a server while nobody moves.

    uv run python benchmarks/bench_days.py [TABLES] [IDLE_SECONDS]

``TABLES`` planet tables (default 10,000) with a clock of 3 days a move, each
with two persons seated and the game running, are written to an SQLite
database in a temporary folder (in bulk: creating them one by one through the
API measures the disk, not the server); then one server's table manager (the
server without its HTTP front) starts on it. It prints, as JSON lines:

- ``start``: seconds to start with every table awake (each rebuilt in memory,
  its first player's clock ticking: a server before tables slept);
- ``awake``: the process's resident memory with every table in memory, and its
  CPU time over ``IDLE_SECONDS`` (default 20) of nobody moving;
- ``asleep``: the same once every table went to sleep (``tables.dormant``: out of
  memory, its clocks' deadline in the database), and the seconds it took;
- ``wake``: the median and worst time to wake one table asked for (50 of them);
- ``restart``: a new server on the same database, every table asleep: seconds to
  start, resident memory, CPU time over ``IDLE_SECONDS``.

Resident memory is the operating system's figure (``VmRSS``): Python keeps
freed memory for reuse, so the asleep figure shows what is kept, not what a
fresh process would need.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import Connection, insert

import liftoff
from liftoff.server.storage import Store
from liftoff.server.storage.models import SeatRow, TableRow
from liftoff.server.tables import TableManager
from liftoff.server.tables.clocks import clock_spec
from liftoff.server.tables.model import hash_token, new_id, new_token
from liftoff.server.tables.settings import Settings


def rss_mb() -> float:
    """The process's resident memory in MB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def idle_cpu(seconds: float) -> float:
    """CPU seconds the process spends while nobody moves for ``seconds``."""
    start = time.process_time()
    await asyncio.sleep(seconds)
    return time.process_time() - start


def say(what: str, **figures: float | int) -> None:
    print(json.dumps({"step": what, **{k: round(v, 3) for k, v in figures.items()}}), flush=True)


async def create_all(store: Store, tables: int) -> list[str]:
    """Write ``tables`` running planet tables over days, 1,000 a transaction."""
    options = orjson.dumps(liftoff.games.get("planet").new_game(2, 1, {"family": True}).options)
    clock = orjson.dumps(clock_spec({"preset": "day-3"})).decode()
    ids = [new_id() for _ in range(tables)]
    now = time.time()
    for chunk in range(0, tables, 1000):
        part = ids[chunk : chunk + 1000]
        rows = [
            {
                "id": t,
                "game": "planet",
                "players": 2,
                "seed": k,
                "options": options.decode(),
                "clock": clock,
                "status": "playing",
                "created_at": now,
                "updated_at": now,
                "bot_seed": k,
                "hints": False,
            }
            for k, t in enumerate(part, chunk)
        ]
        seats = [
            {
                "table_id": t,
                "seat": s,
                "kind": "human",
                "name": name,
                "token_hash": hash_token(new_token()),
            }
            for t in part
            for s, name in enumerate(("Ann", "Bo"))
        ]

        def write(conn: Connection, rows: Any = rows, seats: Any = seats) -> None:
            conn.execute(insert(TableRow), rows)
            conn.execute(insert(SeatRow), seats)

        await store._write(write)
    return ids


async def main(tables: int, idle: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/days.db"
        store = Store(url)
        await store.start()
        ids = await create_all(store, tables)
        settings = Settings(max_live_tables=tables, max_tables_per_address=tables)
        manager = TableManager(store, settings)
        base = rss_mb()
        started = time.perf_counter()
        await manager.start()
        try:
            say("start", tables=tables, seconds=time.perf_counter() - started)
            gc.collect()
            awake = rss_mb()
            say(
                "awake",
                rss_mb=awake,
                per_table_kb=(awake - base) * 1024 / tables,
                idle_seconds=idle,
                cpu_seconds=await idle_cpu(idle),
                in_memory=len(manager.tables),
            )
            started = time.perf_counter()
            for table_id in ids:
                await manager.dormancy.sleep(manager.tables[table_id])
            slept = time.perf_counter() - started
            gc.collect()
            say(
                "asleep",
                seconds=slept,
                rss_mb=rss_mb(),
                idle_seconds=idle,
                cpu_seconds=await idle_cpu(idle),
                in_memory=len(manager.tables),
            )
            times = []
            for table_id in random.Random(1).sample(ids, 50):
                started = time.perf_counter()
                await manager.get(table_id)
                times.append(time.perf_counter() - started)
            say(
                "wake",
                median_ms=statistics.median(times) * 1000,
                worst_ms=max(times) * 1000,
                db_mb=Path(f"{folder}/days.db").stat().st_size / 2**20,
            )
        finally:
            await manager.close()
            await store.close()
        await restart(url, tables, idle)


async def restart(url: str, tables: int, idle: float) -> None:
    """A new server on the database whose tables are all asleep."""
    store = Store(url)
    await store.start()
    manager = TableManager(store, Settings(max_live_tables=tables))
    started = time.perf_counter()
    await manager.start()
    try:
        say(
            "restart",
            seconds=time.perf_counter() - started,
            rss_mb=rss_mb(),
            idle_seconds=idle,
            cpu_seconds=await idle_cpu(idle),
            in_memory=len(manager.tables),
        )
    finally:
        await manager.close()
        await store.close()


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
    asyncio.run(main(count, seconds))
