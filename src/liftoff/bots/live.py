"""What the live front ends (the terminal and the server) share for real-time games.

The engine and the games never read the wall clock and never start threads; the
front ends that play a real-time game live bring both: :class:`MonotonicClock`
(seconds since the game's start) and a **thinker** (:func:`thinker`: a thread
pool where bots decide off the front end's thread, so that a thinking bot never
freezes the screen or the server, and its thinking time counts). Seats are read
with the one seat grammar (:mod:`liftoff.bots.seats`) and turned into ready
:class:`~liftoff.engine.realtime.LiveSeat` objects by :func:`live_seats`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from liftoff.bots.seats import SeatSpec, seat_seed
from liftoff.engine import derive_seed
from liftoff.engine.realtime import LiveSeat


class MonotonicClock:
    """The wall clock (``time.monotonic``), zero at creation."""

    def __init__(self) -> None:
        self._start = time.monotonic()

    def now(self) -> float:
        """Seconds since creation."""
        return time.monotonic() - self._start


def thinker(workers: int = 1, name: str = "live-bot") -> ThreadPoolExecutor:
    """A pool of ``workers`` threads where bots think during live play."""
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix=name)


def live_seat(spec: SeatSpec, *, bot_seed: int, speed_seed: int) -> LiveSeat:
    """The ready seat for ``spec``: its bot seeded with ``bot_seed`` (none for a
    person) and its decision times drawn from ``Rng(speed_seed)``. Raises
    :class:`~liftoff.bots.seats.SeatError` for a bot that cannot be made."""
    agent = None if spec.human else spec.make(bot_seed)
    return LiveSeat.of(agent, spec.speed_profile(), speed_seed)


def live_seats(specs: Sequence[SeatSpec], seed: int) -> list[LiveSeat]:
    """One ready seat per spec: seat ``i``'s bot seeded with ``seat_seed(seed, i)``
    and its speed with ``derive_seed(seed, "speed", i)``."""
    return [
        live_seat(spec, bot_seed=seat_seed(seed, i), speed_seed=derive_seed(seed, "speed", i))
        for i, spec in enumerate(specs)
    ]
