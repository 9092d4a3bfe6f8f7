"""Behind one address: the nginx configuration of ``deploy/nginx-liftoff.conf``, as
documented, in front of two members. A player who only knows the proxy's address
plays on when the member that owns the table is killed.

Needs nginx (``.ci/run`` installs it), ``LIFTOFF_TEST_POSTGRES_URL`` and
``LIFTOFF_TEST_REDIS_URL``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import no_cookies
from sqlalchemy import text
from test_cluster import (
    _logged,
    _member,
    _play,
    _seated,
    cluster_marks,
    database,
    two_members,
    wait_up,
)
from test_server_crash import free_port

from liftoff.server.storage import Store
from processes import end, spawn

__all__ = ["database"]  # the fixture, used by name

NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
)
#: what a client may be told while a table changes owner (then it tries again)
_FAILING_OVER = ("unreachable", "elsewhere", "Bad Gateway", "Service Unavailable")
SITE = Path(__file__).resolve().parents[2] / "deploy" / "nginx-liftoff.conf"

pytestmark = [
    *cluster_marks(240),
    pytest.mark.skipif(NGINX is None, reason="needs nginx"),
]


@contextlib.contextmanager
def _nginx(tmp: Path, members: list[int]) -> Iterator[int]:
    """nginx running the documented site on a free port, its upstream ``members``."""
    site = SITE.read_text()
    for placeholder, port in zip(("10.0.0.1:8000", "10.0.0.2:8000"), members, strict=True):
        assert placeholder in site
        site = site.replace(placeholder, f"127.0.0.1:{port}")
    listen = free_port()
    assert "listen 80;" in site
    (tmp / "liftoff.conf").write_text(site.replace("listen 80;", f"listen 127.0.0.1:{listen};"))
    temps = "\n".join(
        f"    {kind}_temp_path {tmp / kind};" for kind in ("client_body", "proxy", "fastcgi")
    )
    temps += f"\n    uwsgi_temp_path {tmp / 'uwsgi'};\n    scgi_temp_path {tmp / 'scgi'};"
    main = f"""{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
daemon off;
pid {tmp / "nginx.pid"};
events {{ worker_connections 256; }}
http {{
    access_log off;
{temps}
    include {tmp / "liftoff.conf"};
}}
"""
    (tmp / "nginx.conf").write_text(main)
    assert NGINX is not None
    proc = spawn(
        [NGINX, "-p", str(tmp), "-e", str(tmp / "error.log"), "-c", str(tmp / "nginx.conf")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        yield listen
    finally:
        proc.send_signal(signal.SIGQUIT)  # nginx's graceful stop, then its whole group
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(10)
        end(proc)


async def _owner_pid(database: str, tid: str) -> int:
    """The process id of the member owning a table (a member's id starts with it)."""
    store = Store(database)
    try:
        async with store.engine.connect() as conn:
            owner = (
                await conn.execute(
                    text("SELECT owner FROM table_leases WHERE table_id = :t"), {"t": tid}
                )
            ).scalar_one()
    finally:
        await store.engine.dispose()
    return int(str(owner).split(":")[0])


async def _frames_until(url: str, token: str, version: int) -> dict[str, Any]:
    """The first state frame at ``version`` or later on a new socket at ``url``."""
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if msg["type"] == "state" and msg["version"] >= version:
                return dict(msg)


async def test_behind_one_address_a_player_plays_through_a_failover(
    database: str, tmp_path: Path
) -> None:

    def proxied(port: int) -> subprocess.Popen[bytes]:
        return _member(database, port, "--trusted-proxy", "127.0.0.1")

    async with two_members(database, proxied, proxied) as pair:
        a, b = pair.a, pair.b
        with _nginx(tmp_path, [pair.pa, pair.pb]) as port:
            front = f"http://127.0.0.1:{port}"
            await wait_up(front, b)
            acked: dict[int, str] = {}
            async with httpx.AsyncClient(cookies=no_cookies(), base_url=front, timeout=10) as c:
                tid, tokens = await _seated(c, "planet")
                await _play(c, tid, tokens, acked, 6)
                frame = await _frames_until(f"ws://127.0.0.1:{port}/ws/tables/{tid}", tokens[0], 6)
                assert frame["you"] == 0
                owner = await _owner_pid(database, tid)
                assert owner in (a.pid, b.pid)
                os.kill(owner, signal.SIGKILL)
                killed = time.monotonic()
                # the player knows one address only: it retries until the survivor
                # has taken the table over (a few seconds: the lease runs out)
                while True:
                    try:
                        await _play(c, tid, tokens, acked, 1)
                        break
                    except AssertionError as refused:  # a clear refusal while it fails over
                        said = str(refused)
                        assert any(w in said for w in _FAILING_OVER), said
                    except httpx.HTTPError:
                        pass
                    assert time.monotonic() - killed < 20, "no takeover behind the proxy"
                    await asyncio.sleep(0.3)
                took = time.monotonic() - killed
                print(f"behind the proxy: the first move after kill -9 took {took:.2f} s")
                await _play(c, tid, tokens, acked, 3)
                # the WebSocket reconnects through the same address
                frame = await _frames_until(
                    f"ws://127.0.0.1:{port}/ws/tables/{tid}", tokens[0], len(acked)
                )
                assert frame["version"] == len(acked)
            assert took < 15
        assert await _logged(database, tid) == acked  # nothing lost, nothing twice
