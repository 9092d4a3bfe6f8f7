"""Agency's words: its actions described with the card texts, its events
narrated with card names, colours and sides, its glossary — for one reader in
one language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from liftoff.engine import Action, Game, IllegalAction
from liftoff.engine.events import Event
from liftoff.engine.events import narrate as narrate_event
from liftoff.engine.messages import render, text
from liftoff.games.agency import actions, words
from liftoff.games.agency import effects as fx
from liftoff.games.agency.content import Content
from liftoff.games.agency.game import AgencyGame
from liftoff.speech import Speech

from .describe import card_glossary, describe_action

#: moves whose next event tells each reader the same thing ("Ann takes Earth
#: Observer (level 1, …)" after "Ann takes Earth Observer"; a hidden keep or sale
#: is told as "Ann keeps 2 objectives", its owner reads the cards): their own
#: sentence is left out
TOLD_BY_EFFECTS = (
    actions.Keep,
    actions.Sell,
    actions.Take,
    actions.Draw,
    actions.DoAction,
    actions.ChooseTech,
    actions.ChooseUpgrade,
    actions.ChooseStation,
)


class AgencySpeech(Speech):
    """The words of one agency game (its content)."""

    game: AgencyGame
    #: the optional rule of simultaneous launches
    variant_rules = ("AG-LAU-12",)

    def _describe(self, params: Mapping[str, Any]) -> str:
        try:
            action = actions.parse(str(params["action"]), int(params["player"]))
        except IllegalAction:
            return str(params["action"])
        return describe_action(self.game.content, action, params)

    def _narrate(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        """Agency's events with the words filled in said in the current language
        (card names from their ids, colours, sides…; ``words.localized``)."""
        if event.kind.startswith("agency."):
            c, kind = self.game.content, event.kind
            public = None if event.public is None else words.localized(c, kind, event.public)
            event = Event(kind, words.localized(c, kind, event.data), event.to, public)
        return narrate_event(event, viewer, names)

    def _narrate_action(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        """The move as a sentence with card names ("Bea plays Financier for money");
        nothing for a move that the events it causes tell every reader (see
        :data:`TOLD_BY_EFFECTS`), so no line is said twice."""
        seen = event.seen_by(viewer)
        if seen is not None and "action" not in seen:  # a hidden keep or sale
            return ""  # the next event tells it: "Ann keeps 2 objectives"
        if seen is None:
            return super()._narrate_action(event, viewer, names)
        who = int(seen["who"])
        try:
            action = actions.parse(str(seen["action"]), who)
        except IllegalAction:
            return super()._narrate_action(event, viewer, names)
        if isinstance(action, TOLD_BY_EFFECTS):  # the next line says it: not twice
            return ""
        code, params = action_sentence(self.game.content, action)
        return narrate_event(Event(code, {"who": who, **params}), viewer, names)

    def _view_words(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """Each player's ``deciding``: what they are deciding, in words, from the
        ids of its ``pending``."""
        out = dict(view)
        if isinstance(view.get("players"), list):
            out["players"] = [
                {**pd, "deciding": pending_text(self.game.content, pd.get("pending"))}
                for pd in view["players"]
            ]
        return out

    def _glossary(self) -> Mapping[str, str]:
        """Every specialist, mission and objective id → its name and what it does."""
        return card_glossary(self.game.content)


def action_sentence(content: Content, action: Action) -> tuple[str, dict[str, Any]]:
    """The message id and parameters that tell ``action`` (``text.py``: ``agency.act.*``),
    its words in the current language."""

    def name(card: str) -> str:
        return words.card_name(content, card)

    a = actions
    word = words.word
    if isinstance(action, a.Keep):
        return "agency.act.keep", {"names": [name(c) for c in action.cards]}
    if isinstance(action, a.Sell):
        return "agency.act.sell", {"names": [name(action.card)]}
    if isinstance(action, a.Direction):
        return "agency.act.direction", {"side": word("side", action.side)}
    if isinstance(action, a.Play):
        mode = "money" if action.mode == "money" else "actions"
        return f"agency.act.play-{mode}", {"card": action.card, "name": name(action.card)}
    if isinstance(action, a.DoAction):
        return "agency.act.action", {"index": action.index}
    if isinstance(action, a.ChooseTech):
        return "agency.act.tech", {"colour": words.colour(action.colour)}
    if isinstance(action, a.ChooseUpgrade):
        return "agency.act.upgrade", {"kind": word("upgrade", action.kind)}
    if isinstance(action, a.ChooseStation):
        if action.space == 0:
            return "agency.act.station-beside", {}
        return "agency.act.station", {"space": action.space}
    if isinstance(action, a.Draw):
        return "agency.act.draw", {"level": action.level}
    if isinstance(action, a.Take | a.Resolve):
        verb = "take" if isinstance(action, a.Take) else "resolve"
        return f"agency.act.{verb}", {"card": action.card, "name": name(action.card)}
    if isinstance(action, a.Launch):
        cards = list(action.cards)
        return "agency.act.launch", {
            "symbol": word("symbol", action.symbol),
            "cards": cards,
            "names": [name(c) for c in cards],
        }
    return "agency.act.done", {}


def pending_text(c: Content, pending: Mapping[str, Any] | None) -> str:
    """What a player is deciding inside a step (a view's ``pending``), in words;
    ``""`` for nothing."""
    if not pending:
        return ""
    kind, card = pending.get("kind"), str(pending.get("card", ""))
    if kind == "actions":
        return render("agency.pending.actions", {"card": card})
    if kind == "order":
        return text("agency.pending.order")
    if card[:1] == "S":
        effects = c.spec[card].actions[int(pending["action"])].effects
    else:
        effects = c.mission[card].effects
    effect = fx.describe(effects[int(pending["effect"])])
    return render("agency.pending.effect", {"effect": effect, "card": card})


def speech(game: Game[Any]) -> AgencySpeech:
    """The speech of an agency ``game``."""
    return AgencySpeech(cast(AgencyGame, game))
