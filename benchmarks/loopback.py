"""What the server benchmarks share: a ``liftoff serve`` on a free loopback port,
a client from one loopback address (one "person" to the server's per-address
budgets), and a wait until the server answers. Not a benchmark itself."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(folder: Path, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``liftoff serve`` on ``port`` with an SQLite file in ``folder`` (``extra``: more options)."""
    code = "import sys; from liftoff.cli.main import main; sys.argv[0] = 'liftoff'; main()"
    db = f"sqlite:///{folder / 'bench.db'}"
    args = ["serve", "--port", str(port), "--db", db, *extra]
    return subprocess.Popen(
        [sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def client(base: str, address: str, timeout: float = 60) -> httpx.AsyncClient:
    """A client whose requests come from the loopback ``address`` (e.g. 127.0.0.2)."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=base, timeout=timeout, transport=transport)


async def up(c: httpx.AsyncClient) -> None:
    """Wait (up to 2 minutes) until the server's health check answers."""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        with contextlib.suppress(httpx.HTTPError):
            if (await c.get("/api/health")).status_code == 200:
                return
        await asyncio.sleep(0.2)
    raise RuntimeError("the server did not start")
