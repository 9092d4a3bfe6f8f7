"""Leases per table in PostgreSQL (several servers on one database).

Times are the database's (``now()``): the members' clocks never decide who owns
a table. ``epoch`` is the fencing token; see "Several servers" in docs/server.md.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

T = TypeVar("T")

#: PostgreSQL's codes for "deadlock detected" and "could not serialize": try again
RETRIED = frozenset({"40P01", "40001"})
ATTEMPTS = 4  # tries of a lease statement that met a deadlock

_CLAIM = text(
    "INSERT INTO table_leases (table_id, owner, epoch, expires_at) "
    "VALUES (:t, :me, 1, now() + make_interval(secs => :ttl)) "
    "ON CONFLICT (table_id) DO UPDATE SET owner = :me, epoch = table_leases.epoch + 1, "
    "expires_at = now() + make_interval(secs => :ttl) "
    "WHERE table_leases.expires_at < now() OR table_leases.owner = :me "
    "RETURNING epoch"
)
# Statements that lock several leases lock them in the order of their table ids
# (``ORDER BY … FOR UPDATE/SHARE`` locks rows as the sort yields them), so that two
# of them never wait for each other in a circle.
_RENEW = text(
    "WITH mine AS (SELECT table_id FROM table_leases "
    "WHERE owner = :me AND expires_at > now() ORDER BY table_id FOR UPDATE) "
    "UPDATE table_leases l SET expires_at = now() + make_interval(secs => :ttl) "
    "FROM mine WHERE l.table_id = mine.table_id RETURNING l.table_id, l.epoch"
)
_RELEASE = text(
    "WITH mine AS (SELECT table_id FROM table_leases "
    "WHERE owner = :me AND table_id = ANY(:ts) ORDER BY table_id FOR UPDATE) "
    "UPDATE table_leases l SET expires_at = now() - interval '1 second' "
    "FROM mine WHERE l.table_id = mine.table_id"
)
_HELD = text(
    "SELECT table_id, epoch FROM table_leases "
    "WHERE table_id = ANY(:ts) AND owner = :me AND expires_at > now() "
    "ORDER BY table_id FOR SHARE"
)
_SEIZE = text(
    "UPDATE table_leases SET owner = :me, epoch = epoch + 1, "
    "expires_at = now() + make_interval(secs => :ttl) "
    "WHERE table_id = :t AND owner = :gone RETURNING epoch"
)
_OWNERS = text("SELECT DISTINCT owner FROM table_leases WHERE expires_at > now() AND owner <> :me")
_HELD_BY = text("SELECT table_id FROM table_leases WHERE owner = :gone AND expires_at > now()")
_OWNER = text("SELECT owner, epoch, expires_at > now() FROM table_leases WHERE table_id = :t")


class StaleLease(RuntimeError):
    """This member no longer owns a table it tried to write for."""


def sqlstate(exc: BaseException) -> str | None:
    """PostgreSQL's error code of a database error (``None`` when it has none)."""
    orig = getattr(exc, "orig", None)
    for found in (orig, getattr(orig, "__cause__", None), exc):
        code = getattr(found, "sqlstate", None) or getattr(found, "pgcode", None)
        if isinstance(code, str):
            return code
    return None


async def retried(attempt: Callable[[], Awaitable[T]]) -> T:
    """``attempt()``, tried again (up to :data:`ATTEMPTS` times, a little later each
    time) when PostgreSQL broke a deadlock by failing it, or could not serialize it."""
    for n in range(1, ATTEMPTS + 1):
        try:
            return await attempt()
        except DBAPIError as exc:
            if n == ATTEMPTS or sqlstate(exc) not in RETRIED:
                raise
        await asyncio.sleep(0.01 * n)
    raise AssertionError("unreachable")  # the last attempt returned or raised


class Fence:
    """This member's leases: the epoch it holds each table under."""

    def __init__(self, owner: str, ttl: float) -> None:
        self.owner = owner
        self.ttl = ttl
        self.epochs: dict[str, int] = {}
        self._renewing = asyncio.Lock()  # one renewal at a time

    async def check(self, conn: AsyncConnection, table_ids: Iterable[str]) -> None:
        """In the writing transaction: raise :class:`StaleLease` unless every table
        is still held under its epoch (the rows stay share-locked until commit, so a
        takeover waits for this write)."""
        wanted = sorted(set(table_ids))
        rows = (await conn.execute(_HELD, {"ts": wanted, "me": self.owner})).all()
        held = {tid for tid, epoch in rows if self.epochs.get(tid) == epoch}
        lost = [t for t in wanted if t not in held]
        if lost:
            for t in lost:
                self.epochs.pop(t, None)
            raise StaleLease(f"this server no longer owns table {', '.join(lost)}")

    async def claim(self, engine: AsyncEngine, table_id: str) -> int | None:
        """Take ``table_id`` when its lease is free, expired or ours; its epoch, or
        ``None`` when another member holds it."""
        async with engine.begin() as conn:
            row = (
                await conn.execute(_CLAIM, {"t": table_id, "me": self.owner, "ttl": self.ttl})
            ).first()
        if row is None:
            return None
        self.epochs[table_id] = int(row[0])
        return int(row[0])

    async def seize(self, engine: AsyncEngine, table_id: str, gone: str) -> int | None:
        """Take ``table_id`` from a member known to be gone before its lease runs out
        (safe: the new epoch fences off any write of the old owner, and the share lock
        of its writes makes this wait for the last one); the new epoch, or ``None``
        when ``gone`` no longer holds it."""
        async with engine.begin() as conn:
            row = (
                await conn.execute(
                    _SEIZE, {"t": table_id, "me": self.owner, "gone": gone, "ttl": self.ttl}
                )
            ).first()
        if row is None:
            return None
        self.epochs[table_id] = int(row[0])
        return int(row[0])

    async def other_owners(self, engine: AsyncEngine) -> list[str]:
        """The other members holding a live lease."""
        async with engine.connect() as conn:
            return [str(r[0]) for r in (await conn.execute(_OWNERS, {"me": self.owner})).all()]

    async def held_by(self, engine: AsyncEngine, owner: str) -> list[str]:
        """The tables a member holds a live lease on."""
        async with engine.connect() as conn:
            return [str(r[0]) for r in (await conn.execute(_HELD_BY, {"gone": owner})).all()]

    async def renew(self, engine: AsyncEngine) -> set[str]:
        """Renew every lease still held; forget (and return) the ones lost. Only the
        leases held when the renewal began are judged: one claimed meanwhile may be
        missing from the renewal's snapshot without being lost."""
        async with self._renewing:
            held = dict(self.epochs)

            async def attempt() -> set[tuple[str, int]]:
                async with engine.begin() as conn:
                    found = await conn.execute(_RENEW, {"me": self.owner, "ttl": self.ttl})
                    return {(str(tid), int(epoch)) for tid, epoch in found.all()}

            kept = await retried(attempt)
        lost = {
            t
            for t, epoch in held.items()
            if (t, epoch) not in kept and self.epochs.get(t) == epoch  # not claimed again
        }
        for t in lost:
            self.epochs.pop(t, None)
        return lost

    async def release(self, engine: AsyncEngine, table_ids: Iterable[str] | None = None) -> None:
        """Let tables go at once (a clean stop): another member may take them."""
        ids = sorted(self.epochs if table_ids is None else set(table_ids))
        if not ids:
            return

        async def attempt() -> None:
            async with engine.begin() as conn:
                await conn.execute(_RELEASE, {"me": self.owner, "ts": ids})

        await retried(attempt)
        for t in ids:
            self.epochs.pop(t, None)

    async def owner_of(self, engine: AsyncEngine, table_id: str) -> tuple[str, int, bool] | None:
        """(owner, epoch, still valid) of a table's lease, ``None`` when it has none."""
        async with engine.connect() as conn:
            row = (await conn.execute(_OWNER, {"t": table_id})).first()
        return None if row is None else (str(row[0]), int(row[1]), bool(row[2]))
