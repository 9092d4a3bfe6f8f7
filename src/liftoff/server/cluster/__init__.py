"""Several servers on one PostgreSQL database and one Redis (``liftoff serve --redis``).

See "Several servers" in docs/server.md: leases per table in PostgreSQL (with a
fencing epoch checked by every action-log write), Redis for messages.
"""

from __future__ import annotations

from .member import Member

__all__ = ["Member"]
