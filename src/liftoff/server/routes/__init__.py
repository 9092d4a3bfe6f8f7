"""The server's routes, one ``fastapi.APIRouter`` per resource.

========= ====================================================================
games     ``/api/games``: games, options, bots, rule texts, glossaries
tables    ``/api/tables``: the lobby, creating a table, a table
seats     join, leave, rematch
timeouts  the time-out policy: the others' choice, taking a seat back
play      your view, acting, undo
replay    a finished game's record and replay
tutorials ``/api/tutorials``: each game's interactive first game, starting one
health    ``/api/health``
admin     ``/api/admin``: the operator's routes
socket    ``/ws/tables/{id}``: a table's WebSocket
pages     the browser pages
========= ====================================================================

Routes reach the running app's :class:`~liftoff.server.tables.TableManager`
through the ``Manager`` dependency (``app.state.manager``).
"""

from __future__ import annotations

from fastapi import APIRouter

from . import (
    admin,
    games,
    health,
    pages,
    play,
    replay,
    seats,
    socket,
    tables,
    timeouts,
    tutorials,
)

#: every router, in the order the app includes them (the OpenAPI paths follow it)
ROUTERS: tuple[APIRouter, ...] = (
    games.router,
    tables.router,
    seats.router,
    timeouts.router,
    play.router,
    replay.router,
    tutorials.router,
    health.router,
    admin.router,
    socket.router,
    pages.router,
)

__all__ = ["ROUTERS"]
