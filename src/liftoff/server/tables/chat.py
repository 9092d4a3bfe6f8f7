"""Table chat: short messages between the people at a table and its spectators.

Chat lives in memory only: it never enters the action log, the stored record or
a replay, and bots never see it (they have no socket). Each table keeps its last
:data:`CHAT_KEEP` messages so that a browser that connects (or reconnects) gets
the recent ones right after its first ``state`` frame (``chat_history``). A seat speaks under the
name people read for it (the game log's names), anyone else as ``Spectator``.

- text: control and format characters removed (line breaks and tabs become spaces;
  bidi overrides and zero-width characters go), trimmed,
  1 to :data:`MAX_TEXT` characters;
- each person (a browser's, whatever its number of connections; a connection
  without one on its own) may send :data:`RATE_COUNT` messages per
  :data:`RATE_WINDOW` seconds at a table, and each client address
  :data:`ADDRESS_COUNT`: many sockets from one address cannot push the recent
  chat out of what newcomers see;
- a report keeps the reported message, with the table id, in the operator's log
  (the ``liftoff.server`` logger at WARNING); muting is the browser's business.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from ..errors import ApiError
from .model import LiveTable, Subscriber
from .names import visible

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("liftoff.server")

CHAT_KEEP = 50  # messages each table keeps for newcomers
MAX_TEXT = 300  # characters in one message
RATE_COUNT = 5  # messages one person (or a connection without one) may send ...
ADDRESS_COUNT = 10  # ... one client address, all its people and connections together ...
RATE_WINDOW = 10.0  # ... at one table within this many seconds
SENDERS_KEEP = 200  # senders a room remembers before it forgets the quiet ones
ROOMS_KEEP = 2000  # rooms kept in memory (the quiet ones without listeners go first)
QUEUE_KEEP = 64  # frames waiting for one slow connection (the oldest are dropped)


def clean_text(raw: Any) -> str:
    """The message as it is shown: what a reader cannot see removed (control and
    format characters such as bidi overrides and zero-width spaces, see
    :func:`.names.visible`; line breaks become spaces), trimmed; a 422
    with a sentence when it is not a text of 1 to :data:`MAX_TEXT` characters."""
    if not isinstance(raw, str):
        raise ApiError(422, "chat-text", "a chat message is a text")
    text = visible(raw).strip()
    if not text:
        raise ApiError(422, "chat-empty", "Write something before sending.")
    if len(text) > MAX_TEXT:
        raise ApiError(
            422,
            "chat-too-long",
            say="api.error.chat-too-long.count",
            params={"most": MAX_TEXT, "count": len(text)},
        )
    return text


@dataclass
class Listener:
    """One connection's side of the chat: frames waiting to be sent, and who speaks
    on it (its person, when the browser has one, and its client address: the rate
    limits count them, not the connection)."""

    table: LiveTable
    sub: Subscriber
    person: str | None = None
    address: str | None = None
    queue: asyncio.Queue[bytes] = field(default_factory=lambda: asyncio.Queue(QUEUE_KEEP))
    sent: collections.deque[float] = field(default_factory=collections.deque)
    reported: set[int] = field(default_factory=set)
    opened: asyncio.Event = field(default_factory=asyncio.Event)  # the first state was sent

    def senders(self) -> list[tuple[str, int]]:
        """Who this connection's messages count against, and how many each may send
        in :data:`RATE_WINDOW` seconds: its person (else the connection itself) and
        its address."""
        out = [(f"p:{self.person}" if self.person else f"c:{id(self)}", RATE_COUNT)]
        if self.address is not None:
            out.append((f"a:{self.address}", ADDRESS_COUNT))
        return out

    def push(self, frame: bytes) -> None:
        """Queue a frame for the connection (dropping the oldest one when it lags)."""
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(frame)

    async def forward(self, send: Callable[[bytes], Awaitable[None]]) -> None:
        """Send the queued frames until cancelled (once :attr:`opened` is set: a
        connection's first frame is always its ``state``)."""
        await self.opened.wait()
        while True:
            await send(await self.queue.get())


@dataclass
class Room:
    """One table's chat: its recent messages and who listens."""

    seq: int = 0
    recent: collections.deque[dict[str, Any]] = field(
        default_factory=lambda: collections.deque(maxlen=CHAT_KEEP)
    )
    members: dict[int, Listener] = field(default_factory=dict)
    # the times of recent messages, by sender (``Listener.senders``)
    sent: dict[str, collections.deque[float]] = field(default_factory=dict)

    def allow(self, listener: Listener, now: float) -> int | None:
        """Count a message of ``listener`` when each of its senders is under its limit;
        else the limit it reached (nothing is counted)."""
        windows = []
        for key, most in listener.senders():
            times = self.sent.get(key)
            if times is None:
                times = self.sent[key] = collections.deque()
            while times and now - times[0] >= RATE_WINDOW:
                times.popleft()
            if len(times) >= most:
                return most
            windows.append(times)
        for times in windows:
            times.append(now)
        if len(self.sent) > SENDERS_KEEP:  # forget the senders gone quiet
            for key in [k for k, t in self.sent.items() if not t or now - t[-1] >= RATE_WINDOW]:
                del self.sent[key]
        return None


class Chat:
    """The chat of every table (memory only)."""

    def __init__(self, host: TableManager) -> None:
        self.host = host
        self.rooms: collections.OrderedDict[str, Room] = collections.OrderedDict()

    def _room(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is None:
            room = self.rooms[table_id] = Room()
            self._trim()
        self.rooms.move_to_end(table_id)
        return room

    def _trim(self) -> None:
        for tid in list(self.rooms):
            if len(self.rooms) <= ROOMS_KEEP:
                return
            if not self.rooms[tid].members:
                del self.rooms[tid]

    def listen(
        self,
        table: LiveTable,
        sub: Subscriber,
        person: str | None = None,
        address: str | None = None,
    ) -> Listener:
        """A connection joins the table's chat (``person``: its browser's person, if
        any; ``address``: its client's); the recent chat (if any) is its first chat
        frame."""
        listener = Listener(table, sub, person, address)
        room = self._room(table.id)
        room.members[id(listener)] = listener
        if room.recent:
            history = {"type": "chat_history", "messages": list(room.recent)}
            listener.push(orjson.dumps(history))
        return listener

    def leave(self, listener: Listener) -> None:
        """A connection went."""
        room = self.rooms.get(listener.table.id)
        if room is not None:
            room.members.pop(id(listener), None)

    def forget(self, table_id: str) -> None:
        """The table is closed for good: drop its chat."""
        self.rooms.pop(table_id, None)

    def speaker(self, listener: Listener) -> dict[str, Any]:
        """Who speaks on this connection: ``{seat, name}`` (a seat's name as people
        read it; ``Spectator`` for anyone without a seat)."""
        table, sub = listener.table, listener.sub
        seat = sub.seat
        if seat is not None and self.host.seating.holds_seat(table, sub):
            return {"seat": seat, "name": table.names()[seat]}
        return {"seat": None, "name": "Spectator"}

    def say(self, listener: Listener, raw: Any) -> dict[str, Any]:
        """Send a message to everyone at the table; the ack's fields (``n``)."""
        if listener.table.status == "closed":
            raise ApiError(409, "table-closed", "This table is closed; chat has ended.")
        text = clean_text(raw)
        room = self._room(listener.table.id)
        most = room.allow(listener, self.host.settings.clock.now())
        if most is not None:
            raise ApiError(
                429,
                "chat-rate",
                say="api.error.chat-rate.count",
                params={"count": most, "seconds": f"{RATE_WINDOW:.0f}"},
            )
        room.seq += 1
        message = {
            "type": "chat",
            "from": self.speaker(listener),
            "text": text,
            "at": time.time(),
            "n": room.seq,
        }
        room.recent.append(message)
        frame = orjson.dumps(message)
        for member in room.members.values():
            member.push(frame)
        return {"n": room.seq}

    def report(self, listener: Listener, n: Any) -> dict[str, Any]:
        """Keep a message in the operator's log; the ack's fields (a sentence)."""
        room = self.rooms.get(listener.table.id)
        found = None
        if room is not None and isinstance(n, int):
            found = next((m for m in room.recent if m["n"] == n), None)
        if found is None:
            msg = "That message is no longer kept; it cannot be reported."
            raise ApiError(404, "chat-gone", msg)
        if n not in listener.reported:
            listener.reported.add(n)
            by = self.speaker(listener)
            log.warning(
                "chat report at table %s: message %d from %s (seat %s) at %.0f: %r; reported by %s",
                listener.table.id,
                n,
                found["from"]["name"],
                found["from"]["seat"],
                found["at"],
                found["text"],
                by["name"],
            )
        return {"reported": n, "message": "Thank you. The message was reported to the operator."}
