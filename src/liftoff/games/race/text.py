"""The English words of the race game's message ids (registered at import).

Every refusal of the race rules names one of these ids and its parameters
(see :mod:`liftoff.engine.messages`); front ends may render their own words.
"""

from __future__ import annotations

from typing import Final

from liftoff.engine.messages import register

TEMPLATES: Final[dict[str, str]] = {
    # parsing (API-PARSE)
    "race.parse.not-text": "{given} is not an action text",
    "race.parse.unknown": (
        "{text!r} is not a race action; write place N, under, discard, pay SOURCES "
        "(solar, tank, solar,solar, solar,tank, tank,tank) or steal KIND "
        "(settlers, tank, solar, security, none)"
    ),
    # loading (RC-PLAY-5, RC-SETUP-7, RC-PLACE-3..5)
    "race.play.loading-only": (
        "while loading you can only place the top card at a planet, put it under "
        "your stack, or discard it"
    ),
    "race.place.no-planet": "there is no planet {planet} on this table (planets 1-{planets})",
    "race.place.not-adjacent": (
        "planet {planet} is not next to you; you can play at planets {yours_text}"
    ),
    "race.place.red-start": (
        "a red card ({card}) may only follow a Lift Off card or another red card"
    ),
    "race.place.second-liftoff": (
        "your row at planet {planet} already has a Lift Off card: only one per planet, "
        "and after it only red cards"
    ),
    "race.place.blue-after-liftoff": (
        "after a Lift Off card only red cards may follow (your row ends with {last}); "
        "a blue card ({card}) must start a row or follow a blue card"
    ),
    # Stop and resolution (RC-STOP-3, RC-RED-4, RC-THEFT-6/7, RC-ORE-1, RC-TERRA-1, RC-SOLAR-2)
    "race.stop.loading-over": (
        "loading is over: player {caller} called Stop, so nobody may play from their stack any more"
    ),
    "race.choice.not-yours": "this choice is not yours to make: player {chooser} is choosing now",
    "race.theft.choose-card": "a Theft is being resolved: choose a card to steal or steal none",
    "race.theft.nothing-to-take": (
        "there is no active blue card of that kind to take at planet {planet}; only "
        "revealed, unspent blue cards in the other row can be stolen"
    ),
    "race.pay.choose-sources": "a red card is being paid for: choose which energy sources pay",
    "race.pay.one-unit": "this order needs exactly {need} energy unit",
    "race.pay.two-units": "this order needs exactly {need} energy units",
    "race.pay.solar-twice": (
        "one Solar Module gives at most 1 energy unit to a red card, and you have only one"
    ),
    "race.pay.no-sources": "you do not have those active energy sources at this planet",
}

register(TEMPLATES)
