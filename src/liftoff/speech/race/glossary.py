"""The race game's glossary: every card kind (by the code views and actions use)
and every planet of the table (by its name in the content), as "Name: what it
does" (``Game.glossary``), in the words of the rulebook (001, 003) and rule
catalogue, in the current language (card words in :mod:`.words`, the rest in
:mod:`.text`)."""

from __future__ import annotations

from liftoff.engine.messages import plural, render, text
from liftoff.games.race import cards as C
from liftoff.games.race.content import PlanetTable, PlanetType
from liftoff.games.race.words import CARD_TEXTS, card_name, card_text, planet_name

#: what each card kind does, by kind (English; translated as ``race.card.<code>.text``)
CARD_WORDS = CARD_TEXTS

#: when a planet becomes habitable, by the Terraforming events it needs (0, 1, 2)
HABITABLE = (
    "race.glossary.habitable.start",
    "race.glossary.habitable.once",
    "race.glossary.habitable.twice",
)


def planet_text(planet: PlanetType) -> str:
    """A planet card in words: Terraforming needed, points and ore deposits."""
    habitable = text(HABITABLE[min(planet.terraforming, 2)])
    words = render(
        "race.glossary.planet",
        {
            "habitable": habitable,
            "vp": planet.vp,
            "ore": plural("race.glossary.ore", planet.ore),
        },
    )
    return f"{planet_name(planet.name)}: {words}"


def glossary(table: PlanetTable) -> dict[str, str]:
    """Card code and planet name (the content's, a stable key) → "Name: what it
    does", in the current language."""
    out = {code: f"{card_name(k)}: {card_text(k)}" for k, code in enumerate(C.CODES)}
    for planet in table.planets:
        out[planet.name] = planet_text(planet)
    return out
