"""Per-address quotas: WebSockets held open and unfinished tables created.

Loopback clients may be exempt (``Settings.exempt_loopback``, for load tests).
One server counts in memory; a cluster member counts over the whole cluster
(``shared``: PostgreSQL for tables, Redis for sockets, see
:mod:`liftoff.server.cluster.quotas`), and keeps its own sockets in memory too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from sqlalchemy.exc import SQLAlchemyError

from ..errors import ApiError
from ..health import db_error_text
from ..ratelimit import is_loopback
from .model import LiveTable
from .settings import Settings


class SharedCounts(Protocol):
    """What a cluster counts for every member (``cluster.SharedQuotas``)."""

    async def tables_of(self, creator: str) -> int: ...

    async def open_socket(self, address: str, cap: int) -> bool: ...

    def close_socket(self, address: str) -> None: ...


class Quotas:
    """What each client address holds."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sockets: dict[str, int] = {}  # open WebSockets per client address (here)
        self.shared: SharedCounts | None = None  # set when this server is a cluster member

    def _exempt(self, address: str) -> bool:
        return self.settings.exempt_loopback and is_loopback(address)

    def counted(self) -> dict[str, int]:
        """The sockets held here that count against a cap (what the cluster holds of
        this member's)."""
        if self.settings.max_ws_per_address <= 0:
            return {}
        return {a: n for a, n in self.sockets.items() if not self._exempt(a)}

    async def open_socket(self, address: str) -> bool:
        """Count a new WebSocket of ``address``; ``False`` when it holds its cap."""
        cap = self.settings.max_ws_per_address
        held = self.sockets.get(address, 0)
        exempt = self._exempt(address)
        if cap > 0 and held >= cap and not exempt:
            return False
        if self.shared is not None and cap > 0 and not exempt:
            if not await self.shared.open_socket(address, cap):
                return False
            held = self.sockets.get(address, 0)  # others may have opened meanwhile
        self.sockets[address] = held + 1
        return True

    def close_socket(self, address: str) -> None:
        """A WebSocket of ``address`` closed."""
        left = self.sockets.get(address, 0) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)
        cap = self.settings.max_ws_per_address
        if self.shared is not None and cap > 0 and not self._exempt(address):
            self.shared.close_socket(address)

    @staticmethod
    def key(address: str) -> str:
        """The address a table's creation counts against."""
        return address[:64]

    async def check_tables(self, creator: str | None, tables: Iterable[LiveTable]) -> None:
        """Refuse (429) a client address that holds its quota of unfinished tables
        (here, or on any member of a cluster)."""
        quota = self.settings.max_tables_per_address
        if creator is None or quota <= 0 or self._exempt(creator):
            return
        if self.shared is None:
            held = sum(1 for t in tables if t.creator == creator)
        else:
            try:
                held = await self.shared.tables_of(creator)
            except (SQLAlchemyError, OSError) as exc:
                raise ApiError(
                    503, "storage", say="api.error.storage.why", params={"why": db_error_text(exc)}
                ) from None
        if held >= quota:
            raise ApiError(
                429, "quota", say="api.error.quota.tables", params={"held": held, "quota": quota}
            )
