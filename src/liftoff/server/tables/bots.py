"""Bot seats: the server plays bot seats, zombies, left seats and stand-ins (a bot
the others let play for a person out of time, see ``tables.timeouts``).

Each seat the server plays has an asyncio task; the bot's thinking runs in the
bot pool (a worker thread or process, on a clone of the state). A bot never acts
on a state that moved on while it thought.
"""

from __future__ import annotations

import asyncio
import collections
import time
from typing import TYPE_CHECKING, Any

from liftoff import bots as bot_registry
from liftoff.engine.realtime import SPEEDS

from ..botpool import BotPool, SearchCancelled
from ..botspecs import bounded_spec, checked_spec
from ..errors import ApiError
from .model import TURN_PACES, LiveTable, bot_seed_of, table_pace

if TYPE_CHECKING:
    from .manager import TableManager

#: seconds a table of bots alone keeps its people's pace after its last watcher left
#: (or after its bots first played): then it runs at full speed
UNWATCHED_AFTER = 30.0


def payer_of(table: LiveTable) -> str:
    """Who pays for the table's searches in the bot workers: the address that
    created it (a table without one pays alone)."""
    return table.creator or f"table:{table.id}"


def speeds() -> list[str]:
    """The speed profiles a real-time bot may play at."""
    return list(SPEEDS)


def bad_speed(speed: str | None, choices: list[str]) -> ApiError:
    """The refusal of a bot speed that is not one of ``choices``."""
    return ApiError(
        422,
        "bad-speed",
        say="api.error.bad-speed.named",
        params={"speed": repr(speed), "speeds": ", ".join(choices)},
    )


class BotSeats:
    """The bots playing at every table, and the pool they think in."""

    def __init__(self, host: TableManager) -> None:
        self.host = host
        self.pool = BotPool(host.settings.bot_processes)
        # (game, bot, seconds) of recent bot decisions, for the operator and benchmarks
        self.decisions: collections.deque[tuple[str, str, float]] = collections.deque(maxlen=20_000)

    def check(self, bot: str, speed: str | None, realtime: bool) -> str:
        """The bot's text to store (normalised and bounded, see :mod:`..botspecs`);
        422 for a bot a client may not seat (unknown, beyond bounds, bad speed)."""
        stored = checked_spec(bot, self.host.bot_bounds(realtime))
        if realtime and speed not in speeds():
            raise bad_speed(speed, speeds())
        if not realtime and speed is not None and speed not in TURN_PACES:
            raise bad_speed(speed, list(TURN_PACES))
        return stored

    def turn_paces(self) -> dict[str, float]:
        """Seconds before each bot action at each pace of a turn-based table."""
        delay = self.host.settings.bot_delay
        return {name: delay * share for name, share in TURN_PACES.items()}

    def seconds(self, table: LiveTable, p: int) -> float:
        """Seconds before seat ``p``'s bot acts where people sit or watch: its own
        pace, else the table's (a stand-in plays at the bots' pace), else normal."""
        paces = self.turn_paces()
        own = table.seats[p].speed
        if own in paces:
            return paces[own]
        return paces[table_pace(table)]

    def agent(self, table: LiveTable, p: int) -> Any:
        """The bot playing seat ``p`` (made on first use)."""
        s = table.seats[p]
        if s.agent is None:
            spec = s.bot if s.kind == "bot" and s.bot else self.host.settings.zombie_bot
            spec = bounded_spec(spec, self.host.bot_bounds(table.realtime))
            s.agent = bot_registry.make(spec, seed=bot_seed_of(table, "seat", p))
        return s.agent

    def kick(self, table: LiveTable) -> None:
        """Start a bot task for every active seat the server plays."""
        if table.status != "playing" or table.race is not None or self.host.closing:
            return
        for p in table.state.active_players():
            if p not in table.bot_tasks and table.controlled_by_bot(p):
                table.bot_tasks[p] = asyncio.create_task(self._loop(table, p))

    def close(self) -> None:
        """Stop the pool's workers."""
        self.pool.close()

    async def _loop(self, table: LiveTable, p: int) -> None:
        try:
            while await self._turn(table, p):
                pass
        except asyncio.CancelledError:
            raise
        except Exception:
            self.host.errors.error("bot-loop", "table %s: bot for seat %d failed", table.id, p)
        finally:
            if table.bot_tasks.get(p) is asyncio.current_task():
                del table.bot_tasks[p]

    def pace(self, table: LiveTable, p: int) -> float:
        """Seconds before each bot action: at a table with a person's seat, or that
        someone watches or watched in the last :data:`UNWATCHED_AFTER` seconds (the
        person who made it has that long to open it), every action is its own step
        people can follow; a table of bots alone that nobody watches runs at full speed."""
        now = table.clock.now()
        if table.subscribers or table.watched_at is None:
            table.watched_at = now
        people = any(s.kind != "bot" for s in table.seats)
        if people or now - table.watched_at < UNWATCHED_AFTER:
            return self.seconds(table, p)
        return 0.0

    async def _turn(self, table: LiveTable, p: int) -> bool:
        """One decision of seat ``p``'s bot; ``False`` when the server stops playing it."""
        await self.host.settings.clock.sleep(self.pace(table, p))
        state = table.state
        if (
            table.status != "playing"
            or p not in state.active_players()
            or not table.controlled_by_bot(p)
        ):
            return False
        version = state.version
        agent = self.agent(table, p)
        try:
            started = time.perf_counter()
            action = await self.pool.choose(agent, state, p, payer=payer_of(table), table=table.id)
            self.decisions.append((table.game.info.name, agent.name, time.perf_counter() - started))
        except SearchCancelled:
            return False  # the table closed or left this server
        except Exception:
            self.host.errors.error(
                f"bot-{agent.name}",
                "table %s: bot %r failed; a random bot takes over",
                table.id,
                agent,
            )
            table.seats[p].agent = bot_registry.make(
                "random", seed=bot_seed_of(table, "fallback", p)
            )
            return True
        backoff = 0.0
        async with table.lock:
            if (
                table.state.version != version
                or table.state is not state
                or not table.controlled_by_bot(p)
            ):
                return True
            try:
                # a move for a person's seat (a zombie's or a stand-in's) is marked
                stand_in = table.seats[p].kind != "bot"
                await self.host.play.apply_locked(table, p, action, version, stand_in=stand_in)
            except ApiError as err:
                # a database that refuses writes: try again later, log it once
                backoff = 5.0 if err.code == "storage" else 0.5
                self.host.errors.error(
                    f"bot-refused-{err.code}",
                    "table %s: bot %d refused: %s",
                    table.id,
                    p,
                    err.message,
                    exc_info=False,
                )
        if backoff:
            await table.clock.sleep(backoff)  # outside the lock: people may act
        return True
