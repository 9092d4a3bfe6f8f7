"""Per-address quotas: WebSockets held open and unfinished tables created.

Loopback clients may be exempt (``Settings.exempt_loopback``, for load tests).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import ApiError
from ..ratelimit import is_loopback
from .model import LiveTable
from .settings import Settings


class Quotas:
    """What each client address holds."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sockets: dict[str, int] = {}  # open WebSockets per client address

    def open_socket(self, address: str) -> bool:
        """Count a new WebSocket of ``address``; ``False`` when it holds its cap."""
        cap = self.settings.max_ws_per_address
        held = self.sockets.get(address, 0)
        exempt = self.settings.exempt_loopback and is_loopback(address)
        if cap > 0 and held >= cap and not exempt:
            return False
        self.sockets[address] = held + 1
        return True

    def close_socket(self, address: str) -> None:
        """A WebSocket of ``address`` closed."""
        left = self.sockets.get(address, 0) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)

    @staticmethod
    def key(address: str) -> str:
        """The address a table's creation counts against."""
        return address[:64]

    def check_tables(self, creator: str | None, tables: Iterable[LiveTable]) -> None:
        """Refuse (429) a client address that holds its quota of unfinished tables."""
        quota = self.settings.max_tables_per_address
        if creator is None or quota <= 0:
            return
        if self.settings.exempt_loopback and is_loopback(creator):
            return
        held = sum(1 for t in tables if t.creator == creator)
        if held >= quota:
            raise ApiError(
                429, "quota", say="api.error.quota.tables", params={"held": held, "quota": quota}
            )
