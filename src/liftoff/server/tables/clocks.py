"""Chess-style clocks of turn-based tables.

Each player has time (``initial``) plus extra time at each of their turns
(``increment``). A player out of time has the bot play for them until their turn
ends; their next turn brings the extra time again. Undo gives back the clocks as
they were before the action taken back.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .manager import TableManager
    from .model import LiveTable

#: the clocks just before an action: remaining ms, running players, when
Snapshot = tuple[list[int], tuple[int, ...], float]


@dataclass
class Clocks:
    """Chess-style clocks: ``remaining`` ms per player, running for the active ones."""

    initial_ms: int
    increment_ms: int
    remaining: list[int]
    running: tuple[int, ...] = ()
    since: float = 0.0  # monotonic time of the last charge

    def charge(self, now: float) -> None:
        """Take the time since the last charge off every running clock."""
        spent = int((now - self.since) * 1000)
        if spent > 0:
            for p in self.running:
                self.remaining[p] -= spent
            self.since = now

    def switch(self, now: float, active: tuple[int, ...]) -> None:
        """Charge, then run the clocks of ``active``; a new turn brings the extra time."""
        self.charge(now)
        for p in active:
            if p not in self.running:
                self.remaining[p] += self.increment_ms
        self.running = active
        self.since = now

    def public(self, now: float) -> dict[str, Any]:
        """The clocks as shown to players (remaining ms as of now)."""
        spent = max(0, int((now - self.since) * 1000))
        return {
            "initial": self.initial_ms / 1000,
            "increment": self.increment_ms / 1000,
            "remaining": [
                r - spent if p in self.running else r for p, r in enumerate(self.remaining)
            ],
            "running": list(self.running),
        }

    def expires_in(self, now: float) -> float | None:
        """Seconds until the first running clock reaches zero."""
        if not self.running:
            return None
        spent = (now - self.since) * 1000
        return max(0.0, (min(self.remaining[p] for p in self.running) - spent) / 1000)

    @classmethod
    def of(cls, spec: dict[str, Any], players: int, remaining: list[int] | None = None) -> Clocks:
        """Clocks for a table's clock setting (``initial``, ``increment`` in seconds)."""
        initial = int(float(spec["initial"]) * 1000)
        increment = int(float(spec.get("increment", 0)) * 1000)
        return cls(
            initial, increment, list(remaining) if remaining is not None else [initial] * players
        )


def before_action(table: LiveTable) -> Snapshot | None:
    """Charge the running clocks before an action; what they were (undo restores it)."""
    clocks = table.clocks
    if clocks is None:
        return None
    clocks.charge(time.monotonic())
    return (list(clocks.remaining), clocks.running, time.monotonic())


def after_action(
    table: LiveTable, snapshot: Snapshot | None, before: tuple[int, ...]
) -> list[int] | None:
    """Switch the clocks to the players now active (or charge them); the remaining
    ms as stored with the action."""
    clocks = table.clocks
    if clocks is None:
        return None
    table.clocks_before = snapshot
    after = table.state.active_players()
    if after != before:
        clocks.switch(time.monotonic(), after)
    else:
        clocks.charge(time.monotonic())
    return list(clocks.remaining)


def restore_for_undo(table: LiveTable, seat: int, active: tuple[int, ...]) -> None:
    """Undo: the clocks as they were before the action taken back (no extra time
    given again), the time since then charged to the player who takes it back."""
    clocks = table.clocks
    assert clocks is not None
    now = time.monotonic()
    snapshot, table.clocks_before = table.clocks_before, None
    if snapshot is None:  # e.g. after a restart: no refund, no extra time
        clocks.charge(now)
    else:
        remaining, _running, at = snapshot
        clocks.remaining = list(remaining)
        clocks.remaining[seat] -= int((now - at) * 1000)
    clocks.running = active
    clocks.since = now


class ClockKeeper:
    """Runs the alarm of each clocked table: when a player's time runs out, the
    bot takes over their turn."""

    def __init__(self, host: TableManager) -> None:
        self.host = host

    def start(self, table: LiveTable) -> None:
        """The game starts (or resumes): clocks for a clocked turn-based table."""
        if table.clock_spec is None or table.realtime:
            return
        if table.clocks is None:
            table.clocks = Clocks.of(table.clock_spec, table.state.num_players)
            table.clocks.switch(time.monotonic(), table.state.active_players())
        self.arm(table)

    def arm(self, table: LiveTable) -> None:
        """Set the table's alarm for the first running clock to run out."""
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None
        if table.clocks is None or table.status != "playing" or self.host.closing:
            return
        wait = table.clocks.expires_in(time.monotonic())
        if wait is None:
            return
        table.clock_task = asyncio.create_task(self._alarm(table, wait))

    async def _alarm(self, table: LiveTable, wait: float) -> None:
        try:
            await asyncio.sleep(wait + 0.01)
        except asyncio.CancelledError:
            return
        table.clock_task = None
        self.host.changed(table)
        self.host.bot_seats.kick(table)
