"""The English words of planet's message ids (registered at import).

Parameters: ``lp`` a Lift Off Point id, ``name`` its printed name, ``segment``
a ring segment (``"S3"``), ``card`` a card code, ``what`` an action's text,
``active``/``turn``/``you`` seat numbers, ``need`` a number of Fuel, ``cost`` a
cost in words (``"2 Fuels + 1 Screw"``), ``kind`` ``"Fuel"`` or ``"Screw"``.
"""

from __future__ import annotations

from liftoff.engine.messages import register

TEMPLATES: dict[str, str] = {
    # whose move it is
    "planet.turn.not-yours": "it is {turn}'s turn, not yours",
    "planet.turn.teleport-other": "only p{active} may pledge Fuel for the Teleport now",
    "planet.turn.team-other": "p{active} may play an Action card now",
    "planet.turn.no-pass": "it is your turn: act, or 'end' your turn",
    "planet.turn.nothing-to-pass": "nothing to pass now",
    "planet.turn.impossible": "{what} is not possible now",
    # the Teleport window
    "planet.teleport.pledge-only": (
        "the Teleport window is open: pledge Fuel (e.g. 'pledge 1F') or 'pledge 0'"
    ),
    "planet.teleport.too-much": "only {need} Fuel in all is needed",
    "planet.teleport.closed": "Fuel can be pledged only when a Teleport window is open",
    # Let's Team Up
    "planet.team.cards-only": "on another player's turn you may only play Action cards or pass",
    "planet.team.no-end": "it is not your turn to end: play an Action card or pass",
    # movement
    "planet.move.no-points": "you have no movement points left this turn",
    "planet.move.into-core": "Aliens cannot move back into the Core",
    "planet.move.core-exit": "Aliens leave the Core through an Exit Point (S0, S2, S4, S6)",
    "planet.move.core-empty": "you have no Alien in the Core",
    "planet.move.not-adjacent": "an Alien moves one segment at a time",
    "planet.move.no-alien": "you have no unboarded Alien on {segment}",
    "planet.abandon.no-points": (
        "abandoning a platform takes a movement point; you have none left"
    ),
    "planet.abandon.no-alien": "you have no Alien on the {lp} Launch Platform",
    # Lift Off Points
    "planet.lp.not-on-board": "{lp} is not on the board",
    "planet.board.no-alien": "you have no unboarded Alien on the {name}",
    "planet.board.full": "the {name} Launch Platform is full",
    "planet.board.cannot": "you cannot board the {name} now",
    "planet.board.cost": "boarding the {name} costs exactly {cost} now",
    "planet.pay.teleport": "the Teleport cannot be paid in advance",
    "planet.pay.no-extra": (
        "extra resources count for nothing at the {name}: they may be paid only into "
        "the Satellite, the Rocket Ship and the UFO"
    ),
    "planet.pay.not-resource": "only resource cards pay toward a Lift Off Cost",
    "planet.pay.cannot": "you cannot pay {token} into the {name} now",
    "planet.roll.no-die": "the {name} has no Lift Off die",
    "planet.roll.garglore": "no rolls while the Garglore is there",
    "planet.roll.nobody": "nobody is on the Launch Platform to lift off",
    "planet.roll.cost": "a roll at the {name} costs 1 {kind} card you hold",
    # cards
    "planet.cards.not-held": "you do not hold those cards",
    "planet.trade.not-held": "you do not hold {a} and {b}",
    "planet.card.not-held": "you do not hold a {card} card",
    "planet.card.cannot-play": "{what} cannot be played now",
    "planet.mya.own-only": (
        "Move Your Alien! moves your own Aliens (Cutthroat Planet allows others')"
    ),
    "planet.mya.one-spot": (
        "Move Your Alien! moves one Alien one spot (Core → Exit, or one segment)"
    ),
    "planet.terraform.not-empty": "Terraform! needs an empty Launch Platform",
    "planet.terraform.random": (
        "in this variant the replacement is drawn at random: play terraform LP"
    ),
    "planet.terraform.name-it": "name the replacement: play terraform LP NEW",
    "planet.terraform.not-in-box": "{lp} is not in the box",
    "planet.garglore.absent": "the Garglore is not in this game",
    "planet.garglore.already-there": "the Garglore is already there",
    "planet.parse.unreadable": "cannot read {quoted}: {why}",
    # why a text is not an action (the ``why`` of planet.parse.unreadable)
    "planet.parse.why.not-text": "an action must be text",
    "planet.parse.why.empty": "empty action",
    "planet.parse.why.place": "{word} is not a place (core or S0..S7)",
    "planet.parse.why.lp-of": "{word} is not a Lift Off Point ({known})",
    "planet.parse.why.lp": "{word} is not a Lift Off Point",
    "planet.parse.why.wild": (
        "a Wild pays as the resource it stands for: write W=F (as Fuel) or W=S (as Screw)"
    ),
    "planet.parse.why.token": "{word} is not a card (F, S, W=F, W=S or an action card)",
    "planet.parse.why.card": "{word} is not a card ({known})",
    "planet.parse.why.player": "{word} is not a player (p0, p1, …)",
    "planet.parse.why.count": "{word} should look like 2{suffix}",
    "planet.parse.why.pledge": "write pledge 2F 1W",
    "planet.parse.why.play": (
        "unknown card play (moon cw|ccw, supernova, asteroids, tornado, storm, "
        "mya pN FROM TO, mya pN off LP, terraform LP [NEW], garglore LP|pool)"
    ),
    "planet.parse.why.unknown": (
        "unknown action; actions are move, board, pay, roll, abandon, play, trade, "
        "end, pledge, pass"
    ),
    # settings that do not go together (OptionError, option_warnings)
    "planet.options.team-players": "option 'team' (Let's Team Up) needs exactly 4 players",
    "planet.options.vicious-cutthroat": (
        "option 'vicious' is a tweak of Cutthroat Planet: set cutthroat=true too"
    ),
    "planet.options.first-player": "option 'first_player' must be -1..{last}",
    "planet.options.keep-playing-family": (
        "option 'finished_keep_playing' applies to Family Fun: set family=true"
    ),
    "planet.options.cutthroat-family": (
        "Cutthroat Planet (a 'Take that!' variant) contradicts Family Fun, which "
        "removes the 'Take that!' cards; the game allows both (PL-GAP-31)"
    ),
}

#: what happened (events, ``planet.ev.<what>``; ``.you``: told to ``who``; ``.public``:
#: told to everyone else). ``who``/``players`` become names; ``n`` is a count in words.
EVENTS: dict[str, str] = {
    "planet.ev.turn": "{who}'s turn begins",
    "planet.ev.turn.you": "your turn begins",
    "planet.ev.draw": "{who} drew {cards}",
    "planet.ev.draw.you": "you drew {cards}",
    "planet.ev.draw.public": "{who} drew {n}",
    "planet.ev.draw-none": "{who} drew no card: the draw and discard piles are empty",
    "planet.ev.reshuffle": "the discard pile is shuffled into a new draw pile of {count} cards",
    "planet.ev.discard-hand": "{who} discarded a hand of {n}",
    "planet.ev.moon": "the Moon moves to {spot_name}",
    "planet.ev.moon-back": "the Moon moves back to {spot_name}",
    "planet.ev.sun": "the Sun moves forward: {n} left",
    "planet.ev.sun-back": "the Sun moves back: {n} left",
    "planet.ev.explosion": "the Sun reaches the explosion: the planet explodes!",
    "planet.ev.garglore-home": "the Garglore returns to its lava pool from the {name}",
    "planet.ev.garglore-stays": "the Garglore stays where it is, now on the {name}",
    "planet.ev.phases-return": "the Moon's phases return",
    "planet.ev.lift-off": "{who}'s Alien lifts off from the {name} — {saved} saved",
    "planet.ev.lift-off.you": "your Alien lifts off from the {name} — {saved} saved",
    "planet.ev.lift-off-many": (
        "{aliens} of {who}'s Aliens lift off from the {name} — {saved} saved"
    ),
    "planet.ev.lift-off-many.you": (
        "{aliens} of your Aliens lift off from the {name} — {saved} saved"
    ),
    "planet.ev.to-core": "{who}'s Alien goes back to the Core",
    "planet.ev.to-core.you": "your Alien goes back to the Core",
    "planet.ev.to-core-many": "{count} of {who}'s Aliens go back to the Core",
    "planet.ev.to-core-many.you": "{count} of your Aliens go back to the Core",
    "planet.ev.roll": "Lift Off die at the {name}: {rockets} (needs {need}+ at {phase} moon)",
    "planet.ev.roll-x": "Lift Off die at the {name}: X (needs {need}+ at {phase} moon)",
    "planet.ev.fail": "the {name} fails: its Aliens go back to the Core",
    "planet.ev.replaced": "the {name} is replaced by the {new_name}",
    "planet.ev.stargate.draw1": "Stargate die: draw — every player draws 1 card",
    "planet.ev.stargate.draw2": "Stargate die: draw — every player draws 2 cards",
    "planet.ev.stargate.earthquake": "Stargate die: earthquake — the Stargate is destroyed",
    "planet.ev.stargate.tornado": (
        "Stargate die: tornado — every unboarded Alien returns to the Core"
    ),
    "planet.ev.stargate.storm": "Stargate die: storm — every player discards their hand",
    "planet.ev.stargate.liftoff": "Stargate die: lift off",
    "planet.ev.teleport-open": "New Moon at the Teleport: {need} Fuel needed",
    "planet.ev.teleport-pay": "{who} pays {count} Fuel for the Teleport",
    "planet.ev.teleport-unpaid": "not enough Fuel is offered: nobody teleports",
    "planet.ev.finished": "{who} saved every Alien",
    "planet.ev.finished-turn-ends": "{who} has saved every Alien: the turn ends",
    "planet.ev.finished-turn-ends.you": "you have saved every Alien: your turn ends",
    "planet.ev.game-over.rescue": "the game ends: {who} saved every Alien",
    "planet.ev.game-over.rescue.you": "the game ends: you saved every Alien",
    "planet.ev.game-over.rescue-many": "the game ends: {players} saved every Alien",
    "planet.ev.game-over.all-rescued": "the game ends: every player has saved every Alien",
    "planet.ev.game-over.explosion": "the game ends: the planet has exploded",
}

#: the actions as sentences (``planet.act.<what>``; ``.you`` for the actor)
ACTIONS: dict[str, str] = {
    "planet.act.move": "{who} moves an Alien from {src} to {dst}",
    "planet.act.move.you": "you move an Alien from {src} to {dst}",
    "planet.act.board": "{who} boards the {name}, paying {pay}",
    "planet.act.board.you": "you board the {name}, paying {pay}",
    "planet.act.pay": "{who} pays {token} into the {name}",
    "planet.act.pay.you": "you pay {token} into the {name}",
    "planet.act.roll": "{who} pays {token} to roll the Lift Off die at the {name}",
    "planet.act.roll.you": "you pay {token} to roll the Lift Off die at the {name}",
    "planet.act.abandon": "{who} takes an Alien off the {name} Launch Platform",
    "planet.act.abandon.you": "you take your Alien off the {name} Launch Platform",
    "planet.act.card": "{who} plays {card}: {effect}",
    "planet.act.card.you": "you play {card}: {effect}",
    "planet.act.trade": "{who} trades {a} and {b} for a new card",
    "planet.act.trade.you": "you trade {a} and {b} for a new card",
    "planet.act.end": "{who} ends the turn",
    "planet.act.end.you": "you end your turn",
    "planet.act.pledge": "{who} offers {count} Fuel for the Teleport",
    "planet.act.pledge-none": "{who} offers no Fuel for the Teleport",
    "planet.act.pledge-none.you": "you offer no Fuel for the Teleport",
    "planet.act.pledge.you": "you offer {count} Fuel for the Teleport",
    "planet.act.pass": "{who} plays no Action card",
    "planet.act.pass.you": "you play no Action card",
    "planet.act.other": "{who}: {said}",
    # card effects (the part after "plays <card>:")
    "planet.effect.moon-ccw": "the Moon goes one spot counter-clockwise",
    "planet.effect.moon-cw": "the Moon goes one spot clockwise",
    "planet.effect.supernova": "every Lift Off Point is at Full Moon this turn",
    "planet.effect.asteroids": "every Lift Off Point is at New Moon this turn",
    "planet.effect.tornado": "every unboarded Alien returns to the Core",
    "planet.effect.storm": "every player discards their hand",
    "planet.effect.mya": "{whose} Alien goes from {src} to {dst}",
    "planet.effect.mya-off": "{whose} Alien comes off the {name}",
    "planet.effect.terraform": "the {name} gives way to the {new_name}",
    "planet.effect.terraform-random": "the {name} gives way to a random Lift Off Point",
    "planet.effect.garglore": "the Garglore goes to the {name}",
    "planet.effect.garglore-pool": "the Garglore goes back to its lava pool",
    "planet.word.your": "your",
    "planet.word.whose": "{name}'s",
    "planet.word.nothing": "nothing",
}

#: the end of a game: score sources, hidden cards shown (State.score_breakdown, revealed)
ENDING: dict[str, str] = {
    "planet.score.saved": "Aliens saved",
    "planet.score.unit": "{score} Aliens saved",
    "planet.score.unit.one": "{score} Alien saved",
    "planet.reveal.hand": "Hand",
    "planet.reveal.draw": "Draw pile",
    "planet.end.tiebreak": (
        "Tied players are ranked by the Resource cards (Fuel, Screw, Wild) left in "
        "their hands; in Family Fun, first by who finished first."
    ),
}

#: the actions as a menu describes them (``Game.describe_action``; ``{card}`` a card's name)
DESCRIBE: dict[str, str] = {
    "planet.describe.move": "Move an Alien from {src} to {dst}",
    "planet.describe.board": "Board the {name} paying {pay}",
    "planet.describe.pay": "Pay {token} into the {name}",
    "planet.describe.roll": "Pay {token} and roll the Lift Off die at the {name}",
    "planet.describe.abandon": "Take your Alien off the {name} Launch Platform (1 move)",
    "planet.describe.card": "Play {card}: {effect}",
    "planet.describe.trade": "Trade {a} and {b} for one new card",
    "planet.describe.end-lp": "End your turn: the Moon moves over the {name}",
    "planet.describe.end-exit": "End your turn: the Moon moves over Exit {segment}",
    "planet.describe.end-star": "End your turn: the Moon moves onto the star (a new day)",
    "planet.describe.pledge": "Offer {fuel} Fuel and {wild} Wild for the Teleport",
    "planet.describe.pass": "Play no Action card now",
    # what a card played does (the ``{effect}`` of planet.describe.card)
    "planet.describe.moon-ccw": "the Moon goes one spot counter-clockwise",
    "planet.describe.moon-cw": "the Moon goes one spot clockwise",
    "planet.describe.supernova": "every Lift Off Point is at Full Moon this turn",
    "planet.describe.asteroids": "every Lift Off Point is at New Moon this turn",
    "planet.describe.tornado": "every unboarded Alien returns to the Core",
    "planet.describe.storm": "every player discards their hand",
    "planet.describe.mya": "move {whose} Alien from {src} to {dst}",
    "planet.describe.mya-off": "take {whose} Alien off the {name}",
    "planet.describe.terraform": "replace the {name} with the {new_name}",
    "planet.describe.terraform-random": "replace the {name} with a random Lift Off Point",
    "planet.describe.garglore": "send the Garglore to the {name}",
    "planet.describe.garglore-pool": "send the Garglore to its lava pool",
}

#: the glossary's words (``Game.glossary``: "Name: what it does")
GLOSSARY: dict[str, str] = {
    "planet.glossary.card": "{name}: {kind}. {text}",
    "planet.glossary.resource-card": "Resource card",
    "planet.glossary.action-card": "Action card",
    "planet.glossary.token": "{card} as {kind}: a {card} card paid as 1 {kind}.",
    "planet.glossary.point": "{name}: holds {room}; {boarding}; {lifting}.",
    "planet.glossary.room-players": "one Alien per player",
    "planet.glossary.room-unlimited": "any number of Aliens",
    "planet.glossary.fuel": "{count} Fuel",
    "planet.glossary.boarding-free": "boarding is free",
    "planet.glossary.boarding": "boarding costs {cost}",
    "planet.glossary.boarding-by-phase": (
        "boarding costs {full} at Full Moon, {half} at Half Moon, {new} at New Moon"
    ),
    "planet.glossary.boarding-by-order": "boarding costs more for each Alien aboard: {steps}",
    "planet.glossary.then": "{first}, {rest}",
    "planet.glossary.or": "{first} or {rest}",
    "planet.glossary.moon-full": "Full Moon",
    "planet.glossary.moon-half": "Half Moon",
    "planet.glossary.moon-new": "New Moon",
    "planet.glossary.any-phase": "in any Moon phase",
    "planet.glossary.at-phases": "at {phases}",
    "planet.glossary.threshold": (
        "everyone aboard lifts off once {need} have been paid into it, {when}; "
        "extra resources may be paid in on your turn"
    ),
    "planet.glossary.dice": (
        "pay 1 {roll} to roll the Lift Off die; everyone aboard lifts off on enough rockets "
        "({full}+ at Full Moon, {half}+ at Half Moon, {new}+ at New Moon); {fail}"
    ),
    "planet.glossary.fail-core": "a failed roll sends everyone aboard back to the Core",
    "planet.glossary.fail-stay": "a failed roll changes nothing",
    "planet.glossary.lift.instant": (
        "the boarding cost is the whole Lift Off cost: the Alien lifts off at once"
    ),
    "planet.glossary.lift.teleport": (
        "at every New Moon the players with Aliens aboard may pay {fuel} Fuel per Alien "
        "between them; all of it or nobody leaves (no paying in advance)"
    ),
    "planet.glossary.lift.slingshot": (
        "when a second Alien boards, the first one lifts off (yours or anyone's); one "
        "Alien on the Launch Platform at a time"
    ),
    "planet.glossary.lift.miracle": (
        "needs one Alien from every player still on the planet; they all lift off the "
        "moment the last one boards"
    ),
    "planet.glossary.lift.stargate": (
        "each time the Moon reaches the star, the Stargate die is rolled: everyone draws "
        "1 or 2 cards, an earthquake destroys it (its Aliens go back to the Core), a "
        "Tornado!, an Electric Storm!, or Lift Off for every Alien aboard"
    ),
    "planet.glossary.pool": (
        "The Garglore's lava pool: while the Garglore is there it blocks no Lift Off "
        "Point. He returns to it whenever the Moon reaches the star."
    ),
}

TEMPLATES.update(EVENTS)
TEMPLATES.update(ACTIONS)

register(TEMPLATES)
register(ENDING)
register(DESCRIBE)
register(GLOSSARY)
