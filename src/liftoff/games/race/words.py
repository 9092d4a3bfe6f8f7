"""The race's content words in the reader's language: card names and texts,
planet names (registered at import as plain texts, see :mod:`liftoff.engine.messages`).

Cards are fixed by the rules (:mod:`.cards`): ``race.card.<code>.name`` and
``race.card.<code>.text`` (``race.card.tank.name`` = "Energy Tank"). Planets are
content, and a user's content may rename or replace them: the names of the
*shipped* table are registered under ids derived from the name, the planet's
key (``race.planet.beta-minor.name`` = "Beta Minor"), and a name is translated
only when it is the very English its id was registered with — any other name
is the content's own and is said as it is.

Words that go into messages kept for later (a refusal's parameters, rendered
again in each reader's language by a front end) are
:class:`~liftoff.engine.messages.Said` values: the English as a string,
formatted in the language of the moment.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Final

from liftoff.engine import messages

from . import cards as C
from .content import DEFAULT, load_planets

#: what each card kind does, by kind, in the words of the rulebook (001, 003) and
#: the rule catalogue (RC-TANK, RC-SETL, RC-SEC, RC-SOLAR, RC-LIFT, RC-THEFT,
#: RC-TERRA, RC-ORE)
CARD_TEXTS: Final[dict[int, str]] = {
    C.TANK: (
        "blue Freight card. Gives 1 energy unit to one red card of yours at this planet, "
        "then is used up. It can be stolen while unused."
    ),
    C.SETTLERS: (
        "blue Freight card. The player with the most Settlers on a habitable planet "
        "scores its victory points. Never used up; can be stolen."
    ),
    C.SECURITY: (
        "blue Freight card. Once turned up, it repels a Theft against you at this "
        "planet (the first one only, unless the table plays persistent Security), and "
        "you may steal a blue card from the thief instead."
    ),
    C.SOLAR: (
        "blue Freight card. Gives 1 energy unit to every red card of yours at this "
        "planet (at most 1 to each); never used up."
    ),
    C.LIFTOFF: (
        "yellow card. Starts your mission: a row without one scores nothing. One per "
        "planet; after it, only red cards may follow."
    ),
    C.THEFT: (
        "red Order card. Needs nothing: take one turned-up, unused blue card from the "
        "other row at this planet and use it as yours (it goes home after the round)."
    ),
    C.TERRAFORM: (
        "red Order card. Needs 2 energy units: the planet gets 1 Terraforming event; "
        "enough of them make it habitable for Settlers. Must be carried out if it can."
    ),
    C.ORE: (
        "red Order card. Needs 1 energy unit and an unused ore deposit of the planet: "
        "scores 1 victory point."
    ),
}


def card_code(kind: int) -> str:
    """The message id of a card kind's printed name (``race.card.tank.name``)."""
    return f"race.card.{C.CODES[kind]}.name"


def card_text_code(kind: int) -> str:
    """The message id of what a card kind does (``race.card.tank.text``)."""
    return f"race.card.{C.CODES[kind]}.text"


@functools.lru_cache(maxsize=1024)
def planet_key(name: str) -> str:
    """The id part of a planet name: lower case, words joined by ``-``
    (``"Beta Minor"`` → ``"beta-minor"``; memoised: every view names each planet)."""
    return re.sub(r"[^0-9a-z]+", "-", name.lower()).strip("-") or "planet"


def planet_code(name: str) -> str:
    """The message id of a planet name (``race.planet.beta-minor.name``)."""
    return f"race.planet.{planet_key(name)}.name"


#: the English each planet id was registered with (the shipped table's names)
_PLANETS: dict[str, str] = {planet_code(p.name): p.name for p in load_planets(DEFAULT).planets}

messages.register_texts(
    {
        **{card_code(k): name for k, name in enumerate(C.NAMES)},
        **{card_text_code(k): words for k, words in CARD_TEXTS.items()},
        **_PLANETS,
    }
)


def card_name(kind: int) -> str:
    """A card kind's printed name in the current language ("Energy Tank")."""
    return messages.text(card_code(kind))


def card_text(kind: int) -> str:
    """What a card kind does, in the current language."""
    return messages.text(card_text_code(kind))


def card_names(kinds: Iterable[int]) -> list[str]:
    """Card kinds' names in the current language."""
    return [card_name(k) for k in kinds]


def planet_name(name: str) -> str:
    """A planet's name (its English in the content) in the current language: the
    shipped table's words when the content still says what they were registered
    with, else the content's own name."""
    return messages.text_for(planet_code(name), name)


def _languages(lang: str | None) -> list[str]:
    """The languages a said word may be in: ``lang`` (or the current one), then English."""
    first = lang or messages.language()
    return [first] if first == messages.ENGLISH else [first, messages.ENGLISH]


def kind_named(name: str, lang: str | None = None) -> int | None:
    """The card kind whose name is ``name`` in ``lang`` (or the current language)
    or in English; None for another word."""
    for said in _languages(lang):
        for kind in range(len(C.NAMES)):
            if messages.text(card_code(kind), said) == name:
                return kind
    return None


def planet_named(name: str, lang: str | None = None) -> str:
    """The English (content) name of a shipped planet said as ``name`` in ``lang``
    (or the current language) or in English; ``name`` itself for any other."""
    for said in _languages(lang):
        for code, english in _PLANETS.items():
            if messages.text(code, said) == name:
                return english
    return name


def in_words(name: str) -> str:
    """A said card or planet name (in English or the current language) in the
    current language: card names by kind, shipped planets by their key; any
    other word as it is."""
    kind = kind_named(name)
    if kind is not None:
        return card_name(kind)
    return planet_name(planet_named(name))


def card_word(kind: int) -> messages.Said:
    """A card kind's name, English valued, said in the reader's language
    (:class:`~liftoff.engine.messages.Said`)."""
    return messages.said_text(card_code(kind), C.NAMES[kind])


def text_word(code: str) -> messages.Said:
    """A registered plain text as a :class:`~liftoff.engine.messages.Said`."""
    return messages.said_text(code, messages.text(code, messages.ENGLISH))
