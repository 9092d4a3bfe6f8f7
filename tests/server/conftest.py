"""Fixtures for the server tests: a real uvicorn server on loopback, on SQLite
and (when ``LIFTOFF_TEST_POSTGRES_URL`` is set) on PostgreSQL in a schema of
its own that is dropped afterwards."""

from __future__ import annotations

import importlib.util
import os
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from browsers import FIXTURE, browser_session, chrome

if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("uvicorn") is None:
    # without the server extra there is nothing to test here
    collect_ignore_glob = ["test_server_*.py", "test_cheating*.py"]
    Db = Running = ServerFactory = Any
else:
    from server_helpers import Db, Running, ServerFactory, start_server

PG_ENV = "LIFTOFF_TEST_POSTGRES_URL"

__all__ = ["browser_session", "chrome"]  # one browser per worker, for every browser test

# servers started by the running test (the ``db`` fixture stops them before its teardown)
_LIVE: list[Running] = []


def _pg_url() -> str | None:
    return os.environ.get(PG_ENV) or None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test using the browser runs in the worker's session-wide event loop, where
    the shared browser lives (``browsers.py``)."""
    for item in items:
        if FIXTURE in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)


@pytest_asyncio.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Db]:
    """A fresh database: an SQLite file, or a new PostgreSQL schema."""
    if request.param == "sqlite":
        yield Db(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}", None)
        return
    url = _pg_url()
    if url is None:
        pytest.skip(
            f"PostgreSQL tests need {PG_ENV} (e.g. postgresql+asyncpg://postgres@127.0.0.1:5432/test)"
        )
    import asyncpg

    raw = url.replace("postgresql+asyncpg://", "postgresql://")
    schema = f"liftoff_test_{secrets.token_hex(6)}"
    conn = await asyncpg.connect(raw)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
    finally:
        await conn.close()
    try:
        yield Db(url, schema)
    finally:
        # the test's servers stop before their schema goes: a server still renewing
        # its lease while the schema is dropped can deadlock with the DROP
        for r in list(_LIVE):
            await r.stop()
        conn = await asyncpg.connect(raw)
        try:
            await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        finally:
            await conn.close()


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Db:
    """An SQLite database only (tests that do not need both backends)."""
    return Db(f"sqlite+aiosqlite:///{tmp_path / 'server.db'}", None)


@pytest_asyncio.fixture
async def server() -> AsyncIterator[ServerFactory]:
    """Start servers with ``await server(db, **settings)``; all stop at the end."""
    running: list[Running] = []

    async def start(db: Db, **settings: Any) -> Running:
        r = await start_server(db, **settings)
        running.append(r)
        _LIVE.append(r)
        return r

    yield start
    for r in running:
        await r.stop()
        if r in _LIVE:
            _LIVE.remove(r)
