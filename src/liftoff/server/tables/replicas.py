"""A member of a cluster's side of the tables (``server.cluster``): tables taken
over from the action log, tables let go, read-only replicas of the tables other
members own (their watchers here get frames from them), and requests that change
a table sent on to its owner."""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from sqlalchemy.exc import SQLAlchemyError

import liftoff
from liftoff.engine import OptionError, ReplayError

from ..cluster.forward import Answer, NotDelivered, Outgoing
from ..errors import ApiError
from ..health import db_error_text
from ..storage import TableData
from .model import LiveTable
from .persons import PERSON_HEADER, Caller
from .rebuild import rebuild

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("liftoff.server")


class ClusterTables:
    """The manager's tables as one member of a cluster sees them."""

    def __init__(self, host: TableManager) -> None:
        self.host = host

    async def adopt(self, table_id: str) -> LiveTable | None:
        """Take over a table whose lease this member just took: rebuild it from the
        action log and carry on (its clocks start now: the time it had no owner is
        charged to nobody)."""
        host = self.host
        found = await host.store.load_tables(ids=[table_id])
        if not found or found[0].status not in ("open", "playing"):
            return None
        table = await host.resume(found[0])
        if table is not None:
            log.info("table %s taken over from the action log", table_id)
            if host.member is not None:
                host.member.presence.ask()  # whose seats are connected through others?
        return table

    async def let_go(self, table_id: str) -> None:
        """This member lost the table's lease: stop playing it (its new owner does)."""
        host = self.host
        table = host.tables.pop(table_id, None)
        if table is None:
            return
        host.stop_playing(table)
        host.seating.forget(table)
        log.warning("table %s: another member owns it now", table_id)
        host.changed(table)

    async def owned_elsewhere(self, data: TableData) -> LiveTable | None:
        """In a cluster, a table not held here: taken over when its lease is free,
        else a replica of it (read-only: its actions go to the owner)."""
        host = self.host
        member = host.member
        assert member is not None
        if await member.claim(data.id):
            return await self.adopt(data.id)
        try:
            replica = rebuild(data, host.settings.clock)
        except (ReplayError, OptionError, liftoff.UnknownGame):
            return None
        # a real-time table's replica serves REST reads only (its driver runs on its
        # owner; sockets to it are relayed there, see cluster.relay)
        built = host.replicas.get(data.id)
        if built is not None:  # built meanwhile, for another request: one replica a table
            return built
        host.replicas[data.id] = replica
        host.seating.register(replica)
        # the changes announced while it was read and built went unheard: read it once
        # more (after its first watcher connected), or it could stay behind for good
        member.read_again(data.id, None, None)
        return replica

    def connections_changed(self, table: LiveTable) -> None:
        """A seat's connections here changed: when another member owns the table, it
        hears of it (its grace periods count them)."""
        member = self.host.member
        if member is not None and table.id in self.host.replicas:
            member.presence.changed(table.id)

    async def owner_elsewhere(self, table_id: str) -> str | None:
        """The member that owns ``table_id`` when it is another one: a request that
        changes the table goes there. ``None``: this member answers it (it owns the
        table, or takes it over now that its lease ran out; or nobody owns it: no
        such table, or a finished one). A member cut off from the database refuses
        (503 ``storage``): it cannot know the owner."""
        try:
            return await self._owner_elsewhere(table_id)
        except (SQLAlchemyError, OSError) as exc:
            raise ApiError(
                503, "storage", say="api.error.storage.why", params={"why": db_error_text(exc)}
            ) from None

    def plays(self, table_id: str) -> bool:
        """Whether this member plays ``table_id`` under a lease it still holds."""
        member = self.host.member
        return table_id in self.host.tables and (member is None or member.owns(table_id))

    async def _owner_elsewhere(self, table_id: str) -> str | None:
        host = self.host
        member = host.member
        assert member is not None
        for _ in range(2):
            if self.plays(table_id):
                return None
            if table_id in host.tables:  # a write found its lease gone: let it go now
                await self.let_go(table_id)
            owner = await member.owner_of(table_id)
            if owner is not None and owner != member.id:
                return owner
            replica = host.replicas.get(table_id)
            if replica is None:
                return None  # no live lease elsewhere: the local path reads (or takes) it
            # its owner is gone: take it over (or another member just did: look again)
            if await member.claim(table_id) and await self.adopt(table_id) is None:
                self.drop_replica(replica)  # it ended: the local path reads it
                return None
        raise ApiError(503, "elsewhere", "another server of the cluster plays this table")

    async def at_owner(self, table_id: str, request: Outgoing) -> Answer | None:
        """Send a request that changes ``table_id`` on to its owner when that is
        another member; the owner's answer (``None``: answer it here). An owner that
        cannot be reached and is gone is taken over, and the request answered here;
        a request another member relayed here is never sent on again (503
        ``elsewhere``: the table moved meanwhile, its sender looks again)."""
        member = self.host.member
        if member is None:
            return None
        relayed = request.relayed
        for attempt in range(2):
            owner = await self.owner_elsewhere(table_id)
            if owner is None:
                return None
            if relayed:
                raise ApiError(503, "elsewhere", "another server of the cluster plays this table")
            try:
                answer = await member.forward(owner, request)
            except NotDelivered:
                # its owner died (nobody listens for it): take the table over now
                if not await member.take_from_gone(table_id, owner):
                    # alive, but not where it said it is (its --advertise?)
                    self.host.errors.error(
                        "forward", "member %s cannot be reached at its address", owner
                    )
                    raise ApiError(503, "unreachable") from None
                if await self.adopt(table_id) is None:
                    return None  # it ended: the local path reads it
                continue
            if answer.status == 503 and attempt == 0 and _moved(answer):
                continue  # it changed hands as the request went: ask the new owner
            # its owner cannot act as owner (it lost its database or Redis) and, if
            # nobody listens for it either, it is gone: take the table over now rather
            # than when its lease runs out
            unfit = answer.status == 503 and attempt == 0 and _unfit(answer)
            if unfit and await member.take_from_gone(table_id, owner):
                if await self.adopt(table_id) is None:
                    return None  # it ended: the local path reads it
                continue
            if answer.status < 400:
                await member.read_now(table_id)  # this member's next answer shows it
            return answer
        raise ApiError(503, "elsewhere", "another server of the cluster plays this table")

    async def bind_at_owner(
        self, table_id: str, token: str, caller: Caller, client: str, lang: str
    ) -> bool:
        """A read made here with a seat token and a person token (a view, a socket's
        hello) at a table another member plays: its owner binds the person to the
        seat, asked as a seat link's bind (``POST …/seat-link/bind``) would be, from
        ``client``. Whether the owner answered (``False``: this member plays the
        table now, and binds here); its refusal (409 ``seated``) is raised here, in
        the words it gave in ``lang``."""
        if caller.token is None:
            return False
        request = Outgoing(
            method="POST",
            path=f"/api/tables/{table_id}/seat-link/bind",
            client=client,
            query=urlencode({"lang": lang}).encode(),
            headers=[
                (b"authorization", f"Bearer {token}".encode()),
                (PERSON_HEADER.encode(), caller.token.encode()),
            ],
        )
        answer = await self.at_owner(table_id, request)
        if answer is None:
            return False
        if answer.status >= 400:
            raise answer.refusal()
        return True

    async def refresh(
        self,
        table_id: str,
        at: float | None = None,
        refusals: list[dict[str, Any] | None] | None = None,
        present: list[Any] | None = None,
    ) -> None:
        """The owner announced a change (``at``: the table's time of change there;
        ``refusals``: each seat's last refusal there, which no database holds;
        ``present``: each seat's ``[connected, zombie, away]`` there, nor that):
        read the replica again from the database and wake its watchers when something
        changed (a replica nobody watches is dropped; the next request builds it
        again)."""
        host = self.host
        replica = host.replicas.get(table_id)
        if replica is None:
            return
        if not replica.subscribers:
            self.drop_replica(replica)
            return
        found = await host.store.load_tables(ids=[table_id])
        replica = host.replicas.get(table_id)
        if not found or replica is None:
            return
        fresh = rebuild(found[0], host.settings.clock)
        if refusals is not None and len(refusals) == len(fresh.seats):
            for s, refusal in zip(fresh.seats, refusals, strict=True):
                s.refusal = refusal
        else:  # as they were (no notice said otherwise)
            for s, old in zip(fresh.seats, replica.seats, strict=False):
                s.refusal = old.refusal
        _present(fresh, replica, present)
        if fingerprint(fresh) == fingerprint(replica):
            return
        host.seating.forget(replica)
        absorb(replica, fresh)
        host.seating.register(replica)
        host.wake(replica)
        if at is not None:
            replica.updated_at = float(at)  # the owner's, as its frames say

    def drop_replica(self, replica: LiveTable) -> None:
        host = self.host
        host.replicas.pop(replica.id, None)
        host.seating.forget(replica)


#: a replica's fields that stay when it is read again (its watchers, its caches)
KEEP = {
    "lock",
    "subscribers",
    "log_epoch",
    "revision",
    "cache",
    "views",
    "public_cache",
    "bot_tasks",
    "clock_task",
    "race",
}


def _unfit(answer: Answer) -> bool:
    """Whether an owner's 503 says it cannot store a change now."""
    said = answer.json()
    return isinstance(said, dict) and said.get("error") == "storage"


def _moved(answer: Answer) -> bool:
    """Whether an owner's 503 says the table is another member's now."""
    said = answer.json()
    return isinstance(said, dict) and said.get("error") == "elsewhere"


def fingerprint(table: LiveTable) -> tuple[Any, ...]:
    """What a watcher may see change at a replica."""
    seats = tuple(
        (
            s.kind,
            s.bot,
            s.speed,
            s.name,
            s.token_hash,
            s.elsewhere > 0,
            s.zombie,
            s.away,
            s.person,
        )
        for s in table.seats
    )
    last = (table.log[-1].n, table.log[-1].text) if table.log else None
    refused = tuple(
        None if s.refusal is None else (s.refusal.get("action"), s.refusal.get("version"))
        for s in table.seats
    )
    return (
        table.state.version,
        last,
        table.status,
        seats,
        refused,
        table.rematch_id,
        table.abandoned,
    )


def _present(fresh: LiveTable, replica: LiveTable, present: list[Any] | None) -> None:
    """Each seat of a replica read again as connected and away as the owner said
    (``present``), or as it was (no notice said it)."""
    if present is not None and len(present) == len(fresh.seats):
        for s, said in zip(fresh.seats, present, strict=True):
            connected, zombie, *rest = said  # (an older member says no "away")
            s.elsewhere, s.zombie = (1 if connected else 0), bool(zombie)
            s.away = bool(rest[0]) if rest else False
    else:
        for s, old in zip(fresh.seats, replica.seats, strict=False):
            s.elsewhere, s.zombie, s.away = old.elsewhere, old.zombie, old.away


def absorb(old: LiveTable, fresh: LiveTable) -> None:
    """Make ``old`` (which its watchers hold) what ``fresh`` was rebuilt as; the log
    starts again for them when it is not the old one carried on."""
    if old.log:
        last = old.log[-1]
        if not any(e.n == last.n and e.text == last.text for e in fresh.log):
            old.log_epoch += 1  # an action was taken back
    connections = {s.seat: s.connections for s in old.seats}
    for f in dataclasses.fields(LiveTable):
        if f.name not in KEEP:
            setattr(old, f.name, getattr(fresh, f.name))
    for s in old.seats:
        s.connections = connections.get(s.seat, 0)
