"""Chess-style clocks of turn-based tables.

Each player has time (``initial``) plus extra time at each of their turns
(``increment``); a table picks a preset (:data:`PRESETS`) or its own times
within :data:`BOUNDS`. A clock stops at zero: what happens to a player out of
time is the time-out policy's (``tables.timeouts``). Undo gives back the clocks
as they were before the action taken back.

Turn-based tables played over days pick a day preset (:data:`DAY_PRESETS`):
each move has its days, and a player who takes longer draws on a reserve that
never fills up again (what is left of a move's days is not banked). Day clocks
are for turn-based games only: the race is played live. A person on vacation
(:mod:`.vacations`) has their clocks paused: their time does not run meanwhile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from dataclasses import dataclass, field
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
DAY = 86_400.0  # seconds in a day
#: clocks over days: (days per move, days of reserve)
DAY_PRESETS: dict[str, tuple[int, int]] = {
    "day-1": (1, 2),
    "day-2": (2, 3),
    "day-3": (3, 4),
    "day-7": (7, 7),
}
#: the bounds of a table's own times: (initial low, high), (increment low, high), seconds
BOUNDS = ((1.0, 86_400.0), (0.0, 3_600.0))


def clock_spec(clock: dict[str, Any]) -> dict[str, Any]:
    """A table's clock setting from a client's: a preset, or its own ``initial`` and
    ``increment`` (seconds) within :data:`BOUNDS`; refused (422) in words otherwise."""
    preset = clock.get("preset")
    if preset in DAY_PRESETS:
        if clock.get("initial") is not None or clock.get("increment") is not None:
            raise ApiError(422, "bad-clock", "choose a clock preset or your own times, not both")
        days, reserve = DAY_PRESETS[preset]
        # the reserve is what a player starts with; each move brings its days
        return {
            "preset": preset,
            "initial": reserve * DAY,
            "increment": days * DAY,
            "reserve": reserve * DAY,
        }
    if preset is not None:
        if clock.get("initial") is not None or clock.get("increment") is not None:
            raise ApiError(422, "bad-clock", "choose a clock preset or your own times, not both")
        if preset not in PRESETS:
            raise ApiError(
                422,
                "bad-clock",
                say="api.error.bad-clock.preset",
                params={"preset": repr(preset), "presets": ", ".join([*PRESETS, *DAY_PRESETS])},
            )
        initial, increment = PRESETS[preset]
        return {"preset": preset, "initial": initial, "increment": increment}
    initial = _seconds(clock.get("initial"), 600.0, BOUNDS[0], "initial")
    increment = _seconds(clock.get("increment"), 0.0, BOUNDS[1], "increment")
    return {"initial": initial, "increment": increment}


def is_day_clock(spec: dict[str, Any] | None) -> bool:
    """Whether a clock setting (a client's or a table's) is one of days per move."""
    return spec is not None and spec.get("preset") in DAY_PRESETS


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
    since: float = 0.0  # the server clock's time of the last charge
    preset: str | None = None
    # day clocks: the most a player keeps from one move to the next (ms); a move's
    # time left over beyond it is not banked (``None``: chess-style, all is kept)
    reserve_ms: int | None = None
    # players whose clocks are paused (a person on vacation): from, until (server clock)
    paused: dict[int, tuple[float, float]] = field(default_factory=dict)

    def _spent(self, p: int, now: float) -> int:
        """The ms player ``p``'s running clock lost since the last charge (a pause
        does not count)."""
        seconds = now - self.since
        pause = self.paused.get(p)
        if pause is not None:
            seconds -= max(0.0, min(now, pause[1]) - max(self.since, pause[0]))
        return max(0, int(seconds * 1000))

    def charge(self, now: float) -> None:
        """Take the time since the last charge off every running clock (down to zero)."""
        if int((now - self.since) * 1000) <= 0:
            return  # under a millisecond: kept for the next charge
        for p in self.running:
            self.remaining[p] = max(0, self.remaining[p] - self._spent(p, now))
        self.since = now
        self.paused = {p: span for p, span in self.paused.items() if span[1] > now}

    def left(self, p: int, now: float) -> int:
        """Player ``p``'s remaining ms as of ``now`` (never below zero)."""
        if p not in self.running:
            return self.remaining[p]
        return max(0, self.remaining[p] - self._spent(p, now))

    def pause(self, p: int, start: float, until: float) -> None:
        """Pause player ``p``'s clock from ``start`` to ``until`` (server clock)."""
        self.charge(start)
        self.paused[p] = (start, until)

    def _runs_out_at(self, p: int) -> float:
        """When player ``p``'s running clock reaches zero (pauses skipped)."""
        at, budget = self.since, self.remaining[p] / 1000
        pause = self.paused.get(p)
        if pause is not None and pause[1] > at:
            if pause[0] > at and budget <= pause[0] - at:
                return at + budget
            budget -= max(0.0, pause[0] - at)
            at = pause[1]
        return at + budget

    def give(self, p: int, ms: int, now: float) -> None:
        """Player ``p`` has at least ``ms`` left (a reclaimed seat's allowance)."""
        self.charge(now)
        self.remaining[p] = max(self.remaining[p], ms)

    def switch(self, now: float, active: tuple[int, ...]) -> None:
        """Charge, then run the clocks of ``active``; a new turn brings the extra time."""
        self.charge(now)
        for p in active:
            if p not in self.running:
                if self.reserve_ms is not None:  # a day clock: the reserve, then the move's
                    self.remaining[p] = min(self.remaining[p], self.reserve_ms)
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
            "reserve": self.reserve_ms / 1000 if self.reserve_ms is not None else None,
            # seconds until each paused player's clock runs again (a person on vacation)
            "paused": {str(p): max(0.0, end - now) for p, (_, end) in self.paused.items()},
        }

    def expires_in(self, now: float, ignore: Collection[int] = ()) -> float | None:
        """Seconds until the first running clock (not in ``ignore``) reaches zero."""
        watched = [p for p in self.running if p not in ignore]
        if not watched:
            return None
        return max(0.0, min(self._runs_out_at(p) for p in watched) - now)

    @classmethod
    def of(cls, spec: dict[str, Any], players: int, remaining: list[int] | None = None) -> Clocks:
        """Clocks for a table's clock setting (``initial``, ``increment`` in seconds)."""
        initial = int(float(spec["initial"]) * 1000)
        increment = int(float(spec.get("increment", 0)) * 1000)
        left = list(remaining) if remaining is not None else [initial] * players
        reserve = spec.get("reserve")
        reserve_ms = int(float(reserve) * 1000) if reserve is not None else None
        return cls(initial, increment, left, preset=spec.get("preset"), reserve_ms=reserve_ms)


def before_action(table: LiveTable) -> Snapshot | None:
    """Charge the running clocks before an action; what they were (undo restores it)."""
    clocks = table.clocks
    if clocks is None:
        return None
    now = table.clock.now()
    clocks.charge(now)
    return (list(clocks.remaining), clocks.running, now)


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
        clocks.switch(table.clock.now(), after)
    else:
        clocks.charge(table.clock.now())
    return list(clocks.remaining)


def restore_for_undo(table: LiveTable, seat: int, active: tuple[int, ...]) -> None:
    """Undo: the clocks as they were before the action taken back (no extra time
    given again), the time since then charged to the player who takes it back."""
    clocks = table.clocks
    assert clocks is not None
    now = table.clock.now()
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
            table.clocks.switch(table.clock.now(), table.state.active_players())
        self.host.vacations.apply(table)
        # after a restart a person out of time is so again (the others choose again)
        self.host.timeouts.check(table)
        self.arm(table)

    def arm(self, table: LiveTable) -> None:
        """Set the table's alarm for the first running clock to run out."""
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None
        self.host.turn_mails.note(table)  # a person's days may have started: a mail
        if table.clocks is None or table.status != "playing" or self.host.closing:
            return
        # a clock already out (its seat waits, or a bot plays it) rings no more
        done = [p for p in table.clocks.running if table.clocks.remaining[p] <= 0]
        wait = table.clocks.expires_in(table.clock.now(), ignore=done)
        if wait is None:
            return
        table.clock_task = asyncio.create_task(self._alarm(table, wait))

    async def _alarm(self, table: LiveTable, wait: float) -> None:
        try:
            await table.clock.sleep(wait + 0.01)
        except asyncio.CancelledError:
            return
        table.clock_task = None
        if table.clocks is not None:
            table.clocks.charge(table.clock.now())
        self.host.timeouts.check(table)
        self.host.changed(table)
        self.arm(table)
        self.host.bot_seats.kick(table)
