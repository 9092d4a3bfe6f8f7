"""The bots :func:`liftoff.bots.make` knows, by name: the built-in kinds, the
playing strengths, and any an add-on or a study registers. The seat grammar
(:mod:`liftoff.bots.seats`) builds bots from it, so it sits below that."""

from __future__ import annotations

from collections.abc import Callable

from liftoff.bots.base import Bot
from liftoff.bots.heuristic import HeuristicBot
from liftoff.bots.ismcts import IsmctsBot
from liftoff.bots.levels import level_factory, levels
from liftoff.bots.random_bot import RandomBot

_FACTORIES: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "ismcts": IsmctsBot,
    **{level: level_factory(level) for level in levels()},
}


def register(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``factory`` available as ``make(name)``."""
    _FACTORIES[name] = factory


def names() -> list[str]:
    """The bot kinds that ``make`` knows."""
    return sorted(_FACTORIES)


def factory(name: str) -> Callable[..., Bot]:
    """The factory of bot ``name`` (``KeyError`` if unknown; see :func:`names`)."""
    return _FACTORIES[name]
