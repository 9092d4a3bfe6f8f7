"""Bots: ``make(name, **params)`` returns an agent with ``choose(state, player)``.

Names may carry parameters, as on the command line:
``make("ismcts:iterations=400,rollout=heuristic", seed=3)``. Playing
strengths have names too: ``beginner``, ``easy``, ``medium``, ``hard``,
``expert`` (see :mod:`liftoff.bots.levels`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from liftoff.bots.base import Bot, parse_spec
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


def make(spec: str, **params: Any) -> Bot:
    """A bot from a name such as ``"random"`` or ``"ismcts:iterations=200"``.

    Keyword ``params`` override those in the name. Unknown names or parameters
    raise ``ValueError`` with the list of what is known.
    """
    name, parsed = parse_spec(spec)
    parsed.update(params)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    try:
        return factory(**parsed)
    except TypeError as exc:
        raise ValueError(f"bad parameters for bot {name!r}: {exc}") from None


__all__ = [
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "levels",
    "make",
    "names",
    "parse_spec",
    "register",
]
