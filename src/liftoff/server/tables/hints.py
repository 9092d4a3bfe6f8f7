"""Hints at turn-based tables: a suggested action for the seat that asks.

A hint is :func:`liftoff.bots.hint.hint`: the ``hard`` bot (200 iterations, the
bots' time ceiling) searches a world drawn only from the asking seat's view, so
it cannot tell a player what they could not know. The search runs in the bot
pool, where search bots think, in the turn of the address that created the table
(:mod:`..botpool`), seeded from :mod:`secrets` (never from the game seed). One
hint per seat per state version: asking again at the same version answers the
same, without a new search.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from liftoff import speech
from liftoff.bots.hint import HINT_BOT, hint, reason_in_words
from liftoff.engine import State
from liftoff.engine.messages import ENGLISH, Message, speaking

from ..botpool import SearchCancelled
from ..botspecs import bounded_spec
from ..errors import ApiError
from .bots import payer_of
from .model import LiveTable
from .play import status_refusal

if TYPE_CHECKING:
    from .manager import TableManager

HINT_ITERATIONS = 200


def search(state: State, seat: int, seed: int, spec: str) -> tuple[str, str, Message | None]:
    """The hint's action text, its reason in English and the reason as a message,
    to say in each reader's language (runs in a bot worker)."""
    found = hint(state, seat, seed, spec, lang=ENGLISH)
    return str(found.action), found.reason, found.why


def refusal(table: LiveTable, seat: int) -> ApiError | None:
    """Why ``seat`` may not have a hint now, if so (in words a person reads)."""
    if not table.hints:
        return ApiError(403, "hints-off", "hints are off at this table")
    if table.realtime:
        return ApiError(409, "no-hints", "a real-time game has no hints")
    done = status_refusal(table)
    if done is not None:
        return done
    if seat not in table.state.active_players():
        return ApiError(409, "not-your-turn", "it is not your turn: a hint waits until it is")
    return None


class Hints:
    """Hints for the seats of every table."""

    def __init__(self, host: TableManager) -> None:
        self.host = host

    async def ask(
        self, table_id: str, token: str | None, lang: str | None = None
    ) -> dict[str, Any]:
        """A hint for the token's seat: ``{action, said, reason, version}``, its
        words in ``lang`` (English by default)."""
        host = self.host
        table = await host.for_change(table_id)
        if not token:
            raise ApiError(403, "spectator", "only a player may ask for a hint, for their own seat")
        seat = host.seating.seat_of(table, token)
        async with table.lock:
            why = refusal(table, seat)
            if why is not None:
                raise why
            state = table.state
            given = table.hints_given.get(seat)
            if given is None or given[0] != state.version:
                task = asyncio.create_task(self._search(table, state.clone(), seat))
                given = table.hints_given[seat] = (state.version, task)
        try:
            found = await asyncio.shield(given[1])
        except (asyncio.CancelledError, ApiError):
            raise
        except SearchCancelled:
            if table.hints_given.get(seat) is given:
                del table.hints_given[seat]
            raise status_refusal(table) or ApiError(
                503, "no-hint", "no hint could be found just now; try again"
            ) from None
        except Exception:
            if table.hints_given.get(seat) is given:
                del table.hints_given[seat]  # the next ask searches again
            host.errors.error("hint", "table %s: a hint for seat %d failed", table.id, seat)
            raise ApiError(503, "no-hint", "no hint could be found just now; try again") from None
        state, text, reason, why = found
        with speaking(lang or ENGLISH):
            action = table.game.parse_action(state, seat, text)
            return {
                "action": text,
                "said": speech.of(table.game).describe(state, seat, action),
                "reason": reason_in_words(why, state, seat) if why is not None else reason,
                "version": state.version,
            }

    async def _search(
        self, table: LiveTable, state: State, seat: int
    ) -> tuple[State, str, str, Message | None]:
        bounds = self.host.bot_bounds(table.realtime)
        spec = bounded_spec(f"{HINT_BOT}:iterations={HINT_ITERATIONS}", bounds)
        text, reason, why = await self.host.bot_seats.pool.run(
            payer_of(table), table.id, search, state, seat, secrets.randbits(62), spec
        )
        return state, text, reason, why
