"""Friendly sentences for race actions (``Game.describe_action``), in the current
language (message ids ``race.do.*``, English in :mod:`.text`); the action's text
(``place 2``, what a person types) is never translated."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from liftoff.engine import Action
from liftoff.engine.messages import and_list, render, text
from liftoff.games.race import cards as C
from liftoff.games.race.actions import Discard, Pay, Place, Steal, Under
from liftoff.games.race.words import card_name, card_names, planet_name


def describe(action: Action, facts: Mapping[str, Any]) -> str:
    """A sentence saying what ``action`` does, from the facts of
    ``Game.describe_action`` (the top card's code ``card``, the planet's
    content name ``planet_key``)."""
    code = facts.get("card")
    top = card_name(C.CODES.index(code)) if code in C.CODES else text("race.word.card")
    if isinstance(action, Place):
        name = str(facts.get("planet_key", ""))
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
