"""The rematch of a finished game: the same game, options, bots and clock at a new
table (rated when the game was), started by a player of the game, who sits in their
old seat there. Every other person's seat is kept for them (their person: nobody
else may take it), and the new table is the starter's (its creator is their
address, and it counts against its quota of unfinished tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import ApiError
from .model import LiveTable, TableSeat
from .persons import Caller

if TYPE_CHECKING:
    from .manager import TableManager


async def start_or_join(
    host: TableManager,
    table_id: str,
    token: str | None,
    caller: Caller | None = None,
    creator: str | None = None,
) -> tuple[LiveTable, int, str]:
    """Start the rematch of finished table ``table_id``, or join it: the seat of the
    token's player there (once); returns the new table, the seat and its token."""
    table = await host.for_change(table_id)
    seat = host.seating.seat_of(table, token)
    if table.status != "over":
        raise ApiError(409, "not-over", "a rematch starts when the game is over")
    caller = caller if caller is not None else Caller()
    name = table.seats[seat].name
    started = await rematch_of(host, table)
    if started is not None:
        # one seat per person: their own seat of this game, once (in a cluster, the
        # request reached the rematch's owner: see routes.seats)
        new = await host.get(started)
        if new.seats[seat].kind != "open":
            raise ApiError(409, "taken", say="api.error.taken.rematch", params={"seat": seat})
        got, joined_token = await host.seating.join(new.id, seat, name, caller, rematch=True)
        return new, got, joined_token
    specs = [await _rematch_seat(host, s, seat) for s in table.seats]
    new, you, tok = await host.create(
        table.game.info.name,
        table.state.num_players,
        table.options,
        specs,
        _rematch_clock(table),
        name,
        rematch_of=table.id,
        creator=creator,
        hints=table.hints,
        title=table.name,
        caller=caller,
        rated=table.rated,
        race=table.clock_spec if table.realtime else None,
    )
    assert you is not None and tok is not None
    table.rematch_id = new.id
    await host.store.update_table(table.id, rematch_id=new.id)
    host.changed(table)
    return new, you, tok


def _rematch_clock(table: LiveTable) -> dict[str, Any] | None:
    """The clock a rematch asks for: the same preset (a preset's setting also holds
    its times, which a new table may not be given besides), or the same times."""
    spec = table.clock_spec
    if spec is None or table.realtime or spec.get("preset") is None:
        return spec
    return {"preset": spec["preset"]}


async def rematch_of(host: TableManager, table: LiveTable) -> str | None:
    """The id of the rematch of finished ``table``, if one was started. In a
    cluster another member may have started it since this one read the table (a
    finished table has no owner): the database says."""
    if table.rematch_id is None and host.member is not None and table.status == "over":
        found = await host.store.rematch_of(table.id)
        if found is not None:
            table.rematch_id = found
    return table.rematch_id


async def _rematch_seat(host: TableManager, s: TableSeat, caller: int) -> dict[str, Any]:
    """The spec of a seat at the rematch: the caller's, a bot's, open, or kept for
    the person who played it (by name; a seat of a person the server does not
    know, from before persons, is kept for a new one only its rematch call fills)."""
    if s.seat == caller:
        return {"type": "you"}
    if s.kind == "bot":
        return {"type": "bot", "bot": s.bot, "speed": s.speed}
    if s.kind == "human":
        person = s.person or (await host.persons.make()).id
        return {"type": "open", "kept_for": person, "name": s.name}
    return {"type": "open"}
