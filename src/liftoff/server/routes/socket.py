"""``/ws/tables/{id}``: a table's WebSocket (the protocol is in ``server.ws``)."""

from __future__ import annotations

from fastapi import WebSocket

from ..tables import TableManager
from ..ws import table_socket
from .common import make_router

router = make_router()


@router.websocket("/ws/tables/{table_id}")
async def socket(ws: WebSocket, table_id: str) -> None:
    manager: TableManager = ws.app.state.manager
    await table_socket(ws, table_id, manager)
