"""*Lift Off! Get me off this Planet!* — the planet game.

>>> from liftoff.games.planet import GAME
>>> s = GAME.new_game(2, seed=3, options={"first_game": True})
>>> sorted(v["lp"] for v in s.view(0)["ring"] if "lp" in v)
['bonfire', 'jetpack', 'rocket', 'satellite']
"""

from . import text as _text  # noqa: F401  (registers the English message templates)
from . import words as _words  # noqa: F401  (registers the content's words)
from .game import OPTIONS, PlanetGame, load_game
from .state import PlanetState
from .view import PlanetView

GAME = PlanetGame()

__all__ = ["GAME", "OPTIONS", "PlanetGame", "PlanetState", "PlanetView", "load_game"]
