"""Presence across members: seats connected through a member that is not the
table's owner count on the owner.

A member whose replica of a table gets a seat's socket (or loses one) says so on
the cluster's presence channel (``<name>:<db>:presence``): ``{"kind": "seats",
"from": its id, "tables": {table: {seat: connections}}, "full": bool}``. The
owner keeps each member's last word per table and treats a seat as connected
while its own sockets and the others' add up to one or more
(``TableSeat.elsewhere``): the grace period of a seat connected only elsewhere
does not run, and a seat coming back elsewhere is taken back from the bot, as
when it comes back here.

Every round (a third of a lease time) each member says everything again
(``full``: a table it leaves out has no connection there any more), and the
owner forgets a member's word it has not heard again for a lease time: a member
that died, or lost Redis, stops counting within one lease time, whatever
messages were lost. The word goes to everyone, not to the owner looked up in
PostgreSQL: no lookup per socket, and it still reaches a new owner. A member
that takes a table over (or starts) asks everyone to say everything again at
once (``{"kind": "ask"}``), so that the seats connected elsewhere are known
before their grace period runs out.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from .member import Member


class Presence:
    """This member's side of presence across the cluster."""

    def __init__(self, member: Member) -> None:
        self.member = member
        # tables owned here: member id -> (seat -> its connections there, heard at)
        self.heard: dict[str, dict[str, tuple[dict[int, int], float]]] = {}
        self._changed: set[str] = set()  # replicas whose connections changed here
        self._full = False  # say everything (the round, or another member asked)
        self._asking = False  # ask everyone to say everything
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start saying; ask what the others hold (this member starts with tables)."""
        self._task = asyncio.create_task(self._say(), name="liftoff-member-presence")
        self.ask()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    # -- what this member says ----------------------------------------------------------------
    def changed(self, table_id: str) -> None:
        """A seat's connections to a replica here changed: tell its owner."""
        self._changed.add(table_id)
        self._wake.set()

    def ask(self) -> None:
        """This member took tables over: ask every member what it holds."""
        self._asking = True
        self._wake.set()

    def tick(self) -> None:
        """The round: forget the words not heard again in time, say everything again."""
        self.expire()
        self._full = True
        self._wake.set()

    async def _say(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            for message in self._messages():
                try:
                    channel = self.member.names.presence
                    await self.member.redis.publish(channel, orjson.dumps(message))
                except Exception:
                    if self.member.manager is not None:
                        self.member.manager.errors.error("member", "presence was not sent")

    def _messages(self) -> list[dict[str, Any]]:
        manager = self.member.manager
        if manager is None:
            return []
        out: list[dict[str, Any]] = []
        if self._asking:
            self._asking = False
            out.append({"kind": "ask", "from": self.member.id})
        full, self._full = self._full, False
        changed, self._changed = self._changed, set()
        tables = (set(manager.replicas) if full else set()) | changed
        said: dict[str, dict[str, int]] = {}
        for table_id in tables:
            replica = manager.replicas.get(table_id)
            if replica is None and table_id in manager.tables:
                continue  # taken over here meanwhile: its sockets are this owner's own
            seats = replica.seats if replica is not None else []
            held = {str(s.seat): s.connections for s in seats if s.connections > 0}
            if held or table_id in changed:
                said[table_id] = held
        if said or full:
            out.append({"kind": "seats", "from": self.member.id, "full": full, "tables": said})
        return out

    # -- what this member hears (as the owner) ------------------------------------------------
    def heard_message(self, data: dict[str, Any]) -> None:
        """Another member's word (its seats, or its asking)."""
        sender = str(data.get("from"))
        if sender == self.member.id:
            return
        if data.get("kind") == "ask":
            self._full = True
            self._wake.set()
            return
        tables = data.get("tables")
        if data.get("kind") != "seats" or not isinstance(tables, dict):
            return
        manager = self.member.manager
        if manager is None:
            return
        now = time.monotonic()
        touched: set[str] = set()
        for table_id, counts in tables.items():
            if table_id not in manager.tables or not isinstance(counts, dict):
                continue  # not this member's
            seats = {int(k): int(v) for k, v in counts.items() if int(v) > 0}
            words = self.heard.setdefault(table_id, {})
            if seats:
                words[sender] = (seats, now)
            else:
                words.pop(sender, None)
            touched.add(table_id)
        if data.get("full"):  # the tables it left out have no connection there
            for table_id, words in self.heard.items():
                if table_id not in tables and words.pop(sender, None) is not None:
                    touched.add(table_id)
        for table_id in touched:
            self._apply(table_id)

    def expire(self) -> None:
        """Forget what a member said a lease time ago and never said again (it died,
        or lost Redis), and the words on tables no longer played here."""
        cutoff = time.monotonic() - self.member.ttl
        for table_id, words in list(self.heard.items()):
            old = [m for m, (_, at) in words.items() if at < cutoff]
            for m in old:
                del words[m]
            if old or not words:
                self._apply(table_id)

    def _apply(self, table_id: str) -> None:
        manager = self.member.manager
        table = manager.tables.get(table_id) if manager is not None else None
        words = self.heard.get(table_id, {})
        if table is None or not words:
            self.heard.pop(table_id, None)
        if manager is None or table is None:
            return
        counts: dict[int, int] = {}
        for seats, _ in words.values():
            for seat, n in seats.items():
                counts[seat] = counts.get(seat, 0) + n
        manager.seating.set_elsewhere(table, counts)
