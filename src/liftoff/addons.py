"""Per-game add-ons, found by one convention.

Everything a layer adds for one particular game — its heuristic bot, its RL
encoder, its terminal renderer, its report sections, its narrator — lives in
that layer, never in the game (a game never imports the layers above it). A
layer keeps those add-ons in one **add-on package**, one module per game named
after the game:

| layer | add-on package | a module holds |
|---|---|---|
| bots | ``liftoff.bots.heuristics`` | the game's heuristic bot |
| research | ``liftoff.rl.encoders`` | the game's observation encoder |
| terminal | ``liftoff.cli.render`` | the game's board renderer |
| words | ``liftoff.speech`` | the game's words for people (``speech(game)``) |
| simulations | ``liftoff.sim.sections`` | the game's metrics and report sections |

:func:`find` imports ``f"{package}.{game}"`` when asked (or returns what
:func:`register` gave for a game added at run time, e.g. in tests or by a
plug-in), so adding a game's add-on is adding one module.

>>> find("liftoff.rl.encoders", "no-such-game") is None
True
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

_REGISTERED: dict[tuple[str, str], Any] = {}


def register(package: str, game: str, addon: Any) -> None:
    """Make ``addon`` (a module or any object with the layer's attributes) the
    add-on of ``game`` in ``package``, ahead of any module of that name."""
    _REGISTERED[(package, game)] = addon


def unregister(package: str, game: str) -> None:
    """Forget what :func:`register` gave (tests clean up with it)."""
    _REGISTERED.pop((package, game), None)


def find(package: str, game: str) -> Any | None:
    """The add-on of ``game`` in ``package``: a registered object, or the module
    ``package.game``; ``None`` when the layer has none for that game."""
    got = _REGISTERED.get((package, game))
    if got is not None:
        return got
    if not game.isidentifier():
        return None
    name = f"{package}.{game}"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    module: ModuleType = importlib.import_module(name)
    return module


def games(package: str, candidates: list[str]) -> list[str]:
    """Those of ``candidates`` (game names) that have an add-on in ``package``."""
    return [g for g in candidates if find(package, g) is not None]
