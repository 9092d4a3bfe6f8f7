"""What every real-time game shares: bots' speed profiles and the clock protocol.

A real-time game (``GameInfo.realtime``) has no turn order: everyone acts at
once and the order in which actions *arrive* matters. The engine stays pure —
time is given to it, never read — so a clock is injected (:class:`ManualClock`
in tests and simulations; a wall clock is the front end's business).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .rng import Rng


@dataclass(frozen=True, slots=True)
class SpeedProfile:
    """How fast a bot decides: ``mean`` seconds per decision ± ``jitter`` (uniform)."""

    name: str
    mean: float
    jitter: float

    def delay(self, rng: Rng) -> float:
        """One decision time, drawn from ``rng`` (no draw at all for ``instant``).

        >>> SPEEDS["instant"].delay(Rng(1))
        0.0
        >>> 0.6 <= SPEEDS["normal"].delay(Rng(1)) <= 1.4
        True
        """
        if self.mean == 0.0 and self.jitter == 0.0:
            return 0.0
        return max(0.0, self.mean + self.jitter * (2.0 * rng.random() - 1.0))


#: the selectable speeds, slowest first
SPEEDS: dict[str, SpeedProfile] = {
    "slow": SpeedProfile("slow", 2.0, 0.8),
    "normal": SpeedProfile("normal", 1.0, 0.4),
    "fast": SpeedProfile("fast", 0.5, 0.2),
    "instant": SpeedProfile("instant", 0.0, 0.0),
}
DEFAULT_SPEED = "normal"


class Clock(Protocol):
    """A source of the current time in seconds."""

    def now(self) -> float: ...


class ManualClock:
    """A clock that moves only when told (tests, simulations, replays)."""

    def __init__(self, start: float = 0.0) -> None:
        self.t = start

    def now(self) -> float:
        """The current time."""
        return self.t

    def advance(self, dt: float) -> float:
        """Move the clock ``dt`` seconds on; returns the new time."""
        self.t += dt
        return self.t
