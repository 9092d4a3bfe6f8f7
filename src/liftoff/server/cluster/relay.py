"""A WebSocket relayed to the table's owner: how a member serves a real-time table
another member plays.

A real-time (race) table's driver runs on its owner only, and its frames follow
the driver's clock, so no replica read from the database can follow it. The member
the client reached opens a WebSocket of its own to the owner, sends it the
client's hello, and passes every frame through, both ways, until either side
closes. The owner sees an ordinary connection (its seat, its presence, its frames)
from the client's address, which the relaying member vouches for with a relay
pass (:mod:`.passes`), and with the client's cookies and person token; the
relaying member has already counted it against that address's socket quota.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .passes import RELAY_HEADER

if TYPE_CHECKING:
    from .member import Member

#: a close code for "reconnect": the owner went away, or is not reachable yet
TRY_AGAIN = 1012
OPEN_TIMEOUT = 5.0  # seconds to reach the owner
#: the client's handshake headers its socket to the owner carries too: its cookies
#: and an API client's person token (the owner binds and counts its person)
CLIENTS_OWN = ("cookie", "x-liftoff-person")


def socket_url(address: str, table_id: str) -> str:
    """The WebSocket URL of a table on a member reached at ``address`` (http[s]://…)."""
    base = address.rstrip("/")
    if base.startswith("https://"):
        base = "wss://" + base[len("https://") :]
    elif base.startswith("http://"):
        base = "ws://" + base[len("http://") :]
    return f"{base}/ws/tables/{table_id}"


def _close_code(code: int | None) -> int:
    """The code to close the client's socket with when the owner's closed with ``code``
    (codes that may not be sent, or an abnormal end, become "reconnect")."""
    if code is None or code in (1005, 1006, 1015) or not 1000 <= code <= 4999:
        return TRY_AGAIN
    return code


async def relay(ws: WebSocket, table_id: str, hello: str, member: Member, client: str) -> None:
    """Serve an accepted client socket ``ws`` (whose first frame was ``hello``) by
    relaying it to the owner of ``table_id``; the client reconnects when it ends."""
    import websockets
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    owner = await member.owner_of(table_id)
    if owner is not None and await member.take_from_gone(table_id, owner):
        if member.manager is not None:  # its owner died: it is played here now
            await member.manager.cluster.adopt(table_id)
        await _close(ws, TRY_AGAIN)
        return
    address = await member.address_of(owner) if owner is not None else None
    if address is None or member.passes is None:
        await _close(ws, TRY_AGAIN)  # the owner is gone: a takeover follows
        return
    url = socket_url(address, table_id)
    try:
        relay_pass = await member.passes.issue(client, f"/ws/tables/{table_id}")
    except Exception:  # Redis out of reach: nobody can vouch for it now
        await _close(ws, TRY_AGAIN)
        return
    headers = {RELAY_HEADER: relay_pass}
    for name in CLIENTS_OWN:  # who the client is (its person), as it said on its socket
        value = ws.headers.get(name)
        if value:
            headers[name] = value
    try:
        async with websockets.connect(
            url,
            additional_headers=headers,
            open_timeout=OPEN_TIMEOUT,
            max_size=None,
            compression=None,
        ) as up:
            await up.send(hello)
            code = await _pass_through(ws, up)
    except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed):
        code = TRY_AGAIN
    await _close(ws, _close_code(code))


async def _pass_through(ws: WebSocket, up: Any) -> int | None:
    """Pass frames both ways until one side closes; the owner's close code, if it closed."""
    down = asyncio.create_task(_owner_to_client(up, ws))
    back = asyncio.create_task(_client_to_owner(ws, up))
    try:
        await asyncio.wait({down, back}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (down, back):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
    if back.done() and not back.cancelled() and back.exception() is None:
        return 1000  # the client went: nothing to tell it
    return up.close_code if up.close_code is not None else None


async def _owner_to_client(up: Any, ws: WebSocket) -> None:
    async for frame in up:
        if isinstance(frame, str):
            await ws.send_text(frame)
        else:
            await ws.send_bytes(bytes(frame))


async def _client_to_owner(ws: WebSocket, up: Any) -> None:
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            await up.close()
            return
        text = message.get("text")
        await up.send(text if text is not None else bytes(message.get("bytes") or b""))


async def _close(ws: WebSocket, code: int) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, Exception):
        await ws.close(code)
