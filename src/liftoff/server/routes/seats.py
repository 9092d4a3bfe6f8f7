"""Seats of a table: join, leave, seat links, names, the rematch."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, Field

from .common import ERRORS, AckOut, JoinIn, Manager, SeatOut, TableId, Token, json, token_of

router = APIRouter(tags=["seats"])


class NameIn(BaseModel):
    """Your seat's new name (one line; empty: ``Player N``)."""

    name: str = Field(..., max_length=40)


class NameOut(BaseModel):
    """Your seat's name as everyone now sees it."""

    table: str
    seat: int
    name: str


@router.post(
    "/api/tables/{table_id}/join",
    summary="Take a seat; returns its token",
    response_model=SeatOut,
    responses=ERRORS,
)
async def join(table_id: TableId, body: JoinIn, manager: Manager) -> Response:
    seat, token = await manager.join(table_id, body.seat, body.name)
    return json({"table": table_id, "seat": seat, "token": token})


@router.post(
    "/api/tables/{table_id}/leave",
    summary="Give up your seat",
    response_model=AckOut,
    responses=ERRORS,
)
async def leave(table_id: TableId, cred: Token, manager: Manager) -> Response:
    await manager.leave(table_id, token_of(cred))
    table = await manager.get(table_id)
    return json({"ok": True, "version": table.state.version})


@router.post(
    "/api/tables/{table_id}/rematch",
    summary="Start (or join) the rematch of a finished game",
    response_model=SeatOut,
    responses=ERRORS,
)
async def rematch(table_id: TableId, cred: Token, manager: Manager) -> Response:
    new, seat, token = await manager.rematch(table_id, token_of(cred))
    return json({"table": new.id, "seat": seat, "token": token})


@router.post(
    "/api/tables/{table_id}/seat-link/renew",
    summary="Stop old seat links: a new token for your seat, the old one holds nothing",
    response_model=SeatOut,
    responses=ERRORS,
)
async def renew_seat_link(table_id: TableId, cred: Token, manager: Manager) -> Response:
    seat, token = await manager.seating.renew(table_id, token_of(cred))
    return json({"table": table_id, "seat": seat, "token": token})


@router.post(
    "/api/tables/{table_id}/name",
    summary="Rename your own seat",
    response_model=NameOut,
    responses=ERRORS,
)
async def rename_seat(table_id: TableId, body: NameIn, cred: Token, manager: Manager) -> Response:
    seat, name = await manager.seating.rename(table_id, token_of(cred), body.name)
    return json({"table": table_id, "seat": seat, "name": name})
