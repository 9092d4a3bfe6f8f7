"""A member of a cluster's side of the tables (``server.cluster``): tables taken
over from the action log, tables let go, read-only replicas of the tables other
members own (their watchers here get frames from them), and requests forwarded to
and from a table's owner."""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

import liftoff
from liftoff.engine import OptionError, ReplayError

from ..errors import ApiError
from ..health import db_error_text
from ..storage import TableData
from .model import LiveTable
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
            replica = rebuild(data)
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

    async def forward(self, table_id: str, op: str, args: dict[str, Any]) -> Any:
        """In a cluster: the owner's answer to a request for a table another member
        owns (``None``: this member plays the table, or takes it over now). A member
        cut off from the database refuses (503 ``storage``): it cannot know the owner."""
        try:
            return await self._forward(table_id, op, args)
        except (SQLAlchemyError, OSError) as exc:
            raise ApiError(
                503, "storage", say="api.error.storage.why", params={"why": db_error_text(exc)}
            ) from None

    async def _forward(self, table_id: str, op: str, args: dict[str, Any]) -> Any:
        host = self.host
        member = host.member
        assert member is not None
        for _ in range(2):
            if table_id in host.tables or table_id in host.finished:
                return None
            owner = await member.owner_of(table_id)
            if owner is not None and owner != member.id:
                try:
                    result = await member.call(owner, op, args)
                except ApiError as err:
                    # its owner died (nobody hears it): take the table over now
                    if err.code != "unreachable" or not await member.take_from_gone(
                        table_id, owner
                    ):
                        raise
                    if await self.adopt(table_id) is None:
                        return None  # it ended: the local path reads it
                    continue
                return True if result is None else result
            replica = host.replicas.get(table_id)
            if replica is None:
                return None  # no lease (no such table, or finished): the local path says
            # its owner is gone: take it over (or another member just did: look again)
            if await member.claim(table_id) and await self.adopt(table_id) is None:
                self.drop_replica(replica)  # it ended: the local path reads it
                return None
        # never played on a replica
        raise ApiError(503, "elsewhere", "another server of the cluster plays this table")

    async def forwarded(self, op: str, args: dict[str, Any]) -> Any:
        """A request another member forwarded for a table this member owns, applied
        through the normal path (submission ids and quotas hold as here)."""
        host = self.host
        table_id = str(args["table_id"])
        if table_id not in host.tables:
            raise ApiError(503, "elsewhere", "another server of the cluster plays this table")
        token = args.get("token")
        if op == "act":
            text, version = str(args["text"]), args.get("version")
            return await host.play.act(table_id, token, text, version, args.get("client_id"))
        if op == "undo":
            return await host.play.undo(table_id, token)
        if op == "join":
            seat, new_token = await host.seating.join(table_id, args.get("seat"), args.get("name"))
            return [seat, new_token]
        if op == "leave":
            await host.seating.leave(table_id, token)
            return None
        raise ApiError(400, "bad-message", say="api.error.bad-message.type", params={"kind": op})

    async def refresh(
        self,
        table_id: str,
        at: float | None = None,
        refusals: list[dict[str, Any] | None] | None = None,
        present: list[Any] | None = None,
    ) -> None:
        """The owner announced a change (``at``: the table's time of change there;
        ``refusals``: each seat's last refusal there, which no database holds;
        ``present``: each seat's ``[connected, zombie]`` there, nor that):
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
        fresh = rebuild(found[0])
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


def fingerprint(table: LiveTable) -> tuple[Any, ...]:
    """What a watcher may see change at a replica."""
    seats = tuple(
        (s.kind, s.bot, s.speed, s.name, s.token_hash, s.elsewhere > 0, s.zombie)
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
        for s, (connected, zombie) in zip(fresh.seats, present, strict=True):
            s.elsewhere, s.zombie = (1 if connected else 0), bool(zombie)
    else:
        for s, old in zip(fresh.seats, replica.seats, strict=False):
            s.elsewhere, s.zombie = old.elsewhere, old.zombie


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
