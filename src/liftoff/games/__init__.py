"""The game registry: ``get(name)`` and ``names()``.

Each game lives in its own subpackage exposing ``GAME``; it is imported only
when asked for.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from liftoff.engine import Game, UnknownGame
from liftoff.engine.words import register_info

_MODULES: dict[str, str] = {
    "planet": "liftoff.games.planet",
    "race": "liftoff.games.race",
    "agency": "liftoff.games.agency",
}


_LOADED: dict[str, Game[Any]] = {}


def _load(name: str) -> Game[Any] | None:
    if name not in _LOADED:
        module_name = _MODULES[name]
        if not module_name:
            return None
        if importlib.util.find_spec(module_name) is None:
            return None
        game = getattr(importlib.import_module(module_name), "GAME", None)
        if game is None:
            return None
        register_info(game.info)  # its title and summary, for translation
        _LOADED[name] = game
    return _LOADED[name]


def register(name: str, game: Game[Any]) -> None:
    """Add ``game`` to the registry under ``name`` (a plug-in, or a toy game in tests)."""
    _MODULES.setdefault(name, "")
    _LOADED[name] = game


def unregister(name: str) -> None:
    """Remove a game added with :func:`register`."""
    if _MODULES.get(name) == "":
        del _MODULES[name]
    _LOADED.pop(name, None)


def names() -> list[str]:
    """The names of the games this installation has, in a stable order."""
    return [n for n in _MODULES if _load(n) is not None]


def get(name: str) -> Game[Any]:
    """The game called ``name`` (raises :class:`UnknownGame` listing the known ones)."""
    game = _load(name) if name in _MODULES else None
    if game is None:
        raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(names())}")
    return game
