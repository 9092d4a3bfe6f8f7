"""One member of a cluster: its id, its table leases, and taking tables over."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy import text

from ..storage import Store
from ..storage.leases import Fence

if TYPE_CHECKING:
    from ..tables import TableManager

log = logging.getLogger("liftoff.server")

_ORPHANS = text(
    "SELECT g.id FROM game_tables g LEFT JOIN table_leases l ON l.table_id = g.id "
    "WHERE g.status IN ('open', 'playing') AND (l.table_id IS NULL OR l.expires_at < now()) "
    "ORDER BY g.created_at"
)


class Member:
    """This server as a member of a cluster (PostgreSQL leases, Redis messages)."""

    def __init__(self, store: Store, redis_url: str, ttl: float) -> None:
        if store.backend != "postgresql":
            raise ValueError("several servers (--redis) share a PostgreSQL database, not SQLite")
        self.store = store
        self.redis_url = redis_url
        self.ttl = ttl
        self.id = f"{os.getpid()}:{secrets.token_hex(6)}"
        self.fence = Fence(self.id, ttl)
        self.redis: Any = None
        self.ok = False
        self.last_error: str | None = None
        self._task: asyncio.Task[None] | None = None
        self.manager: TableManager | None = None

    async def connect(self) -> None:
        """Reach Redis (the start-up check) and fence the store's writes."""
        import redis.asyncio as aioredis

        self.redis = aioredis.from_url(self.redis_url)
        await self.redis.ping()
        self.store.fence = self.fence
        self.ok = True

    async def claim(self, table_id: str) -> bool:
        """Take a table whose lease is free or expired (or ours); whether we own it."""
        return await self.fence.claim(self.store.engine, table_id) is not None

    def owns(self, table_id: str) -> bool:
        """Whether this member holds the table's lease (as far as it knows)."""
        return table_id in self.fence.epochs

    async def orphans(self) -> list[str]:
        """Unfinished tables that nobody owns (their owner died or let them go)."""
        async with self.store.engine.connect() as conn:
            return [str(r[0]) for r in (await conn.execute(_ORPHANS)).all()]

    def start(self, manager: TableManager) -> None:
        """Renew the leases and take orphaned tables over, every ``ttl / 3`` seconds."""
        self.manager = manager
        self._task = asyncio.create_task(self._loop(), name="liftoff-member")

    async def renew(self) -> bool:
        """Renew the leases (a write) and reach Redis; let the tables lost go. Whether
        this member may act as owner (the health check)."""
        manager = self.manager
        try:
            lost = await self.fence.renew(self.store.engine)
            await self.redis.ping()
        except Exception as exc:
            # cut off: stop acting as owner (the leases run out in the database anyway)
            self.ok = False
            self.last_error = f"this member lost its database or Redis: {type(exc).__name__}"
            if manager is not None:
                manager.errors.error("member", "this member lost its database or Redis")
            lost = set(self.fence.epochs)
            self.fence.epochs.clear()
        else:
            self.ok = True
            self.last_error = None
        if manager is not None:
            for table_id in lost:
                await manager.let_go(table_id)
        return self.ok

    async def tick(self) -> None:
        """One round: renew, drop the tables lost, adopt the orphans."""
        manager = self.manager
        assert manager is not None
        if not await self.renew():
            return
        for table_id in await self.orphans():
            if table_id not in manager.tables and await self.claim(table_id):
                await manager.adopt(table_id)

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self.tick()
            except Exception:
                if self.manager is not None:
                    self.manager.errors.error("member", "the member's round failed")

    async def close(self) -> None:
        """Stop renewing, let every table go (another member takes them at once)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        with contextlib.suppress(Exception):
            await self.fence.release(self.store.engine)
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.aclose()
