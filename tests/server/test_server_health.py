"""Storage failures made visible: health that writes, one server per database,
errors logged once, and clear one-line refusals from ``liftoff serve``."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import secrets
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from server_helpers import Db, ServerFactory, until

from liftoff.server.health import ErrorLog, Lease, LeaseHeld
from liftoff.server.storage import Store

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


async def test_one_server_per_database(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    assert (await r.call("GET", "/api/health")).json()["ok"] is True
    other = Store(db.url, schema=db.schema)
    await other.start()
    try:
        with pytest.raises(LeaseHeld, match="another liftoff server"):
            await Lease(other, 30.0, ErrorLog()).take()
        await r.stop()
        second = Lease(other, 30.0, ErrorLog())
        await second.take()  # the first one let go when it stopped
        await second.release()
        # a holder that crashed on this host (no such process) is taken over at once
        dead = await other.take_lease("999999999:x", socket.gethostname(), 30.0, lambda h, o: False)
        assert dead is None
        third = Lease(other, 30.0, ErrorLog())
        await third.take()
        await third.release()
        # one on another host: only after the lease's time
        assert await other.take_lease("1:y", "elsewhere", 30.0, lambda h, o: False) is None
        with pytest.raises(LeaseHeld):
            await Lease(other, 30.0, ErrorLog()).take()
        await asyncio.sleep(0.3)
        late = Lease(other, 0.2, ErrorLog())
        await late.take()
        await late.release()
    finally:
        await other.close()


async def test_health_checks_at_once_share_one_write(db: Db) -> None:
    """A flood of health checks writes one renewal at a time, each begun after the
    checks it answers came in. On PostgreSQL the checks waiting meanwhile share the
    next one; SQLite's write does not yield, so each check has ended before the
    next one comes in (and writes again)."""
    store = Store(db.url, schema=db.schema)
    await store.start()
    lease = Lease(store, 30.0, ErrorLog())
    writes: list[int] = []
    in_flight = 0
    renew = store.renew_lease

    async def counted(owner: str) -> bool:  # the real write, counted
        nonlocal in_flight
        in_flight += 1
        writes.append(in_flight)
        try:
            return await renew(owner)
        finally:
            in_flight -= 1

    try:
        await lease.take()
        store.renew_lease = counted  # type: ignore[method-assign]
        answers = await asyncio.gather(*(lease.check() for _ in range(200)))
        assert all(answers)
        assert max(writes) == 1  # never two at once
        if db.schema is not None:  # PostgreSQL: the one in flight and one shared by the rest
            assert 1 <= len(writes) <= 2
        before = len(writes)
        assert await lease.check() and len(writes) == before + 1  # a later check writes
    finally:
        await lease.release()
        await store.close()


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from liftoff.cli.main import main; sys.argv[0] = 'liftoff'; main()"
    return subprocess.run(
        [sys.executable, "-c", code, "serve", *args],
        capture_output=True,
        text=True,
        # a Python start-up that imports the server: a minute or more on a busy machine
        timeout=240,
        env={**os.environ, "COLUMNS": "1000"},
    )


def _free_ports(n: int) -> list[str]:
    """``n`` different ports free now (all held at once while they are found)."""
    with contextlib.ExitStack() as held:
        socks = [held.enter_context(socket.socket()) for _ in range(n)]
        for sock in socks:
            sock.bind(("127.0.0.1", 0))
        return [str(sock.getsockname()[1]) for sock in socks]


def _one_clear_line(res: subprocess.CompletedProcess[str], words: str) -> None:
    assert res.returncode != 0
    out = (res.stdout + res.stderr).strip()
    assert "Traceback" not in out and len(out.splitlines()) == 1, out
    assert words in out, out


@pytest.mark.timeout(600)
async def test_serve_refuses_in_one_clear_line(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db)
    path = sqlite_db.url.split("///", 1)[1]
    port = int(r.base.rsplit(":", 1)[1])
    free_port, other_port = _free_ports(2)
    # the three refusals while the server runs, side by side (each a Python start-up
    # that binds its port first: a port of its own each)
    busy, taken, nonsense = await asyncio.gather(
        asyncio.to_thread(_serve, "--port", str(port), "--db", f"sqlite:///{path}x"),
        asyncio.to_thread(_serve, "--port", free_port, "--db", f"sqlite:///{path}"),
        asyncio.to_thread(_serve, "--port", other_port, "--db", "nonsense://x"),
    )
    _one_clear_line(busy, "in use")
    assert not Path(path + "x").exists()  # the port was found busy before the database
    _one_clear_line(taken, "another liftoff server")
    _one_clear_line(nonsense, "cannot use the database")
    ro = f"sqlite:///file:{path}?mode=ro&uri=true"
    await r.stop()
    res = await asyncio.to_thread(_serve, "--port", free_port, "--db", ro)
    _one_clear_line(res, "readonly")


@pytest.mark.postgres
async def test_a_database_that_refuses_writes_is_reported_not_spammed(
    server: ServerFactory, db: Db, caplog: pytest.LogCaptureFixture
) -> None:
    if db.schema is None:
        pytest.skip("PostgreSQL only: a role whose rights are taken away mid-game")
    import asyncpg

    raw = db.url.replace("postgresql+asyncpg://", "postgresql://")
    role = f"liftoff_rw_{secrets.token_hex(4)}"
    conn = await asyncpg.connect(raw)
    s = db.schema
    try:
        await conn.execute(f'CREATE ROLE "{role}" LOGIN')
        await conn.execute(f'GRANT ALL ON SCHEMA "{s}" TO "{role}"')
        await conn.execute(
            f'ALTER DEFAULT PRIVILEGES IN SCHEMA "{s}" GRANT ALL ON TABLES TO "{role}"'
        )
        url = db.url.replace("postgres@", f"{role}@")
        # bots a tenth of a second a move: their game is still running when the rights
        # go (at full speed two random bots can finish it before, and then no bot
        # move is ever refused)
        r = await server(Db(url, s), bot_delay=0.1)
        bots = [{"type": "bot", "bot": "random"}] * 2
        tid = (await r.create("planet", bots))["table"]["id"]
        await r.wait_for(tid, lambda t: t["version"] >= 3)
        # two people at this one: the only bots are the other table's
        mine = await r.create("planet", [{"type": "you"}, {"type": "open"}])
        mid = mine["table"]["id"]
        toks = [mine["token"], (await r.join(mid))["token"]]
        assert (await r.call("GET", f"/api/tables/{tid}")).json()["status"] != "over"
        await conn.execute(
            f'REVOKE INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "{s}" FROM "{role}"'
        )
        caplog.clear()
        with caplog.at_level(logging.ERROR, logger="liftoff.server"):
            health = await r.call("GET", "/api/health")
            assert health.status_code == 503
            body = health.json()
            assert body["ok"] is False and "refuses writes" in body["database"]
            version = (await r.call("GET", f"/api/tables/{tid}")).json()["version"]
            for tok in toks:
                view = await r.view(mid, tok)
                if view["legal"]:
                    res = await r.act(mid, tok, view["legal"][0]["text"], view["version"])
                    assert res.status_code == 503 and res.json()["error"] == "storage"
            for _method, _path, _status, text in r.traffic:
                assert "SQL" not in text and "UPDATE " not in text and "INSERT " not in text
            # the bots tried to move (and were refused): only then is "no new version" news
            await until(
                "a bot's move to be refused for want of storage",
                lambda: "bot-refused-storage" in r.manager.errors.seen,
            )
            after = (await r.call("GET", f"/api/tables/{tid}")).json()["version"]
            assert after == version  # nothing is acknowledged that was not stored
        write_errors = [rec for rec in caplog.records if "writing action" in rec.getMessage()]
        assert len(write_errors) <= 1  # logged once, not every second
        # each failure is told once, with its traceback, not again at every retry: the
        # lease, the write, and perhaps a bot's table that ended as the rights went
        traced = collections.Counter(rec.getMessage() for rec in caplog.records if rec.exc_info)
        assert all(n == 1 for n in traced.values()), traced
        assert sum(traced.values()) <= 4, traced
        await conn.execute(
            f'GRANT INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "{s}" TO "{role}"'
        )
        started = time.monotonic()
        while (await r.call("GET", "/api/health")).status_code != 200:
            assert time.monotonic() - started < 10
            await asyncio.sleep(0.2)
        await r.stop()
    finally:
        await conn.execute(f'DROP OWNED BY "{role}"')
        await conn.execute(f'DROP ROLE IF EXISTS "{role}"')
        await conn.close()
