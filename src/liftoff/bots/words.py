"""The bots' words for people in the reader's language (registered at import).

A bot's reason for a move (a hint's "why", the line :meth:`Bot.explain`
gives) is a message id ``bots.reason.*`` with parameters; the whole line a bot
says about its move is ``bots.said.*``. The names of the bot levels and kinds
are plain texts ``bots.level.<name>`` with one line each on how they play,
``bots.level.<name>.about``: :func:`level_name` and :func:`level_about` say
them in the current language (:func:`liftoff.engine.messages.speaking`).

>>> level_name("hard"), level_about("medium")
('Hard', 'Plays every turn by sound rules of thumb.')
"""

from __future__ import annotations

from typing import Any

from liftoff.engine.messages import (
    ENGLISH,
    Message,
    known,
    language,
    register,
    register_texts,
    text,
)

#: what a bot says about its move and why: id → English template
REASONS: dict[str, str] = {
    # the line a bot says about its last move (``Bot.explain``)
    "bots.said.heuristic": "heuristic: {action} ({reason})",
    "bots.said.heuristic.bare": "heuristic: {action}",
    "bots.said.search": "{action}: {reason}",
    # every bot
    "bots.reason.random": "random choice among {count} actions",
    "bots.reason.quick": "a quick move, not thought over",
    "bots.reason.careless": "a careless move",
    "bots.reason.only-legal": "the only legal move",
    "bots.reason.only-move": "the only move",
    "bots.reason.worth": "worth {gain:+.2f}",
    "bots.reason.search": (
        "won about {value:.0%} of the {visits} of {count} imagined games that began with it"
    ),
    "bots.reason.search.versus": (
        "won about {value:.0%} of the {visits} of {count} imagined games that began with it"
        " (the next best, “{other}”, won about {other_value:.0%} of its {other_visits})"
    ),
    # the heuristic's favourite kept: the search's preference was within chance
    "bots.reason.search.kept": (
        "the usual good move here: won about {value:.0%} of the {visits} of {count}"
        " imagined games that began with it; “{other}” did a little better (about"
        " {other_value:.0%} of its {other_visits}), but within chance"
    ),
    # planet
    "bots.reason.planet.teleport.none-mine": "nothing of mine on the Teleport",
    "bots.reason.planet.teleport.theirs": "the Teleport would save more of theirs than mine",
    "bots.reason.planet.teleport.pay-last": "pay the last {left} Fuel: the Teleport lifts off",
    "bots.reason.planet.teleport.offer": "offer what I have; the others may add the rest",
    "bots.reason.planet.teleport.short": "not enough Fuel to launch the Teleport",
    "bots.reason.planet.teleport.cannot": "cannot pledge that",
    "bots.reason.planet.end": "nothing else helps",
    "bots.reason.planet.trade": "trades are a last resort",
    "bots.reason.planet.roll": "roll at the {lp}: worth {gain:+.2f}",
    "bots.reason.planet.lift-off": "pay up to a Lift Off ({steps} steps): worth {gain:+.2f}",
    "bots.reason.planet.no-card": "no card to play now",
    # race
    "bots.reason.race.resolve": "solar modules first / take the most useful card",
    "bots.reason.race.adds": "adds {gain:.2f} VP at planet {action}",
    # the planet of a "place N" in words (other languages than English say it so)
    "bots.reason.race.planet": "planet {planet} ({planet_name})",
    "bots.reason.race.under": "useful later: under the stack",
    "bots.reason.race.small-gain": "a small gain",
    "bots.reason.race.discard": "no use for it: discard (and bring the Stop closer)",
    "bots.reason.race.no-better": "no better idea",
    # agency
    "bots.reason.agency.keep": "keep the cards worth most ({value:.1f})",
    "bots.reason.agency.either": "either way",
    "bots.reason.agency.play": "the specialist worth most now",
    "bots.reason.agency.draw": (
        "the deck whose missions it can most likely launch, for the most points"
    ),
    "bots.reason.agency.take": "the mission worth most once its chance of launch is counted",
    "bots.reason.agency.launch": "the affordable missions worth most",
    "bots.reason.agency.done": "nothing here is worth it",
    "bots.reason.agency.sell": "the objective is worth more sold",
    "bots.reason.agency.rule": "rule of thumb",
}

#: bot levels and kinds: display names and one line on how each plays
LEVEL_TEXTS: dict[str, str] = {
    "bots.level.beginner": "Beginner",
    "bots.level.beginner.about": "Plays by feel and often slips: good for a first game.",
    "bots.level.easy": "Easy",
    "bots.level.easy.about": "Plays sensibly but makes the odd careless move.",
    "bots.level.medium": "Medium",
    "bots.level.medium.about": "Plays every turn by sound rules of thumb.",
    "bots.level.hard": "Hard",
    "bots.level.hard.about": "Thinks ahead over a couple of hundred imagined games per move.",
    "bots.level.expert": "Expert",
    "bots.level.expert.about": "Thinks ahead over a thousand imagined games per move (slower).",
    "bots.level.random": "Random",
    "bots.level.random.about": "Plays any legal move, drawn at random.",
    "bots.level.heuristic": "Heuristic",
    "bots.level.heuristic.about": "Plays by the game's rules of thumb, without searching ahead.",
    "bots.level.ismcts": "Search",
    "bots.level.ismcts.about": (
        "Thinks ahead by playing out imagined games that fit what it can see."
    ),
}

register(REASONS)
register_texts(LEVEL_TEXTS)


def reason(code: str, **params: Any) -> Message:
    """The message ``bots.reason.<code>`` with ``params``."""
    return Message(f"bots.reason.{code}", params)


def level_name(name: str, lang: str | None = None) -> str:
    """A bot level's or kind's name for people ("Hard") in ``lang`` or the current
    language; another bot's name (a study's) capitalized."""
    code = f"bots.level.{name}"
    return text(code, lang) if known(code) else name.capitalize()


def level_about(name: str, lang: str | None = None) -> str:
    """One line on how a bot level or kind plays, in ``lang`` or the current
    language ("" for another bot)."""
    code = f"bots.level.{name}.about"
    return text(code, lang) if known(code) else ""


class Phrase(str):
    """A message used as a parameter of another: its value is the English (so it
    compares and prints as before), and it is *formatted* in the language of the
    sentence it is filled into. With ``english``, English says that instead of
    the message (a typed action, "place 3", that other languages say in words).

    >>> f"{Phrase(Message('bots.reason.careless'))}"
    'a careless move'
    """

    message: Message
    english: str | None

    def __new__(cls, message: Message, english: str | None = None) -> Phrase:
        made = super().__new__(cls, message.render(ENGLISH) if english is None else english)
        made.message = message
        made.english = english
        return made

    def __format__(self, spec: str) -> str:
        if self.english is not None and language() == ENGLISH:
            return format(self.english, spec)
        return format(self.message.render(), spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Phrase, (self.message, self.english))


def said(reason: Message | str) -> str:
    """A reason as a parameter of a bot's line: a message is said in the line's
    language; a plain text (an add-on's own words) as it is."""
    return Phrase(reason) if isinstance(reason, Message) else reason
