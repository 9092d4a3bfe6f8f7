"""The engine core: one API for every game.

``Game`` and ``State`` are the contract that bots, the CLI, the server,
simulations and research adapters are written against.
"""

from . import text  # noqa: F401 (registers the engine's message templates)
from .action import Action
from .driver import Agent, play, random_playout
from .errors import (
    ContentError,
    GameNotOver,
    IllegalAction,
    LiftoffError,
    OptionError,
    ReplayError,
    StaleAction,
    UnknownGame,
)
from .events import Event
from .game import Game, GameInfo
from .options import Option, OptionSet, OptionValue
from .outcome import Outcome
from .rng import Rng, derive_seed
from .state import State

__all__ = [
    "Action",
    "Agent",
    "ContentError",
    "Event",
    "Game",
    "GameInfo",
    "GameNotOver",
    "IllegalAction",
    "LiftoffError",
    "Option",
    "OptionError",
    "OptionSet",
    "OptionValue",
    "Outcome",
    "ReplayError",
    "Rng",
    "StaleAction",
    "State",
    "UnknownGame",
    "derive_seed",
    "play",
    "random_playout",
]
