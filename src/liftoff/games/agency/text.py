"""The English words for agency's message ids (registered at import).

Rules code names a message id and its parameters (see ``explain.py`` and
``actions.py``); these templates turn them into the sentences players read.
"""

from __future__ import annotations

from liftoff.engine.messages import register

TEMPLATES: dict[str, str] = {
    # parsing
    "agency.parse.unknown": (
        "{text} is not an agency action (try e.g. 'keep S12', 'play S12 money', "
        "'draw L1', 'launch lab M1-03', 'done')"
    ),
    # turns and steps
    "agency.turn.already-chosen": (
        "player {seat} has already chosen; the cards pass once everyone has chosen"
    ),
    "agency.turn.launches-finished": "player {seat} has finished launching this round",
    "agency.turn.not-yours": "it is not player {seat}'s turn in {what}",
    "agency.step.done-not-now": "'done' does not apply during {what}",
    "agency.step.not-now": "{move} is not possible during {what}",
    # drafts
    "agency.draft.no-draft": "there is no draft now",
    "agency.draft.keep-count": "keep exactly {count} card(s) in this pass",
    "agency.draft.not-held": "{cards} is not in the cards you hold",
    "agency.draft.keep-order": "list each card once, in order (e.g. 'keep O03,O07')",
    "agency.draft.direction-chosen": "the direction is already chosen",
    # specialists
    "agency.play.not-in-hand": "{card} is not in your hand",
    "agency.play.no-action": (
        "none of {card}'s actions can be done now (cost or limits); take the money instead"
    ),
    "agency.action.none-left": "{card} has no action {index} left to do",
    "agency.action.too-expensive": "action {index} costs {cost} money and you have {money}",
    "agency.action.no-effect": "action {index} of {card} would have no effect now",
    "agency.action.do-one": "do at least one action (or play the card for money)",
    "agency.action.finish-first": "finish the actions of {card} first ('action N' or 'done')",
    # missions
    "agency.mission.take-one": "take at least one of the drawn missions first",
    "agency.mission.draw-first": "draw from a mission deck first",
    "agency.mission.not-drawn": "{card} is not among the missions you drew",
    "agency.mission.level-full": "you already have {limit} level-{level} missions",
    "agency.mission.own-copy": "you already own a copy of {name}",
    "agency.draw.already": "you have already drawn this round",
    "agency.draw.phase-2": "the level-{level} deck is only available in phase 2",
    "agency.draw.level-full": (
        "you already have {limit} level-{level} missions, so you cannot draw from that deck"
    ),
    "agency.draw.empty": "the level-{level} deck and its discard pile are empty",
    # launches
    "agency.launch.finished": "you have finished launching this round",
    "agency.launch.order": "list each mission once, in order (e.g. 'launch lab M1-03,M2-11')",
    "agency.launch.not-on-earth": "{card} is not one of your missions on Earth",
    "agency.launch.no-symbol": "you have no {symbol} launch symbol left this round",
    "agency.launch.too-many": (
        "at most {limit} missions go to space per round (you have sent {sent})"
    ),
    "agency.launch.lab-too-low": "{card} is level {level} but your lab is level {lab}",
    "agency.launch.technology": ("level-{level} missions need {need} technology in phase {phase}"),
    "agency.launch.too-heavy": "the missions weigh {weight} but your rocket carries {capacity}",
    "agency.launch.too-expensive": "the launch costs {cost} money and you have {money}",
    # effects and their order
    "agency.effect.resolve-order": "choose which launched mission resolves next: {missions}",
    "agency.effect.no-order": "there is no mission effect order to choose now",
    "agency.effect.supply-empty": "the {colour} technology supply is empty",
    "agency.effect.not-colour": "this effect does not give {colour} technology",
    "agency.effect.no-upgrade": "you cannot take a {kind} upgrade now",
    "agency.effect.station-taken": "that station space is taken or not on the track",
    "agency.effect.resolve-first": "first resolve: {pending}",
    # objectives
    "agency.sell.not-yours": "{card} is not one of your objectives",
}

register(TEMPLATES)
