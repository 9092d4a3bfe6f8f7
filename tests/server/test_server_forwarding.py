"""Every route that changes something reaches the table's owner in a cluster, or
says why it need not: the app's routes are enumerated, and a route that changes
something (any method but a read) must either go to the owner of the table in its
path (:class:`~liftoff.server.routes.common.TableRoute`) or be listed in
``OWNER_INDEPENDENT`` with its reason. A route added later without either fails
here (shown with one made for the test). The behaviour through a member that does
not own the table is tested black-box in ``test_cluster_routes.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute

from liftoff.server.app import create_app
from liftoff.server.routes import OWNER_INDEPENDENT, ROUTERS
from liftoff.server.routes.common import READS, TableRoute, make_router


def _routes(routes: list[BaseRoute]) -> list[BaseRoute]:
    """Every route of an app, those of its included routers too."""
    out: list[BaseRoute] = []
    for route in routes:
        included = getattr(route, "original_router", None)
        if included is not None:
            out += _routes(list(included.routes))
        else:
            out.append(route)
    return out


def _unanswered(app: FastAPI) -> list[str]:
    """The routes that change something, name no table's owner to answer them, and
    are not listed as owner-independent; also the listed ones that are no route."""
    problems: list[str] = []
    changing: set[tuple[str, str]] = set()
    for route in _routes(list(app.routes)):
        if isinstance(route, APIRoute):
            for method in sorted(set(route.methods) - READS):
                changing.add((method, route.path))
                if (method, route.path) in OWNER_INDEPENDENT:
                    continue
                if not (isinstance(route, TableRoute) and route.forwards):
                    problems.append(f"{method} {route.path} does not reach the table's owner")
        elif isinstance(route, (APIWebSocketRoute, WebSocketRoute)):
            # its act and undo go to the owner (ws.py), race sockets are relayed there
            if route.path != "/ws/tables/{table_id}":
                problems.append(f"socket {route.path}: nobody said how it reaches the owner")
        elif isinstance(route, Mount):
            if route.path != "/static":
                problems.append(f"mount {route.path}: nobody said it only reads")
        elif isinstance(route, Route):
            if set(route.methods or ()) - READS:
                problems.append(f"{route.path} changes something outside the routers")
        else:
            problems.append(f"{route!r}: a route of an unknown kind")
    problems += [
        f"{m} {p} is listed but is no route" for m, p in OWNER_INDEPENDENT if (m, p) not in changing
    ]
    return problems


def _app(tmp_path: Path) -> FastAPI:
    return create_app(f"sqlite+aiosqlite:///{tmp_path / 'routes.db'}")


def test_every_route_that_changes_a_table_reaches_its_owner(tmp_path: Path) -> None:
    app = _app(tmp_path)
    assert _unanswered(app) == []
    forwarded = {
        (m, r.path)
        for r in _routes(list(app.routes))
        if isinstance(r, TableRoute) and r.forwards
        for m in set(r.methods) - READS
    }
    # the routes of the issue: seats, seat links, names, time-outs, the operator's
    assert {
        ("POST", "/api/tables/{table_id}/join"),
        ("POST", "/api/tables/{table_id}/leave"),
        ("POST", "/api/tables/{table_id}/actions"),
        ("POST", "/api/tables/{table_id}/undo"),
        ("POST", "/api/tables/{table_id}/seat-link/renew"),
        ("POST", "/api/tables/{table_id}/name"),
        ("POST", "/api/tables/{table_id}/timeout"),
        ("POST", "/api/tables/{table_id}/reclaim"),
        ("POST", "/api/tables/{table_id}/rematch"),
        ("POST", "/api/tables/{table_id}/hint"),
        ("POST", "/api/admin/tables/{table_id}/close"),
        ("DELETE", "/api/admin/tables/{table_id}"),
    } <= forwarded
    # every router of the app is one of the server's, made to reach the owner
    for router in ROUTERS:
        assert router.route_class is TableRoute


def test_a_route_added_later_cannot_forget_the_owner(tmp_path: Path) -> None:
    app = _app(tmp_path)

    async def endpoint(table_id: str) -> dict[str, Any]:
        return {}

    # on one of the app's routers it goes to the owner by itself
    ours = make_router("test")
    ours.post("/api/tables/{table_id}/paint")(endpoint)
    app.include_router(ours)
    assert _unanswered(app) == []
    # a router made otherwise, or a route with no table in its path, is caught
    theirs = APIRouter()
    theirs.post("/api/tables/{table_id}/polish")(endpoint)
    theirs.put("/api/everything")(endpoint)
    app.include_router(theirs)
    assert sorted(_unanswered(app)) == [
        "POST /api/tables/{table_id}/polish does not reach the table's owner",
        "PUT /api/everything does not reach the table's owner",
    ]
