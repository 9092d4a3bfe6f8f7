"""Chess-style clocks of turn-based tables.

Each player has time (``initial``) plus extra time at each of their turns
(``increment``); a table picks a preset (:data:`PRESETS`) or its own times
within :data:`BOUNDS`. A clock stops at zero: what happens to a player out of
time is the time-out policy's (``tables.timeouts``). Undo gives back the clocks
as they were before the action taken back.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import ApiError

if TYPE_CHECKING:
    from .manager import TableManager
    from .model import LiveTable

#: the clocks just before an action: remaining ms, running players, when
Snapshot = tuple[list[int], tuple[int, ...], float]

#: clock presets: (seconds per player, extra seconds at each turn)
PRESETS: dict[str, tuple[float, float]] = {
    "blitz": (300, 5),  # 5 minutes + 5 s a turn
    "normal": (900, 15),  # 15 minutes + 15 s a turn
    "relaxed": (3600, 60),  # 60 minutes + 60 s a turn
}
#: the bounds of a table's own times: (initial low, high), (increment low, high), seconds
BOUNDS = ((1.0, 86_400.0), (0.0, 3_600.0))


def clock_spec(clock: dict[str, Any]) -> dict[str, Any]:
    """A table's clock setting from a client's: a preset, or its own ``initial`` and
    ``increment`` (seconds) within :data:`BOUNDS`; refused (422) in words otherwise."""
    preset = clock.get("preset")
    if preset is not None:
        if clock.get("initial") is not None or clock.get("increment") is not None:
            raise ApiError(422, "bad-clock", "choose a clock preset or your own times, not both")
        if preset not in PRESETS:
            raise ApiError(
                422,
                "bad-clock",
                say="api.error.bad-clock.preset",
                params={"preset": repr(preset), "presets": ", ".join(PRESETS)},
            )
        initial, increment = PRESETS[preset]
        return {"preset": preset, "initial": initial, "increment": increment}
    initial = _seconds(clock.get("initial"), 600.0, BOUNDS[0], "initial")
    increment = _seconds(clock.get("increment"), 0.0, BOUNDS[1], "increment")
    return {"initial": initial, "increment": increment}


def _seconds(value: Any, default: float, bounds: tuple[float, float], what: str) -> float:
    """A number of seconds within ``bounds`` (422 in words otherwise; ``what``: the
    clock's field, ``initial`` or ``increment``)."""
    if value is None:
        return default
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ApiError(
            422,
            "bad-clock",
            say=f"api.error.bad-clock.{what}",
            params={"low": f"{low:g}", "high": f"{high:g}"},
        )
    return float(value)


@dataclass
class Clocks:
    """Chess-style clocks: ``remaining`` ms per player, running for the active ones."""

    initial_ms: int
    increment_ms: int
    remaining: list[int]
    running: tuple[int, ...] = ()
    since: float = 0.0  # monotonic time of the last charge
    preset: str | None = None

    def charge(self, now: float) -> None:
        """Take the time since the last charge off every running clock (down to zero)."""
        spent = int((now - self.since) * 1000)
        if spent > 0:
            for p in self.running:
                self.remaining[p] = max(0, self.remaining[p] - spent)
            self.since = now

    def left(self, p: int, now: float) -> int:
        """Player ``p``'s remaining ms as of ``now`` (never below zero)."""
        if p not in self.running:
            return self.remaining[p]
        return max(0, self.remaining[p] - max(0, int((now - self.since) * 1000)))

    def give(self, p: int, ms: int, now: float) -> None:
        """Player ``p`` has at least ``ms`` left (a reclaimed seat's allowance)."""
        self.charge(now)
        self.remaining[p] = max(self.remaining[p], ms)

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
        return {
            "preset": self.preset,
            "initial": self.initial_ms / 1000,
            "increment": self.increment_ms / 1000,
            "remaining": [self.left(p, now) for p in range(len(self.remaining))],
            "running": list(self.running),
        }

    def expires_in(self, now: float, ignore: Collection[int] = ()) -> float | None:
        """Seconds until the first running clock (not in ``ignore``) reaches zero."""
        watched = [p for p in self.running if p not in ignore]
        if not watched:
            return None
        spent = (now - self.since) * 1000
        return max(0.0, (min(self.remaining[p] for p in watched) - spent) / 1000)

    @classmethod
    def of(cls, spec: dict[str, Any], players: int, remaining: list[int] | None = None) -> Clocks:
        """Clocks for a table's clock setting (``initial``, ``increment`` in seconds)."""
        initial = int(float(spec["initial"]) * 1000)
        increment = int(float(spec.get("increment", 0)) * 1000)
        left = list(remaining) if remaining is not None else [initial] * players
        return cls(initial, increment, left, preset=spec.get("preset"))


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
        clocks.remaining[seat] = max(0, clocks.remaining[seat] - int((now - at) * 1000))
    clocks.running = active
    clocks.since = now


class ClockKeeper:
    """Runs the alarm of each clocked table: when a player's time runs out, the
    time-out policy is told (``tables.timeouts``)."""

    def __init__(self, host: TableManager) -> None:
        self.host = host

    def start(self, table: LiveTable) -> None:
        """The game starts (or resumes): clocks for a clocked turn-based table."""
        if table.clock_spec is None or table.realtime:
            return
        if table.clocks is None:
            table.clocks = Clocks.of(table.clock_spec, table.state.num_players)
            table.clocks.switch(time.monotonic(), table.state.active_players())
        # after a restart a person out of time is so again (the others choose again)
        self.host.timeouts.check(table)
        self.arm(table)

    def arm(self, table: LiveTable) -> None:
        """Set the table's alarm for the first running clock to run out."""
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None
        if table.clocks is None or table.status != "playing" or self.host.closing:
            return
        # a clock already out (its seat waits, or a bot plays it) rings no more
        done = [p for p in table.clocks.running if table.clocks.remaining[p] <= 0]
        wait = table.clocks.expires_in(time.monotonic(), ignore=done)
        if wait is None:
            return
        table.clock_task = asyncio.create_task(self._alarm(table, wait))

    async def _alarm(self, table: LiveTable, wait: float) -> None:
        try:
            await asyncio.sleep(wait + 0.01)
        except asyncio.CancelledError:
            return
        table.clock_task = None
        if table.clocks is not None:
            table.clocks.charge(time.monotonic())
        self.host.timeouts.check(table)
        self.host.changed(table)
        self.arm(table)
        self.host.bot_seats.kick(table)
