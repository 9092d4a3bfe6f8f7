"""Per-address quotas counted over the whole cluster.

- **Unfinished tables per address** are counted in PostgreSQL, where every
  table's ``creator`` and ``status`` already are (``ix_game_tables_creator``):
  nothing to keep in step, whoever owns the tables now.
- **Open WebSockets per address** are counted in Redis. Each member keeps its own
  hash ``{<cluster name>:ws}:<member id>`` (address → sockets it holds), with an
  expiry of one lease time, and its name in the sorted set
  ``{<cluster name>:ws}:members``
  scored by the same expiry (Redis's clock). The member's round (every third of
  a lease) pushes both expiries on; a member that dies stops pushing and its
  sockets stop counting within one lease time. A check sums the address over
  the live members' hashes and counts the new socket in one script, so two
  members never both let in the socket over the cap. Its own sockets are held in
  memory too (:class:`~liftoff.server.tables.quotas.Quotas`): when Redis lost
  the hash (a restart, or this member was cut off for longer than the expiry) or
  a count could not be written, the round writes the hash again from memory.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

_UNFINISHED = text(
    "SELECT count(*) FROM game_tables WHERE creator = :c AND status IN ('open', 'playing')"
)

# KEYS: members, own hash; ARGV: address, cap, own id, expiry (ms), hash prefix.
# 1: let in (and counted).
_OPEN = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[4]), ARGV[3])
local held = 0
for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  held = held + tonumber(redis.call('HGET', ARGV[5] .. m, ARGV[1]) or '0')
end
if held >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1
"""

# KEYS: own hash; ARGV: address
_CLOSE = """
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
"""

# KEYS: members, own hash; ARGV: own id, expiry (ms). Whether the hash is there.
_RENEW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return redis.call('PEXPIRE', KEYS[2], ARGV[2])
"""


class SharedQuotas:
    """This member's side of the cluster-wide quotas (see the module's words)."""

    def __init__(
        self, redis: Any, engine: AsyncEngine, member_id: str, ttl: float, prefix: str
    ) -> None:
        self.redis = redis
        self.engine = engine
        self.id = member_id
        self.prefix = prefix  # every member's hash and the set of members (one hash slot)
        self.members = prefix + "members"
        self.key = prefix + member_id
        self.expiry_ms = max(1000, int(ttl * 1000))
        self.dirty = False  # a count was not written: write the hash again from memory
        self._open = redis.register_script(_OPEN)
        self._close = redis.register_script(_CLOSE)
        self._renew = redis.register_script(_RENEW)
        self._closing: set[asyncio.Task[None]] = set()

    async def tables_of(self, creator: str) -> int:
        """The unfinished tables (open or playing) ``creator`` made, on any member."""
        async with self.engine.connect() as conn:
            return int((await conn.execute(_UNFINISHED, {"c": creator})).scalar_one())

    async def open_socket(self, address: str, cap: int) -> bool:
        """Count a socket of ``address`` unless the cluster holds ``cap`` of them.
        Redis out of reach: let it in (this member's own count still holds), and
        write the hash again once Redis answers."""
        try:
            keys = [self.members, self.key]
            args = [address, cap, self.id, self.expiry_ms, self.prefix]
            return bool(await self._open(keys=keys, args=args))
        except Exception:
            self.dirty = True
            return True
        except BaseException:  # cancelled: Redis may have counted it, this member not
            self.dirty = True
            raise

    def close_socket(self, address: str) -> None:
        """A socket of ``address`` that :meth:`open_socket` counted closed (counted
        down in the background: a cancelled handler never skips it)."""
        task = asyncio.get_running_loop().create_task(self._count_down(address))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _count_down(self, address: str) -> None:
        try:
            await self._close(keys=[self.key], args=[address])
        except Exception:
            self.dirty = True

    async def renew(self, held: dict[str, int]) -> None:
        """The member's round: this member's sockets count on for another lease time;
        ``held`` (its sockets in memory) is written again when Redis lost them."""
        found = await self._renew(keys=[self.members, self.key], args=[self.id, self.expiry_ms])
        if self.dirty or (not found and held):
            self.dirty = False
            try:
                async with self.redis.pipeline(transaction=True) as pipe:
                    pipe.delete(self.key)
                    if held:
                        pipe.hset(self.key, mapping=held)
                        pipe.pexpire(self.key, self.expiry_ms)
                    await pipe.execute()
            except Exception:
                self.dirty = True
                raise

    async def close(self) -> None:
        """This member stops: its sockets no longer count."""
        for task in list(self._closing):
            task.cancel()
        with contextlib.suppress(Exception):
            await self.redis.zrem(self.members, self.id)
            await self.redis.delete(self.key)
