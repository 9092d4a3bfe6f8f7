"""Highest unique (a toy game for the engine's tests, built by following
docs/engine.md "Adding a game").

Each round a card worth some points is turned up; every player secretly picks
a number from 1 to 3, all at the same time; when everyone has picked, the
highest number that exactly one player picked wins the card. After the last
round the most points win.

It is not a shipped game: tests register it with
``liftoff.games.register("toy", GAME)`` (see ``tests/engine/test_toy_game.py``).
"""

from __future__ import annotations

from . import text  # noqa: F401 (registers the game's English message templates)
from .game import GAME, ToyGame
from .state import ToyState

__all__ = ["GAME", "ToyGame", "ToyState"]
