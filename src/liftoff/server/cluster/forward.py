"""Requests sent on to a table's owner: the one way every request that changes a
table reaches the member that plays it.

The member a client reached sends the request as it came — method, path, query,
body, and every header but the hop-by-hop ones (so the seat token, the
operator's token and any cookie travel with it) — to the owner's address over
HTTP, with a relay pass (:mod:`.passes`) that vouches for the client's address,
and gives the client the owner's answer as it came (status, body, headers and
cookies). Nothing of it crosses Redis but the pass's hash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any

import orjson

from ..errors import ApiError
from .passes import RELAY_HEADER

#: request headers that are the connection's, not the request's (and the client's
#: own relay header and proxy chain: the owner trusts the pass only, and the
#: scheme this member found, see :attr:`Outgoing.https`)
_NOT_SENT = frozenset(
    {
        "host",
        "connection",
        "keep-alive",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "content-length",
        "accept-encoding",
        RELAY_HEADER,
        "x-forwarded-for",
        "x-forwarded-proto",
    }
)
#: answer headers this member writes itself
_NOT_PASSED = frozenset(
    {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"}
    | {"date", "server"}
)
CONNECT_TIMEOUT = 3.0  # seconds to reach the owner
ANSWER_TIMEOUT = 20.0  # seconds for its answer (a hint may search for seconds)


class NotDelivered(Exception):
    """The request never reached the owner (nobody listens at its address)."""


@dataclass
class Outgoing:
    """A request to send on: as the client sent it, and whom the pass vouches for
    (``relayed``: another member relayed it here, so it goes no further; ``https``:
    the client reached this member over HTTPS, which the owner's cookies heed)."""

    method: str
    path: str
    client: str
    query: bytes = b""
    headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    body: bytes = b""
    relayed: bool = False
    https: bool = False


@dataclass
class Answer:
    """The owner's answer, to give the client as it is."""

    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes

    def json(self) -> Any:
        """The body as JSON (``None`` when it is not)."""
        try:
            return orjson.loads(self.body)
        except orjson.JSONDecodeError:
            return None

    def refusal(self) -> ApiError:
        """The owner's refusal as an error raised here, its words as the owner said
        them (asked in the reader's language); 503 ``unreachable`` when it said none."""
        said = self.json()
        if not isinstance(said, dict) or not isinstance(said.get("error"), str):
            return ApiError(503, "unreachable")
        return OwnersRefusal(self.status, said)


class OwnersRefusal(ApiError):
    """A refusal of the owner's, answered in the words it gave (already in the
    language the request asked for)."""

    def __init__(self, status: int, said: dict[str, Any]) -> None:
        words = said.get("words")
        super().__init__(
            status,
            str(said["error"]),
            str(said.get("message") or said["error"]),
            words=words if isinstance(words, str) else None,
            rule=said.get("rule"),
            rule_text=said.get("rule_text"),
            version=said.get("version"),
        )
        self.said_json = said

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        return dict(self.said_json)


class Forwarder:
    """Sends requests on to other members (one connection pool for all of them)."""

    def __init__(self) -> None:
        import httpx  # the cluster's extra

        timeout = httpx.Timeout(ANSWER_TIMEOUT, connect=CONNECT_TIMEOUT)
        # a jar that keeps nothing: one client serves every client of this member, so
        # an owner's Set-Cookie (a person's token) must never ride on another's request
        jar = CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))
        self.http = httpx.AsyncClient(timeout=timeout, follow_redirects=False, cookies=jar)

    async def send(self, address: str, request: Outgoing, relay_pass: str) -> Answer:
        """Send ``request`` to the member at ``address`` (``http[s]://host:port``);
        its answer. :class:`NotDelivered` when it could not be reached; 503
        ``unreachable`` when it was sent but no answer came (it may have been applied:
        a client sending it again with the same id gets the first answer)."""
        import httpx

        headers = [
            (k, v) for k, v in request.headers if k.decode("latin-1").lower() not in _NOT_SENT
        ]
        headers.append((RELAY_HEADER.encode(), relay_pass.encode()))
        headers.append((b"x-forwarded-proto", b"https" if request.https else b"http"))
        url = httpx.URL(address.rstrip("/") + request.path, query=request.query)
        try:
            found = await self.http.request(
                request.method, url, headers=headers, content=request.body
            )
        except (httpx.ConnectError, httpx.ConnectTimeout, httpx.UnsupportedProtocol):
            raise NotDelivered(address) from None
        except httpx.HTTPError:
            raise ApiError(503, "unreachable") from None
        passed = [
            (k, v) for k, v in found.headers.raw if k.decode("latin-1").lower() not in _NOT_PASSED
        ]
        return Answer(found.status_code, passed, found.content)

    async def close(self) -> None:
        await self.http.aclose()
