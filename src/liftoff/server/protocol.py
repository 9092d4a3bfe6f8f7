"""uvicorn's HTTP/1.1 protocol with a timeout for the request line and headers.

uvicorn has a keep-alive timeout but none for headers: a client that opens a
connection and sends half a request line holds it (and its memory) for as long
as it likes, and a few thousand such clients exhaust the server (slowloris). This
subclass of uvicorn's h11 protocol gives every request ``header_timeout`` seconds,
from its first byte (or from the connection's opening), to complete its headers;
otherwise the connection is closed. Bodies have their own timeout in the ASGI
middleware (``ratelimit.LimitMiddleware``), where the application reads them.

A reverse proxy in front of the server (see *Operating* in ``docs/server.md``)
usually enforces such timeouts too; this one holds when the server faces clients
directly.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


class HeaderTimeoutProtocol(H11Protocol):
    """h11 with a header timeout (``header_timeout`` seconds, set by :func:`protocol_class`)."""

    header_timeout: float = 10.0
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_timer()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:
            if self._header_timer is None:
                self._arm_header_timer()  # a new request started arriving
        else:
            self._disarm_header_timer()  # its headers are complete

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_header_timer()
        super().connection_lost(exc)

    def _arm_header_timer(self) -> None:
        self._disarm_header_timer()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def protocol_class(header_timeout: float) -> type[Any]:
    """The protocol class for ``uvicorn.Config(http=…)`` with this header timeout."""
    return type("HeaderTimeoutH11", (HeaderTimeoutProtocol,), {"header_timeout": header_timeout})
