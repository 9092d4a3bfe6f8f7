"""Live tables: games in memory, their action logs in the database.

- Each live table holds its engine ``State`` and a lock. An action is checked
  and applied under the lock, appended to the action log in the database, and
  only then acknowledged and pushed to the players: nothing acknowledged is
  ever lost, and on start every unfinished game is rebuilt from its log with
  ``Game.replay``.
- Bots take seats server-side (asyncio tasks; their thinking runs in a worker
  thread on a clone of the state). A player who disconnects keeps their seat;
  after a grace period they are *away*, and only the time-out policy
  (``timeouts``) lets the other people give the seat to a stand-in bot. A seat
  left during the game is played by a bot (a *zombie* seat).
- Turn-based games may have clocks (time per player plus extra time per turn).
  A player out of time is waited for, unless the others let a stand-in play.
- Undo takes back a player's own last action when it revealed nothing to
  anyone (the engine's rule, ``State.undo_refusal()``), going back to the
  position the engine kept (``State.undo()``).
- Real-time games (``GameInfo.realtime``) run live through their real-time driver.

Only the engine API (``liftoff.engine``) and the bots' ``make`` are used, so
every game works the same way.

The rooms, one module each:

========== ================================================================
settings   :class:`Settings`, the server's tunable behaviour
model      :class:`LiveTable`, :class:`TableSeat`, :class:`LogEntry`, :class:`Subscriber`
manager    :class:`TableManager`: lifecycle (create, start, finish, close, expire)
           and the host of real-time runners
seats      :class:`Seating`: tokens, joining and leaving, listeners, presence, zombies
play       :class:`Play`: actions and undo at turn-based tables
clocks     :class:`Clocks` and :class:`ClockKeeper` (alarms)
bots       :class:`BotSeats`: the bots playing seats, and their pool
frames     what clients see: views, state messages, the game log, the lobby
rebuild    a live table rebuilt from the database
quotas     :class:`Quotas`: what each client address may hold
chat       :class:`Chat`: table chat, in memory only (never in records or to bots)
========== ================================================================
"""

from __future__ import annotations

from .bots import BotSeats
from .clocks import ClockKeeper, Clocks
from .frames import state_message
from .manager import TableManager
from .model import (
    LOG_KEEP,
    SPECTATOR,
    LiveRunner,
    LiveTable,
    LogEntry,
    Subscriber,
    TableSeat,
    bot_seed_of,
    hash_token,
    new_bot_seed,
    new_id,
)
from .play import MAX_VERSION, Play, check_version, submission_key
from .quotas import Quotas
from .seats import Seating
from .settings import Settings

__all__ = [
    "LOG_KEEP",
    "MAX_VERSION",
    "SPECTATOR",
    "BotSeats",
    "ClockKeeper",
    "Clocks",
    "LiveRunner",
    "LiveTable",
    "LogEntry",
    "Play",
    "Quotas",
    "Seating",
    "Settings",
    "Subscriber",
    "TableManager",
    "TableSeat",
    "bot_seed_of",
    "check_version",
    "hash_token",
    "new_bot_seed",
    "new_id",
    "state_message",
    "submission_key",
]
