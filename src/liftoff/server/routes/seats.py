"""Seats of a table: join, leave, seat links, names, the rematch."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ..errors import ApiError
from ..ratelimit import client_address
from .common import (
    ERRORS,
    AckOut,
    JoinIn,
    Manager,
    SeatOut,
    SeatToken,
    TableId,
    Token,
    caller_of,
    json,
    make_router,
    seat_answer,
    to_owner,
    token_of,
)

router = make_router("seats")


class NameIn(BaseModel):
    """Your seat's new name (one line; empty: ``Player N``)."""

    name: str = Field(..., max_length=40)


class NameOut(BaseModel):
    """Your seat's name as everyone now sees it."""

    table: str
    seat: int
    name: str


class PersonOut(BaseModel):
    """What the server remembers of this browser's person: whether it knows them,
    and the name they last chose at a table (``None``: none chosen yet)."""

    known: bool
    name: str | None = None


@router.get(
    "/api/person",
    summary="This browser's person: the name they chose before",
    response_model=PersonOut,
    responses=ERRORS,
)
async def person(request: Request, manager: Manager) -> Response:
    """The lobby asks a name once: a person who chose one at a table is not asked
    again (a join without a name takes it)."""
    found = await manager.persons.find(caller_of(request).key)
    if found is None:
        return json({"known": False, "name": None})
    return json({"known": True, "name": await manager.persons.name_of(found)})


@router.post(
    "/api/tables/{table_id}/join",
    summary="Take a seat; returns its token",
    response_model=SeatOut,
    responses=ERRORS,
)
async def join(table_id: TableId, body: JoinIn, request: Request, manager: Manager) -> Response:
    """The seat is your person's (this browser's, or ``X-Liftoff-Person``'s): one
    seat per person at a table (409 ``seated``); a seat left during the game (409
    ``left-seat``) or kept for another player of the game before a rematch (409
    ``kept-seat``) is refused."""
    caller = caller_of(request)
    seat, token = await manager.join(table_id, body.seat, body.name, caller)
    return seat_answer(request, caller, {"table": table_id, "seat": seat, "token": token})


@router.post(
    "/api/tables/{table_id}/leave",
    summary="Give up your seat",
    response_model=AckOut,
    responses=ERRORS,
)
async def leave(table_id: TableId, token: SeatToken, manager: Manager) -> Response:
    await manager.leave(table_id, token)
    table = await manager.get(table_id)
    return json({"ok": True, "version": table.state.version})


@router.post(
    "/api/tables/{table_id}/rematch",
    summary="Start (or join) the rematch of a finished game",
    response_model=SeatOut,
    responses=ERRORS,
)
async def rematch(
    table_id: TableId, token: SeatToken, request: Request, manager: Manager
) -> Response:
    """The other players' seats of the rematch are kept for them; the new table
    counts against your address's quota of unfinished tables."""
    started = await manager.rematch_of(table_id)
    if started is not None:
        # joining the rematch changes it: in a cluster its owner answers
        sent = await to_owner(request, started)
        if sent is not None:
            return sent
    caller = caller_of(request)
    settings = manager.settings
    creator = manager.quotas.key(client_address(request.scope, settings.trusted_proxies))
    new, seat, fresh = await manager.rematch(table_id, token, caller, creator)
    return seat_answer(request, caller, {"table": new.id, "seat": seat, "token": fresh})


@router.post(
    "/api/tables/{table_id}/seat-link/renew",
    summary="Stop old seat links: a new token for your seat, the old one holds nothing",
    response_model=SeatOut,
    responses=ERRORS,
)
async def renew_seat_link(table_id: TableId, token: SeatToken, manager: Manager) -> Response:
    seat, fresh = await manager.seating.renew(table_id, token)
    return json({"table": table_id, "seat": seat, "token": fresh})


@router.post(
    "/api/tables/{table_id}/play-here",
    summary="Play your seat on this device (signed in): the other device then watches",
    response_model=SeatOut,
    responses=ERRORS,
)
async def play_here(table_id: TableId, request: Request, manager: Manager) -> Response:
    """A browser signed in to an account takes the seat the account holds at the
    table (from another of its devices): a new token for it, the old one holds
    nothing, so one device plays a seat at a time and the others watch."""
    person = await manager.persons.find(caller_of(request).key)
    if person is None:
        raise ApiError(401, "no-person", "take a seat first: the server does not know you yet")
    persons = await manager.accounts.persons_of(person)
    seat, fresh = await manager.seating.play_here(table_id, persons, person)
    return json({"table": table_id, "seat": seat, "token": fresh})


class BoundOut(BaseModel):
    """The seat this browser's person now holds (``person``: see ``SeatOut``)."""

    table: str
    seat: int
    person: str | None = None


@router.post(
    "/api/tables/{table_id}/seat-link/bind",
    summary="A seat link opened here: this browser's person holds the seat from now on",
    response_model=BoundOut,
    responses=ERRORS,
)
async def bind_seat_link(
    table_id: TableId, cred: Token, request: Request, manager: Manager
) -> Response:
    """Refused (409 ``seated``, in words) when this browser's person holds another
    seat at the table: a seat link never gives one person a second seat."""
    caller = caller_of(request)
    seat = await manager.bind(table_id, token_of(cred), caller)
    return seat_answer(request, caller, {"table": table_id, "seat": seat})


class BotPaceIn(BaseModel):
    """The table's bots' pace (turn-based games): how long each bot waits before
    each action where people sit or watch: ``slow`` (2.5 times the
    server's bot delay: 2 s), ``normal`` (0.8 s), ``fast`` (half: 0.4 s) or
    ``instant`` (no wait)."""

    pace: str = Field(..., max_length=16)


class BotPaceOut(BaseModel):
    """The table's bots' pace from now on."""

    table: str
    pace: str


@router.post(
    "/api/tables/{table_id}/bot-pace",
    summary="Change how long the table's bots wait before each action (anyone seated)",
    response_model=BotPaceOut,
    responses=ERRORS,
)
async def set_bot_pace(
    table_id: TableId, body: BotPaceIn, token: SeatToken, manager: Manager
) -> Response:
    """Refused in words for a race (its bots keep their speeds) and a pace there is not."""
    pace = await manager.seating.set_bot_pace(table_id, token, body.pace)
    return json({"table": table_id, "pace": pace})


@router.post(
    "/api/tables/{table_id}/name",
    summary="Rename your own seat",
    response_model=NameOut,
    responses=ERRORS,
)
async def rename_seat(
    table_id: TableId, body: NameIn, token: SeatToken, manager: Manager
) -> Response:
    seat, name = await manager.seating.rename(table_id, token, body.name)
    return json({"table": table_id, "seat": seat, "name": name})
