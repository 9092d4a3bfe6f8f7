"""The schema: Alembic migrations build exactly what the models describe, on
SQLite and PostgreSQL; the store's group commit keeps every row."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from server_helpers import Db
from sqlalchemy import Connection, inspect
from sqlalchemy.exc import IntegrityError

from liftoff.server.storage import ActionData, SeatData, Store, TableData
from liftoff.server.storage.models import Base

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]


async def test_migrations_match_the_models(db: Db) -> None:
    store = Store(db.url, schema=db.schema)
    await store.start()
    try:

        def diff(conn: Connection) -> list[Any]:
            ctx = MigrationContext.configure(conn)
            return list(compare_metadata(ctx, Base.metadata))

        def tables(conn: Connection) -> set[str]:
            return set(inspect(conn).get_table_names())

        async with store.engine.connect() as conn:
            assert await conn.run_sync(diff) == []
            assert {"game_tables", "seats", "action_log", "alembic_version"} <= await conn.run_sync(
                tables
            )
        await store.migrate()  # idempotent
    finally:
        await store.close()


async def test_group_commit_keeps_every_row_in_order(db: Db) -> None:
    store = Store(db.url, schema=db.schema)
    await store.start()
    try:
        ids = [f"t{k}" for k in range(5)]
        for tid in ids:
            await store.create_table(
                TableData(
                    id=tid,
                    game="planet",
                    players=2,
                    seed=2**52 - 1,
                    options={"family": True},
                    status="playing",
                    created_at=1.0,
                    updated_at=1.0,
                    seats=[
                        SeatData(0, "human", token_hash="a" * 63 + tid[-1]),
                        SeatData(1, "bot", "random"),
                    ],
                )
            )

        async def play(tid: str) -> None:
            for i in range(40):
                await store.append(tid, ActionData(i, i % 2, f"act {i}", i, 2.0, [1000 - i, 1000]))

        await asyncio.gather(*(play(t) for t in ids))
        assert store.rows_written == 200 and store.commits < 200  # rows shared commits
        loaded = {t.id: t for t in await store.load_tables(statuses=["playing"])}
        assert set(loaded) == set(ids)
        for tid in ids:
            t = loaded[tid]
            assert [a.idx for a in t.actions] == list(range(40))
            assert t.actions[-1].clocks == [961, 1000]
            assert t.options == {"family": True} and t.seed == 2**52 - 1
            assert [s.kind for s in t.seats] == ["human", "bot"]
        # a duplicate index is refused and does not take the others down with it
        results = await asyncio.gather(
            store.append("t0", ActionData(5, 0, "dup", 5, 3.0)),
            store.append("t1", ActionData(40, 0, "fine", 40, 3.0)),
            return_exceptions=True,
        )
        assert isinstance(results[0], Exception) and results[1] is None
        await store.delete_action("t1", 40)
        again = await store.load_tables(ids=["t1"])
        assert len(again[0].actions) == 40
    finally:
        await store.close()


async def test_submission_keys_are_stored_and_unique_per_table(db: Db) -> None:
    store = Store(db.url, schema=db.schema)
    await store.start()
    try:
        for tid in ("k1", "k2"):
            await store.create_table(
                TableData(tid, "planet", 2, 1, {}, "playing", 1.0, 1.0, seats=[SeatData(0, "bot")])
            )
        await store.append("k1", ActionData(0, 0, "a", 0, 2.0, submission="x" * 64))
        await store.append("k1", ActionData(1, 1, "b", 1, 2.0))  # no key: any number
        await store.append("k1", ActionData(2, 0, "c", 2, 2.0))
        await store.append("k2", ActionData(0, 0, "a", 0, 2.0, submission="x" * 64))
        with pytest.raises(IntegrityError):  # the same key twice at k1
            await store.append("k1", ActionData(3, 0, "d", 3, 2.0, submission="x" * 64))
        loaded = {t.id: t for t in await store.load_tables(ids=["k1", "k2"])}
        assert [a.submission for a in loaded["k1"].actions] == ["x" * 64, None, None]
        assert [a.submission for a in loaded["k2"].actions] == ["x" * 64]
    finally:
        await store.close()
