"""The ASGI application: the REST API, the WebSockets and the browser pages.

``create_app(db_url)`` builds it; ``liftoff serve`` runs it with uvicorn. The
REST API is documented at ``/docs`` (OpenAPI at ``/openapi.json``). The routes
live in :mod:`liftoff.server.routes`, one router per resource; this module
wires them to the table manager, the database and the limits.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import orjson
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

import liftoff

from .cluster.passes import RelayMiddleware
from .errors import ApiError
from .health import Lease
from .logsafety import guard
from .ratelimit import LimitMiddleware
from .reader import reader_language
from .routes import ROUTERS
from .routes.pages import static_files
from .storage import Store
from .tables import Settings, TableManager

if TYPE_CHECKING:
    from .cluster import Member

DESCRIPTION = (
    "Play the Lift Off games online. Create a table, join a seat (the answer "
    "holds the seat's token: send it as `Authorization: Bearer <token>`), then act "
    "with REST or over the table's WebSocket `/ws/tables/{id}` which pushes your "
    "view after every change."
)

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'"
)


def _json(data: Any, status: int) -> Response:
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


def create_app(
    db_url: str,
    *,
    settings: Settings | None = None,
    db_schema: str | None = None,
    redis_url: str | None = None,
) -> FastAPI:
    """The server application on the database at ``db_url``.

    ``db_schema`` (PostgreSQL) puts every table in that schema (tests use it).
    Migrations are applied and unfinished games rebuilt when the app starts.
    ``redis_url`` makes the server a member of a cluster (PostgreSQL only): it
    shares the database with the other members and owns tables by lease (see
    :mod:`liftoff.server.cluster`) instead of taking the whole database.
    """
    guard()  # seat tokens are masked in every log record, even at debug level
    settings = settings or Settings()
    store = Store(db_url, schema=db_schema)
    manager = TableManager(store, settings)
    lease = Lease(store, settings.lease_ttl, manager.errors)
    member = _member(store, redis_url, settings)
    manager.member = member

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await store.start()
        try:
            if member is None:
                await lease.take()  # the write check, and one server per database
            else:
                await member.connect()  # a cluster: leases per table instead
        except BaseException:
            await store.close()
            raise
        await manager.start()
        if member is not None:
            member.start(manager)
        _tune_gc()
        try:
            yield
        finally:
            await manager.close()
            if member is not None:
                await member.close()
            await lease.release()
            await store.close()

    app = FastAPI(
        title="liftoff server",
        version=liftoff.__version__ if hasattr(liftoff, "__version__") else "0",
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # FastAPI's pages load scripts from a CDN; /docs is served by pages
        redoc_url=None,
    )
    app.state.manager = manager
    app.state.store = store
    # the health check renews the database's lease (one server), or looks at what a
    # member's last round found (a cluster)
    app.state.lease = lease
    app.state.member = member
    app.mount("/static", static_files(), name="static")
    _handle_errors(app)
    app.middleware("http")(_security_headers)
    for router in ROUTERS:
        app.include_router(router)
    app.add_middleware(
        LimitMiddleware,
        max_body=settings.max_body,
        rate=settings.http_rate,
        burst=settings.http_burst,
        body_timeout=settings.body_timeout,
        max_in_flight=settings.max_requests_per_address,
        trusted_proxies=settings.trusted_proxies,
        exempt_loopback=settings.exempt_loopback,
    )
    if member is not None:
        # outermost: the limits count a relayed request's client, whom a pass vouches for
        app.add_middleware(RelayMiddleware, passes=lambda: member.passes)
    return app


def _tune_gc() -> None:
    """The server allocates many short-lived dicts (views, messages): collect the
    young generation less often, and keep start-up objects out of full scans."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def _member(store: Store, redis_url: str | None, settings: Settings) -> Member | None:
    """This server as a cluster member (``redis_url`` given), else ``None``."""
    if redis_url is None:
        return None
    from .cluster import Member

    return Member(
        store,
        redis_url,
        settings.table_lease_ttl,
        settings.member_address,
        cluster=settings.cluster_name,
    )


def _handle_errors(app: FastAPI) -> None:
    """Every refusal as ``{"error", "message", …}`` JSON."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        return _refused(request, exc)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in e.get('loc', ()))}: {e.get('msg', '')}"
            for e in exc.errors()[:5]
        )
        # the details are the validator's (English, for API clients); people read a sentence
        err = ApiError(422, "invalid", problems or "invalid request", words="Invalid request.")
        return _refused(request, err)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        return _refused(request, ApiError(exc.status_code, "http", str(exc.detail)))


def _refused(request: Request, err: ApiError) -> Response:
    """A refusal as JSON: ``words`` in the reader's language (as the routes answer:
    ``?lang``, cookie, ``Accept-Language``), ``message`` in English."""
    lang = request.query_params.get("lang")
    return _json(err.to_json(reader_language(request, lang[:35] if lang else None)), err.status)


async def _security_headers(request: Request, call_next: Any) -> Response:
    """Headers that keep browsers from sniffing, framing and loading foreign scripts."""
    response: Response = await call_next(request)
    response.headers["x-content-type-options"] = "nosniff"
    response.headers["referrer-policy"] = "no-referrer"
    response.headers["x-frame-options"] = "DENY"
    if response.headers.get("content-type", "").startswith("text/html"):
        response.headers["content-security-policy"] = CSP
    return response
