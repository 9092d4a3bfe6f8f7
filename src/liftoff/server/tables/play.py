"""Acting at turn-based tables: apply an action, store it, announce it; undo.

An action is checked and applied under the table's lock, appended to the action
log in the database, and only then acknowledged and pushed to the players:
nothing acknowledged is ever lost. Undo takes back a player's own last action
when it revealed nothing to anyone (the engine's rule, ``State.undo_refusal()``),
going back to the position the engine kept before it (``State.undo()``).
Real-time tables take their actions through their runner instead.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from liftoff.engine import Action, IllegalAction

from ..errors import ApiError
from ..health import db_error_text
from ..storage import ActionData
from . import clocks
from .model import LiveTable, LogEntry, SubmissionKey, accepted, stored_key

if TYPE_CHECKING:
    from .manager import TableManager

MAX_VERSION = 2**31 - 1


def check_version(version: Any) -> None:
    """The version an action was chosen on: required, a whole number in range (422)."""
    if version is None:
        raise ApiError(422, "bad-version", "say which version the action was chosen on ('version')")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(422, "bad-version", "version must be a whole number")
    if not 0 <= version <= MAX_VERSION:
        raise ApiError(
            422, "bad-version", say="api.error.bad-version.range", params={"most": MAX_VERSION}
        )


def submission_key(seat: int, client_id: Any, version: int, text: str) -> SubmissionKey | None:
    """What makes a submission a repetition of an earlier one (``None`` without an id)."""
    if client_id is None or isinstance(client_id, bool):
        return None
    if not isinstance(client_id, (int, str)):
        raise ApiError(422, "bad-id", "a message id is a number or a short text")
    ident = str(client_id)
    if len(ident) > 64:
        raise ApiError(422, "bad-id", "a message id has at most 64 characters")
    return (seat, ident, version, text.strip())


def undo_refused(refusal: IllegalAction) -> ApiError:
    """The 409 ``no-undo`` of an action the engine does not let its player take
    back: the rule (``API-UNDO``) and why, in the reader's language."""
    err = ApiError(409, "no-undo", refusal.message, rule=refusal.rule)
    err.said = (refusal.code, refusal.params)
    return err


def status_refusal(table: LiveTable) -> ApiError | None:
    """Why no action is taken at the table now (not started, closed, over), if so."""
    if table.status == "open":
        return ApiError(409, "not-started", "the game waits for players")
    if table.status == "closed":
        return ApiError(409, "closed", "the table is closed")
    if table.status == "over" or table.state.is_over():
        return ApiError(409, "over", "the game is over")
    return None


class Play:
    """Actions and undo at turn-based tables."""

    def __init__(self, host: TableManager) -> None:
        self.host = host

    async def act(
        self,
        table_id: str,
        token: str | None,
        text: str,
        version: int | None,
        client_id: Any = None,
    ) -> dict[str, Any]:
        """A player's action (chosen on state ``version``, required); the answer.

        A submission repeated with the same ``client_id`` (and the same action and
        version) is answered as the first one was, never applied twice; its key is
        stored with the action, so this holds after a restart or a takeover too.
        """
        table = await self.host.for_change(table_id)
        seat = self.host.seating.seat_of(table, token)
        if not isinstance(text, str) or not text.strip() or len(text) > 400:
            raise ApiError(422, "bad-action", "an action is a non-empty text")
        check_version(version)
        assert version is not None
        key = submission_key(seat, client_id, version, text)
        if table.race is not None:
            return await table.race.submit(seat, text, version, key)
        submission = stored_key(key)
        async with table.lock:
            done = table.answer_of(submission)
            if done is not None:
                return done
            await self.apply_locked(table, seat, text, version, submission=submission)
            answer = accepted(table.state.version)
            table.remember(submission, answer)
            return answer

    async def apply_locked(
        self,
        table: LiveTable,
        seat: int,
        action: Action | str,
        version: int | None,
        *,
        stand_in: bool = False,
        submission: str | None = None,
    ) -> None:
        """Apply, store and announce one action (the table's lock is held);
        ``stand_in``: the server plays it for a person's seat (marked in the record);
        ``submission``: the stored key of the submission that asked for it."""
        host = self.host
        state = table.state
        text = str(action)
        refusal = status_refusal(table)
        if refusal is not None:
            raise host.refuse(table, seat, text, refusal)
        try:
            if isinstance(action, str):
                action = table.game.parse_action(state, seat, action.strip())
                text = str(action)
            before = state.active_players()
            snapshot = clocks.before_action(table)
            # the engine's one definition of stale: turn-based, chosen on an older
            # version; simultaneous, chosen before the last boundary
            caused = state.apply(seat, action, version=version)
        except IllegalAction as exc:
            raise host.refuse(table, seat, text, host.illegal(table, exc)) from None
        except ApiError as err:
            raise host.refuse(table, seat, text, err) from None
        now_wall = time.time()
        clocks_after = clocks.after_action(table, snapshot, before)
        idx = state.version - 1
        chosen_on = idx if version is None else version
        row = ActionData(idx, seat, text, chosen_on, now_wall, clocks_after, stand_in, submission)
        try:
            await host.store.append(table.id, row)
        except Exception as exc:
            host.errors.error("storage-write", "table %s: writing action %d failed", table.id, idx)
            await host.restore(table)
            raise ApiError(
                503, "storage", say="api.error.storage.why", params={"why": db_error_text(exc)}
            ) from None
        table.seats[seat].refusal = None
        if stand_in:
            table.stand_ins.add(idx)
        public = table.game.action_is_public(state, seat, action)
        entry = LogEntry(idx, seat, text, now_wall, caused, public, stand_in)
        await self._after_action(table, entry)

    async def _after_action(self, table: LiveTable, entry: LogEntry) -> None:
        host = self.host
        host.moves += 1
        table.last_actor = entry.player
        if table.state.is_over():
            await host.finish(table)
        host.timeouts.check(table)
        host.changed(table)  # no await from here on: listeners see it all at once
        table.log.append(entry)
        table.trim_log()
        if table.clocks is not None:
            host.clock_keeper.arm(table)
        if table.race is None:
            host.bot_seats.kick(table)

    async def undo(self, table_id: str, token: str | None) -> dict[str, Any]:
        """Take back the caller's own last action (if it revealed nothing to anyone)."""
        host = self.host
        table = await host.for_change(table_id)
        seat = host.seating.seat_of(table, token)
        async with table.lock:
            state = table.state
            if table.realtime:
                raise ApiError(409, "no-undo", "a real-time game has no undo")
            if table.status != "playing" or state.version == 0:
                raise ApiError(409, "no-undo", "there is nothing to take back")
            if table.last_actor != seat:
                raise ApiError(409, "no-undo", "you can only take back your own last action")
            refusal = state.undo_refusal()
            if refusal is not None:  # it showed something hidden (the engine's rule)
                raise undo_refused(refusal)
            undone = state.version - 1
            try:  # the stored row goes first
                await host.store.delete_action(table.id, undone)
            except Exception as exc:  # nothing taken back: the table is as it was
                host.errors.error("storage-write", "table %s: an undo failed", table.id)
                raise ApiError(
                    503, "storage", say="api.error.storage.why", params={"why": db_error_text(exc)}
                ) from None
            state.undo()  # the position kept before it (State.keep_undo), no replay
            table.stand_ins.discard(undone)
            table.last_actor = state.history[-1][0] if state.version else None
            if table.log and table.log[-1].n == undone:
                table.log.pop()
            table.log_epoch += 1
            if table.clocks is not None:
                clocks.restore_for_undo(table, seat, state.active_players())
                host.clock_keeper.arm(table)
            host.timeouts.check(table)
            host.changed(table)
            host.bot_seats.kick(table)
            return {"ok": True, "version": state.version}
