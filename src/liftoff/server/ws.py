"""The WebSocket of a seat or a spectator.

Protocol (JSON text frames):

- client → server, first: ``{"type": "hello", "token": "…"}`` (a seat) or
  ``{"type": "hello"}`` (a spectator), with ``"lang": "ja"`` for frames whose
  narrated log, ending and refusals speak that language (English when it has
  no catalogue);
- server → client: ``{"type": "state", …}`` after every change: the table, the
  ``version``, the recipient's ``view``, their ``legal`` actions as
  ``[{"text", "description"}]``, ``undo`` (may they take back), their last
  ``refusal`` (rule id and ``rule_text``), and the new game-log lines (``log``,
  each narrated for the recipient: ``lines`` and ``events``; ``log_reset`` when
  the whole log is sent again);
- client → server: ``{"type": "act", "action": "…", "version": n, "id": any}``
  answered by ``{"type": "ack", "id", "version"}`` or
  ``{"type": "error", "id", "status", "error", "message", "words", "rule",
  "rule_text"}`` (``words`` and ``rule_text`` in the hello's language);
  ``{"type": "undo", "id"}`` likewise; ``{"type": "ping"}`` → ``{"type": "pong"}``;
- chat (``tables.chat``, memory only, never to bots nor in records): after the
  first ``state`` the server sends ``{"type": "chat_history", "messages":
  [chat, …]}`` (the table's recent chat, when there is some), then every
  message said at the table to every connection:
  ``{"type": "chat", "from": {"seat": n | null, "name": "…"}, "text": "…",
  "at": epoch seconds, "n": sequence}``; the client says
  ``{"type": "chat", "text": "…", "id"}`` (1–300 characters, at most 5 per
  10 s) → ``{"type": "ack", "id", "n"}`` or an ``error`` with a sentence, and
  reports one with ``{"type": "report", "n", "id"}`` → ``{"type": "ack", "id",
  "reported", "message"}`` (kept in the operator's log).

Each connection has its own rate limit, which every frame counts against (binary
frames are answered with an error; a client that keeps going too fast is hung up
on, 1008); oversized frames close it (1009). Each client address may hold
``Settings.max_ws_per_address`` sockets at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from liftoff.i18n import asked

from .cluster.forward import Outgoing
from .cluster.relay import TRY_AGAIN, relay
from .errors import ApiError
from .persons import caller_of
from .ratelimit import RELAYED, TokenBucket, client_address, is_loopback
from .tables import LiveTable, Subscriber, TableManager, state_message
from .tables.chat import Listener
from .tables.play import check_version, submission_key


async def _frame(ws: WebSocket) -> str | bytes | None:
    """The next frame's payload (text or bytes), or ``None`` when the socket closed."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text)
    return bytes(message.get("bytes") or b"")


def _id_of(frame: str | bytes) -> Any:
    """The ``id`` of a small JSON message (to answer it even when refusing it)."""
    if isinstance(frame, bytes) or len(frame) > 1024:
        return None
    try:
        msg = orjson.loads(frame)
    except orjson.JSONDecodeError:
        return None
    return msg.get("id") if isinstance(msg, dict) else None


async def table_socket(ws: WebSocket, table_id: str, manager: TableManager) -> None:
    """Serve one WebSocket connection to a table."""
    settings, member = manager.settings, manager.member
    if member is not None and ws.scope.get(RELAYED):
        # another member relays one of its clients (counted against its quota there)
        await _serve_socket(ws, table_id, manager, None)
        return
    address = client_address(ws.scope, settings.trusted_proxies)
    if not await manager.quotas.open_socket(address):
        # over the per-address cap: refuse the handshake (HTTP 403), costs nothing
        await ws.close(1013)
        return
    try:
        await _serve_socket(ws, table_id, manager, address)
    finally:
        manager.quotas.close_socket(address)


async def _serve_socket(
    ws: WebSocket,
    table_id: str,
    manager: TableManager,
    address: str | None,
) -> None:
    """Serve an accepted socket (``address``: its client's, ``None`` for a relayed one,
    whose client the relaying member vouches for with its pass)."""
    await ws.accept()
    client = address or client_address(ws.scope, manager.settings.trusted_proxies)
    conn = _Connection(ws, table_id, manager, client)
    greeted = await conn.hello()
    if greeted is None:
        return
    table, seat, token = greeted
    if table.realtime and table is manager.replicas.get(table.id):
        if address is None:  # relayed here, but not (or no longer) played here
            await ws.close(TRY_AGAIN)
        else:  # its driver runs on its owner: relay the socket there
            assert manager.member is not None  # replicas are a cluster's
            await relay(ws, table.id, conn.first, manager.member, address)
        return
    seating = manager.seating
    sub = seating.connect(table, seat, token)
    sub.lang = conn.lang
    person = await manager.persons.find(caller_of(ws).key)
    speaker: str | None = conn.client
    if manager.settings.exempt_loopback and is_loopback(conn.client):
        speaker = None  # the load generator's exemption from per-address limits
    conn.chat = manager.chat.listen(table, sub, person, speaker)
    pusher = asyncio.create_task(conn.pump(table, sub))
    chatter = asyncio.create_task(conn.chat.forward(conn.send))
    try:
        await conn.serve(sub, token)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        for task in (pusher, chatter):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        manager.chat.leave(conn.chat)
        seating.disconnect(table, sub)


class _Connection:
    """One accepted WebSocket: its hello, its pushed frames and its messages."""

    def __init__(self, ws: WebSocket, table_id: str, manager: TableManager, client: str) -> None:
        self.ws = ws
        self.table_id = table_id
        self.manager = manager
        self.client = client  # its client's address
        self.settings = manager.settings
        self.chat: Listener | None = None  # the connection's chat, once greeted
        self.lang = "en"  # the language of its frames (the hello's ``lang``)
        self.first = ""  # the hello, as it came

    async def send(self, data: bytes) -> None:
        # no lock needed: each send writes one whole frame without yielding in between
        await self.ws.send_text(data.decode())

    def error(self, err: ApiError, msg_id: Any = None) -> bytes:
        """An ``error`` frame answering message ``msg_id``, its words in the
        connection's language."""
        return orjson.dumps(
            {"type": "error", "id": msg_id, "status": err.status, **err.to_json(self.lang)}
        )

    async def fail(self, err: ApiError, code: int) -> None:
        with contextlib.suppress(Exception):
            frame = {"type": "error", "status": err.status, **err.to_json(self.lang)}
            await self.send(orjson.dumps(frame))
            await self.ws.close(code)

    async def hello(self) -> tuple[LiveTable, int | None, str | None] | None:
        """The table, the seat (``None``: a spectator) and the token of the hello
        (``None`` when the connection ends instead)."""
        settings, ws = self.settings, self.ws
        try:
            first = await asyncio.wait_for(_frame(ws), timeout=settings.hello_timeout)
            if first is None:
                return None
            if isinstance(first, bytes):
                err = ApiError(400, "binary", "send JSON text frames, not binary ones")
                await self.fail(err, 4400)
                return None
            self.first = first
            hello = orjson.loads(first) if len(first) <= settings.max_body else None
            if isinstance(hello, dict):  # its refusals speak the hello's language too
                self.lang = asked(hello.get("lang"))
            if not isinstance(hello, dict) or hello.get("type") != "hello":
                err = ApiError(400, "bad-hello", 'start with {"type": "hello", "token": …}')
                await self.fail(err, 4400)
                return None
            table = await self.manager.get(self.table_id)
            token = hello.get("token")
            token = token if isinstance(token, str) else None
            seat = self.manager.seating.recipient_of(table, token)
            if seat is not None:  # this browser's person holds the seat (one per table)
                await self.manager.hold(self.table_id, token, caller_of(ws), self.client, self.lang)
        except ApiError as err:
            await self.fail(err, 4000 + err.status)
            return None
        except (WebSocketDisconnect, TimeoutError, orjson.JSONDecodeError):
            with contextlib.suppress(Exception):
                await ws.close(4400)
            return None
        return table, seat, token

    async def pump(self, table: LiveTable, sub: Subscriber) -> None:
        """Send a ``state`` frame after every change of the table."""
        seating = self.manager.seating
        watch_delay = self.settings.watch_delay
        while True:
            await sub.wake.wait()
            if sub.seat is not None and not seating.holds_seat(table, sub):
                seating.unseat(table, sub.seat)
            if watch_delay > 0 and (
                sub.seat is None or sub.seat not in table.state.active_players()
            ):
                # someone else is playing: let a few of their actions arrive, send one frame
                await asyncio.sleep(watch_delay)
            sub.wake.clear()
            async with table.lock:  # never between an action and its commit
                frame = state_message(table, sub)
            await self.send(frame)
            if self.chat is not None:
                self.chat.opened.set()  # chat may follow the first state

    async def serve(self, sub: Subscriber, token: str | None) -> None:
        """Answer the client's messages until it goes (or is hung up on)."""
        settings, ws = self.settings, self.ws
        bucket = TokenBucket(settings.ws_rate, settings.ws_burst) if settings.ws_rate > 0 else None
        refused = 0  # frames refused in a row for going too fast
        while True:
            frame = await _frame(ws)
            if frame is None:
                break
            if len(frame) > settings.max_body:
                await ws.close(1009)
                break
            # every frame counts against the rate, whatever it holds
            if bucket is not None and not bucket.take():
                refused += 1
                if refused > max(50.0, 4 * settings.ws_burst):  # it never slows down: hang up
                    await ws.close(1008)
                    break
                err = ApiError(429, "rate-limited", "too many messages; slow down")
                await self.send(self.error(err, _id_of(frame)))
                continue
            refused = 0
            if isinstance(frame, bytes):
                err = ApiError(400, "binary", "send JSON text frames, not binary ones")
                await self.send(self.error(err))
                continue
            await self.answer(frame, sub, token)

    async def answer(self, frame: str, sub: Subscriber, token: str | None) -> None:
        """Answer one text message: ``ping``, ``act``, ``undo``, ``chat`` or ``report``."""
        msg_id: Any = None
        try:
            msg = orjson.loads(frame)
            if not isinstance(msg, dict):
                raise ApiError(400, "bad-message", "messages are JSON objects")
            msg_id = msg.get("id")
            kind = msg.get("type")
            if kind == "ping":
                await self.send(orjson.dumps({"type": "pong", "id": msg_id}))
                return
            if kind in ("chat", "report") and self.chat is not None:
                chat = self.manager.chat
                if kind == "chat":
                    result = chat.say(self.chat, msg.get("text"))
                else:
                    result = chat.report(self.chat, msg.get("n"))
                await self.send(orjson.dumps({"type": "ack", "id": msg_id, **result}))
                return
            if kind not in ("act", "undo"):
                raise ApiError(
                    400,
                    "bad-message",
                    say="api.error.bad-message.type",
                    params={"kind": repr(kind)},
                )
            if sub.seat is None:
                raise ApiError(403, "spectator", "spectators cannot act")
            manager, table_id = self.manager, self.table_id
            if kind == "act":
                action = msg.get("action")
                if not isinstance(action, str):
                    raise ApiError(422, "bad-action", "action must be a text")
                version = msg.get("version")
                answer = await self._at_owner(token, "actions", action, version, msg_id)
                if answer is None:
                    answer = await manager.act(table_id, token, action, version, msg_id)
            else:
                answer = await self._at_owner(token, "undo")
                if answer is None:
                    answer = await manager.undo(table_id, token)
            await self.send(orjson.dumps({"type": "ack", "id": msg_id, **answer}))
        except ApiError as err:
            await self.send(self.error(err, msg_id))
        except orjson.JSONDecodeError:
            await self.send(self.error(ApiError(400, "bad-json", "not JSON")))

    async def _at_owner(
        self,
        token: str | None,
        route: str,
        action: str | None = None,
        version: Any = None,
        msg_id: Any = None,
    ) -> dict[str, Any] | None:
        """In a cluster, an ``act`` or ``undo`` at a table another member owns: sent
        on to it as the REST request that does the same (``route``), its answer
        (``None``: this member plays the table). The REST request's checks come
        first here, so that a bad message is refused as the socket refuses it."""
        manager, table_id = self.manager, self.table_id
        if manager.member is None or manager.cluster.plays(table_id):
            return None
        manager.check_fit()
        body: bytes = b""
        if action is not None:
            check_version(version)
            assert version is not None
            submission_key(0, msg_id, version, action)  # a bad id is refused here
            if not action.strip() or len(action) > 400:
                raise ApiError(422, "bad-action", "an action is a non-empty text")
            said = {"action": action, "version": version}
            if msg_id is not None and not isinstance(msg_id, bool):  # a bool is no id
                said["id"] = msg_id
            body = orjson.dumps(said)
        headers = [(b"content-type", b"application/json")]
        if token:
            headers.append((b"authorization", f"Bearer {token}".encode()))
        request = Outgoing(
            method="POST",
            path=f"/api/tables/{table_id}/{route}",
            client=self.client,
            query=f"lang={self.lang}".encode(),
            headers=headers,
            body=body,
        )
        answer = await manager.cluster.at_owner(table_id, request)
        if answer is None:
            return None
        if answer.status >= 400:
            raise answer.refusal()
        found = answer.json()
        return found if isinstance(found, dict) else {"ok": True}
