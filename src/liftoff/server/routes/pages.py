"""The browser pages (the lobby, a table, a replay, the API docs) and their files."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

import liftoff
from liftoff.engine import GameInfo
from liftoff.engine.messages import speaking, template_of
from liftoff.engine.words import title
from liftoff.i18n import available, language_name
from liftoff.i18n.web import web_words, words_for

from ..errors import ApiError
from ..tables.mygames import days_a_move
from .common import Lang, Manager, TableId, make_router

WEB = resources.files("liftoff.server") / "web"
templates = Jinja2Templates(directory=str(WEB / "templates"))


@pass_context
def _t(context: Context, code: str, **params: Any) -> Markup:
    """A browser word in the page's language, HTML-escaped; a parameter given as
    ``Markup`` (``"<kbd>r</kbd>"|safe``) goes in as it is."""
    english = web_words().get(code)
    if english is None:
        return Markup(escape(code))
    template = template_of(code, context.get("lang")) or english
    try:
        return Markup(escape(template)).format(**params)
    except (KeyError, IndexError, ValueError):
        return Markup(escape(english)).format(**params)


templates.env.globals["t"] = _t


def game_title(info: GameInfo, lang: str) -> str:
    """A game's title in ``lang``."""
    with speaking(lang):
        return title(info)


def _page(
    request: Request, name: str, lang: str, context: dict[str, Any], status: int = 200
) -> Response:
    """A page in the reader's language: ``lang`` on ``<html>``, the language menu,
    and every browser word in that language for the page's scripts."""
    words = json.dumps(words_for(lang), ensure_ascii=False, separators=(",", ":"))
    # inside <script type="application/json">: nothing may close the element
    words = words.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    languages = [(code, language_name(code)) for code in available()]
    full = {**context, "lang": lang, "words_json": Markup(words), "languages": languages}
    return templates.TemplateResponse(request, name, full, status_code=status)


router = make_router(include_in_schema=False)


def static_files() -> StaticFiles:
    """The front end's scripts, styles and pictures (mounted at ``/static``)."""
    return StaticFiles(directory=str(WEB / "static"))


@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request, lang: Lang) -> Response:
    return _page(request, "lobby.html", lang, {"page": "lobby"})


@router.get("/my-games", response_class=HTMLResponse)
async def my_games_page(request: Request, lang: Lang) -> Response:
    """The person's tables, their turn first (``GET /api/my-games``)."""
    return _page(request, "mygames.html", lang, {"page": "mygames"})


@router.get("/sign-in", response_class=HTMLResponse)
async def sign_in_page(request: Request, lang: Lang) -> Response:
    """A mailed sign-in link opened (its token in the fragment, posted by the page)."""
    return _page(request, "signin.html", lang, {"page": "signin"})


@router.get("/unsubscribe", response_class=HTMLResponse)
async def unsubscribe_page(request: Request, lang: Lang) -> Response:
    """A turn mail's unsubscribe link opened (its token in the fragment, posted by the
    page: a link checker that only reads the page changes nothing)."""
    return _page(request, "unsubscribe.html", lang, {"page": "unsubscribe"})


@router.get("/docs", response_class=HTMLResponse)
async def api_docs(request: Request, lang: Lang) -> Response:
    return _page(request, "api.html", lang, {"page": "api"})


@router.get("/ratings/{game}", response_class=HTMLResponse)
async def ratings_page(request: Request, game: str, lang: Lang) -> Response:
    """A game's leaderboard (turn-based games; the missing page otherwise)."""
    infos = {g.info.name: g.info for g in map(liftoff.games.get, liftoff.games.names())}
    info = infos.get(game)
    if info is None:
        message = ApiError(404, "no-game", say="api.error.no-game.named", params={"game": game})
        return _page(
            request,
            "missing.html",
            lang,
            {"page": "missing", "message": message.words_in(lang, full_stop=False)},
            404,
        )
    others = [(n, game_title(i, lang)) for n, i in infos.items() if n != game and not i.realtime]
    context = {"page": "ratings", "game": game, "title": game_title(info, lang), "games": others}
    return _page(request, "ratings.html", lang, context)


async def _table_page(
    request: Request, manager: Manager, table_id: str, page: str, lang: str
) -> Response:
    """A page about one table (``table`` or ``replay``), or the missing-table page."""
    try:
        table = await manager.get(table_id)
    except ApiError as err:
        return _page(
            request,
            "missing.html",
            lang,
            {"page": "missing", "message": err.words_in(lang, full_stop=False)},
            404,
        )
    return _page(
        request,
        f"{page}.html",
        lang,
        {
            "page": page,
            "table_id": table.id,
            "game": table.game.info.name,
            "title": game_title(table.game.info, lang),
            "name": table.name,
            "rated": table.rated,
            "days": None if table.realtime else days_a_move(table.clock_spec),
            "bot_paces": manager.bot_seats.turn_paces(),
        },
    )


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: TableId, manager: Manager, lang: Lang) -> Response:
    return await _table_page(request, manager, table_id, "table", lang)


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(
    request: Request, table_id: TableId, manager: Manager, lang: Lang
) -> Response:
    return await _table_page(request, manager, table_id, "replay", lang)
