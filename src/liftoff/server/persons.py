"""The person token as requests carry it: a browser's HttpOnly cookie, or an API
client's ``X-Liftoff-Person`` header (see :mod:`.tables.persons`)."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from .tables.persons import PERSON_HEADER as PERSON_HEADER
from .tables.persons import Caller, person_key

#: the cookie holding a browser's person token (HttpOnly: no script reads it)
PERSON_COOKIE = "liftoff_person"
PERSON_DAYS = 400  # how long a browser keeps the cookie (the most browsers allow)


def person_token(request: HTTPConnection) -> str | None:
    """The person token a request (or a WebSocket handshake) came with: the
    ``X-Liftoff-Person`` header of an API client, else the browser's cookie."""
    header = request.headers.get(PERSON_HEADER)
    if header and header != "new":
        return header[:200]
    cookie = request.cookies.get(PERSON_COOKIE)
    return cookie[:200] if cookie else None


def caller_of(request: HTTPConnection) -> Caller:
    """Who makes the request, as far as persons go (see ``tables.persons``)."""
    token = person_token(request)
    key = person_key(token)
    return Caller(key, token=token if key is not None else None)
