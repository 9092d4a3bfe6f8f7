"""One member of a cluster: its id, its table leases, taking tables over, requests
sent on to a table's owner (over HTTP, see :mod:`.forward`, vouched for by a
relay pass, see :mod:`.passes`), and its messages over Redis (the owner's "this
table changed" notices, after which members holding a replica of the table read
it again from the database; the seats connected through each member, see
:mod:`.presence`; the cluster-wide quotas, see :mod:`.quotas`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import time
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import text

from ..errors import ApiError
from ..storage import Store
from ..storage.leases import Fence
from .forward import Answer, Forwarder, NotDelivered, Outgoing
from .names import DEFAULT, Names
from .passes import Passes
from .presence import Presence
from .quotas import SharedQuotas

if TYPE_CHECKING:
    from ..tables import TableManager

log = logging.getLogger("liftoff.server")

_ORPHANS = text(
    "SELECT g.id FROM game_tables g LEFT JOIN table_leases l ON l.table_id = g.id "
    "WHERE g.status IN ('open', 'playing') AND g.clock_state IS NULL "
    "AND (l.table_id IS NULL OR l.expires_at < now()) "
    "ORDER BY g.created_at"
)

RELISTEN = 0.2  # seconds before listening again after the connection to Redis broke
ADDRESSES_KEPT = 1000  # other members' addresses kept in memory


def _error_json(err: ApiError) -> dict[str, Any]:
    """An owner's refusal as it travels back to the member that forwarded the request."""
    game = getattr(getattr(err.game, "info", None), "name", None)
    return {
        "status": err.status,
        "code": err.code,
        "message": err.message,
        "say": err.say,
        "params": err.params,
        "rule": err.rule,
        "rule_text": err.rule_text,
        "version": err.version,
        "words": err.words,
        "said": list(err.said) if err.said is not None else None,
        "game": game,
    }


def _refusal_json(refusal: dict[str, Any] | None) -> dict[str, Any] | None:
    """A seat's last refusal as a notice carries it (the refusal itself as JSON)."""
    if refusal is None:
        return None
    said = refusal.get("said")
    out = {k: v for k, v in refusal.items() if k != "said"}
    out["said"] = _error_json(said) if isinstance(said, ApiError) else None
    return out


def _refusal_of(data: Any) -> dict[str, Any] | None:
    """The refusal of :func:`_refusal_json`, shown by a replica's seat."""
    if not isinstance(data, dict):
        return None
    said = data.get("said")
    return {**data, "said": _error_of(said) if isinstance(said, dict) else None}


def _error_of(data: dict[str, Any]) -> ApiError:
    """The refusal of :func:`_error_json`, raised again where the request came in."""
    import liftoff

    code = str(data["code"])  # a refusal of the owner's, its words found there
    err = ApiError(
        int(data["status"]),
        code,
        data.get("message"),
        params=data.get("params") or {},
        say=data.get("say"),
        rule=data.get("rule"),
        rule_text=data.get("rule_text"),
        version=data.get("version"),
        words=data.get("words"),
    )
    said = data.get("said")
    if isinstance(said, list) and len(said) == 2:
        err.said = (str(said[0]), dict(said[1]))
    if data.get("game"):
        with contextlib.suppress(Exception):
            err.game = liftoff.games.get(str(data["game"]))
    return err


class Member:
    """This server as a member of a cluster (PostgreSQL leases, Redis messages)."""

    def __init__(
        self,
        store: Store,
        redis_url: str,
        ttl: float,
        address: str | None = None,
        cluster: str = DEFAULT,
    ) -> None:
        if store.backend != "postgresql":
            raise ValueError("several servers (--redis) share a PostgreSQL database, not SQLite")
        self.names = Names.of(cluster, redis_url)  # its keys and channels in Redis
        self.store = store
        self.redis_url = redis_url
        self.ttl = ttl
        self.address = address  # http://host:port, where the other members reach this one
        self.id = f"{os.getpid()}:{secrets.token_hex(6)}"
        self.fence = Fence(self.id, ttl)
        self.redis: Any = None
        self._pubsub: Any = None
        self.ok = False
        self.last_error: str | None = None
        self.renewed_at = 0.0  # when the leases were last renewed (monotonic seconds)
        self._task: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._publisher: asyncio.Task[None] | None = None
        self.manager: TableManager | None = None
        self.channel = self.names.member(self.id)
        self._announce: set[str] = set()  # tables whose change is not announced yet
        self._announcing = asyncio.Event()
        # replicas to read again: the owner's time of change, its seats' refusals and
        # presence
        self._stale: dict[str, tuple[float | None, list[Any] | None, list[Any] | None]] = {}
        self._reading: dict[str, asyncio.Task[None]] = {}
        self.presence = Presence(self)
        self.quotas: SharedQuotas | None = None
        self.passes: Passes | None = None  # vouching for relayed requests, once connected
        self.forwarder: Forwarder | None = None
        self._addresses: dict[str, str] = {}  # other members' addresses, as they said

    async def connect(self) -> None:
        """Reach Redis (the start-up check) and fence the store's writes."""
        import redis.asyncio as aioredis

        # named, so that an operator sees the members in Redis's CLIENT LIST
        self.redis = aioredis.from_url(self.redis_url, client_name=f"liftoff-member-{self.id}")
        await self.redis.ping()
        self.passes = Passes(self.redis, self.names)
        self.forwarder = Forwarder()
        await self._advertise()
        # listening before owning anything: a member nobody hears is taken to be gone
        self._pubsub = self.redis.pubsub()
        await self._pubsub.subscribe(*self._channels)
        self.store.fence = self.fence
        self.quotas = SharedQuotas(
            self.redis, self.store.engine, self.id, self.ttl, self.names.sockets
        )
        self.ok = True
        self.renewed_at = time.monotonic()

    async def claim(self, table_id: str) -> bool:
        """Take a table whose lease is free or expired (or ours); whether we own it."""
        return await self.fence.claim(self.store.engine, table_id) is not None

    def owns(self, table_id: str) -> bool:
        """Whether this member holds the table's lease (as far as it knows)."""
        return table_id in self.fence.epochs

    async def orphans(self) -> list[str]:
        """Unfinished tables that nobody owns (their owner died or let them go)."""
        async with self.store.engine.connect() as conn:
            return [str(r[0]) for r in (await conn.execute(_ORPHANS)).all()]

    async def _advertise(self) -> None:
        """Say where this member is reached (for sockets relayed to it), for a while."""
        if self.address is not None:
            key = self.names.address(self.id)
            await self.redis.set(key, self.address, ex=max(1, int(self.ttl * 2)))
        else:
            await self.redis.ping()

    async def address_of(self, member_id: str) -> str | None:
        """Where a member is reached (``None``: it did not say, or is gone). Kept once
        read: a member's id is its process's, which keeps its address."""
        known = self._addresses.get(member_id)
        if known is not None:
            return known
        found = await self.redis.get(self.names.address(member_id))
        address = found.decode() if isinstance(found, bytes) else found
        if address is not None:
            if len(self._addresses) >= ADDRESSES_KEPT:
                self._addresses.clear()
            self._addresses[member_id] = address
        return address

    async def gone(self, member_id: str) -> bool:
        """Whether a member is gone: nobody listens on its channel (its process died,
        or it lost Redis, and gave its tables up)."""
        found = await self.redis.pubsub_numsub(self.names.member(member_id))
        return not found or int(found[0][1]) == 0

    async def take_from_gone(self, table_id: str, owner: str) -> bool:
        """Take a table over from its owner at once when that owner is gone (rather
        than after its lease runs out); whether this member owns it now."""
        if not await self.gone(owner):
            return False
        return await self.fence.seize(self.store.engine, table_id, owner) is not None

    async def owner_of(self, table_id: str) -> str | None:
        """The member holding a live lease on the table (``None``: nobody does)."""
        found = await self.fence.owner_of(self.store.engine, table_id)
        return found[0] if found is not None and found[2] else None

    def start(self, manager: TableManager) -> None:
        """Renew the leases and take orphaned tables over, every ``ttl / 3`` seconds;
        listen to this member's channel and to the change notices."""
        self.manager = manager
        manager.quotas.shared = self.quotas
        self.presence.start()
        self._task = asyncio.create_task(self._loop(), name="liftoff-member")
        self._listener = asyncio.create_task(self._listen(), name="liftoff-member-listen")
        self._publisher = asyncio.create_task(self._publish(), name="liftoff-member-announce")

    # -- messages ----------------------------------------------------------------------------
    async def forward(self, owner: str, request: Outgoing) -> Answer:
        """Send ``request`` on to ``owner`` (a member), with a pass vouching for its
        client; the owner's answer. :class:`NotDelivered` when the owner said no
        address (it is gone) or nobody listens there; 503 ``unreachable`` when no
        pass can be made (Redis is out of reach) or no answer came."""
        address = await self.address_of(owner)
        if address is None or self.passes is None or self.forwarder is None:
            raise NotDelivered(owner)
        try:
            relay_pass = await self.passes.issue(request.client, request.path)
        except Exception:
            raise ApiError(503, "unreachable") from None
        try:
            return await self.forwarder.send(address, request, relay_pass)
        except NotDelivered:
            self._addresses.pop(owner, None)  # read it again next time
            raise

    def announce(self, table_id: str) -> None:
        """The owner's table changed (and is stored): tell the other members (several
        changes in a row make one notice)."""
        self._announce.add(table_id)
        self._announcing.set()

    async def _publish(self) -> None:
        while True:
            await self._announcing.wait()
            self._announcing.clear()
            tables, self._announce = self._announce, set()
            for table_id in tables:
                table = self.manager.tables.get(table_id) if self.manager is not None else None
                if table is None:
                    continue  # let go meanwhile: its new owner announces it
                note = orjson.dumps(
                    {
                        "t": table_id,
                        "from": self.id,
                        "at": table.updated_at,
                        "refusals": [_refusal_json(s.refusal) for s in table.seats],
                        "present": [[s.connected, s.zombie, s.away] for s in table.seats],
                    }
                )
                try:
                    await self.redis.publish(self.names.changed, note)
                except Exception:
                    if self.manager is not None:
                        self.manager.errors.error("member", "a change notice was not sent")

    @property
    def _channels(self) -> tuple[str, ...]:
        return (self.channel, self.names.changed, self.names.presence)

    async def _listen(self) -> None:
        """Hear this member's channel, the change notices and presence; listen again at
        once when the connection to Redis breaks (meanwhile the others take it for gone)."""
        try:
            while True:
                try:
                    await self._hear(self._pubsub)
                except Exception:
                    if self.manager is not None:
                        self.manager.errors.error("member", "listening to Redis failed")
                    await asyncio.sleep(RELISTEN)
                    with contextlib.suppress(Exception):
                        await self._pubsub.aclose()
                    with contextlib.suppress(Exception):
                        pubsub = self.redis.pubsub()
                        await pubsub.subscribe(*self._channels)
                        self._pubsub = pubsub
        finally:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()

    async def _hear(self, pubsub: Any) -> None:
        while True:
            msg = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if msg is None or msg.get("type") != "message":
                continue
            try:
                self._heard(msg["channel"], orjson.loads(msg["data"]))
            except Exception:
                if self.manager is not None:
                    self.manager.errors.error("member", "a message could not be read")

    def _heard(self, channel: bytes | str, data: dict[str, Any]) -> None:
        name = channel.decode() if isinstance(channel, bytes) else channel
        if name == self.names.changed:
            if data.get("from") != self.id:
                refusals = data.get("refusals")
                if isinstance(refusals, list):
                    refusals = [_refusal_of(r) for r in refusals]
                present = data.get("present")
                present = present if isinstance(present, list) else None
                self.read_again(str(data["t"]), data.get("at"), refusals, present)
        elif name == self.names.presence:
            self.presence.heard_message(data)

    def read_again(
        self,
        table_id: str,
        at: float | None,
        refusals: list[dict[str, Any] | None] | None,
        present: list[Any] | None = None,
    ) -> None:
        """Read a replica again (one reading per table at a time; notices heard
        meanwhile make one more reading, which sees everything they announced)."""
        manager = self.manager
        if manager is None or table_id not in manager.replicas:
            return
        self._stale[table_id] = (at, refusals, present)
        if table_id not in self._reading:
            self._reading[table_id] = asyncio.create_task(self._reader(table_id))

    async def read_now(self, table_id: str) -> None:
        """Read a replica again now, and wait for it: a change this member sent on
        to the owner shows in its next answer here (what the notices heard while it
        waits say is read too)."""
        manager = self.manager
        if manager is None or table_id not in manager.replicas:
            return
        self._stale.setdefault(table_id, (None, None, None))
        task = self._reading.get(table_id)
        if task is None:
            task = self._reading[table_id] = asyncio.create_task(self._reader(table_id))
        await asyncio.shield(task)

    async def _reader(self, table_id: str) -> None:
        manager = self.manager
        assert manager is not None
        try:
            while table_id in self._stale:
                at, refusals, present = self._stale.pop(table_id)
                try:
                    await manager.cluster.refresh(table_id, at, refusals, present)
                except Exception:
                    manager.errors.error("member", "a replica could not be read again")
        finally:
            self._reading.pop(table_id, None)

    def fit(self) -> tuple[bool, str | None]:
        """Whether this member may act as owner, and why not: what its last round
        found (the health check looks, it never renews), and no round that renewed
        the leases for a lease time is unfit too (they have run out by now)."""
        if self.ok and time.monotonic() - self.renewed_at > self.ttl:
            return False, "this member has not renewed its table leases for a lease time"
        return self.ok, self.last_error

    async def renew(self) -> bool:
        """Renew the leases (a write) and reach Redis; let the tables lost go (the
        member's round). Whether this member may act as owner."""
        manager = self.manager
        lost: set[str] = set()
        try:
            # a database that does not answer in time: not fit to own (the health check
            # says so), but a slow answer is no lost lease — the database decides that,
            # and fences off every write made after it (a busy member keeps its tables)
            async with asyncio.timeout(self.ttl / 2):
                await self._renew_once_more_if_it_fails(lost)
        except TimeoutError:
            self._unfit("this member's database or Redis does not answer in time")
        except Exception as exc:
            # cut off: stop acting as owner (the leases run out in the database anyway)
            self._unfit(f"this member lost its database or Redis: {type(exc).__name__}")
            lost |= set(self.fence.epochs)
            self.fence.epochs.clear()
        else:
            self.ok = True
            self.last_error = None
            self.renewed_at = time.monotonic()
        if manager is not None:
            for table_id in lost:
                await manager.cluster.let_go(table_id)
        return self.ok

    async def _renew_once_more_if_it_fails(self, lost: set[str]) -> None:
        """One renewal (the leases, then Redis), tried a second time after a short
        pause if it fails: one dropped connection (a pooled socket reset under
        load) is no lost database or Redis; a member really cut off fails twice.
        The leases found lost are added to ``lost``."""
        for attempt in (1, 2):
            try:
                lost |= await self.fence.renew(self.store.engine)
                await self._advertise()
                return
            except Exception:
                if attempt == 2:
                    raise
                await asyncio.sleep(min(0.5, self.ttl / 10))

    def _unfit(self, why: str) -> None:
        self.ok = False
        self.last_error = why
        if self.manager is not None:
            self.manager.errors.error("member", why)

    async def tick(self) -> None:
        """One round: presence said again (and words not heard again forgotten),
        renew, drop the tables lost, adopt the orphans."""
        manager = self.manager
        assert manager is not None
        self.presence.tick()
        if not await self.renew():
            return
        if self.quotas is not None:
            try:
                await self.quotas.renew(manager.quotas.counted())
            except Exception:
                manager.errors.error("member", "the socket counts were not renewed")
        for table_id in await self.orphans():
            if table_id not in manager.tables and await self.claim(table_id):
                await manager.cluster.adopt(table_id)
        engine = self.store.engine
        for owner in await self.fence.other_owners(engine):
            if not await self.gone(owner):
                continue
            for table_id in await self.fence.held_by(engine, owner):
                if await self.fence.seize(engine, table_id, owner) is not None:
                    await manager.cluster.adopt(table_id)

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self.tick()
            except Exception:
                if self.manager is not None:
                    self.manager.errors.error("member", "the member's round failed")

    async def close(self) -> None:
        """Stop renewing, let every table go (another member takes them at once)."""
        tasks = [self._task, self._listener, self._publisher, *self._reading.values()]
        for task in [t for t in tasks if t is not None]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._task = self._listener = self._publisher = None
        await self.presence.close()
        if self.forwarder is not None:
            with contextlib.suppress(Exception):
                await self.forwarder.close()
        if self.quotas is not None:
            await self.quotas.close()
        with contextlib.suppress(Exception):
            await self.fence.release(self.store.engine)
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.delete(self.names.address(self.id))
            with contextlib.suppress(Exception):
                await self.redis.aclose()
