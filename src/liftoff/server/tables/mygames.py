"""A person's games ("My games"): every unfinished table where they hold a seat, the
ones where it is their turn first, with the time left to whoever moves.

The list is read from the database by the person's id (``seats.person_id``), so
a table asleep (``tables.dormant``) is listed without waking it: its clocks are
read from what it keeps (``game_tables.clock_state``; a vacation's pause is not
counted there, so its time left may read shorter than it is until it wakes). A
table awake is read from memory. Nothing hidden reaches the list: the public
facts of each table, the seat's names, never a token; and only the asking
person's tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import liftoff
from liftoff.engine.messages import speaking
from liftoff.engine.words import title

from ..clock import wall_time
from ..errors import ApiError
from ..storage.days import PersonTable, person_tables
from .clocks import DAY_PRESETS
from .model import LiveTable
from .people import seat_names

if TYPE_CHECKING:
    from .manager import TableManager


def days_a_move(clock: dict[str, Any] | None) -> int | None:
    """The days a move of a clock of days (``None``: another clock, or none)."""
    preset = (clock or {}).get("preset")
    return DAY_PRESETS[preset][0] if preset in DAY_PRESETS else None


def _entry(row: PersonTable, names: list[str], lang: str, person: str) -> dict[str, Any]:
    """What every entry says, awake or asleep."""
    game = liftoff.games.get(row.game)
    with speaking(lang):
        game_title = title(game.info)
    return {
        "table": row.id,
        "game": row.game,
        "title": game_title,
        "name": row.title,
        "status": row.status,
        "seat": row.seat,
        # this browser holds the seat (else another device of the account does: this
        # one watches there until it asks to play here)
        "here": row.seats[row.seat].person_id == person if row.seat < len(row.seats) else False,
        "you": names[row.seat],
        # the others at the table (an open seat is nobody yet)
        "others": [
            n
            for s, n in zip(row.seats, names, strict=True)
            if s.seat != row.seat and s.kind != "open"
        ],
        "rated": row.rated,
        "days": days_a_move(row.clock),
        "updated_at": row.updated_at,
        # filled by the table's own state below
        "kept": False,
        "your_turn": False,
        "waiting_for": [],
        "time_left": None,
        "out_of_time": False,
    }


def _from_live(entry: dict[str, Any], table: LiveTable, seat: int, now: float) -> None:
    """Turn and time from a table in memory (awake, or a cluster's replica)."""
    s = table.seats[seat]
    entry["kept"] = s.kind == "open"
    entry["name"] = table.name
    if table.status != "playing":
        return
    names = table.names()
    active = list(table.state.active_players())
    entry["your_turn"] = s.kind == "human" and seat in active
    entry["waiting_for"] = [names[p] for p in active if p != seat]
    entry["out_of_time"] = s.out_of_time
    clocks = table.clocks
    movers = [seat] if entry["your_turn"] else active
    if clocks is not None and movers:
        entry["time_left"] = min(clocks.left(p, now) for p in movers)


def _from_asleep(entry: dict[str, Any], row: PersonTable, names: list[str], wall: float) -> None:
    """Turn and time of a table asleep, from the clocks it keeps (not woken)."""
    state = row.clock_state or {}
    running = [int(p) for p in state.get("running", [])]
    remaining = [int(x) for x in state.get("remaining", [])]
    slept_ms = max(0.0, wall - float(state.get("at", wall))) * 1000
    mine = row.seats[row.seat].kind == "human" if row.seat < len(row.seats) else False
    entry["kept"] = not mine
    entry["your_turn"] = mine and row.seat in running
    entry["waiting_for"] = [names[p] for p in running if p != row.seat and p < len(names)]
    movers = [row.seat] if entry["your_turn"] else running
    lefts = [max(0, int(remaining[p] - slept_ms)) for p in movers if p < len(remaining)]
    if lefts:
        entry["time_left"] = min(lefts)
    entry["out_of_time"] = entry["your_turn"] and entry["time_left"] == 0


def _fell_asleep(host: TableManager, row: PersonTable) -> bool:
    """Whether a table read awake has left memory since (it sleeps now)."""
    return (
        row.status == "playing"
        and row.clock_state is None
        and host.member is None
        and row.id not in host.tables
    )


async def my_games(host: TableManager, person: str, lang: str) -> list[dict[str, Any]]:
    """The unfinished tables of ``person``: their turn first, then the least time
    left, then the last changed."""
    now, wall = host.settings.clock.now(), wall_time(host.settings.clock)
    persons = await host.accounts.persons_of(person)  # an account's browsers: all theirs
    rows = await person_tables(host.store, persons)
    if any(_fell_asleep(host, row) for row in rows):
        # a table went to sleep between the read and now: read its kept clocks (one
        # that is still settling is listed without its turn for this one look)
        again = {row.id: row for row in await person_tables(host.store, persons)}
        rows = [again.get(row.id, row) for row in rows]
    out = []
    for row in rows:
        with speaking(lang):
            names = seat_names(row.seats)
        entry = _entry(row, names, lang, person)
        table = host.tables.get(row.id) or host.replicas.get(row.id)
        if table is None and row.clock_state is None and host.member is not None:
            try:  # a table another member of a cluster plays: its replica here
                table = await host.get(row.id)
            except ApiError:
                table = None
        if table is not None:
            with speaking(lang):
                _from_live(entry, table, row.seat, now)
        elif row.clock_state is not None:
            _from_asleep(entry, row, names, wall)
        out.append(entry)
    out.sort(
        key=lambda e: (
            not e["your_turn"],
            e["time_left"] is None,
            e["time_left"] or 0,
            -e["updated_at"],
        )
    )
    return out
