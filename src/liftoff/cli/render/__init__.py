"""Terminal pictures of games: the terminal layer's add-on package.

``liftoff.cli.render.<game>`` provides ``render(view, player) -> RenderableType``
(a rich renderable drawn only from ``state.view(player)``); it is found with
``liftoff.addons.find(PACKAGE, game)`` (see :mod:`liftoff.addons`). A game
without one is shown as its view, pretty-printed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from liftoff import addons

PACKAGE = "liftoff.cli.render"

Renderer = Callable[[dict[str, Any], "int | None"], RenderableType]


def _pretty(view: dict[str, Any], player: int | None) -> RenderableType:
    return Pretty(view)


def renderer(game: str) -> Renderer:
    """The game's terminal renderer, or a plain pretty-printer of the view."""
    draw: Renderer | None = getattr(addons.find(PACKAGE, game), "render", None)
    return draw if draw is not None else _pretty
