"""``/api/health``: whether the database accepts writes, and a few counters."""

from __future__ import annotations

import time

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..health import Lease
from .common import Manager, json

router = APIRouter(tags=["server"])


@router.get(
    "/api/health",
    summary="Whether the database accepts writes (503 if not), and a few counters",
)
async def health(request: Request, manager: Manager) -> Response:
    lease: Lease = request.app.state.lease
    store = manager.store
    writable = await lease.renew()
    return json(
        {
            "ok": writable,
            "database": "ok" if writable else lease.last_error,
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
