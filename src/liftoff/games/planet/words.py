"""Planet's words for people in the reader's language: the content's names and
texts, places, counts and costs (registered at import).

The shipped content's words are plain texts under ids made from the content's
own ids — ``planet.card.<code>.name``, ``planet.card.<code>.text``,
``planet.lp.<id>.name`` — with the shipped English. Content may be replaced by
a user's files: a word is said in another language only while the content
still says what the id was registered with (:func:`content_text`); changed
English is shown as it is.

Everything else a player reads (places, Moon spots, costs, counts) is a
template here; the functions below render them in the current language
(:func:`liftoff.engine.messages.speaking`).

:class:`~liftoff.engine.messages.Said` is a parameter of a refusal that is said
in the language of the sentence it is filled into: a refusal is made once (in
English, on a server) and rendered later for its reader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from liftoff.engine.messages import (
    ENGLISH,
    Said,
    memoised_words,
    plural,
    register,
    register_plurals,
    register_texts,
    render,
    text_for,
)

from .cards import CODES, KIND_OF, TOKENS
from .content import PlanetContent, load_content

if TYPE_CHECKING:
    from .game import PlanetGame

#: the shipped content, whose words the catalogues translate
DEFAULT: PlanetContent = load_content()


def card_code(code: str, part: str = "name") -> str:
    """The id of a card's ``name`` or ``text`` (``planet.card.moon.name``)."""
    return f"planet.card.{code}.{part}"


def lp_code(lp: str) -> str:
    """The id of a Lift Off Point's name (``planet.lp.rocket.name``)."""
    return f"planet.lp.{lp}.name"


def _content_texts(content: PlanetContent) -> dict[str, str]:
    found: dict[str, str] = {}
    for card in content.deck.cards:
        found[card_code(card.code)] = card.name
        found[card_code(card.code, "text")] = card.text
    for point in content.points.points:
        found[lp_code(point.id)] = point.name
    return found


#: the shipped content's words, id → English (registered as plain texts)
CONTENT: dict[str, str] = _content_texts(DEFAULT)

#: words that are not content: places of the board, the Moon's spots and phases,
#: costs and the small words that join them
WORDS: dict[str, str] = {
    # places of the board (descriptions: "Satellite (S3)"; narration: "the Satellite (S3)")
    "planet.place.core": "the Core",
    "planet.place.exit": "Exit {segment}",
    "planet.place.lp": "{name} ({segment})",
    "planet.place.the-lp": "the {name} ({segment})",
    # where the Moon stands
    "planet.spot.star": "the star",
    "planet.spot.exit": "Exit {segment}",
    "planet.spot.lp": "the {name}",
    # a Lift Off Point's phase in a die roll's narration ("at full moon")
    "planet.phase.full": "full",
    "planet.phase.half": "half",
    "planet.phase.new": "new",
    # cards and payments
    "planet.word.as": "{card} as {kind}",
    "planet.word.several": "{count} {name}",
    "planet.word.plus": "{first} + {rest}",
    "planet.word.fuel": "Fuel",
    "planet.word.screw": "Screw",
    # costs (a view's placement_text, a refusal's cost; the glossary's own below)
    "planet.cost.free": "free",
}

#: counts whose words follow the number
PLURALS: dict[str, tuple[str, str]] = {
    "planet.count.cards": ("{count} card", "{count} cards"),
    "planet.count.days": ("{count} day", "{count} days"),
    "planet.count.aliens": ("{count} Alien", "{count} Aliens"),
    "planet.cost.fuels": ("{count} Fuel", "{count} Fuels"),
    "planet.cost.screws": ("{count} Screw", "{count} Screws"),
    "planet.cost.action-cards": ("{count} Action card", "{count} Action cards"),
}

register_texts(CONTENT)
register(WORDS)
register_plurals(PLURALS)


def content_text(code: str, english: str) -> str:
    """Content words in the current language: the translation of ``code`` when the
    content still says what the shipped content said (``english``), else
    ``english`` itself."""
    return text_for(code, english)


def card_name(game: PlanetGame, kind: int | str) -> str:
    """The name of card kind ``kind`` (an index or a code) for people."""
    return _card_named(game.card_names, kind)


def _card_named(names: Sequence[str], kind: int | str) -> str:
    """Card kind ``kind`` for people, its content's English names being ``names``."""
    index = kind if isinstance(kind, int) else KIND_OF[kind]
    return content_text(card_code(CODES[index]), names[index])


def card_text(code: str, english: str) -> str:
    """What card ``code`` does (its content ``english``) for people."""
    return content_text(card_code(code, "text"), english)


@memoised_words
def lp_name(lp: str, english: str) -> str:
    """The name of Lift Off Point ``lp`` (its content name ``english``) for people
    (memoised: every view names each Lift Off Point)."""
    return content_text(lp_code(lp), english)


def game_lp_name(game: PlanetGame, lp: str) -> str:
    """The name of Lift Off Point ``lp`` of ``game``'s content (the id when unknown)."""
    english = game.lp_names.get(lp)
    return lp if english is None else lp_name(lp, english)


def lp_named(game: PlanetGame, english: str) -> str:
    """A Lift Off Point's English name of ``game``'s content in the current
    language (``english`` itself when no Lift Off Point has that name)."""
    for lp, name in game.lp_names.items():
        if name == english:
            return lp_name(lp, name)
    return english


def token_name(game: PlanetGame, token: str) -> str:
    """A card or payment token by its name ("Wild as Screw"); the token when unknown."""
    return token_words(game.card_names, token)


def token_words(names: Sequence[str], token: str) -> str:
    """:func:`token_name`, the content's English card names being ``names``."""
    if token in KIND_OF:
        return _card_named(names, token)
    if token in TOKENS:  # a Wild paid as Fuel or as Screw
        card, kind = _card_named(names, TOKENS[token][0]), _card_named(names, token[-1])
        return render("planet.word.as", {"card": card, "kind": kind})
    return token


def plus(parts: Sequence[str]) -> str:
    """``["1 Fuel", "2 Screws"]`` → "1 Fuel + 2 Screws" (in the current language)."""
    if len(parts) < 2:
        return "".join(parts)
    return render("planet.word.plus", {"first": parts[0], "rest": plus(parts[1:])})


def several(count: int, name: str) -> str:
    """``name`` said ``count`` times ("2 Fuel"); the name alone for one."""
    return name if count == 1 else render("planet.word.several", {"count": count, "name": name})


@memoised_words
def cost_text(fuel: int, screw: int, action: int) -> str:
    """A placement cost in words ("2 Fuels + 1 Screw", or "free"); memoised (every
    view says each Lift Off Point's cost, and bots read views thousands of times
    a second)."""
    parts = []
    for n, code in zip(
        (fuel, screw, action),
        ("planet.cost.fuels", "planet.cost.screws", "planet.cost.action-cards"),
        strict=True,
    ):
        if n:
            parts.append(plural(code, n))
    return plus(parts) or render("planet.cost.free")


def kind_word(kind: str) -> str:
    """ "fuel" / "screw" as the resource's word ("Fuel")."""
    return render(f"planet.word.{kind}")


def count_of_cards(count: int) -> str:
    """ "1 card", "3 cards"."""
    return plural("planet.count.cards", count)


def count_of_days(count: int) -> str:
    """ "1 day", "3 days"."""
    return plural("planet.count.days", count)


def said_lp(lp: str, english: str, value: str | None = None) -> Said:
    """Lift Off Point ``lp`` (named ``english``) in a refusal; ``value`` is what
    English says (default: the name)."""
    return Said(english if value is None else value, lp_name, lp, english)


def said_card(game: PlanetGame, code: str) -> Said:
    """Card ``code`` in a refusal: English says the code, other languages the name."""
    return Said(code, content_text, card_code(code), game.card_names[KIND_OF[code]])


def said_token(game: PlanetGame, token: str) -> Said:
    """Payment token ``token`` in a refusal: English says the token ("W=F")."""
    return Said(token, token_words, game.card_names, token)


def said_kind(kind: str) -> Said:
    """ "fuel" / "screw" in a refusal ("Fuel")."""
    return Said(kind.capitalize(), kind_word, kind)


def said_cost(fuel: int, screw: int, action: int) -> Said:
    """A placement cost in a refusal."""
    with_english = _english(cost_text, fuel, screw, action)
    return Said(with_english, cost_text, fuel, screw, action)


def said_message(code: str, **params: Any) -> Said:
    """A message filled into a refusal (the reason a text is not an action)."""
    return Said(_english(render, code, params), render, code, params)


def _english(say: Callable[..., str], *args: Any) -> str:
    from liftoff.engine.messages import speaking

    with speaking(ENGLISH):
        return say(*args)
