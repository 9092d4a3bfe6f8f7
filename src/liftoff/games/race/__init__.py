"""*Lift Off!* (Casasola Merkle, Queen Games 2000): the real-time card race.

``GAME`` is the engine entry point (``liftoff.games.get("race")``); the real-time
driver lives in :mod:`liftoff.games.race.realtime` and test positions are built
with :mod:`liftoff.games.race.testing`. ``GAME.load_content(DIR)`` binds a game
to another planet table; ``validate_content(PATH)`` lists every problem in one.
"""

from __future__ import annotations

from . import text, words  # noqa: F401  (register the English message templates and words)
from .game import GAME, RaceGame
from .state import RaceState


def validate_content(path: str) -> list[tuple[str, str, str]]:
    """Every problem with a planet file or content folder, as (path, field, message)."""
    return GAME.validate_content(path)


__all__ = ["GAME", "RaceGame", "RaceState", "validate_content"]
