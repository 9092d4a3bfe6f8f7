"""The server's parts: no import circle with the real-time runner, the host
interface the runner relies on, and real-time tables known by ``GameInfo.realtime``
(not by a game's name)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from typing import Any

import pytest
from server_helpers import Db, ServerFactory

import liftoff
from liftoff.server.health import ErrorLog
from liftoff.server.storage import Store
from liftoff.server.tables import Settings, TableManager


def test_the_tables_package_does_not_import_the_runner() -> None:
    """The manager imports the real-time runner only when a real-time table starts."""
    code = (
        "import sys, liftoff.server.tables, liftoff.server.app; "
        "print('liftoff.server.realtime' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_manager_is_a_realtime_host() -> None:
    """The public members the real-time runner uses (its ``RealtimeHost``)."""
    manager = TableManager(Store("sqlite+aiosqlite:///:memory:"), Settings(bot_processes=0))
    for name in ("bot_bounds", "record_applied", "restore", "refuse", "illegal", "changed"):
        assert callable(getattr(manager, name)), name
    assert isinstance(manager.settings, Settings)
    assert isinstance(manager.errors, ErrorLog)
    assert manager.bot_bounds(True).seconds == manager.settings.max_realtime_bot_seconds


@pytest.fixture
def relay() -> Any:
    """The race game under another name: a real-time game the server does not know by name."""
    race = liftoff.games.get("race")

    class Relay(type(race)):  # type: ignore[misc]
        info = dataclasses.replace(race.info, name="relay", title="Relay")

    liftoff.games.register("relay", Relay())
    yield "relay"
    liftoff.games.unregister("relay")


@pytest.mark.asyncio
@pytest.mark.timeout(60)
async def test_a_realtime_game_is_known_by_its_info(
    server: ServerFactory, sqlite_db: Db, relay: str
) -> None:
    r = await server(sqlite_db)
    games = (await r.http.get(f"{r.base}/api/games")).json()["games"]
    assert [g["realtime"] for g in games if g["name"] == relay] == [True]
    seats = [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    table, _, _ = await r.manager.create(relay, 2, {}, seats, {"initial": 60}, None)
    assert table.realtime and table.race is not None  # run by the real-time runner
    assert table.clock_spec is None  # no chess clocks in real time
    assert [s.speed for s in table.seats] == ["normal", "normal"]
    body = (await r.http.get(f"{r.base}/api/tables/{table.id}")).json()
    assert body["realtime"] is True and "live" in body
