"""Token buckets and the ASGI middleware that limits request size and rate.

Each client address has one budget (a token bucket: ``Settings.http_rate``
units a second, ``http_burst`` saved up) that every request it makes draws on,
by what the request costs the server (:func:`request_cost`): an API call or a
static file 1, a record or a replay 4, a page, a WebSocket handshake or the
health check (a database write) 8. Work a request sets off beyond that
— a finished game rebuilt or replayed, off the event loop — is charged to the
same budget afterwards by the CPU time it took (:func:`charge_work`, one unit
per :data:`WORK_UNIT` seconds), which may leave the budget in debt: the
address then waits for it to refill. An address over its budget gets 429 with
``Retry-After`` (a WebSocket handshake too), at the cost of a few microseconds.
"""

from __future__ import annotations

import asyncio
import contextvars
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson
from starlette.requests import HTTPConnection

from .errors import ApiError
from .reader import reader_language

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


#: the ASGI scope's key for the client of a request another member of a cluster
#: relayed here and vouched for (``server.cluster.passes``)
RELAYED = "liftoff.relayed"


def client_address(scope: Scope, trusted_proxies: frozenset[str] = frozenset()) -> str:
    """The client's address: the peer's, or, when the peer is a trusted reverse proxy,
    the nearest untrusted address in its ``X-Forwarded-For`` header (a request
    another member of a cluster relayed: the client it vouched for)."""
    relayed = scope.get(RELAYED)
    if relayed:
        return str(relayed)
    client = scope.get("client")
    peer = str(client[0]) if client else "?"
    if peer not in trusted_proxies:
        return peer
    for name, value in scope.get("headers", []):
        if name == b"x-forwarded-for":
            hops: list[str] = [h.strip() for h in value.decode("latin-1").split(",") if h.strip()]
            for hop in reversed(hops):
                if hop not in trusted_proxies:
                    return hop[:64]
    return peer


def is_loopback(address: str) -> bool:
    """Whether an address is this machine's (the load generator's exemption)."""
    return address in ("127.0.0.1", "::1", "localhost") or address.startswith("127.")


class TokenBucket:
    """``rate`` tokens per second, at most ``burst`` saved up."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are enough."""
        self._refill()
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False

    def spend(self, cost: float) -> None:
        """Spend ``cost`` tokens whatever there are (work already done: the bucket
        may go into debt, and refuses until it has refilled)."""
        self._refill()
        self.tokens -= cost

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def wait_time(self, cost: float = 1.0) -> float:
        """Seconds until ``cost`` tokens are there."""
        return max(0.0, (cost - self.tokens) / self.rate) if self.rate > 0 else 60.0


class BucketMap:
    """One bucket per key (client address), pruned when it grows large."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.buckets: dict[str, TokenBucket] = {}

    def get(self, key: str) -> TokenBucket:
        """The bucket of ``key``."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                full = [k for k, b in self.buckets.items() if b.take(0) and b.tokens >= b.burst]
                for k in full:
                    del self.buckets[k]
                if len(self.buckets) >= self.max_keys:
                    self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket


#: seconds of CPU that cost one unit of an address's budget (see :func:`charge_work`)
WORK_UNIT = 0.002
#: what each kind of request costs its address's budget (see :func:`request_cost`)
COSTS = {"api": 1.0, "page": 8.0, "socket": 8.0, "health": 8.0, "record": 4.0, "static": 1.0}
_RECORDS = re.compile(r"^/api/tables/[^/]+/(record|replay)$")

#: the budget of the client whose request is being served (set by the middleware)
_BUDGET: contextvars.ContextVar[TokenBucket | None] = contextvars.ContextVar(
    "liftoff_budget", default=None
)


def request_cost(scope: Scope) -> float:
    """What a request (or a WebSocket handshake) costs its address's budget."""
    if scope["type"] == "websocket":
        return COSTS["socket"]
    path: str = scope.get("path", "")
    if path.startswith("/static/"):
        return COSTS["static"]
    if path == "/api/health":
        return COSTS["health"]
    if _RECORDS.match(path):
        return COSTS["record"]
    return COSTS["api"] if path.startswith("/api/") else COSTS["page"]


def charge_work(seconds: float) -> None:
    """Charge ``seconds`` of CPU, spent for the request being served (a game rebuilt or
    replayed off the event loop), to its client's budget (nothing outside a request,
    or for an exempt client)."""
    bucket = _BUDGET.get()
    if bucket is not None and seconds > 0:
        bucket.spend(seconds / WORK_UNIT)


def refusal(scope: Scope, status: int, code: str) -> bytes:
    """The JSON body of a refusal made before the application sees the request:
    ``words`` in the reader's language (``?lang``, cookie, ``Accept-Language``)."""
    request = HTTPConnection(scope)  # an HTTP request or a WebSocket handshake
    lang = request.query_params.get("lang")
    err = ApiError(status, code, say=f"api.error.{code}")
    return orjson.dumps(err.to_json(reader_language(request, lang[:35] if lang else None)))


async def _reply(send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]]) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), *headers],
        }
    )
    await send({"type": "http.response.body", "body": body})


class LimitMiddleware:
    """Rejects bodies over ``max_body`` bytes (413), bodies slower than
    ``body_timeout`` seconds (408), clients over their budget (429, WebSocket
    handshakes included) and clients with more than ``max_in_flight`` requests at
    once (429).

    Every HTTP request and WebSocket handshake draws on its address's budget by
    :func:`request_cost`, and the work it sets off is charged by
    :func:`charge_work`; a socket's messages have their own per-connection bucket
    (see ``ws.py``). Client addresses come from :func:`client_address`
    (``trusted_proxies``); with ``exempt_loopback`` clients on loopback skip the
    per-address limits.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        max_body: int,
        rate: float,
        burst: float,
        body_timeout: float = 20.0,
        max_in_flight: int = 0,
        trusted_proxies: frozenset[str] = frozenset(),
        exempt_loopback: bool = False,
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.buckets = BucketMap(rate, burst)
        self.body_timeout = body_timeout
        self.max_in_flight = max_in_flight
        self.in_flight: dict[str, int] = {}
        self.trusted_proxies = trusted_proxies
        self.exempt_loopback = exempt_loopback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._handshake(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        address = client_address(scope, self.trusted_proxies)
        exempt = self.exempt_loopback and is_loopback(address)
        if exempt or self.max_in_flight <= 0:
            await self._limited(scope, receive, send, address, exempt)
            return
        held = self.in_flight.get(address, 0)
        if held >= self.max_in_flight:
            await _reply(
                send,
                429,
                refusal(scope, 429, "too-many-requests"),
                [(b"retry-after", b"1")],
            )
            return
        self.in_flight[address] = held + 1
        try:
            await self._limited(scope, receive, send, address, exempt)
        finally:
            left = self.in_flight[address] - 1
            if left:
                self.in_flight[address] = left
            else:
                del self.in_flight[address]

    async def _limited(
        self, scope: Scope, receive: Receive, send: Send, address: str, exempt: bool
    ) -> None:
        if await self._refused(scope, send, address, exempt):
            return
        timeout = self.body_timeout if self.body_timeout > 0 else None
        guard = _BodyGuard(receive, send, self.max_body, timeout)
        guard._scope = scope
        try:
            await self.app(scope, guard.receive, guard.send)
        except _TooLarge:
            if not guard.started:
                await _reply(send, 413, refusal(scope, 413, "too-large"), [])
        except Exception:
            if guard.too_large and not guard.started:
                await _reply(send, 413, refusal(scope, 413, "too-large"), [])
            else:
                raise

    def _budget(self, scope: Scope, address: str, exempt: bool) -> tuple[bool, float]:
        """Draw the request's cost from its address's budget: whether it may go on
        (else the seconds to wait). The budget is the one :func:`charge_work` charges
        while the request is served."""
        if self.buckets.rate <= 0 or exempt:
            _BUDGET.set(None)
            return True, 0.0
        bucket = self.buckets.get(address)
        cost = request_cost(scope)
        if not bucket.take(cost):
            return False, bucket.wait_time(cost)
        _BUDGET.set(bucket)
        return True, 0.0

    async def _handshake(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A WebSocket handshake: refused with 429 (and ``Retry-After``) when its
        address is over its budget, before the application accepts it."""
        address = client_address(scope, self.trusted_proxies)
        allowed, wait = self._budget(scope, address, self.exempt_loopback and is_loopback(address))
        if allowed:
            await self.app(scope, receive, send)
            return
        if "websocket.http.response" not in scope.get("extensions", {}):
            await send({"type": "websocket.close", "code": 1013})  # the server answers 403
            return
        await send(
            {
                "type": "websocket.http.response.start",
                "status": 429,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"retry-after", _seconds(wait)),
                ],
            }
        )
        await send(
            {"type": "websocket.http.response.body", "body": refusal(scope, 429, "rate-limited")}
        )

    async def _refused(self, scope: Scope, send: Send, address: str, exempt: bool) -> bool:
        """Refuse a request over its address's budget (429) or announcing too large a
        body (413) before the application sees it; whether it was refused."""
        allowed, wait = self._budget(scope, address, exempt)
        if not allowed:
            await _reply(
                send,
                429,
                refusal(scope, 429, "rate-limited"),
                [(b"retry-after", _seconds(wait))],
            )
            return True
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    size = self.max_body + 1
                if size > self.max_body:
                    await _reply(send, 413, refusal(scope, 413, "too-large"), [])
                    return True
        return False


def _seconds(wait: float) -> bytes:
    """A ``Retry-After`` value: whole seconds, at least one."""
    return str(max(1, round(wait + 0.5))).encode()


class _BodyGuard:
    """The ``receive`` and ``send`` an application gets: the body is cut off past
    ``limit`` bytes, and one that comes too slowly is answered 408 at once."""

    def __init__(self, receive: Receive, send: Send, limit: int, timeout: float | None) -> None:
        self._scope: Scope = {}
        self._receive = receive
        self._send = send
        self.limit = limit
        self.timeout = timeout
        self.seen = 0
        self.too_large = False
        self.body_done = False
        self.started = False
        self.timed_out = False

    async def receive(self) -> Message:
        if self.body_done:  # e.g. waiting for a disconnect: no timeout
            return await self._receive()
        try:
            message = await asyncio.wait_for(self._receive(), self.timeout)
        except TimeoutError:
            # answer now and tell the application the client went away
            self.body_done = self.timed_out = True
            if not self.started:
                self.started = True
                await _reply(
                    self._send,
                    408,
                    refusal(self._scope, 408, "too-slow"),
                    [(b"connection", b"close")],
                )
            return {"type": "http.disconnect"}
        if message["type"] != "http.request" or not message.get("more_body", False):
            self.body_done = True
        if message["type"] == "http.request":
            self.seen += len(message.get("body", b""))
            if self.seen > self.limit:
                self.too_large = True
                raise _TooLarge()
        return message

    async def send(self, message: Message) -> None:
        if self.timed_out:
            return  # the 408 went out already
        if message["type"] == "http.response.start":
            self.started = True
        await self._send(message)


class _TooLarge(Exception):
    pass
