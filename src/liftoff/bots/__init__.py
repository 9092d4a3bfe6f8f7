"""Bots: ``make(name, **params)`` returns an agent with ``choose(state, player)``.

Names may carry parameters, as on the command line:
``make("ismcts:iterations=400,rollout=heuristic", seed=3)``. Playing
strengths have names too: ``beginner``, ``easy``, ``medium``, ``hard``,
``expert`` (see :mod:`liftoff.bots.levels`).
"""

from __future__ import annotations

from typing import Any

from liftoff.bots.base import Bot
from liftoff.bots.heuristic import HeuristicBot
from liftoff.bots.ismcts import IsmctsBot
from liftoff.bots.levels import levels
from liftoff.bots.random_bot import RandomBot
from liftoff.bots.registry import _FACTORIES as _FACTORIES  # the registry itself
from liftoff.bots.registry import factory, names, register
from liftoff.bots.seats import SeatError, make_bot, parse_seat, parse_spec


def make(spec: str, **params: Any) -> Bot:
    """A bot from a name such as ``"random"`` or ``"ismcts:iterations=200"``.

    Keyword ``params`` override those in the name (``seed`` among them). Unknown
    names or parameters raise :class:`~liftoff.bots.seats.SeatError` (a
    ``ValueError``) with the list of what is known.
    """
    seat = parse_seat(spec, realtime=False)
    if seat.bot is None:
        raise SeatError(f"seat {spec!r}: a human seat has no bot")
    merged = {**seat.params, **params}
    seed = merged.pop("seed", 0)
    return make_bot(seat.bot, merged, seed=seed, text=spec)


__all__ = [
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "factory",
    "levels",
    "make",
    "names",
    "parse_spec",
    "register",
]
