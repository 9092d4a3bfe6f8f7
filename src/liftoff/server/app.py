"""The ASGI application: the REST API, the WebSockets and the browser pages.

``create_app(db_url)`` builds it; ``liftoff serve`` runs it with uvicorn. The
REST API is documented at ``/docs`` (OpenAPI at ``/openapi.json``).
"""

from __future__ import annotations

import contextlib
import gc
import secrets
import time
from collections.abc import AsyncIterator
from importlib import resources
from typing import Annotated, Any, Literal

import orjson
from fastapi import Depends, FastAPI, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

import liftoff
from liftoff import bots as bot_registry
from liftoff.engine import IllegalAction

from .errors import ApiError
from .health import Lease
from .limits import http_options
from .ratelimit import LimitMiddleware, client_address
from .storage import Store
from .tables import Settings, TableManager
from .ws import table_socket

TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
OptionValueIn = bool | int | float | str


class SeatIn(BaseModel):
    """A seat at a new table: ``you`` (the creator sits here), ``open`` or ``bot``."""

    type: Literal["you", "open", "bot"] = "open"
    bot: str | None = Field(None, max_length=100, description="bot kind, e.g. random")
    speed: str | None = Field(
        None, max_length=16, description="race bots: slow|normal|fast|instant"
    )


class ClockIn(BaseModel):
    """Time per player and extra time per turn (turn-based games)."""

    initial: float = Field(600, ge=1, le=86_400, description="seconds per player")
    increment: float = Field(0, ge=0, le=3_600, description="extra seconds at each turn")


class CreateTableIn(BaseModel):
    """A new table."""

    game: str = Field(..., min_length=1, max_length=32)
    players: int = Field(..., ge=1, le=8)
    options: dict[Annotated[str, Field(max_length=64)], OptionValueIn] = Field(
        default_factory=dict, max_length=32
    )
    seats: list[SeatIn] | None = Field(None, max_length=8)
    clock: ClockIn | None = None
    name: str | None = Field(None, max_length=40, description="your name (for a 'you' seat)")


class JoinIn(BaseModel):
    """Take a seat (the first open one when ``seat`` is missing)."""

    seat: int | None = Field(None, ge=0, le=7)
    name: str | None = Field(None, max_length=40)


class ActionIn(BaseModel):
    """An action as its canonical text, chosen on state ``version`` (required).

    ``id`` (optional, the client's own): a submission repeated with the same id,
    action and version is answered again, never applied twice.
    """

    action: str = Field(..., min_length=1, max_length=400)
    version: int = Field(..., ge=0, le=2**31 - 1)
    id: int | Annotated[str, Field(max_length=64)] | None = None


class SeatOut(BaseModel):
    """A seat and its token (keep it: it is the only key to the seat)."""

    table: str
    seat: int
    token: str


class AckOut(BaseModel):
    """An accepted action or undo: the new state version."""

    ok: bool
    version: int


class ErrorOut(BaseModel):
    """Every refusal: a code, a message, and for an illegal action the rule."""

    error: str
    message: str
    rule: str | None = None
    rule_text: str | None = None
    version: int | None = None


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (401, 403, 404, 409, 413, 422, 429)
}

bearer = HTTPBearer(auto_error=False, description="the seat token from join/create")
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def _token(cred: HTTPAuthorizationCredentials | None) -> str | None:
    return cred.credentials if cred is not None else None


def _json(data: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


def _choices(game_name: str, o: Any, content_sets: dict[str, dict[str, str]]) -> list[Any] | None:
    """An option's choices over HTTP: a free-text one offers its default and the
    content sets the operator installed (see ``limits.http_options``)."""
    if o.choices is not None:
        return list(o.choices)
    if o.kind is str:
        return [o.default, *sorted(content_sets.get(f"{game_name}.{o.name}", {}))]
    return None


def _game_info(name: str, content_sets: dict[str, dict[str, str]]) -> dict[str, Any]:
    game = liftoff.games.get(name)
    info = game.info.to_json()
    info["options"] = [
        {
            "name": o.name,
            "kind": o.kind.__name__,
            "default": o.default,
            "doc": o.doc,
            "choices": _choices(name, o, content_sets),
            "minimum": o.minimum,
            "maximum": o.maximum,
            "rule": o.rule,
        }
        for o in game.options
        if not o.internal
    ]
    info["realtime"] = name == "race"
    return info


def create_app(
    db_url: str,
    *,
    settings: Settings | None = None,
    db_schema: str | None = None,
) -> FastAPI:
    """The server application on the database at ``db_url``.

    ``db_schema`` (PostgreSQL) puts every table in that schema (tests use it).
    Migrations are applied and unfinished games rebuilt when the app starts.
    """
    settings = settings or Settings()
    store = Store(db_url, schema=db_schema)
    manager = TableManager(store, settings)
    web = resources.files("liftoff.server") / "web"
    templates = Jinja2Templates(directory=str(web / "templates"))

    lease = Lease(store, settings.lease_ttl, manager.errors)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await store.start()
        try:
            await lease.take()  # the write check, and one server per database
        except BaseException:
            await store.close()
            raise
        await manager.start()
        # the server allocates many short-lived dicts (views, messages): collect the
        # young generation less often, and keep start-up objects out of full scans
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 20, 20)
        try:
            yield
        finally:
            await manager.close()
            await lease.release()
            await store.close()

    app = FastAPI(
        title="liftoff server",
        version=liftoff.__version__ if hasattr(liftoff, "__version__") else "0",
        description=(
            "Play the Lift Off games online. Create a table, join a seat (the answer "
            "holds the seat's token: send it as `Authorization: Bearer <token>`), then act "
            "with REST or over the table's WebSocket `/ws/tables/{id}` which pushes your "
            "view after every change."
        ),
        lifespan=lifespan,
        docs_url=None,  # FastAPI's pages load scripts from a CDN; /docs is served below
        redoc_url=None,
    )
    app.state.manager = manager
    app.state.store = store
    app.mount("/static", StaticFiles(directory=str(web / "static")), name="static")

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> Response:
        return _json(exc.to_json(), exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> Response:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in e.get('loc', ()))}: {e.get('msg', '')}"
            for e in exc.errors()[:5]
        )
        return _json({"error": "invalid", "message": problems or "invalid request"}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> Response:
        return _json({"error": "http", "message": str(exc.detail)}, exc.status_code)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        response.headers["x-content-type-options"] = "nosniff"
        response.headers["referrer-policy"] = "no-referrer"
        response.headers["x-frame-options"] = "DENY"
        if response.headers.get("content-type", "").startswith("text/html"):
            response.headers["content-security-policy"] = (
                "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'"
            )
        return response

    # -- games ------------------------------------------------------------------------
    @app.get("/api/games", tags=["games"], summary="The games, their options and bots")
    async def games() -> Response:
        return _json(
            {
                "games": [_game_info(n, settings.content_sets) for n in liftoff.games.names()],
                "bots": bot_registry.names(),
                "speeds": _speeds(),
            }
        )

    @app.get(
        "/api/games/{game}/rules/{rule}",
        tags=["games"],
        summary="The text of one rule",
        responses=ERRORS,
    )
    async def rule_text(
        game: Annotated[str, Path(max_length=32)], rule: Annotated[str, Path(max_length=64)]
    ) -> Response:
        try:
            g = liftoff.games.get(game)
        except liftoff.UnknownGame as exc:
            raise ApiError(404, "no-game", str(exc)) from None
        text = g.rule_text(rule)
        if text is None:
            raise ApiError(404, "no-rule", f"no rule {rule!r} in {game}")
        return _json({"rule": rule, "text": text})

    @app.get(
        "/api/games/{game}/glossary",
        tags=["games"],
        summary="Public texts of a game's content names (card id → name and effects)",
        responses=ERRORS,
    )
    async def glossary(game: Annotated[str, Path(max_length=32)]) -> Response:
        try:
            g = liftoff.games.get(game)
        except liftoff.UnknownGame as exc:
            raise ApiError(404, "no-game", str(exc)) from None
        return _json({"game": game, "glossary": dict(g.glossary())})

    # -- tables ----------------------------------------------------------------------------
    @app.get("/api/tables", tags=["tables"], summary="The lobby: open and running tables")
    async def lobby(
        status: Annotated[Literal["live", "over"], Query()] = "live",
    ) -> Response:
        if status == "over":
            rows = await store.list_tables("over", settings.lobby_limit)
            out = [
                {
                    "id": t.id,
                    "game": t.game,
                    "players": t.players,
                    "status": t.status,
                    "seats": [
                        {"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot}
                        for s in t.seats
                    ],
                    "updated_at": t.updated_at,
                    "outcome": t.outcome,
                }
                for t in rows
            ]
            return _json({"tables": out})
        return _json({"tables": manager.lobby()})

    @app.post(
        "/api/tables",
        tags=["tables"],
        summary="Create a table",
        status_code=201,
        responses=ERRORS,
    )
    async def create(body: CreateTableIn, request: Request) -> Response:
        try:
            game = liftoff.games.get(body.game)
        except liftoff.UnknownGame as exc:
            raise ApiError(404, "no-game", str(exc)) from None
        table, seat, token = await manager.create(
            body.game,
            body.players,
            http_options(game, body.options, settings.content_sets),
            [s.model_dump() for s in body.seats] if body.seats is not None else None,
            body.clock.model_dump() if body.clock is not None else None,
            body.name,
            creator=manager.quota_key(client_address(request.scope, settings.trusted_proxies)),
        )
        out: dict[str, Any] = {
            "table": table.public(),
            "warnings": game.option_warnings(table.state.num_players, table.state.options),
        }
        if token is not None:
            out.update(seat=seat, token=token)
        return _json(out, 201)

    @app.get("/api/tables/{table_id}", tags=["tables"], summary="A table", responses=ERRORS)
    async def get_table(table_id: TableId) -> Response:
        table = await manager.get(table_id)
        async with table.lock:  # never an action that is not stored yet
            return _json(table.public())

    @app.post(
        "/api/tables/{table_id}/join",
        tags=["seats"],
        summary="Take a seat; returns its token",
        response_model=SeatOut,
        responses=ERRORS,
    )
    async def join(table_id: TableId, body: JoinIn) -> Response:
        seat, token = await manager.join(table_id, body.seat, body.name)
        return _json({"table": table_id, "seat": seat, "token": token})

    @app.post(
        "/api/tables/{table_id}/leave",
        tags=["seats"],
        summary="Give up your seat",
        response_model=AckOut,
        responses=ERRORS,
    )
    async def leave(table_id: TableId, cred: Token) -> Response:
        await manager.leave(table_id, _token(cred))
        table = await manager.get(table_id)
        return _json({"ok": True, "version": table.state.version})

    @app.get(
        "/api/tables/{table_id}/view",
        tags=["play"],
        summary="Your view (or a spectator's without a token), legal actions and log",
        responses=ERRORS,
    )
    async def view(table_id: TableId, cred: Token) -> Response:
        table = await manager.get(table_id)
        seat = manager.recipient_of(table, _token(cred))
        async with table.lock:
            body = manager.core(table, seat)
            body["log"] = manager.log_for(table, seat)
        return _json(body)

    @app.post(
        "/api/tables/{table_id}/actions",
        tags=["play"],
        summary="Act: the action's text and the version it was chosen on",
        response_model=AckOut,
        responses=ERRORS,
    )
    async def act(table_id: TableId, body: ActionIn, cred: Token) -> Response:
        return _json(await manager.act(table_id, _token(cred), body.action, body.version, body.id))

    @app.post(
        "/api/tables/{table_id}/undo",
        tags=["play"],
        summary="Take back your own last action (no chance drawn, nothing revealed)",
        response_model=AckOut,
        responses=ERRORS,
    )
    async def undo(table_id: TableId, cred: Token) -> Response:
        return _json(await manager.undo(table_id, _token(cred)))

    @app.post(
        "/api/tables/{table_id}/rematch",
        tags=["seats"],
        summary="Start (or join) the rematch of a finished game",
        response_model=SeatOut,
        responses=ERRORS,
    )
    async def rematch(table_id: TableId, cred: Token) -> Response:
        new, seat, token = await manager.rematch(table_id, _token(cred))
        return _json({"table": new.id, "seat": seat, "token": token})

    @app.get(
        "/api/tables/{table_id}/record",
        tags=["replay"],
        summary="The record of a finished game (Game.replay rebuilds it)",
        responses=ERRORS,
    )
    async def record(table_id: TableId) -> Response:
        table = await manager.get(table_id)
        if table.status != "over":
            raise ApiError(403, "in-play", "the record is published when the game is over")
        return _json(table.state.record())

    @app.get(
        "/api/tables/{table_id}/replay",
        tags=["replay"],
        summary="A finished game's view after ``step`` actions, as one seat saw it",
        responses=ERRORS,
    )
    async def replay(
        table_id: TableId,
        step: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
        seat: Annotated[int | None, Query(ge=0, le=7)] = None,
    ) -> Response:
        table = await manager.get(table_id)
        if table.status != "over":
            raise ApiError(403, "in-play", "replays are for finished games")
        rec = table.state.record()
        actions = rec["actions"]
        step = min(step, len(actions))
        if seat is not None and seat >= table.state.num_players:
            raise ApiError(422, "bad-seat", f"there is no seat {seat}")
        state = table.game.new_game(rec["players"], rec["seed"], rec["options"])
        try:
            for p, text in actions[:step]:
                state.apply(p, text)
        except IllegalAction as exc:
            raise ApiError(500, "broken-table", str(exc)) from None
        return _json(
            {
                "step": step,
                "steps": len(actions),
                "actions": actions,
                "seat": seat,
                "view": state.view(seat),
                "table": table.public(),
            }
        )

    @app.get(
        "/api/health",
        tags=["server"],
        summary="Whether the database accepts writes (503 if not), and a few counters",
    )
    async def health() -> Response:
        writable = await lease.renew()
        return _json(
            {
                "ok": writable,
                "database": "ok" if writable else lease.last_error,
                "errors": manager.errors.total,
                "tables": len(manager.tables),
                "moves": manager.moves,
                "commits": store.commits,
                "rows": store.rows_written,
                "commit_seconds": round(store.commit_seconds, 3),
                "time": time.time(),
            },
            200 if writable else 503,
        )

    # -- the operator ------------------------------------------------------------------------
    def admin(cred: HTTPAuthorizationCredentials | None) -> None:
        wanted = settings.admin_token
        if not wanted:
            raise ApiError(404, "no-admin", "the admin routes are off (no admin token set)")
        given = _token(cred) or ""
        if not secrets.compare_digest(given.encode(), wanted.encode()):
            raise ApiError(403, "not-admin", "this needs the operator's admin token")

    @app.get(
        "/api/admin/tables",
        tags=["admin"],
        summary="Every unfinished table with its creator and idle time (operator)",
        responses=ERRORS,
    )
    async def admin_tables(cred: Token) -> Response:
        admin(cred)
        now = time.time()
        return _json(
            {
                "tables": [
                    {
                        **t.public(),
                        "creator": t.creator,
                        "idle_seconds": round(now - t.updated_at, 1),
                    }
                    for t in manager.tables.values()
                ]
            }
        )

    @app.post(
        "/api/admin/tables/{table_id}/close",
        tags=["admin"],
        summary="Close a table for good: its game stops, its seats are freed (operator)",
        response_model=AckOut,
        responses=ERRORS,
    )
    async def admin_close(table_id: TableId, cred: Token) -> Response:
        admin(cred)
        await manager.close_table(table_id)
        return _json({"ok": True, "version": 0})

    @app.delete(
        "/api/admin/tables/{table_id}",
        tags=["admin"],
        summary="Delete a table and its record from the database (operator)",
        response_model=AckOut,
        responses=ERRORS,
    )
    async def admin_delete(table_id: TableId, cred: Token) -> Response:
        admin(cred)
        await manager.close_table(table_id, delete=True)
        return _json({"ok": True, "version": 0})

    # -- WebSocket ----------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await table_socket(ws, table_id, manager)

    # -- pages ---------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby_page(request: Request) -> Response:
        return templates.TemplateResponse(request, "lobby.html", {"page": "lobby"})

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    async def api_docs(request: Request) -> Response:
        return templates.TemplateResponse(request, "api.html", {"page": "api"})

    async def table_template(request: Request, table_id: str, page: str) -> Response:
        """A page about one table (``table`` or ``replay``), or the missing-table page."""
        try:
            table = await manager.get(table_id)
        except ApiError as err:
            return templates.TemplateResponse(
                request,
                "missing.html",
                {"page": "missing", "message": err.message},
                status_code=404,
            )
        return templates.TemplateResponse(
            request,
            f"{page}.html",
            {
                "page": page,
                "table_id": table.id,
                "game": table.game.info.name,
                "title": table.game.info.title,
            },
        )

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(request: Request, table_id: TableId) -> Response:
        return await table_template(request, table_id, "table")

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(request: Request, table_id: TableId) -> Response:
        return await table_template(request, table_id, "replay")

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
    return app


def _speeds() -> list[str]:
    try:
        from .realtime import RaceRunner

        return RaceRunner.speeds()
    except ImportError:
        return []
