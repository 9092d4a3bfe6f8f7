"""What every route module shares: the routers (whose routes that change a table
reach its owner in a cluster), the request and answer models, the seat-token
dependency, the manager of the running app, and the JSON answer."""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine
from enum import Enum
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import Response
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field

from ..cluster.forward import Answer, Outgoing
from ..persons import PERSON_COOKIE, PERSON_DAYS, PERSON_HEADER, person_token
from ..persons import caller_of as caller_of
from ..ratelimit import RELAYED, client_address
from ..reader import reader_language
from ..tables import TableManager
from ..tables.persons import Caller

#: methods that only read: every other one changes what it names
READS = frozenset({"GET", "HEAD", "OPTIONS"})
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class TableRoute(APIRoute):
    """A route of the app. One that changes a table — any method but a read, with
    ``{table_id}`` in its path — is answered by the table's owner: in a cluster,
    when another member owns the table, the request is sent on to it as it came
    and its answer given back (:meth:`~..tables.replicas.ClusterTables.at_owner`);
    a route added later does the same by being one. Routes that change something
    without a table in their path are listed, with the reason, in
    :data:`~liftoff.server.routes.OWNER_INDEPENDENT` (a test holds both lists)."""

    @property
    def forwards(self) -> bool:
        """Whether a request of this route goes to the table's owner."""
        return "{table_id}" in self.path_format and bool(set(self.methods or ()) - READS)

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        if not self.forwards:
            return handler

        async def at_owner(request: Request) -> Response:
            answered = await to_owner(request)
            return answered if answered is not None else await handler(request)

        return at_owner


def make_router(*tags: str | Enum, **extra: Any) -> APIRouter:
    """A router of the app (its routes are :class:`TableRoute`)."""
    return APIRouter(tags=list(tags), route_class=TableRoute, **extra)


async def to_owner(request: Request, table_id: str | None = None) -> Response | None:
    """The owner's answer to a request that changes a table another member owns
    (``None``: this member answers it). A member that cannot act as owner now
    refuses first (503), as it refuses to change its own tables. ``table_id``: the
    table the request changes, when it is not its path's (a rematch joined)."""
    manager: TableManager = request.app.state.manager
    if table_id is None:
        table_id = request.path_params.get("table_id")
    if manager.member is None or not isinstance(table_id, str):
        return None
    if not _TABLE_ID.fullmatch(table_id):
        return None  # the route refuses it (422)
    manager.check_fit()
    scope = request.scope
    outgoing = Outgoing(
        method=request.method,
        path=str(scope.get("path", "")),
        client=client_address(scope, manager.settings.trusted_proxies),
        query=scope.get("query_string", b""),
        headers=list(scope.get("headers", [])),
        relayed=bool(scope.get(RELAYED)),
        https=_https(request),
    )
    outgoing.body = await request.body()  # read once: the route reads it again here
    answer = await manager.cluster.at_owner(table_id, outgoing)
    return None if answer is None else answered(answer)


def answered(answer: Answer) -> Response:
    """The owner's answer as this member's response (its headers and cookies too)."""
    response = Response(answer.body, status_code=answer.status)
    response.raw_headers = [
        *answer.headers,
        (b"content-length", str(len(answer.body)).encode()),
    ]
    return response


TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
OptionValueIn = bool | int | float | str


class SeatIn(BaseModel):
    """A seat at a new table: ``you`` (the creator sits here), ``open`` or ``bot``."""

    type: Literal["you", "open", "bot"] = "open"
    bot: str | None = Field(None, max_length=100, description="bot kind, e.g. random")
    speed: str | None = Field(
        None,
        max_length=16,
        description="race bots: slow|normal|fast|instant; turn-based games: the pause "
        "before each bot action where people sit or watch, slow (2 s), normal (0.8 s), "
        "fast (0.4 s) or instant (shares of the server's bot delay), the table's pace "
        "(give every bot seat the same)",
    )


class ClockIn(BaseModel):
    """A clock (turn-based games): a ``preset`` (blitz: 5 min + 5 s a turn, normal:
    15 min + 15 s, relaxed: 60 min + 60 s; over days: day-1, day-2, day-3, day-7,
    that many days a move plus a reserve) or your own times. The server refuses,
    in words, both at once, an unknown preset, times out of bounds, or a clock of
    days for the race (played live)."""

    preset: str | None = Field(
        None, max_length=16, description="blitz | normal | relaxed | day-1 | day-2 | day-3 | day-7"
    )
    initial: float | None = Field(
        None, allow_inf_nan=False, description="seconds per player (1 to 86400; default 600)"
    )
    increment: float | None = Field(
        None, allow_inf_nan=False, description="extra seconds at each turn (0 to 3600)"
    )


class RacePaceIn(BaseModel):
    """A race table's pace (both optional): seconds each revealed card of a
    resolution is shown (0.3 to 5; default 1), and seconds before the next round,
    once everybody is ready where people sit (1 to 30; default 3, tables of bots
    5). The server refuses, in words, values out of bounds."""

    reveal_pace: float | None = Field(None, allow_inf_nan=False)
    round_pause: float | None = Field(None, allow_inf_nan=False)


class CreateTableIn(BaseModel):
    """A new table."""

    game: str = Field(..., min_length=1, max_length=32)
    players: int = Field(..., ge=1, le=8)
    options: dict[Annotated[str, Field(max_length=64)], OptionValueIn] = Field(
        default_factory=dict, max_length=32
    )
    seats: list[SeatIn] | None = Field(None, max_length=8)
    clock: ClockIn | None = None
    race: RacePaceIn | None = Field(None, description="race tables: the pace of reveals and rounds")
    name: str | None = Field(None, max_length=40, description="your name (for a 'you' seat)")
    hints: bool | None = Field(
        None, description="may seats ask for hints (default: only with at most one person)"
    )
    title: str | None = Field(None, max_length=60, description="the table's name (optional)")
    rated: bool = Field(
        False, description="the result updates each player's rating (one seat per person)"
    )


class JoinIn(BaseModel):
    """Take a seat (the first open one when ``seat`` is missing)."""

    seat: int | None = Field(None, ge=0, le=7)
    name: str | None = Field(None, max_length=40)


class ActionIn(BaseModel):
    """An action as its canonical text, chosen on state ``version`` (required).

    ``id`` (optional, the client's own): a submission repeated with the same id,
    action and version is answered again, never applied twice.
    """

    action: str = Field(..., min_length=1, max_length=400)
    version: int = Field(..., ge=0, le=2**31 - 1)
    id: int | Annotated[str, Field(max_length=64)] | None = None


class TimeoutIn(BaseModel):
    """Your choice about another player out of time: wait for them, let a bot play, or
    (at a table played over days) end the game once every other player chooses it."""

    seat: int = Field(..., ge=0, le=7, description="the seat of the player out of time")
    choice: Literal["wait", "bot", "end"]


class ReclaimIn(BaseModel):
    """Take your seat back from the bot playing for you (``seat``: yours, optional)."""

    seat: int | None = Field(None, ge=0, le=7)


class SeatOut(BaseModel):
    """A seat and its token (keep it: it is the only key to the seat); ``person``:
    your person token, for a client that sent ``X-Liftoff-Person`` (``new`` or
    its token; browsers get it as an HttpOnly cookie instead)."""

    table: str
    seat: int
    token: str
    person: str | None = None


class AckOut(BaseModel):
    """An accepted action or undo: the new state version."""

    ok: bool
    version: int


class ErrorOut(BaseModel):
    """Every refusal: a code, an English message, the words in the reader's
    language, and for an illegal action the rule."""

    error: str
    message: str
    words: str = Field("", description="what a person reads: a sentence in the reader's language")
    rule: str | None = None
    rule_text: str | None = None
    version: int | None = None


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (401, 403, 404, 409, 413, 422, 429)
}

bearer = HTTPBearer(auto_error=False, description="the seat token from join/create")
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def token_of(cred: HTTPAuthorizationCredentials | None) -> str | None:
    """The bearer token sent, if any."""
    return cred.credentials if cred is not None else None


def _https(request: Request) -> bool:
    """Whether the browser reached the server over HTTPS (directly, or through a
    trusted reverse proxy that says so in ``X-Forwarded-Proto``; a request another
    member of a cluster sent on: as that member found, which its pass vouches for)."""
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    if request.scope.get(RELAYED):
        return forwarded == "https"
    if request.url.scheme == "https":
        return True
    manager: TableManager = request.app.state.manager
    peer = request.client.host if request.client else ""
    return peer in manager.settings.trusted_proxies and forwarded == "https"


def seat_answer(
    request: Request, caller: Caller, data: dict[str, Any], status: int = 200
) -> Response:
    """A seat-giving answer: the person who holds the seat goes with it — as an
    HttpOnly cookie (``SameSite=Lax``; ``Secure`` over HTTPS, so that a home
    network's plain HTTP keeps working), and in the body for an API client that
    sent ``X-Liftoff-Person`` (a browser's scripts never see the token)."""
    person = caller.person
    token = person.new_token if person is not None and person.new_token else person_token(request)
    if person is not None and request.headers.get(PERSON_HEADER):
        data = {**data, "person": token}
    response = json(data, status)
    if person is not None and token:
        response.set_cookie(
            PERSON_COOKIE,
            token,
            max_age=PERSON_DAYS * 24 * 3600,
            path="/",
            httponly=True,
            samesite="lax",
            secure=_https(request),
        )
    return response


async def _seat_token(
    table_id: TableId, request: Request, cred: Token, manager: Manager
) -> str | None:
    """The seat token of a request to a table; a person token with it binds that
    person to the seat (or refuses, 409, a person holding another seat there). A
    request that changes the table reaches its owner before this; a read at a
    member of a cluster that does not play the table asks the owner to bind."""
    token = token_of(cred)
    if token:
        client = client_address(request.scope, manager.settings.trusted_proxies)
        lang = reader_language(request, request.query_params.get("lang", "")[:35])
        await manager.hold(table_id, token, caller_of(request), client, lang)
    return token


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


#: the table manager of the running app (a route's parameter)
Manager = Annotated[TableManager, Depends(_manager)]

#: a request's seat token (``Authorization: Bearer``), its person bound to the seat
SeatToken = Annotated[str | None, Depends(_seat_token)]


def json(data: Any, status: int = 200) -> Response:
    """A JSON answer (orjson)."""
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


#: the reader's language, as a route parameter
Lang = Annotated[str, Depends(reader_language)]
