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
    "planet.turn.not-yours": "it is p{turn}'s turn, not p{you}'s",
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
}

register(TEMPLATES)
