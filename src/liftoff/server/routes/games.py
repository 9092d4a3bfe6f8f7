"""``/api/games``: the games, their options and bots, rule texts and glossaries."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Query, Request
from fastapi.responses import Response

import liftoff
from liftoff import bots as bot_registry
from liftoff import speech
from liftoff.engine import Game, OptionError
from liftoff.engine.messages import speaking
from liftoff.engine.realtime import PEOPLE_PACE, SPEEDS
from liftoff.engine.words import info_json

from ..errors import ApiError, option_refusal
from ..tables.bots import speeds
from ..tables.people import levels_json, option_json
from .common import ERRORS, Lang, Manager, json, make_router

router = make_router("games")

#: the longest rules search a client may send (a few words, not a text)
MAX_QUERY = 100
#: the most rules one search answers
MAX_LIMIT = 50


def _choices(game_name: str, o: Any, content_sets: dict[str, dict[str, str]]) -> list[Any] | None:
    """An option's choices over HTTP: a free-text one offers its default and the
    content sets the operator installed (see ``limits.http_options``)."""
    if o.choices is not None:
        return list(o.choices)
    if o.kind is str:
        return [o.default, *sorted(content_sets.get(f"{game_name}.{o.name}", {}))]
    return None


def game_info(name: str, content_sets: dict[str, dict[str, str]]) -> dict[str, Any]:
    """A game's facts and options as clients see them."""
    game = liftoff.games.get(name)
    info = info_json(game.info)
    info["options"] = [
        option_json(name, o, _choices(name, o, content_sets))
        for o in game.options
        if not o.internal
    ]
    return info


def game_named(name: str) -> Game[Any]:
    """The game called ``name`` (404 otherwise)."""
    try:
        return liftoff.games.get(name)
    except liftoff.UnknownGame as exc:
        raise ApiError(
            404, "no-game", str(exc), say="api.error.no-game.named", params={"game": name}
        ) from None


@router.get("/api/games", summary="The games, their options and bots")
async def games(manager: Manager, lang: Lang) -> Response:
    """Labels, descriptions and level names are in the reader's language."""
    content_sets = manager.settings.content_sets
    with speaking(lang):
        return _games(content_sets, manager.bot_seats.turn_paces())


def _games(content_sets: dict[str, dict[str, str]], turn_paces: dict[str, float]) -> Response:
    return json(
        {
            "games": [game_info(n, content_sets) for n in liftoff.games.names()],
            "bots": bot_registry.names(),
            "speeds": speeds(),
            # seconds a card of each speed, for the lobby's words
            "speed_seconds": {name: SPEEDS[name].mean for name in speeds()},
            # at a table where people sit, bots start at this pace and follow the slowest
            "people_pace": PEOPLE_PACE.start,
            # turn-based tables: seconds before each bot action at each pace
            "bot_paces": turn_paces,
            "levels": levels_json(),
        }
    )


@router.get(
    "/api/games/{game}/rules",
    summary="Rules found by words: [{id, text}], best first",
    responses=ERRORS,
)
async def find_rules(
    game: Annotated[str, Path(max_length=32)],
    lang: Lang,
    q: Annotated[str, Query(description="words, or a rule id")] = "",
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 10,
) -> Response:
    """The rules and rulings that ``q`` asks about, best first
    (``Game.find_rules``), searched and answered in the reader's language; an
    exact rule id comes first."""
    found = game_named(game)
    words = q.strip()
    if not words:
        raise ApiError(422, "bad-query", "type a word or two to look for, e.g. moon")
    if len(words) > MAX_QUERY:
        raise ApiError(
            422,
            "bad-query",
            say="api.error.bad-query.long",
            params={"most": MAX_QUERY, "count": len(words)},
        )
    with speaking(lang):
        hits = speech.of(found).find_rules(words, limit)
    return json([{"id": rid, "text": text} for rid, text in hits])


@router.get(
    "/api/games/{game}/summary",
    summary="The rules in short, with the options in force (query: option=value)",
    responses=ERRORS,
)
async def rules_summary(
    game: Annotated[str, Path(max_length=32)], request: Request, lang: Lang
) -> Response:
    """``Game.rules_summary`` (Markdown) for the options given as query
    parameters (the table's ``options``); an unknown or bad option is a 422."""
    found = game_named(game)
    given = {k: v for k, v in request.query_params.items() if k != "lang"}
    if len(given) > 64 or any(len(k) > 64 or len(v) > 400 for k, v in given.items()):
        raise ApiError(422, "bad-options", "too many or too long options")
    try:
        with speaking(lang):
            text = speech.of(found).rules_summary(given)
    except OptionError as exc:
        raise option_refusal(exc) from None
    return json({"game": game, "title": found.info.title, "text": text})


@router.get("/api/games/{game}/rules/{rule}", summary="The text of one rule", responses=ERRORS)
async def rule_text(
    game: Annotated[str, Path(max_length=32)], rule: Annotated[str, Path(max_length=64)], lang: Lang
) -> Response:
    with speaking(lang):
        text = game_named(game).rule_text(rule)
    if text is None:
        raise ApiError(
            404, "no-rule", say="api.error.no-rule.named", params={"rule": repr(rule), "game": game}
        )
    return json({"rule": rule, "text": text})


@router.get(
    "/api/games/{game}/glossary",
    summary="Public texts of a game's content names (card id → name and effects)",
    responses=ERRORS,
)
async def glossary(game: Annotated[str, Path(max_length=32)], lang: Lang) -> Response:
    with speaking(lang):
        return json({"game": game, "glossary": dict(speech.of(game_named(game)).glossary())})
