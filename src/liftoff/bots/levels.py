"""Playing strengths by name: ``beginner``, ``easy``, ``medium``, ``hard``, ``expert``.

Each level is a fixed bot configuration with a budget in *iterations* (never in
seconds), so a level plays the same on every machine and its choices are a
function of its seed. ``make("hard", seed=3)`` builds one; keyword parameters
override the level's (``make("hard", iterations=100)``), which is how weaker or
stronger variants stay reachable.

| level | bot | budget per decision |
|---|---|---|
| ``beginner`` | heuristic, 50% random and 30% unthought moves | under a few ms |
| ``easy`` | heuristic, 20% random and 20% unthought moves | under a few ms |
| ``medium`` | heuristic | under a few ms |
| ``hard`` | ismcts (heuristic rollouts, depth 20, prior) | 200 iterations |
| ``expert`` | the same | 1000 iterations |

In planet and race, whose heuristics rank the moves (priors), both search
levels keep the heuristic's favourite move unless the search beats it by a
standard error (``keep=1``, the search's default).

In the live race a level also plays at its own pace unless a speed is written
(``medium@fast``): :data:`LEVEL_SPEEDS`. A slower bot is a weaker one there, so
the pace is part of the level: ``beginner`` plays a card every 3 s or so,
``expert`` every half second.

A random move is a legal move drawn at random (a careless slip); an unthought
move is the game's quick rules-of-thumb move (its rollout policy) played
without the heuristic's look-ahead. At the rates of ``benchmarks/bench_bots.py``
(600–1,300 iterations per CPU second on one core), ``expert`` thinks about
0.8–1.7 s per decision on one core and ``hard`` 0.15–0.35 s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from liftoff.bots.base import Bot, parameters_of
from liftoff.bots.heuristic import HeuristicBot
from liftoff.bots.ismcts import IsmctsBot

#: level name -> (bot kind, parameters), weakest first
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "beginner": ("heuristic", {"mistakes": 0.5, "slips": 0.3}),
    "easy": ("heuristic", {"mistakes": 0.2, "slips": 0.2}),
    "medium": ("heuristic", {}),
    "hard": ("ismcts", {"iterations": 200}),
    "expert": ("ismcts", {"iterations": 1000}),
}

#: level name -> the live-race speed it plays at when none is written (see
#: ``liftoff.bots.seats.SEAT_SPEEDS``)
LEVEL_SPEEDS: dict[str, str] = {
    "beginner": "relaxed",
    "easy": "slow",
    "medium": "normal",
    "hard": "normal",
    "expert": "fast",
}

_KINDS: dict[str, Callable[..., Bot]] = {"heuristic": HeuristicBot, "ismcts": IsmctsBot}


def levels() -> list[str]:
    """The level names, weakest first."""
    return list(LEVELS)


def spec(level: str) -> str:
    """The bot spec a level stands for, e.g. ``spec("hard") == "ismcts:iterations=200"``."""
    kind, params = LEVELS[level]
    if not params:
        return kind
    return kind + ":" + ",".join(f"{k}={v}" for k, v in params.items())


def level_factory(level: str) -> Callable[..., Bot]:
    """A factory ``(seed=0, **overrides) -> Bot`` for ``level``."""
    kind, params = LEVELS[level]

    def build(**overrides: Any) -> Bot:
        bot = _KINDS[kind](**{**params, **overrides})
        bot.name = level
        return bot

    build.__doc__ = f"The {level!r} level: {spec(level)}."
    build.accepts = parameters_of(_KINDS[kind])  # type: ignore[attr-defined]
    return build
