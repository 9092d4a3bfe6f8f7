"""Planet's words: its actions described, its events narrated, its view's
names and costs, its glossary — for one reader in one language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from liftoff.engine import Game, IllegalAction
from liftoff.engine import words as engine_words
from liftoff.engine.events import Event
from liftoff.games.planet import actions as A
from liftoff.games.planet.game import PlanetGame
from liftoff.games.planet.words import cost_text, game_lp_name
from liftoff.speech import Speech

from .describe import describe
from .glossary import glossary
from .narrate import narrate


class PlanetSpeech(Speech):
    """The words of one planet game (its content)."""

    game: PlanetGame
    #: first game, Family Fun, Let's Team Up, We Don't Have Time!, Cutthroat, Vicious
    variant_rules = (
        *("PL-FIRST-", "PL-FAM-", "PL-TEAM-", "PL-FAST-"),
        *("PL-CUT-", "PL-VIC-", "PL-VAR-"),
    )

    def _describe(self, params: Mapping[str, Any]) -> str:
        try:
            action = A.parse(str(params["action"]), self.game._lp_ids)
        except IllegalAction:
            return str(params["action"])
        return describe(self.game, int(params["player"]), action, params)

    def _narrate(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return narrate(self.game, event, viewer, names)

    def _narrate_action(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return narrate(self.game, event, viewer, names)

    def _view_words(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """Each Lift Off Point's ``name`` and its placement cost in words
        (``placement_text``), beside its ids and numbers; the variants in play
        by their names for people (``variants_said``: "First game")."""
        out = dict(view)
        ring = []
        for seg in view.get("ring", ()):
            if seg.get("kind") == "lift_off_point":
                cost = seg["placement_cost"]
                seg = dict(seg)
                seg["name"] = game_lp_name(self.game, seg["lp"])
                seg["placement_text"] = cost_text(cost["fuel"], cost["screw"], cost["action"])
            ring.append(seg)
        out["ring"] = ring
        options = {o.name: o for o in self.game.options.public()}
        out["variants_said"] = [
            engine_words.option_label(self.game.info.name, options[v]) if v in options else v
            for v in view.get("variants", ())
        ]
        return out

    def _glossary(self) -> Mapping[str, str]:
        return glossary(self.game.content)


def speech(game: Game[Any]) -> PlanetSpeech:
    """The speech of a planet ``game``."""
    return PlanetSpeech(cast(PlanetGame, game))
