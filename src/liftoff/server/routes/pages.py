"""The browser pages (the lobby, a table, a replay, the API docs) and their files."""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from ..errors import ApiError
from .common import Manager, TableId

WEB = resources.files("liftoff.server") / "web"
templates = Jinja2Templates(directory=str(WEB / "templates"))

router = APIRouter(include_in_schema=False)


def static_files() -> StaticFiles:
    """The front end's scripts, styles and pictures (mounted at ``/static``)."""
    return StaticFiles(directory=str(WEB / "static"))


@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request) -> Response:
    return templates.TemplateResponse(request, "lobby.html", {"page": "lobby"})


@router.get("/docs", response_class=HTMLResponse)
async def api_docs(request: Request) -> Response:
    return templates.TemplateResponse(request, "api.html", {"page": "api"})


async def _table_page(request: Request, manager: Manager, table_id: str, page: str) -> Response:
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
            "name": table.name,
        },
    )


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: TableId, manager: Manager) -> Response:
    return await _table_page(request, manager, table_id, "table")


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table_id: TableId, manager: Manager) -> Response:
    return await _table_page(request, manager, table_id, "replay")
