"""The race game's glossary: every card kind (by the code views and actions use)
and every planet of the table (by its name), as "Name: what it does"
(``Game.glossary``), in the words of the rulebook (001, 003) and rule catalogue."""

from __future__ import annotations

from . import cards as C
from .content import PlanetTable, PlanetType

#: what each card kind does, by kind (RC-TANK, RC-SETL, RC-SEC, RC-SOLAR, RC-LIFT,
#: RC-THEFT, RC-TERRA, RC-ORE)
CARD_WORDS: dict[int, str] = {
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


def planet_text(planet: PlanetType) -> str:
    """A planet card in words: Terraforming needed, points and ore deposits."""
    if planet.terraforming == 0:
        habitable = "habitable from the start"
    else:
        times = "once" if planet.terraforming == 1 else "twice"
        habitable = f"habitable once terraformed {times}"
    ore = f"{planet.ore} ore deposit{'s' if planet.ore != 1 else ''}"
    return (
        f"{planet.name}: planet, {habitable}; the most Settlers there score "
        f"{planet.vp} VP; {ore} (1 VP each for Ore Production)."
    )


def glossary(table: PlanetTable) -> dict[str, str]:
    """Card code and planet name → "Name: what it does"."""
    out = {code: f"{C.NAMES[k]}: {CARD_WORDS[k]}" for k, code in enumerate(C.CODES)}
    for planet in table.planets:
        out[planet.name] = planet_text(planet)
    return out
