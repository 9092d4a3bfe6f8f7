"""``/api/admin``: the operator's routes (on only with ``Settings.admin_token``)."""

from __future__ import annotations

import secrets
import time

from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials

from ..errors import ApiError
from .common import ERRORS, AckOut, Manager, TableId, Token, json, make_router, token_of

router = make_router("admin")


def admin(manager: Manager, cred: HTTPAuthorizationCredentials | None) -> None:
    """Refuse anyone without the operator's token (404 when the routes are off)."""
    wanted = manager.settings.admin_token
    if not wanted:
        raise ApiError(404, "no-admin", "the admin routes are off (no admin token set)")
    given = token_of(cred) or ""
    if not secrets.compare_digest(given.encode(), wanted.encode()):
        raise ApiError(403, "not-admin", "this needs the operator's admin token")


@router.get(
    "/api/admin/tables",
    summary="Every unfinished table with its creator, idle time and searches waiting for a "
    "bot worker (operator)",
    responses=ERRORS,
)
async def admin_tables(cred: Token, manager: Manager) -> Response:
    admin(manager, cred)
    now = time.time()
    pool = manager.bot_seats.pool
    return json(
        {
            "tables": [
                {
                    **t.public(),
                    "creator": t.creator,
                    "idle_seconds": round(now - t.updated_at, 1),
                    "searches_waiting": pool.waiting(t.id),
                }
                for t in manager.tables.values()
            ],
            # every table's, closed ones' too: a closed table's searches leave at once
            "searches_waiting": pool.waiting(),
        }
    )


@router.post(
    "/api/admin/tables/{table_id}/close",
    summary="Close a table for good: its game stops, its seats are freed (operator)",
    response_model=AckOut,
    responses=ERRORS,
)
async def admin_close(table_id: TableId, cred: Token, manager: Manager) -> Response:
    admin(manager, cred)
    await manager.close_table(table_id)
    return json({"ok": True, "version": 0})


@router.delete(
    "/api/admin/tables/{table_id}",
    summary="Delete a table and its record from the database (operator)",
    response_model=AckOut,
    responses=ERRORS,
)
async def admin_delete(table_id: TableId, cred: Token, manager: Manager) -> Response:
    admin(manager, cred)
    await manager.close_table(table_id, delete=True)
    return json({"ok": True, "version": 0})
