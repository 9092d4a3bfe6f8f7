"""*Lift Off!* (Casasola Merkle, Queen Games 2000): the real-time card race.

``GAME`` is the engine entry point (``liftoff.games.get("race")``); the real-time
driver lives in :mod:`liftoff.games.race.realtime` and test positions are built
with :mod:`liftoff.games.race.testing`.
"""

from __future__ import annotations

from . import text  # noqa: F401  (registers the English message templates)
from .game import GAME, RaceGame
from .state import RaceState

__all__ = ["GAME", "RaceGame", "RaceState"]
