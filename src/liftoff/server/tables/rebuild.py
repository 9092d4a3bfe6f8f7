"""A live table rebuilt from what the database holds (at start, after a failed
write, for a finished table asked for again).

The game is rebuilt with ``Game.replay`` up to the last :data:`LOG_KEEP`
actions, which are applied one by one with ``State.apply`` to rebuild the game
log and its events too (replay is deterministic: the same events as live), and
what undo needs (``State.keep_undo``: the positions before the latest moves
that may be taken back, never more than :data:`LOG_KEEP`), so a player takes a
move back after a restart, or on the member that took the table over, exactly
as before.
The answers to the last :data:`ANSWERS_KEPT` submissions with a message id come
back from the keys stored with their actions: a repetition sent to the server
after a restart, or to the member that took the table over, gets the first answer.
"""

from __future__ import annotations

import time
from typing import Any

import liftoff
from liftoff.engine import IllegalAction, Outcome, ReplayError, State

from ..clock import REAL_CLOCK, ServerClock
from ..storage import TableData
from .clocks import Clocks
from .model import (
    ANSWERS_KEPT,
    LOG_KEEP,
    LiveTable,
    LogEntry,
    TableSeat,
    accepted,
    default_hints,
    keep_undo,
    new_bot_seed,
)


def rebuild(data: TableData, clock: ServerClock = REAL_CLOCK) -> LiveTable:
    """The live table of stored ``data``, timed by ``clock`` (raises ``ReplayError``,
    ``OptionError`` or ``liftoff.UnknownGame`` when it cannot be rebuilt)."""
    game = liftoff.games.get(data.game)
    actions = [[a.player, a.text] for a in data.actions]
    keep = min(len(actions), LOG_KEEP)
    head = actions[: len(actions) - keep]
    record: dict[str, Any] = {
        "game": data.game,
        "players": data.players,
        "seed": data.seed,
        "options": data.options,
        "actions": head,
    }
    if data.game_version is not None:  # tables from before versions were stored: rules 1
        record["version"] = data.game_version
    state: State = game.replay(record)
    keep_undo(state)
    seats = [
        TableSeat(s.seat, s.kind, s.bot, s.speed, s.name, s.token_hash, person=s.person_id)
        for s in sorted(data.seats, key=lambda s: s.seat)
    ]
    table = LiveTable(
        id=data.id,
        game=game,
        state=state,
        seats=seats,
        status=data.status,
        seed=data.seed,
        options=data.options,
        created_at=data.created_at,
        updated_at=data.updated_at,
        clock_spec=data.clock,
        rematch_of=data.rematch_of,
        rematch_id=data.rematch_id,
        # tables from before bot seeds were stored get a fresh one
        bot_seed=data.bot_seed if data.bot_seed is not None else new_bot_seed(),
        creator=data.creator,
        clock=clock,
    )
    kinds = [s.kind for s in seats]
    table.hints = default_hints(kinds) if data.hints is None else data.hints
    table.tutorial = data.tutorial
    table.name, table.abandoned, table.rated = data.title, data.abandoned, data.rated
    if data.status == "over" and data.outcome is not None and not state.is_over():
        table.ended = ended_outcome(data.outcome)  # the players ended it (a time-out)
    table.stand_ins = {a.idx for a in data.actions if a.stand_in}
    table.answered = answers_of(data)
    if data.actions:
        table.last_actor = data.actions[-1].player  # undo works after a restart
    _replay_log(table, data, len(head))
    if data.clock is not None and not table.realtime:
        stored = data.actions[-1].clocks if data.actions else None
        table.clocks = Clocks.of(data.clock, data.players, stored)
        table.clocks.running = state.active_players() if data.status == "playing" else ()
        table.clocks.since = clock.now()
    return table


def timed_rebuild(data: TableData, clock: ServerClock = REAL_CLOCK) -> tuple[LiveTable, float]:
    """:func:`rebuild` and the CPU seconds it took (for a thread: a finished table
    asked for again is rebuilt off the event loop, its work charged to the caller)."""
    started = time.thread_time()
    table = rebuild(data, clock)
    return table, time.thread_time() - started


def answers_of(data: TableData) -> dict[str, dict[str, Any]]:
    """The answers the table's last :data:`ANSWERS_KEPT` submissions with a message id
    were given (by stored key, oldest first), as :meth:`.Play.act` gave them."""
    keyed = [a for a in data.actions if a.submission is not None][-ANSWERS_KEPT:]
    return {a.submission: accepted(a.idx + 1) for a in keyed if a.submission is not None}


def _replay_log(table: LiveTable, data: TableData, start: int) -> None:
    """Apply the stored actions from ``start`` on, one by one, logging each."""
    game, state = table.game, table.state
    for a in data.actions[start:]:
        try:
            action = game.parse_action(state, a.player, a.text)
            caused = state.apply(a.player, action)
        except IllegalAction as exc:
            raise ReplayError(f"action {a.idx} cannot be replayed: {exc}", a.idx) from exc
        public = game.action_is_public(state, a.player, action)
        table.log.append(LogEntry(a.idx, a.player, a.text, a.at, caused, public, a.stand_in))


def ended_outcome(stored: dict[str, Any]) -> Outcome:
    """The stored result of a game its players ended (``tables.timeouts``)."""
    return Outcome(
        scores=tuple(stored["scores"]),
        winners=tuple(stored["winners"]),
        ranking=tuple(stored["ranking"]),
        places=tuple(stored["places"]),
        termination=str(stored["termination"]),
        details=dict(stored.get("details") or {}),
    )
