"""The board as text, for the adapters' ``render``: drawn by the terminal's own
renderer (``liftoff.cli.render.<game>``, the picture ``liftoff play`` shows),
from a view only.

The research layer does not import the terminal layer: it finds the
renderer as an add-on when asked (:mod:`liftoff.addons`), like the terminal
does. A game without a terminal renderer is drawn as its view, as JSON.

>>> import liftoff
>>> state = liftoff.games.get("race").new_game(2, seed=1)
>>> text = board_text(state, None)
>>> "Player 1" in text and "\\x1b[" not in text
True
"""

from __future__ import annotations

import io
import json
from typing import Any

from liftoff import addons
from liftoff.engine import State

#: where the terminal keeps its per-game renderers
RENDERERS = "liftoff.cli.render"
#: columns of the text drawing
WIDTH = 100


def board_text(state: State, viewer: int | None, *, colour: bool = False) -> str:
    """The board as ``viewer`` (a seat, ``None``: a spectator) sees it, as the
    terminal draws it: plain text, or with ANSI colours when ``colour``."""
    view = state.view(viewer)
    draw: Any = getattr(addons.find(RENDERERS, state.game.info.name), "render", None)
    if draw is None:
        return json.dumps(view, indent=1, sort_keys=True)
    from rich.console import Console

    out = io.StringIO()
    console = Console(
        file=out,
        width=WIDTH,
        color_system="standard" if colour else None,
        force_terminal=colour,
        highlight=False,
    )
    console.print(draw(view, viewer))
    return out.getvalue()


__all__ = ["RENDERERS", "WIDTH", "board_text"]
