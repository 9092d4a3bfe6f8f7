"""Relay passes: how a member vouches for the client of a request it forwards, or
of a socket it relays, to a table's owner, without a secret in Redis.

For each forwarded request (and each relayed socket) the member makes a pass: a
random value sent to the owner, over HTTP, in the ``X-Liftoff-Relay`` header.
Redis holds only the pass's SHA-256, under the cluster's name, with what it
vouches for (the client's address and the path it is good for), for a few
seconds. The owner takes that entry out of Redis (``GETDEL``: a pass is good
once) and serves the request as the client's: the client's address counts
against its limits and quotas. Whoever reads Redis learns no pass; a pass seen
between the members is spent, or soon gone. A request whose header names no
live pass is an ordinary client's, however it got the header.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson

from ..ratelimit import RELAYED
from .names import Names

__all__ = ["RELAYED", "RELAY_HEADER", "Passes", "RelayMiddleware", "digest"]

#: the header carrying a relay pass (and nothing else of the client's is trusted)
RELAY_HEADER = "x-liftoff-relay"
PASS_SECONDS = 30.0  # how long an unused pass stays good
_PASS = re.compile(r"[A-Za-z0-9_-]{32,64}")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Any], Awaitable[None]]


def digest(value: str) -> str:
    """The SHA-256 of a pass: what Redis holds instead of the pass."""
    return hashlib.sha256(value.encode()).hexdigest()


class Passes:
    """This member's passes: made for what it relays, taken for what it is relayed."""

    def __init__(self, redis: Any, names: Names) -> None:
        self.redis = redis
        self.names = names

    async def issue(self, client: str, path: str) -> str:
        """A new pass vouching for ``client`` on ``path`` (one request or socket)."""
        value = secrets.token_urlsafe(32)
        said = orjson.dumps({"client": client, "path": path})
        await self.redis.set(self.names.relay(digest(value)), said, px=int(PASS_SECONDS * 1000))
        return value

    async def redeem(self, value: str, path: str) -> str | None:
        """The client a pass vouches for on ``path`` (``None``: no such live pass, or
        one for another path). Spent either way."""
        if not _PASS.fullmatch(value):
            return None
        try:
            found = await self.redis.getdel(self.names.relay(digest(value)))
        except Exception:  # Redis out of reach: nobody vouched
            return None
        if found is None:
            return None
        try:
            said = orjson.loads(found)
        except orjson.JSONDecodeError:
            return None
        if not isinstance(said, dict) or said.get("path") != path:
            return None
        client = said.get("client")
        return str(client)[:64] if client else None


class RelayMiddleware:
    """Takes the relay header off every request and socket; one whose pass is live
    is served as its client's (``scope[RELAYED]``: the client's address)."""

    def __init__(self, app: ASGIApp, passes: Callable[[], Passes | None]) -> None:
        self.app = app
        self.passes = passes  # the member's, once it is connected

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = scope.get("headers") or []
            given = [v for k, v in headers if k == RELAY_HEADER.encode()]
            if given:
                scope["headers"] = [(k, v) for k, v in headers if k != RELAY_HEADER.encode()]
                passes = self.passes()
                if passes is not None and len(given) == 1:
                    value = given[0].decode("latin-1")
                    client = await passes.redeem(value, str(scope.get("path", "")))
                    if client is not None:
                        scope[RELAYED] = client
        await self.app(scope, receive, send)
