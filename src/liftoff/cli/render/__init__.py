"""Terminal pictures of games: the terminal layer's add-on package.

``liftoff.cli.render.<game>`` provides ``render(view, viewer, names=()) ->
RenderableType`` (a rich renderable drawn only from ``state.view(viewer)``,
players shown by ``names``, "You" for the viewer) and optionally ``legend() ->
RenderableType`` (what the board's marks mean); it is found with
``liftoff.addons.find(PACKAGE, game)`` (see :mod:`liftoff.addons`). A game
without one is shown as its view, pretty-printed, and has no legend.

Views hold ids and numbers; the words a board shows (names, costs in words)
come from the game's speech layer (:func:`worded`, ``liftoff.speech``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rich.console import RenderableType
from rich.pretty import Pretty

from liftoff import addons, speech

PACKAGE = "liftoff.cli.render"


class Renderer(Protocol):
    """Draws a view for a viewer (``None``: a spectator), players by name."""

    def __call__(
        self, view: dict[str, Any], viewer: int | None, names: Sequence[str] = ()
    ) -> RenderableType: ...


def worded(game: str, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` of ``game`` with the words its readers see, in the current
    language (``liftoff.speech``'s ``view_words``)."""
    import liftoff.games

    return speech.of(liftoff.games.get(game)).view_words(view)


def _pretty(view: dict[str, Any], viewer: int | None, names: Sequence[str] = ()) -> RenderableType:
    return Pretty(view)


def renderer(game: str) -> Renderer:
    """The game's terminal renderer, or a plain pretty-printer of the view."""
    draw: Renderer | None = getattr(addons.find(PACKAGE, game), "render", None)
    return draw if draw is not None else _pretty


def legend(game: str) -> RenderableType | None:
    """What the marks on the game's terminal board mean (``None``: no legend)."""
    make = getattr(addons.find(PACKAGE, game), "legend", None)
    return make() if callable(make) else None
