"""Finished games: the record, and the view after any step as one seat saw it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from liftoff.engine import Event, IllegalAction
from liftoff.engine.messages import speaking

from ..errors import ApiError
from ..tables.model import LiveTable
from .common import ERRORS, Lang, Manager, TableId, json

router = APIRouter(tags=["replay"])


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
    table = await manager.get(table_id)
    if table.status != "over":
        raise ApiError(403, "in-play", "replays are for finished games")
    rec = table.state.record()
    step = min(step, len(rec["actions"]))
    if seat is not None and seat >= table.state.num_players:
        raise ApiError(422, "bad-seat", say="api.error.bad-seat.number", params={"seat": seat})
    with speaking(lang):
        return _replay(table, rec, step, seat)


def _replay(table: LiveTable, rec: dict[str, Any], step: int, seat: int | None) -> Response:
    """The replay's answer, in the current language (actions, narration, names)."""
    actions = rec["actions"]
    game = table.game
    state = game.new_game(rec["players"], rec["seed"], rec["options"])
    described: list[str] = []  # every action in words (the record is public now)
    narrated: list[list[str]] = []  # what each action caused, told as ``seat`` saw it
    view, names = None, table.names()

    def told(events: Sequence[Event]) -> list[str]:
        return [line for line in (game.narrate(e, seat, names) for e in events) if line]

    try:
        for i, (p, text) in enumerate(actions):
            if i == step:
                view = state.view(seat)
            action = game.parse_action(state, p, text)
            described.append(game.describe_action(state, p, action))
            narrated.append(told(state.apply(p, action)))
    except IllegalAction as exc:
        raise ApiError(500, "broken-table", str(exc)) from None
    return json(
        {
            "step": step,
            "steps": len(actions),
            "actions": actions,
            "described": described,
            "narrated": narrated,
            "stand_in": sorted(table.stand_ins),  # actions a bot played for a person
            "seat": seat,
            "view": view if view is not None else state.view(seat),
            # what the last action caused, narrated for ``seat`` (a spectator without one)
            "lines": narrated[step - 1] if step else [],
            "table": table.public(),
        }
    )
