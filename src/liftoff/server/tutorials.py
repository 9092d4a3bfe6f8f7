"""Interactive first games: each game's ``tutorial.json``, loaded and checked.

A tutorial is a guided game against a gentle bot on a fixed, published seed.
Its file, next to the game's ``summary.md``, holds the seed, the number of
players, the opponent's bot level (and speed for a real-time game), the
options, an introduction, a closing message, and one explanation per *kind*
of action: the first word of an action's text (``str(action)``), e.g.
``board`` for ``board rocket F S``. Optional ``events`` explain notable
events by their kind.

:func:`load` checks everything it reads; a :class:`TutorialError` names the
file, the entry and the field at fault.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import liftoff
from liftoff import bots as bot_registry
from liftoff.engine import OptionError
from liftoff.engine.messages import register_texts, text_for
from liftoff.engine.realtime import SPEEDS

FILE = "tutorial.json"
#: the longest text a field may hold (a short paragraph for a phone)
MAX_TEXT = 600
MAX_TITLE = 60
_TOP = {
    "seed",
    "players",
    "bot",
    "speed",
    "options",
    "title",
    "introduction",
    "closing",
    "seed_offers",
    "kinds",
    "events",
}


def said(code: str, english: str) -> str:
    """A tutorial's words in the current language: the translation registered under
    ``code`` when it was made from this English, else the English."""
    return text_for(code, english)


class TutorialError(ValueError):
    """A tutorial file that cannot be used (the message names file, entry, field)."""


@dataclass(frozen=True)
class Explanation:
    """What a kind of action (or an event) does, and how to do it, for a player."""

    title: str
    text: str

    def to_json(self, code: str = "") -> dict[str, str]:
        """The explanation as clients read it, in the current language when its
        words are registered under ``code`` (``<game>.tutorial.kind.<kind>``)."""
        return {"title": said(f"{code}.title", self.title), "text": said(f"{code}.text", self.text)}


@dataclass(frozen=True)
class Tutorial:
    """A game's interactive first game."""

    game: str
    title: str
    seed: int
    players: int
    bot: str
    speed: str | None
    options: dict[str, Any]
    introduction: str
    closing: str
    seed_offers: tuple[str, ...]  # kinds the seed is known to offer, played sensibly
    kinds: dict[str, Explanation]  # in the order a first game meets them
    events: dict[str, Explanation]

    def to_json(self) -> dict[str, Any]:
        """The tutorial as published (the seed included: it is public content), in
        the current language (:func:`liftoff.engine.messages.speaking`)."""
        code = f"{self.game}.tutorial"
        return {
            "game": self.game,
            "title": said(f"{code}.title", self.title),
            "seed": self.seed,
            "players": self.players,
            "bot": self.bot,
            "speed": self.speed,
            "options": self.options,
            "introduction": said(f"{code}.introduction", self.introduction),
            "closing": said(f"{code}.closing", self.closing),
            "seed_offers": list(self.seed_offers),
            "kinds": {k: e.to_json(f"{code}.kind.{k}") for k, e in self.kinds.items()},
            "events": {k: e.to_json(f"{code}.event.{k}") for k, e in self.events.items()},
        }


def _file(game: str) -> tuple[str, Traversable | None]:
    """Where a game's tutorial file is (named for messages), and the file when the
    game's package has one (raises ``liftoff.UnknownGame`` for an unknown game)."""
    package = type(liftoff.games.get(game)).__module__.rpartition(".")[0]
    where = f"{package.replace('.', '/') or game}/{FILE}"
    try:
        path = resources.files(package) / FILE
    except (ModuleNotFoundError, ValueError, TypeError):
        return where, None
    return where, path if path.is_file() else None


def available() -> list[str]:
    """The games that have a tutorial, in the registry's order."""
    return [name for name in liftoff.games.names() if _file(name)[1] is not None]


@cache
def load(game: str) -> Tutorial:
    """The tutorial of ``game`` (raises ``liftoff.UnknownGame`` for an unknown game,
    :class:`TutorialError` when it has none or its file is wrong)."""
    where, path = _file(game)
    if path is None:
        raise TutorialError(f"{game} has no tutorial ({where} is missing)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise TutorialError(f"{where}: not JSON: {exc}") from None
    return parse(game, data, where)


def parse(game: str, data: Any, where: str) -> Tutorial:
    """A tutorial of ``game`` from the JSON ``data`` of the file ``where`` (checked)."""
    if not isinstance(data, dict):
        raise TutorialError(f"{where}: the file must hold an object")
    unknown = sorted(set(data) - _TOP)
    if unknown:
        raise TutorialError(f"{where}: top level: unknown field {unknown[0]!r}")
    g = liftoff.games.get(game)
    top = _Reader(where, "top level", data)
    players = top.integer("players", g.info.min_players, g.info.max_players)
    seed = top.integer("seed", 0, 2**52)
    bot = top.text("bot", 40)
    if bot not in bot_registry.levels():
        raise TutorialError(
            f"{where}: top level: bot: {bot!r} is not a bot level "
            f"({', '.join(bot_registry.levels())})"
        )
    speed: str | None = None
    if g.info.realtime:
        speed = top.text("speed", 16)
        if speed not in SPEEDS:
            raise TutorialError(
                f"{where}: top level: speed: {speed!r} is not one of {', '.join(SPEEDS)}"
            )
    elif "speed" in data:
        raise TutorialError(f"{where}: top level: speed: only a real-time game has one")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise TutorialError(f"{where}: top level: options: must be an object")
    try:
        g.new_game(players, seed, options)
    except OptionError as exc:
        raise TutorialError(f"{where}: top level: options: {exc}") from None
    kinds = _explanations(where, "kinds", data.get("kinds"), required=True)
    events = _explanations(where, "events", data.get("events", {}), required=False)
    offers = data.get("seed_offers")
    if not isinstance(offers, list) or not all(isinstance(k, str) for k in offers):
        raise TutorialError(f"{where}: top level: seed_offers: must be a list of kinds")
    for k in offers:
        if k not in kinds:
            raise TutorialError(f"{where}: seed_offers: {k!r}: no such kind in kinds")
    return Tutorial(
        game=game,
        title=top.text("title", MAX_TITLE),
        seed=seed,
        players=players,
        bot=bot,
        speed=speed,
        options=dict(options),
        introduction=top.text("introduction", MAX_TEXT),
        closing=top.text("closing", MAX_TEXT),
        seed_offers=tuple(offers),
        kinds=kinds,
        events=events,
    )


def _explanations(where: str, field: str, value: Any, *, required: bool) -> dict[str, Explanation]:
    if not isinstance(value, dict) or (required and not value):
        raise TutorialError(f"{where}: top level: {field}: must be an object of explanations")
    out: dict[str, Explanation] = {}
    for key, entry in value.items():
        if not key or not key.replace("_", "").isalnum() or key != key.lower():
            raise TutorialError(f"{where}: {field}: {key!r}: a kind is one lower-case word")
        if not isinstance(entry, dict):
            raise TutorialError(f"{where}: {field}: {key}: must be an object")
        extra = sorted(set(entry) - {"title", "text"})
        if extra:
            raise TutorialError(f"{where}: {field}: {key}: unknown field {extra[0]!r}")
        r = _Reader(where, f"{field}: {key}", entry)
        out[key] = Explanation(r.text("title", MAX_TITLE), r.text("text", MAX_TEXT))
    return out


class _Reader:
    """Typed fields of one entry, refusing with the file, entry and field named."""

    def __init__(self, where: str, entry: str, data: dict[str, Any]) -> None:
        self.where, self.entry, self.data = where, entry, data

    def _fail(self, field: str, problem: str) -> TutorialError:
        return TutorialError(f"{self.where}: {self.entry}: {field}: {problem}")

    def text(self, field: str, longest: int) -> str:
        value = self.data.get(field)
        if not isinstance(value, str) or not value.strip():
            raise self._fail(field, "must be a text")
        if len(value) > longest:
            raise self._fail(field, f"at most {longest} characters (has {len(value)})")
        return value.strip()

    def integer(self, field: str, lo: int, hi: int) -> int:
        value = self.data.get(field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._fail(field, "must be a whole number")
        if not lo <= value <= hi:
            raise self._fail(field, f"must be from {lo} to {hi} (is {value})")
        return value


def register_texts_of(tutorial: Tutorial) -> None:
    """Register a tutorial's words for translation: ``<game>.tutorial.title``,
    ``.introduction``, ``.closing``, ``.kind.<kind>.title`` / ``.text`` and
    ``.event.<kind>.title`` / ``.text``."""
    code = f"{tutorial.game}.tutorial"
    found = {
        f"{code}.title": tutorial.title,
        f"{code}.introduction": tutorial.introduction,
        f"{code}.closing": tutorial.closing,
    }
    for area, explained in (("kind", tutorial.kinds), ("event", tutorial.events)):
        for kind, e in explained.items():
            found[f"{code}.{area}.{kind}.title"] = e.title
            found[f"{code}.{area}.{kind}.text"] = e.text
    register_texts(found)


# liftoff's own tutorials' words are in the catalogues
for _name in available():
    register_texts_of(load(_name))
