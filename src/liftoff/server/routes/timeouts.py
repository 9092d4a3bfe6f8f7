"""The time-out policy (``tables.timeouts``): the others' choice about a player out
of time, and that player taking their seat back from the stand-in bot."""

from __future__ import annotations

from fastapi.responses import Response

from .common import (
    ERRORS,
    AckOut,
    Manager,
    ReclaimIn,
    SeatToken,
    TableId,
    TimeoutIn,
    json,
    make_router,
)

router = make_router("timeouts")


@router.post(
    "/api/tables/{table_id}/timeout",
    summary="Another player is out of time: wait for them, or let a bot play for them",
    response_model=AckOut,
    responses=ERRORS,
)
async def choose(
    table_id: TableId, body: TimeoutIn, token: SeatToken, manager: Manager
) -> Response:
    return json(await manager.timeouts.choose(table_id, token, body.seat, body.choice))


@router.post(
    "/api/tables/{table_id}/reclaim",
    summary="Take your seat back from the bot playing for you",
    response_model=AckOut,
    responses=ERRORS,
)
async def reclaim(
    table_id: TableId, token: SeatToken, manager: Manager, body: ReclaimIn | None = None
) -> Response:
    seat = body.seat if body is not None else None
    return json(await manager.timeouts.reclaim(table_id, token, seat))
