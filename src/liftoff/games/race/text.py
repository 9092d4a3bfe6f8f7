"""The English words of the race game's message ids (registered at import).

Every refusal of the race rules names one of these ids and its parameters
(see :mod:`liftoff.engine.messages`); front ends may render their own words.
"""

from __future__ import annotations

from typing import Final

from liftoff.engine.messages import register, register_plurals, register_texts

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
        "loading is over: {caller} called Stop, so nobody may play from their stack any more"
    ),
    "race.choice.not-yours": "this choice is not yours to make: {chooser} is choosing now",
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

#: the events of the race rules (see :mod:`.events`) and its actions told as sentences
EVENTS: Final[dict[str, str]] = {
    # actions (RaceGame._narrate_action)
    "race.ev.act.place": "{who} plays {card_name} at {planet_name}",
    "race.ev.act.place.you": "You play {card_name} at {planet_name}",
    "race.ev.act.under": "{who} puts {card_name} under their stack",
    "race.ev.act.under.you": "You put {card_name} under your stack",
    "race.ev.act.discard": "{who} discards {card_name}",
    "race.ev.act.discard.you": "You discard {card_name}",
    "race.ev.act.pay": "{who} pays with {paid}",
    "race.ev.act.pay.you": "You pay with {paid}",
    "race.ev.act.steal": "{who} chooses to steal {card_name}",
    "race.ev.act.steal.you": "You choose to steal {card_name}",
    "race.ev.act.steal-none": "{who} chooses to take nothing",
    "race.ev.act.steal-none.you": "You choose to take nothing",
    # Stop and cleanup (RC-STOP-1, RC-CLEAN-1, RC-CLEAN-2)
    "race.ev.turned-up": "{who}'s next card is {card_name}",
    "race.ev.turned-up.you": "Your next card is {card_name}",
    "race.ev.stop": "{who} calls Stop!",
    "race.ev.stop.you": "You call Stop!",
    "race.ev.illegal": "{planet_name}: {who}'s {cards} set aside (played against the rules)",
    "race.ev.illegal.you": "{planet_name}: your {cards} set aside (played against the rules)",
    "race.ev.no-liftoff": "{planet_name}: {who}'s row has no Lift Off — {cards} set aside",
    "race.ev.no-liftoff.you": "{planet_name}: your row has no Lift Off — {cards} set aside",
    # cards turned up in resolution (RC-RES-1..7)
    "race.ev.reveal.tank": "{planet_name}: {who}'s Energy Tank is ready",
    "race.ev.reveal.tank.you": "{planet_name}: your Energy Tank is ready",
    "race.ev.reveal.settlers": "{planet_name}: {who}'s Settlers land",
    "race.ev.reveal.settlers.you": "{planet_name}: your Settlers land",
    "race.ev.reveal.security": "{planet_name}: {who}'s Security Force stands guard",
    "race.ev.reveal.security.you": "{planet_name}: your Security Force stands guard",
    "race.ev.reveal.solar": "{planet_name}: {who}'s Solar Module is ready",
    "race.ev.reveal.solar.you": "{planet_name}: your Solar Module is ready",
    "race.ev.reveal.liftoff": "{planet_name}: {who} lifts off",
    "race.ev.reveal.liftoff.you": "{planet_name}: you lift off",
    "race.ev.reveal.theft": "{planet_name}: {who} turns up a Theft",
    "race.ev.reveal.theft.you": "{planet_name}: you turn up a Theft",
    "race.ev.reveal.terraform": "{planet_name}: {who} turns up Terraforming",
    "race.ev.reveal.terraform.you": "{planet_name}: you turn up Terraforming",
    "race.ev.reveal.ore": "{planet_name}: {who} turns up Ore Production",
    "race.ev.reveal.ore.you": "{planet_name}: you turn up Ore Production",
    # orders (RC-RED-1..4, RC-ORE-1..2, RC-TERRA-1)
    "race.ev.fail.no-ore": "{planet_name}: {who}'s {card_name} fails — no ore deposit left",
    "race.ev.fail.no-ore.you": "{planet_name}: your {card_name} fails — no ore deposit left",
    "race.ev.fail.no-energy": "{planet_name}: {who}'s {card_name} fails — not enough energy",
    "race.ev.fail.no-energy.you": "{planet_name}: your {card_name} fails — not enough energy",
    "race.ev.ore": (
        "{planet_name}: {who} mines ore with {paid} — +{points} VP "
        "({ore_used} of {ore} deposits used)"
    ),
    "race.ev.ore.you": (
        "{planet_name}: you mine ore with {paid} — +{points} VP ({ore_used} of {ore} deposits used)"
    ),
    "race.ev.terraform": (
        "{planet_name}: {who} terraforms with {paid} ({terraformed} done, {needed} needed)"
    ),
    "race.ev.terraform.you": (
        "{planet_name}: you terraform with {paid} ({terraformed} done, {needed} needed)"
    ),
    # thefts (RC-THEFT-2..7, RC-SEC-1..2)
    "race.ev.theft": "{planet_name}: {who} may steal from {whom}",
    "race.ev.theft.you": "{planet_name}: you may steal from {whom}",
    "race.ev.theft.whom": "{planet_name}: {who} may steal from you",
    "race.ev.repelled": (
        "{planet_name}: {whom}'s Security Force repels {who}'s Theft — {whom} may steal back"
    ),
    "race.ev.repelled.you": (
        "{planet_name}: {whom}'s Security Force repels your Theft — {whom} may steal back"
    ),
    "race.ev.repelled.whom": (
        "{planet_name}: your Security Force repels {who}'s Theft — you may steal back"
    ),
    "race.ev.steal": "{planet_name}: {who} steals {card_name} from {whom}",
    "race.ev.steal.you": "{planet_name}: you steal {card_name} from {whom}",
    "race.ev.steal.whom": "{planet_name}: {who} steals your {card_name}",
    "race.ev.steal-none": "{planet_name}: {who} takes nothing from {whom}",
    "race.ev.steal-none.you": "{planet_name}: you take nothing from {whom}",
    "race.ev.steal-none.whom": "{planet_name}: {who} takes nothing from you",
    "race.ev.steal-nothing": "{planet_name}: {who} finds nothing to steal from {whom}",
    "race.ev.steal-nothing.you": "{planet_name}: you find nothing to steal from {whom}",
    "race.ev.steal-nothing.whom": "{planet_name}: {who} finds nothing to steal from you",
    # planets scored (RC-PLANET-1..4)
    "race.ev.planet.won": (
        "{planet_name}: {who} wins with {most} Settlers to {fewest} — +{points} VP"
    ),
    "race.ev.planet.won.you": (
        "{planet_name}: you win with {most} Settlers to {fewest} — +{points} VP"
    ),
    "race.ev.planet.barren": (
        "{planet_name} is not habitable ({terraformed} of {needed} Terraforming) — no VP"
    ),
    "race.ev.planet.tie": "{planet_name}: Settlers tie {most} to {fewest} — no VP",
    "race.ev.planet.empty": "{planet_name}: no Settlers — no VP",
    # rounds and the end (RC-SCORE-2, RC-GAME-1..4)
    "race.ev.round-end": "Round {round} is over — {standings}",
    "race.ev.round-start": "Round {round} of {rounds} begins: stacks reshuffled",
    "race.ev.round-start-rotated": (
        "Round {round} of {rounds} begins: stacks reshuffled, everyone moves one seat left"
    ),
    "race.ev.game-end": "Game over: {winners} won with {points} VP ({standings})",
}

#: the end of a game: score sources, hidden cards shown (State.score_breakdown, revealed)
ENDING: dict[str, str] = {
    "race.score.planets": "Planets (Settler majorities)",
    "race.score.ore": "Ore Production",
    "race.score.unit": "{score} VP",
    "race.score.unit.one": "{score} VP",
    "race.reveal.unseen": "Unseen stack cards",
    "race.end.tiebreak": "Tied players are ranked by their Settler points.",
}

#: words filled into the sentences above, and the standings of a round or game
WORDS: Final[dict[str, str]] = {
    "race.word.planet": "planet {number}",
    # a planet by name and number: with 3 or 4 players two planets share a name
    "race.word.planet.named": "{name} (planet {number})",
    "race.standing": "{who} {score} VP",
    "race.standing.next": ", {who} {score} VP",
}
WORD_TEXTS: Final[dict[str, str]] = {
    "race.word.card": "card",
    "race.word.a-card": "a card",
    "race.word.nothing": "nothing",
    # why an order failed, in the log of the view (RC-RED-1, RC-ORE-1)
    "race.fail.no-ore": "no ore deposit left",
    "race.fail.no-energy": "not enough energy",
}

#: the legal actions in words, next to their texts in menus (``Game.describe_action``)
DESCRIBE: Final[dict[str, str]] = {
    "race.do.place": "play {card} at planet {planet} ({planet_name})",
    "race.do.under": "put {card} under your stack",
    "race.do.discard": "discard {card}",
    "race.do.pay": "pay with {sources}",
    "race.do.steal": "take their {card}",
}
DESCRIBE_TEXTS: Final[dict[str, str]] = {"race.do.steal-none": "take nothing"}

#: a planet card in the glossary (``Game.glossary``): "Name: " and then these words
GLOSSARY: Final[dict[str, str]] = {
    "race.glossary.planet": (
        "planet, {habitable}; the most Settlers there score {vp} VP; {ore} "
        "(1 VP each for Ore Production)."
    ),
}
GLOSSARY_TEXTS: Final[dict[str, str]] = {
    "race.glossary.habitable.start": "habitable from the start",
    "race.glossary.habitable.once": "habitable once terraformed once",
    "race.glossary.habitable.twice": "habitable once terraformed twice",
}
PLURALS: Final[dict[str, tuple[str, str]]] = {
    "race.glossary.ore": ("{count} ore deposit", "{count} ore deposits"),
}

#: what the real-time driver says (``DriverEvent.message``)
LIVE: Final[dict[str, str]] = {
    "race.live.wait": "wait: the round starts in {seconds:.1f} s",
    "race.live.round": "round {round} starts",
}
LIVE_TEXTS: Final[dict[str, str]] = {
    "race.live.stop": "Stop!",
    "race.live.choose": "choose",
    "race.live.ready": "ready for the next round",
}

#: why an action arrives too late (``RaceState.stale_refusal``), saying when it was chosen
STALE: Final[dict[str, str]] = {
    "race.stale.stop": (
        "too late: {text} was chosen before Stop was called (at version {version}; "
        "the game is at {current}), and once Stop is called nobody may act on their stack"
    ),
    "race.stale.round": (
        "too late: {text} was chosen in an earlier round (at version {version}), "
        "before Stop was called; round {round} has started since"
    ),
    "race.stale.choice": (
        "too late: {text} was chosen for an earlier reveal (at version {version}); "
        "the game now waits for a new choice at planet {planet} (version {current}): "
        "look again"
    ),
    "race.stale.resolved": (
        "too late: {text} was chosen during a resolution that has ended since "
        "(at version {version}; the game is at {current})"
    ),
}

#: the refusals of a set-up
INFO: Final[dict[str, str]] = {
    "race.error.players": "{title} is for 2-4 players, not {players}",
    "race.error.planets": "option 'planets': {problem}",
}

register(TEMPLATES)
register(EVENTS)
register(ENDING)
register({**WORDS, **DESCRIBE, **GLOSSARY, **LIVE, **INFO, **STALE})
register_texts({**WORD_TEXTS, **DESCRIBE_TEXTS, **GLOSSARY_TEXTS, **LIVE_TEXTS})
register_plurals(PLURALS)
