"""One member of a cluster: its id, its table leases, taking tables over, and its
messages over Redis (actions forwarded to a table's owner and its answers; the
owner's "this table changed" notices, after which members holding a replica of
the table read it again from the database; the seats connected through each
member, see :mod:`.presence`; the cluster-wide quotas, see :mod:`.quotas`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import text

from ..errors import ApiError
from ..storage import Store
from ..storage.leases import Fence
from .presence import PRESENCE, Presence
from .quotas import SharedQuotas

if TYPE_CHECKING:
    from ..tables import TableManager

log = logging.getLogger("liftoff.server")

_ORPHANS = text(
    "SELECT g.id FROM game_tables g LEFT JOIN table_leases l ON l.table_id = g.id "
    "WHERE g.status IN ('open', 'playing') AND (l.table_id IS NULL OR l.expires_at < now()) "
    "ORDER BY g.created_at"
)

CHANGED = "liftoff:changed"  # every owner's "table T changed" notices
FORWARD_TIMEOUT = 5.0  # seconds a forwarded request waits for the owner's answer
GONE_CHECK = 0.25  # seconds between two looks whether the owner is gone, while waiting
RELISTEN = 0.2  # seconds before listening again after the connection to Redis broke
RELAY_SECRET = "liftoff:relay-secret"  # members vouch with it for the sockets they relay


def address_key(member_id: str) -> str:
    """The Redis key of the address other members reach a member at (it expires)."""
    return f"liftoff:address:{member_id}"


def channel_of(member_id: str) -> str:
    """The Redis channel of a member: requests to it and answers to its requests."""
    return f"liftoff:member:{member_id}"


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
        self, store: Store, redis_url: str, ttl: float, address: str | None = None
    ) -> None:
        if store.backend != "postgresql":
            raise ValueError("several servers (--redis) share a PostgreSQL database, not SQLite")
        self.store = store
        self.redis_url = redis_url
        self.ttl = ttl
        self.address = address  # http://host:port, where the other members reach this one
        self.relay_secret: str | None = None
        self.id = f"{os.getpid()}:{secrets.token_hex(6)}"
        self.fence = Fence(self.id, ttl)
        self.redis: Any = None
        self._pubsub: Any = None
        self.ok = False
        self.last_error: str | None = None
        self._task: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._publisher: asyncio.Task[None] | None = None
        self.manager: TableManager | None = None
        self.channel = channel_of(self.id)
        self._waiting: dict[str, asyncio.Future[Any]] = {}  # forwarded requests by id
        self._announce: set[str] = set()  # tables whose change is not announced yet
        self._announcing = asyncio.Event()
        # replicas to read again: the owner's time of change, its seats' refusals and
        # presence
        self._stale: dict[str, tuple[float | None, list[Any] | None, list[Any] | None]] = {}
        self._reading: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.presence = Presence(self)
        self.quotas: SharedQuotas | None = None

    async def connect(self) -> None:
        """Reach Redis (the start-up check) and fence the store's writes."""
        import redis.asyncio as aioredis

        # named, so that an operator sees the members in Redis's CLIENT LIST
        self.redis = aioredis.from_url(self.redis_url, client_name=f"liftoff-member-{self.id}")
        await self.redis.ping()
        await self.redis.set(RELAY_SECRET, secrets.token_urlsafe(24), nx=True)
        found = await self.redis.get(RELAY_SECRET)
        self.relay_secret = found.decode() if isinstance(found, bytes) else str(found)
        await self._advertise()
        # listening before owning anything: a member nobody hears is taken to be gone
        self._pubsub = self.redis.pubsub()
        await self._pubsub.subscribe(*self._channels)
        self.store.fence = self.fence
        self.quotas = SharedQuotas(self.redis, self.store.engine, self.id, self.ttl)
        self.ok = True

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
            await self.redis.set(address_key(self.id), self.address, ex=max(1, int(self.ttl * 2)))
        else:
            await self.redis.ping()

    async def address_of(self, member_id: str) -> str | None:
        """Where a member is reached (``None``: it did not say, or is gone)."""
        found = await self.redis.get(address_key(member_id))
        return found.decode() if isinstance(found, bytes) else found

    async def gone(self, member_id: str) -> bool:
        """Whether a member is gone: nobody listens on its channel (its process died,
        or it lost Redis, and gave its tables up)."""
        found = await self.redis.pubsub_numsub(channel_of(member_id))
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
    async def call(self, owner: str, op: str, args: dict[str, Any]) -> Any:
        """Forward a request to the table's owner; its answer (its refusal is raised
        here). When the owner does not answer in time the request may still have been
        applied: a client retrying with the same submission id gets the first answer."""
        rid = secrets.token_hex(8)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = future
        message = {"kind": "ask", "id": rid, "to": self.channel, "op": op, "args": args}
        try:
            try:
                heard = await self.redis.publish(channel_of(owner), orjson.dumps(message))
            except Exception:  # Redis out of reach: nobody can be asked
                raise ApiError(503, "unreachable") from None
            if not heard:
                raise ApiError(503, "unreachable")
            answer = await self._answer_of(future, owner)
        finally:
            self._waiting.pop(rid, None)
        if "error" in answer:
            raise _error_of(answer["error"])
        return answer.get("result")

    async def _answer_of(self, future: asyncio.Future[Any], owner: str) -> Any:
        """The owner's answer; 503 ``unreachable`` when none comes in time, or at once
        when the owner is found gone meanwhile (it died as the request went out)."""
        end = asyncio.get_running_loop().time() + FORWARD_TIMEOUT
        while True:
            try:
                return await asyncio.wait_for(asyncio.shield(future), GONE_CHECK)
            except TimeoutError:
                if asyncio.get_running_loop().time() >= end or await self.gone(owner):
                    raise ApiError(503, "unreachable") from None

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
                        "present": [[s.connected, s.zombie] for s in table.seats],
                    }
                )
                try:
                    await self.redis.publish(CHANGED, note)
                except Exception:
                    if self.manager is not None:
                        self.manager.errors.error("member", "a change notice was not sent")

    @property
    def _channels(self) -> tuple[str, ...]:
        return (self.channel, CHANGED, PRESENCE)

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
        if name == CHANGED:
            if data.get("from") != self.id:
                refusals = data.get("refusals")
                if isinstance(refusals, list):
                    refusals = [_refusal_of(r) for r in refusals]
                present = data.get("present")
                present = present if isinstance(present, list) else None
                self.read_again(str(data["t"]), data.get("at"), refusals, present)
        elif name == PRESENCE:
            self.presence.heard_message(data)
        elif data.get("kind") == "ask":
            self._spawn(self._answer(data))
        elif data.get("kind") == "answer":
            future = self._waiting.get(str(data.get("id")))
            if future is not None and not future.done():
                future.set_result(data)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(self, data: dict[str, Any]) -> None:
        """Apply a forwarded request through the owner's normal path; answer it."""
        manager = self.manager
        reply: dict[str, Any] = {"kind": "answer", "id": data.get("id")}
        try:
            if manager is None:
                raise ApiError(503, "unreachable")
            reply["result"] = await manager.cluster.forwarded(str(data["op"]), dict(data["args"]))
        except ApiError as err:
            reply["error"] = _error_json(err)
        except Exception:
            if manager is not None:
                manager.errors.error("member", "a forwarded request failed")
            reply["error"] = _error_json(ApiError(503, "unreachable"))
        with contextlib.suppress(Exception):
            await self.redis.publish(str(data["to"]), orjson.dumps(reply))

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

    async def renew(self) -> bool:
        """Renew the leases (a write) and reach Redis; let the tables lost go. Whether
        this member may act as owner (the health check)."""
        manager = self.manager
        lost: set[str] = set()
        try:
            # a database that does not answer in time: not fit to own (the health check
            # says so), but a slow answer is no lost lease — the database decides that,
            # and fences off every write made after it (a busy member keeps its tables)
            async with asyncio.timeout(self.ttl / 2):
                lost = await self.fence.renew(self.store.engine)
                await self._advertise()
        except TimeoutError:
            self._unfit("this member's database or Redis does not answer in time")
        except Exception as exc:
            # cut off: stop acting as owner (the leases run out in the database anyway)
            self._unfit(f"this member lost its database or Redis: {type(exc).__name__}")
            lost = set(self.fence.epochs)
            self.fence.epochs.clear()
        else:
            self.ok = True
            self.last_error = None
        if manager is not None:
            for table_id in lost:
                await manager.cluster.let_go(table_id)
        return self.ok

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
        for task in [t for t in tasks if t is not None] + list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._task = self._listener = self._publisher = None
        await self.presence.close()
        if self.quotas is not None:
            await self.quotas.close()
        with contextlib.suppress(Exception):
            await self.fence.release(self.store.engine)
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.delete(address_key(self.id))
            with contextlib.suppress(Exception):
                await self.redis.aclose()
