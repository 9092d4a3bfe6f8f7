"""What every route module shares: the request and answer models, the seat-token
dependency, the manager of the running app, and the JSON answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from fastapi import Depends, Path, Query, Request
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field

from liftoff.i18n import asked, negotiate

from ..tables import TableManager

TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
OptionValueIn = bool | int | float | str


class SeatIn(BaseModel):
    """A seat at a new table: ``you`` (the creator sits here), ``open`` or ``bot``."""

    type: Literal["you", "open", "bot"] = "open"
    bot: str | None = Field(None, max_length=100, description="bot kind, e.g. random")
    speed: str | None = Field(
        None, max_length=16, description="race bots: slow|normal|fast|instant"
    )


class ClockIn(BaseModel):
    """A clock (turn-based games): a ``preset`` (blitz: 5 min + 5 s a turn, normal:
    15 min + 15 s, relaxed: 60 min + 60 s) or your own times. The server refuses,
    in words, both at once, an unknown preset, or times out of bounds."""

    preset: str | None = Field(None, max_length=16, description="blitz | normal | relaxed")
    initial: float | None = Field(
        None, allow_inf_nan=False, description="seconds per player (1 to 86400; default 600)"
    )
    increment: float | None = Field(
        None, allow_inf_nan=False, description="extra seconds at each turn (0 to 3600)"
    )


class CreateTableIn(BaseModel):
    """A new table."""

    game: str = Field(..., min_length=1, max_length=32)
    players: int = Field(..., ge=1, le=8)
    options: dict[Annotated[str, Field(max_length=64)], OptionValueIn] = Field(
        default_factory=dict, max_length=32
    )
    seats: list[SeatIn] | None = Field(None, max_length=8)
    clock: ClockIn | None = None
    name: str | None = Field(None, max_length=40, description="your name (for a 'you' seat)")
    hints: bool | None = Field(
        None, description="may seats ask for hints (default: only with at most one person)"
    )
    title: str | None = Field(None, max_length=60, description="the table's name (optional)")


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
    """Your choice about another player out of time: wait for them, or let a bot play."""

    seat: int = Field(..., ge=0, le=7, description="the seat of the player out of time")
    choice: Literal["wait", "bot"]


class ReclaimIn(BaseModel):
    """Take your seat back from the bot playing for you (``seat``: yours, optional)."""

    seat: int | None = Field(None, ge=0, le=7)


class SeatOut(BaseModel):
    """A seat and its token (keep it: it is the only key to the seat)."""

    table: str
    seat: int
    token: str


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


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


#: the table manager of the running app (a route's parameter)
Manager = Annotated[TableManager, Depends(_manager)]


def json(data: Any, status: int = 200) -> Response:
    """A JSON answer (orjson)."""
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


#: the cookie that remembers the language a person chose in the browser
LANG_COOKIE = "liftoff_lang"


def reader_language(
    request: Request,
    lang: Annotated[
        str | None, Query(max_length=35, description="the reader's language, e.g. ja")
    ] = None,
) -> str:
    """The language to answer in: ``?lang=``, else the language chosen in this
    browser (its cookie), else the browser's ``Accept-Language``; English when
    none of them is on offer."""
    if lang:
        return asked(lang)
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen:
        return asked(chosen)
    return negotiate(request.headers.get("accept-language", "")[:512])


#: the reader's language, as a route parameter
Lang = Annotated[str, Depends(reader_language)]
