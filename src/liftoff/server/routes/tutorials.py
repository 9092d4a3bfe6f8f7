"""``/api/tutorials``: each game's interactive first game, and starting one.

A tutorial table is a normal table with the caller's seat and a gentle bot,
dealt from the tutorial's published seed (the only table whose seed is known
in advance), hints on, and marked ``tutorial`` in its public data.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

import liftoff
from liftoff.engine.messages import speaking
from liftoff.engine.words import title

from .. import tutorials
from ..errors import ApiError
from ..ratelimit import client_address
from .common import ERRORS, Lang, Manager, SeatOut, caller_of, json, make_router, seat_answer

router = make_router("tutorials")

GameName = Annotated[str, Path(min_length=1, max_length=32)]


class TutorialIn(BaseModel):
    """Your name at the tutorial's table."""

    name: str | None = Field(None, max_length=40, description="your name")


def tutorial_of(game: str) -> tutorials.Tutorial:
    """The tutorial of ``game`` (404 with a sentence for an unknown game or none)."""
    try:
        return tutorials.load(game)
    except liftoff.UnknownGame as exc:
        raise ApiError(
            404, "no-game", str(exc), say="api.error.no-game.named", params={"game": game}
        ) from None
    except tutorials.TutorialError as exc:
        if game not in tutorials.available():
            raise ApiError(
                404, "no-tutorial", say="api.error.no-tutorial.named", params={"game": game}
            ) from None
        raise ApiError(
            503,
            "bad-tutorial",
            say="api.error.bad-tutorial.why",
            params={"game": game, "why": str(exc)},
        ) from None


@router.get("/api/tutorials", summary="The games with an interactive first game")
async def list_tutorials(lang: Lang) -> Response:
    out: list[dict[str, Any]] = []
    for name in tutorials.available():
        game = liftoff.games.get(name)
        with speaking(lang):
            said = tutorial_of(name).to_json()
            game_title = title(game.info)
        out.append({"game": name, "title": said["title"], "game_title": game_title})
    return json({"tutorials": out})


@router.get("/api/tutorials/{game}", summary="A game's interactive first game", responses=ERRORS)
async def get_tutorial(game: GameName, lang: Lang) -> Response:
    """The tutorial as published: seed, opponent, introduction, an explanation per
    kind of action (the first word of an action's text), in the reader's language."""
    with speaking(lang):
        return json(tutorial_of(game).to_json())


@router.post(
    "/api/tutorials/{game}",
    summary="Start the interactive first game: a table with you and a bot",
    status_code=201,
    response_model=SeatOut,
    responses=ERRORS,
)
async def start_tutorial(
    game: GameName, body: TutorialIn, request: Request, manager: Manager
) -> Response:
    t = tutorial_of(game)
    seats: list[dict[str, Any]] = [{"type": "you"}]
    seats += [{"type": "bot", "bot": t.bot, "speed": t.speed}] * (t.players - 1)
    settings = manager.settings
    caller = caller_of(request)
    table, seat, token = await manager.create(
        game,
        t.players,
        dict(t.options),
        seats,
        None,
        body.name,
        seed=t.seed,
        creator=manager.quotas.key(client_address(request.scope, settings.trusted_proxies)),
        hints=True,
        tutorial=game,
        caller=caller,
    )
    assert seat is not None and token is not None
    return seat_answer(request, caller, {"table": table.id, "seat": seat, "token": token}, 201)
