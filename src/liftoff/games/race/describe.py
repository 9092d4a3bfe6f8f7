"""Friendly sentences for race actions (``Game.describe_action``), in the current
language (message ids ``race.do.*``, English in :mod:`.text`); the action's text
(``place 2``, what a person types) is never translated."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from liftoff.engine import Action
from liftoff.engine.messages import ENGLISH, and_list, language, render, text

from . import cards as C
from .actions import Discard, Pay, Place, Steal, Under
from .words import card_name, card_names, planet_name

if TYPE_CHECKING:
    from .state import RaceState


def describe(state: RaceState, player: int, action: Action) -> str:
    """A sentence saying what ``action`` does for ``player`` in ``state``."""
    stack = state.stacks[player]
    top = card_name(C.KIND[stack[0]]) if stack else text("race.word.card")
    if isinstance(action, Place):
        name = state.table.planets[state.planets[action.planet - 1][0]].name
        return render(
            "race.do.place",
            {"card": top, "planet": action.planet, "planet_name": planet_name(name)},
        )
    if isinstance(action, Under):
        return render("race.do.under", {"card": top})
    if isinstance(action, Discard):
        return render("race.do.discard", {"card": top})
    if isinstance(action, Pay):
        return render("race.do.pay", {"sources": and_list(card_names(action.sources))})
    if isinstance(action, Steal):
        if action.kind is None:
            return text("race.do.steal-none")
        return render("race.do.steal", {"card": card_name(action.kind)})
    return str(action)


#: memoised English sentences (bounded): see :func:`said`
_SAID: dict[tuple[Any, ...], str] = {}
_SAID_LIMIT = 100_000


def said(state: RaceState, player: int, action: Action) -> str:
    """:func:`describe`, memoised in English: a sentence depends only on the
    action, the kind of the player's top card and (placing) the planet's name."""
    if language() != ENGLISH:
        return describe(state, player, action)
    stack = state.stacks[player]
    kind = C.KIND[stack[0]] if stack else None
    name = ""
    if isinstance(action, Place):
        name = state.table.planets[state.planets[action.planet - 1][0]].name
    key = (action, kind, name)
    got = _SAID.get(key)
    if got is None:
        if len(_SAID) >= _SAID_LIMIT:
            _SAID.clear()
        got = _SAID[key] = describe(state, player, action)
    return got
