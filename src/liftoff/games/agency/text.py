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
        "you have already chosen; the cards pass once everyone has chosen"
    ),
    "agency.turn.launches-finished": "you have finished launching this round",
    "agency.turn.not-yours": "it is not your turn in {what}",
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


#: what happens (events, ``events.py``): id → (sentence, sentence for the player
#: named ``who`` — "you ..." — or None). A private event's ``.public`` sentence
#: is listed under the id + ".public".
_EVENTS: dict[str, tuple[str, str | None]] = {
    # drafts
    "agency.ev.keep": ("{who} keeps {names}", "you keep {names}"),
    "agency.ev.keep.public": ("{who} keeps {count} {what}", None),
    "agency.ev.keep-one": ("{who} keeps {names}", "you keep {names}"),
    "agency.ev.keep-one.public": ("{who} keeps one of the {what}", None),
    "agency.ev.draft-pass": ("the {what} left over pass to the {direction}", None),
    "agency.ev.receive": ("{who} receives {names} from {whom}", "you receive {names} from {whom}"),
    "agency.ev.start-money": ("every agency starts with {money} money", None),
    "agency.ev.draw-specialists": ("{who} draws {names}", "you draw {names}"),
    "agency.ev.draw-specialists.public": ("{who} draws {count} specialists", None),
    "agency.ev.draw-specialists-one": ("{who} draws {names}", "you draw {names}"),
    "agency.ev.draw-specialists-one.public": ("{who} draws a specialist", None),
    "agency.ev.reshuffle-specialists": (
        "the specialist discards are shuffled into a new deck",
        None,
    ),
    # specialists
    "agency.ev.banner-money": (
        "{who} takes {money} money from {name}'s banner",
        "you take {money} money from {name}'s banner",
    ),
    "agency.ev.banner-points": (
        "{who} scores {points} VP from {name}'s banner",
        "you score {points} VP from {name}'s banner",
    ),
    "agency.ev.banner-capacity": (
        "{who} gains +{amount} capacity for one launch this round ({name}'s banner)",
        "you gain +{amount} capacity for one launch this round ({name}'s banner)",
    ),
    "agency.ev.banner-mission": (
        "{who} gains +{amount} mission draw this round ({name}'s banner)",
        "you gain +{amount} mission draw this round ({name}'s banner)",
    ),
    "agency.ev.banner-launch": (
        "{who} gains +{amount} launch symbol this round ({name}'s banner)",
        "you gain +{amount} launch symbol this round ({name}'s banner)",
    ),
    "agency.ev.money-instead": (
        "{who} takes {money} money instead of {name}'s actions",
        "you take {money} money instead of {name}'s actions",
    ),
    "agency.ev.use-action": ("{who} uses {name}: {what}", "you use {name}: {what}"),
    "agency.ev.use-action-paid": (
        "{who} pays {paid} for {name}: {what}",
        "you pay {paid} for {name}: {what}",
    ),
    # effects
    "agency.ev.gain-money": (
        "{who} gains {money} money ({source})",
        "you gain {money} money ({source})",
    ),
    "agency.ev.score": ("{who} scores {points} VP ({source})", "you score {points} VP ({source})"),
    "agency.ev.income-up": (
        "{who}'s income rises to {income} ({source})",
        "your income rises to {income} ({source})",
    ),
    "agency.ev.tech": (
        "{who} researches {count} {colour} technology ({source})",
        "you research {count} {colour} technology ({source})",
    ),
    "agency.ev.upgrade": (
        "{who} upgrades their rocket's {upgrade} by {count} ({source})",
        "you upgrade your rocket's {upgrade} by {count} ({source})",
    ),
    "agency.ev.lab": (
        "{who} raises their lab to level {lab} ({source})",
        "you raise your lab to level {lab} ({source})",
    ),
    "agency.ev.capacity": (
        "{who} gains +{amount} capacity for one launch this round ({source})",
        "you gain +{amount} capacity for one launch this round ({source})",
    ),
    "agency.ev.discount": (
        "{who}'s launches cost {amount} less this round ({source})",
        "your launches cost {amount} less this round ({source})",
    ),
    "agency.ev.launch": (
        "{who} gains +{amount} launch symbol this round ({source})",
        "you gain +{amount} launch symbol this round ({source})",
    ),
    "agency.ev.mission": (
        "{who} gains +{amount} mission draw this round ({source})",
        "you gain +{amount} mission draw this round ({source})",
    ),
    "agency.ev.station": (
        "{who} builds a station module on space {space} — +{points} VP ({source})",
        "you build a station module on space {space} — +{points} VP ({source})",
    ),
    "agency.ev.station-beside": (
        "{who} invests in the station beside the track ({source})",
        "you invest in the station beside the track ({source})",
    ),
    # missions
    "agency.ev.draw-missions": (
        "{who} draws {names} from the level-{level} deck",
        "you draw {names} from the level-{level} deck",
    ),
    "agency.ev.draw-missions.public": ("{who} draws {count} level-{level} missions", None),
    "agency.ev.draw-missions-one": (
        "{who} draws {names} from the level-{level} deck",
        "you draw {names} from the level-{level} deck",
    ),
    "agency.ev.draw-missions-one.public": ("{who} draws a level-{level} mission", None),
    "agency.ev.redraw-one": (
        "{who} draws {names}, which they cannot take",
        "you draw {names}, which you cannot take",
    ),
    "agency.ev.redraw-one.public": ("{who} draws another level-{level} mission", None),
    "agency.ev.redraw-take": (
        "{who} draws and takes {name} (level {level}, weight {weight}, {points} VP)",
        "you draw and take {name} (level {level}, weight {weight}, {points} VP)",
    ),
    "agency.ev.reshuffle-missions": (
        "the level-{level} mission discards are shuffled into a new deck",
        None,
    ),
    "agency.ev.take": (
        "{who} takes {name} (level {level}, weight {weight}, {points} VP)",
        "you take {name} (level {level}, weight {weight}, {points} VP)",
    ),
    "agency.ev.discard-missions": (
        "{who} returns {names} to the discard pile",
        "you return {names} to the discard pile",
    ),
    # launches
    "agency.ev.launch-missions": (
        "{who} launches {names} — pays {paid}, +{points} points",
        "you launch {names} — pay {paid}, +{points} points",
    ),
    # objectives
    "agency.ev.sell": ("{who} sells {name} for {money} money", "you sell {name} for {money} money"),
    "agency.ev.sell.public": ("{who} sells an objective for {money} money", None),
    # rounds
    "agency.ev.round": ("round {round} begins (phase {phase})", None),
    "agency.ev.income": ("{who} collects {money} money income", "you collect {money} money income"),
    "agency.ev.round-end": ("round {round} ends", None),
    "agency.ev.first-player": ("{who} is now the first player", "you are now the first player"),
    "agency.ev.phase-2": (
        "phase 2 begins: the specialist discards are shuffled into a new deck",
        None,
    ),
    # the end
    "agency.ev.final-scoring": ("the game ends: final scoring", None),
    "agency.ev.final-hourglass": (
        "{who} scores {points} VP for the hourglass mission {name}",
        "you score {points} VP for the hourglass mission {name}",
    ),
    "agency.ev.final-objective": (
        "{who} reveals the objective {name}: {points} VP",
        "you reveal the objective {name}: {points} VP",
    ),
    "agency.ev.final-green": (
        "{who} scores {points} VP for {count} green technology",
        "you score {points} VP for {count} green technology",
    ),
    "agency.ev.final-money": (
        "{who} scores {points} VP for {money} money",
        "you score {points} VP for {money} money",
    ),
    "agency.ev.total": (
        "{who} ends with {points} VP ({sources})",
        "you end with {points} VP ({sources})",
    ),
    "agency.ev.winner": ("{winner} wins with {points} VP", "you win with {points} VP"),
    "agency.ev.winners": ("{winners} share the win with {points} VP", None),
}

#: the players' moves as sentences (``AgencyGame._narrate_action``), same shape
_ACTIONS: dict[str, tuple[str, str | None]] = {
    "agency.act.secret": ("{who} chooses in secret", "you choose in secret"),
    "agency.act.keep": ("{who} keeps {names}", "you keep {names}"),
    "agency.act.sell": ("{who} sells {names}", "you sell {names}"),
    "agency.act.direction": (
        "{who} passes the specialists to the {side}",
        "you pass the specialists to the {side}",
    ),
    "agency.act.play-actions": (
        "{who} plays {name} for its actions",
        "you play {name} for its actions",
    ),
    "agency.act.play-money": ("{who} plays {name} for money", "you play {name} for money"),
    "agency.act.action": (
        "{who} chooses the specialist's action number {index}",
        "you choose the specialist's action number {index}",
    ),
    "agency.act.done": ("{who} is done", "you are done"),
    "agency.act.tech": ("{who} chooses {colour} technology", "you choose {colour} technology"),
    "agency.act.upgrade": ("{who} chooses a {kind} upgrade", "you choose a {kind} upgrade"),
    "agency.act.station": (
        "{who} chooses station space {space}",
        "you choose station space {space}",
    ),
    "agency.act.station-beside": (
        "{who} chooses to invest beside the station track",
        "you choose to invest beside the station track",
    ),
    "agency.act.draw": (
        "{who} draws from the level-{level} mission deck",
        "you draw from the level-{level} mission deck",
    ),
    "agency.act.take": ("{who} takes {name}", "you take {name}"),
    "agency.act.launch": (
        "{who} launches {names} with the {symbol} symbol",
        "you launch {names} with the {symbol} symbol",
    ),
    "agency.act.resolve": (
        "{who} resolves {name}'s effects next",
        "you resolve {name}'s effects next",
    ),
}

for _table in (_EVENTS, _ACTIONS):
    for _code, (_third, _you) in _table.items():
        TEMPLATES[_code] = _third
        if _you is not None:
            TEMPLATES[_code + ".you"] = _you

#: the end of a game: score sources, hidden cards shown (State.score_breakdown, revealed)
ENDING: dict[str, str] = {
    "agency.score.start": "Starting points",
    "agency.score.launches": "Launches",
    "agency.score.missions": "Missions",
    "agency.score.effects": "Card effects",
    "agency.score.banners": "Banners",
    "agency.score.actions": "Actions",
    "agency.score.station": "Station modules",
    "agency.score.hourglass": "Hourglass missions",
    "agency.score.objectives": "Objectives",
    "agency.score.green": "Green technology",
    "agency.score.money": "Money",
    "agency.score.unit": "{score} points",
    "agency.score.unit.one": "{score} point",
    "agency.reveal.hand": "Hand",
    "agency.reveal.objectives": "Objectives",
    "agency.reveal.drawn": "Missions drawn",
    "agency.reveal.specialists": "Specialist deck",
    "agency.reveal.missions-1": "Level 1 missions",
    "agency.reveal.missions-2": "Level 2 missions",
    "agency.reveal.missions-3": "Level 3 missions",
    "agency.reveal.missions-4": "Level 4 missions",
    "agency.end.tiebreak": "Tied players are ranked by their level 4 missions.",
}

register(TEMPLATES)
register(ENDING)
