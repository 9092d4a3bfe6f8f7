"""The English words for the engine's own message ids (``api.…``): refusals
that break the engine contract rather than a game's rules.

Registered with :func:`liftoff.engine.messages.register` when the engine is
imported; each template renders exactly the sentence the engine has always
used.

>>> from liftoff.engine.messages import render
>>> render("api.player.unknown", {"number": 5, "players": 3})
'there is no player 5 in a 3-player game'
"""

from __future__ import annotations

from .messages import register

TEMPLATES: dict[str, str] = {
    "api.turn": "player {number} may not act now",
    "api.illegal": "{text} is not a legal action now",
    "api.player.not-a-number": "{value} is not a player number",
    "api.player.unknown": "there is no player {number} in a {players}-player game",
    "api.parse.not-an-action": "{value} is not an action",
    "api.over": "the game is over",
    "api.version.not-a-number": "{value} is not a state version",
    "api.version.unknown": "version {version} is not one this game had (it is at {current})",
    "api.stale": (
        "too late: {text} was chosen on version {version}, before the game "
        "moved on (version {current}); look again"
    ),
    # why an action cannot be taken back (State.undo_refusal, rule API-UNDO)
    "api.undo.nothing": "There is nothing to take back.",
    "api.undo.unknown": (
        "Only a move played here can be taken back, and what this one showed is not known."
    ),
    "api.undo.not-kept": (
        "The position before it was not kept, so this cannot be taken back (only the "
        "last moves played here can be)."
    ),
    "api.undo.seen": (
        "The cards it showed you are now known, so this cannot be taken back: a move "
        "that draws, deals, turns up or shows a hidden card, or rolls a die, stands."
    ),
    "api.undo.shown": (
        "What it showed the other players is now known to them, so this cannot be taken "
        "back: a move that draws, deals, turns up or shows a hidden card, or rolls a die, "
        "stands."
    ),
    "api.undo.chance": (
        "It was left to chance and the result is now known, so this cannot be taken "
        "back: a move that draws, deals, turns up or shows a hidden card, or rolls a die, "
        "stands."
    ),
    # seats inside sentences: the reader's own seat, a seat without a name
    "api.seat.you": "You",
    "api.seat.you.inline": "you",
    "api.seat.player": "Player {number}",
    # an action told by the engine's own narration (a game may tell it better)
    "api.act.hidden": "{who} made a hidden choice",
    "api.act.said": "{who}: {said}",
    # the end of a game (State.score_breakdown / State.revealed, Game.score_label)
    "api.score.total": "Points",
    "api.score.unit": "{score} points",
    "api.score.unit.one": "{score} point",
    "api.end.over": "Game over: {result}.",
    "api.end.wins": "{winner} wins with {score}",
    "api.end.wins.you": "You win with {score}",
    "api.end.share": "{winners} share the win with {score}",
    "api.end.together": "{winners} win together",
    "api.end.tiebreak": "Ties were broken by the rules of the game.",
    # the options of a table, in the rules summary (Game.rules_summary)
    "api.options.title": "The options at this table",
    "api.options.none": "This game has no options: the rules as printed.",
    "api.options.standard": "Every option is at its usual setting: the standard game.",
    "api.options.usual": "Options left at their usual setting",
    "api.options.on": "- On: {doc}",
    "api.options.off": "- Off: {doc}",
    "api.options.value": "- {doc}: {value}",
}

register(TEMPLATES)
