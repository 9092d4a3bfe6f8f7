"""Finished games: the record, and the view after any step as one seat saw it."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query
from fastapi.responses import Response

from liftoff.engine.messages import speaking

from ..errors import ApiError
from .common import ERRORS, Lang, Manager, TableId, json, make_router

router = make_router("replay")


@router.get(
    "/api/tables/{table_id}/record",
    summary="The record of a finished game (Game.replay rebuilds it)",
    responses=ERRORS,
)
async def record(table_id: TableId, manager: Manager) -> Response:
    table = await manager.get(table_id)
    if table.status != "over":
        raise ApiError(403, "in-play", "the record is published when the game is over")
    # next to the engine's record: the actions a bot played for a person's seat
    return json({**table.state.record(), "stand_in": sorted(table.stand_ins)})


@router.get(
    "/api/tables/{table_id}/replay",
    summary="A finished game's view after ``step`` actions, as one seat saw it",
    responses=ERRORS,
)
async def replay(
    table_id: TableId,
    manager: Manager,
    lang: Lang,
    step: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    seat: Annotated[int | None, Query(ge=0, le=7)] = None,
) -> Response:
    """Computed once per table, seat and language, off the event loop (see
    ``server.replays``); each step is then a lookup."""
    table = await manager.get(table_id)
    if table.status != "over":
        raise ApiError(403, "in-play", "replays are for finished games")
    if seat is not None and seat >= table.state.num_players:
        raise ApiError(422, "bad-seat", say="api.error.bad-seat.number", params={"seat": seat})
    rec = table.state.record()
    with speaking(lang):
        names, public = table.names(), table.public()
    key = (table.id, table.state.version, seat, lang)
    done = await manager.replays.get(key, table.game.info.name, rec, names)
    actions = rec["actions"]
    step = min(step, len(actions))
    return json(
        {
            "step": step,
            "steps": len(actions),
            "actions": actions,
            "described": done.described,  # every action in words (the record is public now)
            "narrated": done.narrated,  # what each action caused, told as ``seat`` saw it
            "stand_in": sorted(table.stand_ins),  # actions a bot played for a person
            "seat": seat,
            "view": done.view(step),
            # what the last action caused, narrated for ``seat`` (a spectator without one)
            "lines": done.narrated[step - 1] if step else [],
            "table": public,
        }
    )
