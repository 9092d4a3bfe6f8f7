"""Fuzz the REST API from its OpenAPI spec (schemathesis): no request, however
odd, makes the server answer 5xx. A bounded number of examples per operation."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
import uvicorn
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from liftoff.server.app import create_app
from liftoff.server.tables import Settings

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server in a thread of its own, on a loopback port."""
    db: Path = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    app = create_app(
        f"sqlite+aiosqlite:///{db}",
        settings=Settings(bot_delay=0.0, http_rate=10_000, http_burst=10_000),
    )
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, ws="websockets-sansio", log_level="error", lifespan="on")
    )
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    # some tables so that ids in the spec's examples can exist
    made = httpx.post(f"{base}/api/tables", json={"game": "planet", "players": 2}).json()
    assert made["table"]["id"]
    yield base
    server.should_exit = True
    thread.join(20)


# the spec of the app (building the app opens no database)
schema = schemathesis.openapi.from_dict(create_app("sqlite+aiosqlite:///:memory:").openapi())


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_a_server_error(case: Any, fuzz_server: str) -> None:
    case.call_and_validate(base_url=fuzz_server, checks=[not_a_server_error], timeout=20)
