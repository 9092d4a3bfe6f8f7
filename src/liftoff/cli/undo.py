"""Taking back a move at the terminal, under the server's policy.

A person may take back their own last decision, and with it every bot action
since, when every action taken back was undoable (``State.last_action_undoable``
right after it: it drew no chance and revealed nothing hidden). Another
person's action since is never taken back. The game is rebuilt by replaying
its record without the actions taken back (``Game.replay``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from liftoff.cli.words import say


@dataclass(frozen=True)
class UndoPlan:
    """Take back the actions from index ``start`` on (``reason`` empty), or why not."""

    start: int
    reason: str = ""


def plan_undo(
    actors: Sequence[int],
    undoable: Sequence[bool],
    asker: int,
    humans: Sequence[int],
    names: Sequence[str],
) -> UndoPlan:
    """Where to cut the game's actions (played by ``actors``; ``undoable`` is
    known for the last ``len(undoable)`` of them, the earlier ones count as not
    undoable) so that ``asker`` is back at their own last decision."""
    offset = len(actors) - len(undoable)
    mine = [i for i, p in enumerate(actors) if p == asker]
    if not mine:
        return UndoPlan(-1, say("cli.undo.none"))
    start = mine[-1]
    for who in actors[start:]:
        if who != asker and who in humans:
            return UndoPlan(-1, say("cli.undo.other", name=names[who]))
    for i in range(start, len(actors)):
        if i < offset or not undoable[i - offset]:
            who = actors[i]
            if who == asker:
                return UndoPlan(-1, say("cli.undo.yours-chance"))
            return UndoPlan(-1, say("cli.undo.theirs-chance", name=names[who]))
    return UndoPlan(start)
