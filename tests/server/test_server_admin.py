"""``liftoff admin`` against a real server on loopback."""

from __future__ import annotations

import asyncio

import pytest
from server_helpers import Db, ServerFactory
from typer.testing import CliRunner

from liftoff.cli.main import build

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


async def test_admin_lists_closes_and_deletes(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db, admin_token="op-secret")
    a = (await r.create("planet", [{"type": "you"}, {"type": "open"}]))["table"]["id"]
    b = (await r.create("planet", [{"type": "you"}, {"type": "open"}]))["table"]["id"]
    runner = CliRunner()

    def admin(*args: str, token: str | None = "op-secret") -> tuple[int, str]:
        env = {"LIFTOFF_ADMIN_TOKEN": token} if token else {"LIFTOFF_ADMIN_TOKEN": ""}
        res = runner.invoke(build(), ["admin", *args, "--url", r.base], env=env)
        return res.exit_code, res.output

    code, out = await asyncio.to_thread(admin, "tables")
    assert code == 0 and a in out and b in out and "127.0.0.1" in out
    code, out = await asyncio.to_thread(admin, "close", a, token="wrong")
    assert code != 0 and "403" in out
    code, out = await asyncio.to_thread(admin, "close", a)
    assert code == 0, out
    assert (await r.call("GET", f"/api/tables/{a}")).json()["status"] == "closed"
    code, out = await asyncio.to_thread(admin, "delete", b)
    assert code == 0, out
    assert (await r.call("GET", f"/api/tables/{b}")).status_code == 404
    code, out = await asyncio.to_thread(admin, "tables", token=None)
    assert code != 0 and "LIFTOFF_ADMIN_TOKEN" in out
