"""Lift Off (Vandersteen, Hans im Glück / Z-Man 2018): space agencies.

``GAME`` plays the shipped content, a labelled reconstruction of the card
lists (the printed lists are not public). ``GAME.load_content(DIR)`` binds a
game to other content files; ``GAME.validate_content(PATH)`` lists every
problem in a file or directory. (The package-level ``load_game`` and
``validate_content`` do the same for callers that look them up here.)
"""

from __future__ import annotations

from . import text  # noqa: F401  (registers the English message templates)
from .content import Content, load_content
from .game import AgencyGame, load_game
from .state import AgencyState

GAME = AgencyGame()


def validate_content(path: str) -> list[tuple[str, str, str]]:
    """Every problem with a content file or directory, as (path, field, message)."""
    return GAME.validate_content(path)


__all__ = [
    "GAME",
    "AgencyGame",
    "AgencyState",
    "Content",
    "load_content",
    "load_game",
    "validate_content",
]
