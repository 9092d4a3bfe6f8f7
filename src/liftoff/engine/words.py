"""A game's texts for players as messages: its rules, rulings, summary and options.

A game registers them once, at import (:func:`register_game_texts`), as plain
texts under ids of its own — ``<game>.rule.<ID>``, ``<game>.summary``,
``<game>.option.<name>.label`` / ``.doc`` — so the catalogues carry their
translations like any other message, and :class:`~liftoff.engine.game.Game`
serves them in the reader's language (:func:`liftoff.engine.messages.speaking`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from . import messages
from .content import load_rules
from .options import Option, OptionSet

if TYPE_CHECKING:
    from .game import GameInfo


def rule_code(game: str, rule: str) -> str:
    """The message id of rule ``rule``'s text (``planet.rule.PL-MOON-3``)."""
    return f"{game}.rule.{rule}"


def topic_code(game: str, family: str) -> str:
    """The message id of the topic of a family of rules (``planet.topic.PL-MOON``)."""
    return f"{game}.topic.{family}"


#: the number that ends a rule's ID (``-3``, ``-C2``): the rest is its family
_CLAUSE_NUMBER = re.compile(r"-[A-Z]?\d+$")


def rule_topic(game: str, rule: str) -> tuple[str, str]:
    """What rule ``rule`` is about in the current language: its family's topic
    and its own title, each "" when it has none (``PL-MOON-3``: "The Moon",
    "Moon phases: Full, Half and New Moon")."""
    codes = (topic_code(game, _CLAUSE_NUMBER.sub("", rule)), topic_code(game, rule))
    found = [messages.text(c) if messages.known(c) else "" for c in codes]
    return found[0], found[1]


def summary_file(package: str) -> str:
    """The text of a game package's ``summary.md`` ("" without one)."""
    try:
        return (resources.files(package) / "summary.md").read_text(encoding="utf-8").strip()
    except (FileNotFoundError, ModuleNotFoundError):
        return ""


def register_game_texts(game: str, package: str, options: OptionSet) -> dict[str, str]:
    """Register ``game``'s rules and rulings (``<package>.data``'s ``rules.json``
    and ``rulings.json``), the topics of its rules (``topics.json``: a
    family of rules, ``PL-MOON``, or one rule → its title), its ``summary.md``
    and its public options' labels and descriptions as plain texts; returns
    the English rules and rulings by ID."""
    rules = dict(load_rules(f"{package}.data"))
    rules.update(load_rules(f"{package}.data", "rulings.json"))
    found = {rule_code(game, rid): text for rid, text in rules.items()}
    for family, topic in load_rules(f"{package}.data", "topics.json").items():
        found[topic_code(game, family)] = topic
    summary = summary_file(package)
    if summary:
        found[f"{game}.summary"] = summary
    for option in options.public():
        found[f"{game}.option.{option.name}.doc"] = option.doc
        if option.label:
            found[f"{game}.option.{option.name}.label"] = option.label
        for choice in option.choices or ():
            if isinstance(choice, str) and _WORD.match(choice):
                found[f"{game}.option.{option.name}.choice.{choice}"] = choice
    messages.register_texts(found)
    return rules


#: a choice that is a word ("literal", "once") has words; "A" or "1/3/5" does not
_WORD = re.compile(r"^[a-z]{2,}$")


def _said(code: str, english: str) -> str:
    return messages.text(code) if messages.known(code) else english


def option_label(game: str, option: Option) -> str:
    """``option``'s name for people in the current language ("First game")."""
    return _said(f"{game}.option.{option.name}.label", option.label or option.name)


def option_doc(game: str, option: Option) -> str:
    """What ``option`` does, in the current language."""
    return _said(f"{game}.option.{option.name}.doc", option.doc)


def rules_in(game: str, rules: Mapping[str, str]) -> dict[str, str]:
    """``rules`` (ID → English) in the current language."""
    return {rid: _said(rule_code(game, rid), text) for rid, text in rules.items()}


def choice_label(game: str, option: Option, choice: object) -> str:
    """A choice of ``option`` as people read it, in the current language (a
    choice that is not a word, such as ``A`` or ``1/3/5``, as it is)."""
    return _said(f"{game}.option.{option.name}.choice.{choice}", str(choice))


def register_info(info: GameInfo) -> None:
    """Register a game's title and one-line summary for translation
    (``<game>.title``, ``<game>.about``); done when the registry loads a game."""
    found = {f"{info.name}.title": info.title}
    if info.summary:
        found[f"{info.name}.about"] = info.summary
    messages.register_texts(found)


def title(info: GameInfo) -> str:
    """A game's title in the current language ("Lift Off! (2000)", 「リフト・オフ」)."""
    return _said(f"{info.name}.title", info.title)


def info_json(info: GameInfo) -> dict[str, Any]:
    """``info.to_json()`` with its title and summary in the current language."""
    out = info.to_json()
    out["title"] = title(info)
    if info.summary:
        out["summary"] = _said(f"{info.name}.about", info.summary)
    return out
