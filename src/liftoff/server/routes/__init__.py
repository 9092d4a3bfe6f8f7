"""The server's routes, one ``fastapi.APIRouter`` per resource.

========= ====================================================================
games     ``/api/games``: games, options, bots, rule texts, glossaries
tables    ``/api/tables``: the lobby, creating a table, a table
seats     join, leave, rematch
timeouts  the time-out policy: the others' choice, taking a seat back
play      your view, acting, undo
replay    a finished game's record and replay
tutorials ``/api/tutorials``: each game's interactive first game, starting one
days      ``/api/vacation``, ``/api/ratings``: play over days, ratings, leaderboards
account   ``/api/account/…``, ``/api/unsubscribe``: turn mails, export, deletion
health    ``/api/health``
admin     ``/api/admin``: the operator's routes
socket    ``/ws/tables/{id}``: a table's WebSocket
pages     the browser pages
========= ====================================================================

Routes reach the running app's :class:`~liftoff.server.tables.TableManager`
through the ``Manager`` dependency (``app.state.manager``).

In a cluster every route that changes a table is answered by the table's owner:
each router is made by :func:`~.common.make_router`, whose routes send such a
request on to the owner (:class:`~.common.TableRoute`). A route that changes
something without naming a table in its path is listed in
:data:`OWNER_INDEPENDENT` with the reason; a test fails for any other.
"""

from __future__ import annotations

from fastapi import APIRouter

from . import (
    account,
    admin,
    days,
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
    days.router,
    account.router,
    health.router,
    admin.router,
    socket.router,
    pages.router,
)

#: the routes that change something but no table another member may own, and why
#: (every other route that is not a read has ``{table_id}`` in its path and goes to
#: that table's owner)
OWNER_INDEPENDENT: dict[tuple[str, str], str] = {
    ("POST", "/api/tables"): "a new table is made, and owned, by the member that is asked",
    ("POST", "/api/tutorials/{game}"): "a new tutorial table, likewise",
    ("POST", "/api/admin/ratings/{game}/bots"): "bots' games played apart from any table",
    ("POST", "/api/sign-in"): "a person's sign-in link, stored for every member",
    ("POST", "/api/sign-in/finish"): "a person signs in to an account, stored likewise",
    ("POST", "/api/sign-out"): "a person signs out, stored likewise",
    ("POST", "/api/account/mails"): "an account's setting, stored for every member",
    ("POST", "/api/unsubscribe/{token}"): "an account's setting, stored likewise",
    ("POST", "/api/account/delete"): (
        "an account is deleted for every member; the names at the tables this member"
        " holds change at once"
    ),
    ("POST", "/api/vacation"): (
        "a person's vacation is stored for every member; each pauses the clocks of the"
        " tables it plays (and of those it loads later)"
    ),
}

__all__ = ["OWNER_INDEPENDENT", "ROUTERS"]
