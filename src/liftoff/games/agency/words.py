"""The words of agency in the reader's language: content names, the effect
vocabulary, and the small words filled into sentences (registered at import).

Content is data and may be replaced by a user's files, so the *shipped*
content's names are registered as plain texts under ids derived from the card
ids — ``agency.card.<ID>.name`` for specialists, missions and objectives,
``agency.tech.<colour>.name`` for the technology names — and looked up at use:
a translation is used only while the content still says the English it was
registered with (other content speaks its own English).

The fixed vocabulary (colours, draft sides, upgrade kinds, launch symbols, step
names, the effect and counter phrases, the action descriptions of
``describe.py``) has ids of its own; :func:`localized` renders an event's
parameters in the current language at narration time, from the ids the event
carries (its English names stay in the event data, which never changes with
the reader).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from liftoff.engine.messages import (
    register,
    register_plurals,
    register_texts,
    render,
    text,
    text_for,
)

if TYPE_CHECKING:
    from .content import Content

#: words without fields (ids → English)
WORDS: dict[str, str] = {
    # technology colours, draft sides, upgrade kinds, launch symbols
    "agency.colour.red": "red",
    "agency.colour.yellow": "yellow",
    "agency.colour.blue": "blue",
    "agency.colour.green": "green",
    "agency.side.left": "left",
    "agency.side.right": "right",
    "agency.upgrade.capacity": "capacity",
    "agency.upgrade.propulsion": "propulsion",
    "agency.symbol.lab": "lab",
    "agency.symbol.extra": "extra",
    "agency.symbol.bonus": "bonus",
    # what a draft passes (``{what}`` of the draft events)
    "agency.noun.specialists": "specialists",
    "agency.noun.objectives": "objectives",
    # the steps, as refusals name them (``{what}``)
    "agency.step-name.obj_draft": "the objective draft",
    "agency.step-name.direction": "the choice of draft direction",
    "agency.step-name.spec_draft": "the specialist draft",
    "agency.step-name.play": "playing specialists",
    "agency.step-name.mission": "drawing missions",
    "agency.step-name.launch": "launching rockets",
    "agency.step-name.sell": "the objective sale",
    "agency.step-name.over": "the end of the game",
    # where points come from, in a player's total ("2 start, 10 launches")
    "agency.total.start": "start",
    "agency.total.launches": "launches",
    "agency.total.missions": "missions",
    "agency.total.effects": "effects",
    "agency.total.banners": "banners",
    "agency.total.actions": "actions",
    "agency.total.station": "station",
    "agency.total.hourglass": "hourglass",
    "agency.total.objectives": "objectives",
    "agency.total.green": "green",
    "agency.total.money": "money",
    # a technology requirement that asks for nothing
    "agency.need.nothing": "nothing",
    # what a player is deciding (the view's ``deciding``)
    "agency.pending.order": "order of mission effects",
    # effects and counters without numbers
    "agency.fx.station": "invest in the station",
    "agency.counter.missions": "missions in space",
    "agency.counter.hourglass": "hourglass missions in space",
    "agency.counter.tech": "technology cards",
    "agency.counter.tech-sets-all": "sets of all four colours technology",
    "agency.counter.upgrades": "upgrades",
    "agency.counter.station": "station investments",
    "agency.counter.lab": "lab levels",
    "agency.counter.income": "income",
    "agency.counter.money": "money",
    # action descriptions (describe.py)
    "agency.describe.symbol.lab": "your lab's launch",
    "agency.describe.symbol.extra": "your cheaper extra launch",
    "agency.describe.symbol.bonus": "a bonus launch",
    "agency.describe.station-beside": (
        "Invest beside the station: counts as an investment, scores nothing"
    ),
    "agency.describe.done.mission": "Keep no more of the drawn missions",
    "agency.describe.done.launch": "Launch no more rockets this round",
    "agency.describe.done.sell": "Keep your objectives (sell no more)",
    "agency.describe.done": "Done",
    #: what a technology card does (002 §Player Setup, §Missions; AG-TECH-1)
    "agency.describe.tech-card": (
        "your level in this technology, one card per level; each mission level needs a "
        "minimum (shown above its deck), and cards are never spent on a launch. "
        "Objectives and the final scoring count them."
    ),
}

TEMPLATES: dict[str, str] = {
    # parts of sentences
    "agency.total.part": "{points} {source}",
    "agency.need.part": "{count} {colour}",
    "agency.pending.actions": "actions of {card}",
    "agency.pending.effect": "{effect} ({card})",
    # the effect vocabulary (effects.py)
    "agency.fx.money": "+{amount} money",
    "agency.fx.points": "+{amount} VP",
    "agency.fx.income": "+{amount} income",
    "agency.fx.tech": "+{count} {colours} tech",
    "agency.fx.upgrade": "+{count} {options} upgrade",
    "agency.fx.lab": "lab +{amount}",
    "agency.fx.capacity": "+{amount} capacity on one launch this round",
    "agency.fx.discount": "launches cost {amount} less this round",
    "agency.fx.launch": "+{amount} launch symbol this round",
    "agency.fx.mission": "+{amount} mission draw this round",
    "agency.fx.score-per": "{points} VP per {what}",
    "agency.fx.score-per-max": "{points} VP per {what} (max {max})",
    "agency.fx.score-per-every": "{points} VP per {every} {what}",
    "agency.fx.score-per-every-max": "{points} VP per {every} {what} (max {max})",
    "agency.counter.missions-levels": "level-{levels} missions in space",
    "agency.counter.tech-colours": "{colours} technology",
    "agency.counter.tech-sets": "sets of {colours} technology",
    "agency.counter.upgrades-kind": "{kind} upgrades",
    # card texts (describe.py)
    "agency.describe.banner.money": "+{value} money",
    "agency.describe.banner.points": "+{value} VP",
    "agency.describe.banner.capacity": "+{value} capacity on a launch this round",
    "agency.describe.banner.mission": "+{value} mission this round",
    "agency.describe.banner.launch": "+{value} cheaper launch this round",
    "agency.describe.action-paid": "pay {cost} → {effects}",
    "agency.describe.specialist-1": "banner {banner}; action 1: {one}",
    "agency.describe.specialist-2": "banner {banner}; action 1: {one}; action 2: {two}",
    "agency.describe.mission": "level {level}, weight {weight}",
    "agency.describe.mission-points": "level {level}, weight {weight}, {points} VP",
    "agency.describe.mission-launch": "{card}; on launch: {effects}",
    "agency.describe.mission-end": "{card}; at the end of the game: {effects}",
    "agency.describe.tier": "{min}+ → {vp} VP",
    "agency.describe.tiers": "{tiers}, {tier}",
    "agency.describe.effects": "{effects}; {effect}",
    "agency.describe.named": "{name}: {text}",
    "agency.describe.objective": "{counts}: {tiers}",
    "agency.describe.objective-requires": "{counts}: {tiers} (only with 1+ {requires})",
    "agency.describe.technology": "{name} ({colour} technology)",
    # action descriptions (describe.py)
    "agency.describe.keep": "Keep {names}",
    "agency.describe.keep-card": "Keep {name} ({text})",
    "agency.describe.sell": "Sell {name} ({text}) for {money} money",
    "agency.describe.direction": "Pass the specialist draft to the {side}",
    "agency.describe.play-money": "Play {name}: {banner}, then take {money} money (no actions)",
    "agency.describe.play-1": "Play {name}: {banner}, then its actions (1: {one})",
    "agency.describe.play-2": "Play {name}: {banner}, then its actions (1: {one}; 2: {two})",
    "agency.describe.action": "{name}'s action {index}: {text}",
    "agency.describe.finish": "Finish {name}'s actions",
    "agency.describe.upgrade.capacity": ("Upgrade your rocket's capacity: capacity {now} → {next}"),
    "agency.describe.upgrade.propulsion": (
        "Upgrade your rocket's propulsion: launches cost {now} → {next}"
    ),
    "agency.describe.station.income": "Invest in station space {space}: {vp} VP and +1 income",
    "agency.describe.station.green": (
        "Invest in station space {space}: {vp} VP and 1 green technology"
    ),
    "agency.describe.take": "Take {name} to Earth ({text})",
    "agency.describe.resolve": "Resolve {name} next: {effects}",
    "agency.describe.tech": "Take {count} {colour} technology {cards} ({name})",
    "agency.describe.draw": "Draw {count} level-{level} missions and keep some",
    "agency.describe.carry": "weight {weight} of {room}",
    "agency.describe.carry-banners": "weight {weight} of {room} + capacity banners",
    "agency.describe.launch": (
        "Launch {names} on {symbol}: costs {cost} money, {carry}, scores {vp} VP"
    ),
    "agency.describe.launch-then": (
        "Launch {names} on {symbol}: costs {cost} money, {carry}, scores {vp} VP; then {effects}"
    ),
}

#: words whose form follows a number (the ``{cards}`` of ``agency.describe.tech``)
PLURALS: dict[str, tuple[str, str]] = {
    "agency.noun.card": ("card", "cards"),
}

register_texts(WORDS)
register(TEMPLATES)
register_plurals(PLURALS)


def card_code(card: str) -> str:
    """The message id of a card's name (``agency.card.S01.name``)."""
    return f"agency.card.{card}.name"


def tech_code(colour: str) -> str:
    """The message id of a technology's name (``agency.tech.red.name``)."""
    return f"agency.tech.{colour}.name"


def content_words(c: Content) -> dict[str, str]:
    """The names of ``c``'s cards and technologies, by message id (English)."""
    found: dict[str, str] = {}
    for s in c.specialists.specialists:
        found[card_code(s.id)] = s.name
    for m in c.missions.missions:
        found[card_code(m.id)] = m.name
    for o in c.objectives.objectives:
        found[card_code(o.id)] = o.name
    for t in c.technology.technology:
        found[tech_code(t.colour)] = t.name
    return found


def register_content(c: Content) -> None:
    """Register the names of content ``c`` (the shipped content, once at import)."""
    register_texts(content_words(c))


def said(code: str, english: str) -> str:
    """``english`` in the current language: the translation of ``code`` while the
    content still says the English ``code`` was registered with."""
    return text_for(code, english)


def card_english(c: Content, card: str) -> str:
    """A card's English name from its id (the id itself for an unknown card)."""
    for table in (c.spec, c.mission, c.objective):
        found = table.get(card)
        if found is not None:
            return str(found.name)
    return card


def card_name(c: Content, card: str) -> str:
    """A card's name in the current language, from its id."""
    return said(card_code(card), card_english(c, card))


def card_names(c: Content, cards: Sequence[str]) -> list[str]:
    return [card_name(c, x) for x in cards]


def tech_name(c: Content, colour: str) -> str:
    """The name of a technology colour's cards ("Fuel"), in the current language."""
    for t in c.technology.technology:
        if t.colour == colour:
            return said(tech_code(colour), t.name)
    return ""


def word(kind: str, value: str) -> str:
    """A word of the fixed vocabulary (``word("colour", "red")``), in the current
    language; ``value`` itself when it has no id."""
    code = f"agency.{kind}.{value}"
    return text(code) if code in WORDS else value


def colour(value: str) -> str:
    return word("colour", value)


def colours(values: Sequence[str], joiner: str = "/") -> str:
    """Technology colours as one word ("red/yellow")."""
    return joiner.join(colour(x) for x in values)


def need(alternatives: Sequence[Sequence[tuple[str, int]]]) -> str:
    """A technology requirement: "2 red + 2 yellow / 3 blue" ("nothing" for none)."""
    return " / ".join(
        " + ".join(render("agency.need.part", {"count": k, "colour": colour(c)}) for c, k in alt)
        or text("agency.need.nothing")
        for alt in alternatives
    )


def total_parts(by_source: Mapping[str, int]) -> list[str]:
    """A total's points by source ("2 start", "10 launches")."""
    return [
        render("agency.total.part", {"points": n, "source": word("total", name)})
        for name, n in by_source.items()
    ]


def _what(c: Content, kind: str, data: Mapping[str, Any]) -> str | None:
    """The ``what`` of an event in the current language (``None``: leave it)."""
    what = data.get("what")
    if kind.startswith("agency.ev.use-action"):
        from . import effects as fx

        spec = c.spec.get(str(data.get("card")))
        index = data.get("index")
        if spec is None or not isinstance(index, int) or not 0 < index <= len(spec.actions):
            return None
        return fx.describe_all(list(spec.actions[index - 1].effects))
    return word("noun", str(what))


def localized(c: Content, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """An agency event's parameters with their words in the current language:
    card names from the card ids the event carries, colours, sides, upgrade
    kinds, launch symbols, what a draft passes or an action does, and a
    total's sources. Seats and numbers stay as they are."""
    out = dict(data)
    card = data.get("card")
    if isinstance(card, str):
        out["name"] = out["source"] = card_name(c, card)
    cards = data.get("cards")
    if isinstance(cards, list | tuple):
        out["names"] = card_names(c, [str(x) for x in cards])
    for key, vocabulary in (
        ("colour", "colour"),
        ("direction", "side"),
        ("side", "side"),
        ("upgrade", "upgrade"),
        ("kind", "upgrade"),
        ("symbol", "symbol"),
    ):
        value = data.get(key)
        if isinstance(value, str):
            out[key] = word(vocabulary, value)
    if isinstance(data.get("what"), str) or kind.startswith("agency.ev.use-action"):
        what = _what(c, kind, data)
        if what is not None:
            out["what"] = what
    by_source = data.get("by_source")
    if isinstance(by_source, Mapping):
        out["sources"] = total_parts(by_source)
    return out
