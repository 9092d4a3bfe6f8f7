"""``/api/tables``: the lobby, creating a table, a table's public facts."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Query, Request
from fastapi.responses import Response

from liftoff.engine.messages import speaking

from ..limits import http_options
from ..ratelimit import client_address
from ..storage import TableData
from ..tables import frames
from ..tables.people import seat_names, shown_name
from .common import (
    ERRORS,
    CreateTableIn,
    Lang,
    Manager,
    TableId,
    caller_of,
    json,
    make_router,
    seat_answer,
)
from .games import game_named

router = make_router("tables")


def _finished(t: TableData) -> dict[str, Any]:
    """A finished table as listed in the lobby: who won, with what, and when."""
    names = seat_names(t.seats)
    out = t.outcome or {}
    winners = [names[w] for w in out.get("winners", []) if 0 <= w < len(names)]
    scores = out.get("scores", [])
    return {
        "id": t.id,
        "game": t.game,
        "players": t.players,
        "status": t.status,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "name": shown_name(s.name), "bot": s.bot}
            for s in t.seats
        ],
        "updated_at": t.updated_at,
        "created_at": t.created_at,
        "ended_at": t.updated_at,
        "outcome": t.outcome,
        "names": names,
        "winners": winners,
        "winning_score": scores[out["winners"][0]] if winners and scores else None,
        "abandoned": t.abandoned,  # nobody played any more: nobody's loss
        "name": t.title,
    }


@router.get("/api/tables", summary="The lobby: open and running tables")
async def lobby(
    manager: Manager,
    lang: Lang,
    status: Annotated[Literal["live", "over"], Query()] = "live",
) -> Response:
    """Names of bots (and of the seats without one) are in the reader's language."""
    limit = manager.settings.lobby_limit
    if status == "over":
        rows = await manager.store.list_tables("over", limit)
        with speaking(lang):
            return json({"tables": [_finished(t) for t in rows]})
    with speaking(lang):
        return json({"tables": frames.lobby(manager.tables.values(), limit)})


@router.post("/api/tables", summary="Create a table", status_code=201, responses=ERRORS)
async def create(body: CreateTableIn, request: Request, manager: Manager) -> Response:
    settings = manager.settings
    game = game_named(body.game)
    caller = caller_of(request)
    table, seat, token = await manager.create(
        body.game,
        body.players,
        http_options(game, body.options, settings.content_sets),
        [s.model_dump() for s in body.seats] if body.seats is not None else None,
        body.clock.model_dump() if body.clock is not None else None,
        body.name,
        race=body.race.model_dump() if body.race is not None else None,
        creator=manager.quotas.key(client_address(request.scope, settings.trusted_proxies)),
        hints=body.hints,
        title=body.title,
        caller=caller,
        rated=body.rated,
    )
    out: dict[str, Any] = {
        "table": table.public(),
        "warnings": game.option_warnings(table.state.num_players, table.state.options),
    }
    if token is not None:
        out.update(seat=seat, token=token)
        return seat_answer(request, caller, out, 201)
    return json(out, 201)


@router.get("/api/tables/{table_id}", summary="A table", responses=ERRORS)
async def get_table(table_id: TableId, manager: Manager) -> Response:
    table = await manager.get(table_id)
    async with table.lock:  # never an action that is not stored yet
        return json(table.public())
