"""``/api/health``: whether the database accepts writes, and a few counters."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from fastapi import Request
from fastapi.responses import Response

from ..health import Lease
from .common import Manager, json, make_router

if TYPE_CHECKING:
    from ..cluster import Member

router = make_router("server")


@router.get(
    "/api/health",
    summary="Whether the database accepts writes (503 if not), and a few counters",
)
async def health(request: Request, manager: Manager) -> Response:
    """One server: a write check (shared by the checks made at once). A cluster's
    member: what its last round found; a check never renews a table lease."""
    member: Member | None = request.app.state.member
    if member is not None:
        writable, why = member.fit()
    else:
        lease: Lease = request.app.state.lease
        writable = await lease.check()
        why = lease.last_error
    store = manager.store
    return json(
        {
            "ok": writable,
            "database": "ok" if writable else why,
            "errors": manager.errors.total,
            "tables": len(manager.tables),
            "moves": manager.moves,
            "commits": store.commits,
            "rows": store.rows_written,
            "commit_seconds": round(store.commit_seconds, 3),
            "time": time.time(),
        },
        200 if writable else 503,
    )
