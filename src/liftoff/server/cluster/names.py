"""Where a cluster's messages and counts live in Redis.

Every key begins with the cluster's name (``liftoff serve --cluster-name``,
``Settings.cluster_name``), so that several clusters share one Redis server.
Every channel begins with the name *and* the Redis database number of the
members' ``--redis`` URL: pub/sub ignores database numbers, so two clusters told
apart only by their database numbers (staging on ``/0``, production on ``/1``)
would otherwise hear each other's notices.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: the default cluster name
DEFAULT = "liftoff"
#: what a cluster name may be: letters, digits, ``_``, ``.`` and ``-``, up to 64
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def check_name(name: str) -> str:
    """``name`` when it may name a cluster (``ValueError`` with a sentence if not)."""
    if not NAME.fullmatch(name):
        raise ValueError(
            f"a cluster name is 1 to 64 letters, digits, '_', '.' or '-' "
            f"(starting with a letter or digit), not {name!r}"
        )
    return name


def database_of(redis_url: str) -> int:
    """The Redis database number of a ``redis://…/N`` (or ``?db=N``) URL (0 by default)."""
    from redis.connection import parse_url

    found: dict[str, object] = parse_url(redis_url)  # type: ignore[no-untyped-call]
    return int(str(found.get("db") or 0))


@dataclass(frozen=True)
class Names:
    """The keys and channels of one cluster."""

    cluster: str = DEFAULT
    database: int = 0

    @classmethod
    def of(cls, cluster: str, redis_url: str) -> Names:
        """The names of the cluster ``cluster`` whose members use ``redis_url``."""
        return cls(check_name(cluster), database_of(redis_url))

    def key(self, what: str) -> str:
        """A key of this cluster's (keys are per database already)."""
        return f"{self.cluster}:{what}"

    def channel(self, what: str) -> str:
        """A pub/sub channel of this cluster's."""
        return f"{self.cluster}:{self.database}:{what}"

    @property
    def changed(self) -> str:
        """Every owner's "table T changed" notices."""
        return self.channel("changed")

    @property
    def presence(self) -> str:
        """Every member's word on the seats connected through it."""
        return self.channel("presence")

    def member(self, member_id: str) -> str:
        """A member's own channel (nobody listening there: the member is gone)."""
        return self.channel(f"member:{member_id}")

    def address(self, member_id: str) -> str:
        """The key of the address other members reach a member at (it expires)."""
        return self.key(f"address:{member_id}")

    def relay(self, digest: str) -> str:
        """The key of a relay pass: the SHA-256 of a pass, never the pass itself."""
        return self.key(f"relay:{digest}")

    @property
    def sockets(self) -> str:
        """The prefix of the per-member socket counts: one hash slot (``{…}``), since
        the quota scripts touch every member's hash."""
        return "{" + self.key("ws") + "}:"
