"""The speech layer: the words of a game for one reader in one language.

The rules speak ids and numbers only: events, views, refusals and action
descriptions (:meth:`liftoff.engine.Game.describe_action` returns a
:class:`~liftoff.engine.messages.Message`) carry message ids and parameters
that are ids and numbers. This layer renders them for people. It sits above
the games (a rules module never imports it, ``tools/architecture.py`` checks)
and is found per game by the add-on convention (:mod:`liftoff.addons`): the
module ``liftoff.speech.<game>`` defines ``speech(game)``, making the
:class:`Speech` (a subclass) of one game object (its content included); a game
without a module speaks through the plain :class:`Speech`. :func:`of` makes
one per game object.

| method | renders |
|---|---|
| ``describe(state, player, action)`` | the action's message: a friendly sentence |
| ``render(message)`` | any message of the game |
| ``narrate(event, viewer, names)`` | an event for one viewer, with the players' names |
| ``view_words(view)`` | a view with the words people read added (names, costs in words) |
| ``glossary()`` | content id → "Name: what it does" |
| ``find_rules(query)``, ``rules_summary(options)`` | rules by words; the rules in short |
| ``score_label(id)``, ``reveal_label(id)`` | the words of an end-of-game label id |

Every method speaks the current language
(:func:`liftoff.engine.messages.speaking`) unless given ``lang``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from weakref import WeakKeyDictionary

from liftoff import addons
from liftoff.engine import Action, Game, OptionSet, State, messages
from liftoff.engine import words as engine_words
from liftoff.engine.errors import IllegalAction
from liftoff.engine.events import Event, seat_name
from liftoff.engine.events import narrate as narrate_event
from liftoff.engine.messages import Message, SeatNumber
from liftoff.engine.options import Option, OptionValue
from liftoff.speech.search import RuleIndex, readings

PACKAGE = "liftoff.speech"
#: descriptions a speech keeps (see :meth:`Speech.render`)
SAID_LIMIT = 100_000

_SPEAKERS: WeakKeyDictionary[Game[Any], Speech] = WeakKeyDictionary()


def _option_line(game: str, option: Option, value: OptionValue) -> str:
    doc = engine_words.option_doc(game, option)
    if option.kind is bool:
        return messages.render("api.options.on" if value else "api.options.off", {"doc": doc})
    return messages.render("api.options.value", {"doc": doc, "value": value})


def options_in_force(game: str, options: OptionSet, values: Mapping[str, OptionValue]) -> str:
    """The options of a table of ``game`` in words (Markdown), in the current
    language: those chosen, then the rest."""
    public = options.public()
    chosen = [o for o in public if values[o.name] != o.default]
    usual = [o for o in public if values[o.name] == o.default]
    lines = ["## " + messages.render("api.options.title")]
    if not public:
        return lines[0] + "\n\n" + messages.render("api.options.none")
    lines += [_option_line(game, o, values[o.name]) for o in chosen] or [
        messages.render("api.options.standard")
    ]
    if usual:
        lines += ["", "## " + messages.render("api.options.usual")]
        lines += [_option_line(game, o, values[o.name]) for o in usual]
    return "\n".join(lines)


def _seat_in_sentence(seat: int, player: int | None, names: Sequence[str]) -> str:
    """A seat inside a sentence said to ``player``: "you" for their own seat,
    else the player's name ("Player N" without one); words said in the
    language of the sentence they are filled into (:class:`messages.Said`)."""
    if seat == player:
        code, params = "api.seat.you.inline", {}
    elif 0 <= seat < len(names) and names[seat]:
        return names[seat]
    else:
        code, params = "api.seat.player", {"number": seat + 1}
    english = messages.render(code, params, messages.ENGLISH)
    return messages.Said(english, messages.render, code, params)


def _label(game: str, area: str, label: str) -> str:
    for code in (f"{game}.{area}.{label}", f"api.{area}.{label}"):
        if messages.known(code):
            return messages.render(code)
    return label.replace("_", " ").replace("-", " ").capitalize()


class Speech:
    """The words of one game (its content included) for people."""

    #: the starts of the IDs of variants' rules (``PL-FAST-``): a rules search
    #: puts the base game's rules before them
    variant_rules: tuple[str, ...] = ()

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self._glossaries: dict[str, Mapping[str, str]] = {}
        self._said: dict[tuple[Any, ...], str] = {}
        self._rule_indexes: dict[tuple[Any, ...], RuleIndex] = {}

    # -- messages and actions ------------------------------------------------
    def render(self, message: Message, lang: str | None = None) -> str:
        """The sentence of ``message`` (a message of this game or the engine's);
        an action's description is memoised per language and catalogue version
        (front ends list every legal move with its sentence)."""
        with messages.speaking(lang):
            if message.code != "api.describe":
                return messages.render(message.code, message.params)
            key = (messages.language(), messages.version(), *sorted(message.params.items()))
            got = self._said.get(key)
            if got is None:
                if len(self._said) >= SAID_LIMIT:
                    self._said.clear()
                got = self._said[key] = self._describe(message.params)
            return got

    def describe(self, state: State, player: int, action: Action, lang: str | None = None) -> str:
        """A friendly sentence saying what choosing ``action`` does for ``player``."""
        return self.render(self.game.describe_action(state, player, action), lang)

    def _describe(self, params: Mapping[str, Any]) -> str:
        """The words of an ``api.describe`` message (its ``action`` and facts); the
        action's own text by default."""
        return str(params["action"])

    # -- events --------------------------------------------------------------
    def narrate(
        self, event: Event, viewer: int | None, names: Sequence[str], lang: str | None = None
    ) -> str:
        """One plain sentence telling ``viewer`` (a seat, or ``None`` for a
        spectator) what ``event`` was, with the players' ``names``; ``""`` when
        the viewer sees nothing of it (see :mod:`liftoff.engine.events`)."""
        with messages.speaking(lang):
            if event.kind == "action":
                return self._narrate_action(event, viewer, names)
            return self._narrate(event, viewer, names)

    def _narrate(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return narrate_event(event, viewer, names)

    def _narrate_action(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        seen = event.seen_by(viewer)
        if seen is None:
            return ""
        who = seat_name(int(seen["who"]), viewer, names)
        if "action" not in seen:
            return messages.render("api.act.hidden", {"who": who})
        said = seen.get("said") or seen["action"]  # records' logs of old carried a sentence
        return messages.render("api.act.said", {"who": who, "said": said})

    # -- refusals -------------------------------------------------------------
    def refusal_params(
        self, params: Mapping[str, Any], player: int | None, names: Sequence[str]
    ) -> dict[str, Any]:
        """A refusal's parameters with its seats (:class:`~liftoff.engine.messages.
        SeatNumber`) said by name for ``player``, the one refused ("you" for
        their own seat), in the current language."""
        return {
            k: _seat_in_sentence(int(v), player, names) if isinstance(v, SeatNumber) else v
            for k, v in params.items()
        }

    def refusal(self, refusal: IllegalAction, names: Sequence[str], lang: str | None = None) -> str:
        """Why ``refusal``'s action cannot be played, in words naming the
        players by ``names`` (never by seat number), in ``lang``."""
        with messages.speaking(lang):
            if not messages.known(refusal.code):
                return refusal.said()
            said = self.refusal_params(refusal.params, refusal.player, names)
            return messages.render(refusal.code, said)

    # -- views and content ---------------------------------------------------
    def view_words(self, view: Mapping[str, Any], lang: str | None = None) -> dict[str, Any]:
        """``view`` (language-free, as the rules made it) with the words its
        readers see added, in ``lang``; the view itself is left unchanged."""
        with messages.speaking(lang):
            return self._view_words(view)

    def _view_words(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return dict(view)

    def glossary(self, lang: str | None = None) -> Mapping[str, str]:
        """Public texts of the content names that views and actions use (a card
        id → its name and what it does), made once per language."""
        with messages.speaking(lang):
            key = messages.language()
            got = self._glossaries.get(key)
            if got is None:
                got = self._glossaries[key] = self._glossary()
            return dict(got)

    def _glossary(self) -> Mapping[str, str]:
        return {}

    # -- rules by words ------------------------------------------------------
    def find_rules(self, query: str, limit: int = 10) -> list[tuple[str, str]]:
        """The ``(id, text)`` of the rules and rulings ``query`` asks about, in
        the current language, best first, at most ``limit``: an exact ID first,
        then by relevance (:mod:`liftoff.speech.search`: BM25 with titles
        weighted, the rules holding more of the query's words first, the
        rulebook's words before the developers' rulings)."""
        catalogue = self.game.rule_catalogue()
        wanted = query.strip()
        exact = next((k for k in catalogue if k.lower() == wanted.lower()), None)
        key = (messages.language(), messages.version())
        index = self._rule_indexes.get(key)
        if index is None:
            name = self.game.info.name
            topics = {rid: engine_words.rule_topic(name, rid) for rid in catalogue}
            index = self._rule_indexes[key] = RuleIndex(
                catalogue, topics, self.variant_rules, readings(key[0])
            )
        found = [hit for hit in index.search(wanted) if hit[0] != exact]
        if exact is not None:
            found.insert(0, (exact, catalogue[exact]))
        return found[: max(0, limit)]

    def rules_summary(self, options: Mapping[str, Any] | None = None) -> str:
        """The rules in short, for players: how a turn goes and how to win (the
        game package's ``summary.md``), then the options in force with ``options``
        (completed and checked like ``new_game``'s; raises ``OptionError``).
        Markdown: ``## `` headings, ``- `` list items and plain paragraphs."""
        game = self.game
        values = game.options.validate(options)
        code = f"{game.info.name}.summary"
        head = messages.text(code) if messages.known(code) else ""
        head = head or f"## {game.info.title}\n\n{game.info.summary}"
        return f"{head}\n\n{options_in_force(game.info.name, game.options, values)}"

    def score_label(self, label: str) -> str:
        """The words for a label id of ``State.score_breakdown`` ("Missions"):
        the template ``<game>.score.<label>``, else the engine's ``api.score.<label>``."""
        return _label(self.game.info.name, "score", label)

    def reveal_label(self, label: str) -> str:
        """The words for a label id of ``State.revealed`` ("Hand"): the template
        ``<game>.reveal.<label>``, else the engine's ``api.reveal.<label>``."""
        return _label(self.game.info.name, "reveal", label)


def of(game: Game[Any]) -> Speech:
    """The speech of ``game`` (its add-on module's, else the plain one), made
    once per game object."""
    got = _SPEAKERS.get(game)
    if got is None:
        addon = addons.find(PACKAGE, game.info.name)
        made = getattr(addon, "speech", None) if addon is not None else None
        got = made(game) if made is not None else Speech(game)
        _SPEAKERS[game] = got
    return got


__all__ = ["PACKAGE", "Speech", "of"]
