"""Playing at a table: your view, acting, undo."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query
from fastapi.responses import Response
from pydantic import BaseModel

from liftoff.engine.messages import speaking
from liftoff.i18n import asked

from ..tables import frames
from .common import (
    ERRORS,
    AckOut,
    ActionIn,
    ErrorOut,
    Lang,
    Manager,
    SeatToken,
    TableId,
    json,
    make_router,
)

router = make_router("play")


class HintOut(BaseModel):
    """A hint: the action's text, the action in words, and why (it is not played)."""

    action: str
    said: str
    reason: str
    version: int


@router.get(
    "/api/tables/{table_id}/view",
    summary="Your view (or a spectator's without a token), legal actions and log",
    responses=ERRORS,
)
async def view(
    table_id: TableId,
    token: SeatToken,
    manager: Manager,
    lang: Annotated[str | None, Query(max_length=35, description="e.g. ja")] = None,
) -> Response:
    table = await manager.get(table_id)
    seat = manager.seating.recipient_of(table, token)
    async with table.lock:
        with speaking(asked(lang)):
            body = frames.core(table, seat)
            body["log"] = frames.log_for(table, seat)
    return json(body)


@router.post(
    "/api/tables/{table_id}/actions",
    summary="Act: the action's text and the version it was chosen on",
    response_model=AckOut,
    responses=ERRORS,
)
async def act(table_id: TableId, body: ActionIn, token: SeatToken, manager: Manager) -> Response:
    return json(await manager.act(table_id, token, body.action, body.version, body.id))


@router.post(
    "/api/tables/{table_id}/undo",
    summary="Take back your own last action (no chance drawn, nothing revealed)",
    response_model=AckOut,
    responses=ERRORS,
)
async def undo(table_id: TableId, token: SeatToken, manager: Manager) -> Response:
    return json(await manager.undo(table_id, token))


@router.post(
    "/api/tables/{table_id}/hint",
    summary="A suggested action for your seat, from what you can see (when hints are on)",
    response_model=HintOut,
    responses={**ERRORS, 503: {"model": ErrorOut}},
)
async def ask_hint(table_id: TableId, token: SeatToken, manager: Manager, lang: Lang) -> Response:
    return json(await manager.hints.ask(table_id, token, lang))
