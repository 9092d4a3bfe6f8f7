"""The race's words: its actions described, its events narrated, its glossary —
for one reader in one language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from liftoff.engine import Game, IllegalAction
from liftoff.engine.events import Event
from liftoff.games.race import actions
from liftoff.games.race.content import DEFAULT
from liftoff.games.race.game import RaceGame
from liftoff.games.race.words import planet_name
from liftoff.speech import Speech

from .describe import describe
from .glossary import glossary
from .narrate import narrate, narrate_action


class RaceSpeech(Speech):
    """The words of one race game (its planet tables)."""

    game: RaceGame

    def _describe(self, params: Mapping[str, Any]) -> str:
        try:
            action = actions.parse(str(params["action"]), int(params["player"]))
        except IllegalAction:
            return str(params["action"])
        return describe(action, params)

    def _narrate(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return narrate(event, viewer, names)

    def _narrate_action(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return narrate_action(event, viewer, names)

    def _view_words(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """Each planet's ``name`` in the reader's language, beside its ``key``."""
        out = dict(view)
        if isinstance(view.get("planets"), list):
            out["planets"] = [
                {**pl, "name": planet_name(pl["key"])} if "key" in pl else pl
                for pl in view["planets"]
            ]
        return out

    def _glossary(self) -> Mapping[str, str]:
        """Every card code (``tank``, ``liftoff``, …) and every planet of this
        game's own table (by its name in the content) → its name and what it does."""
        return glossary(self.game.table(DEFAULT))


def speech(game: Game[Any]) -> RaceSpeech:
    """The speech of a race ``game``."""
    return RaceSpeech(cast(RaceGame, game))
