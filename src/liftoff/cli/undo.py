"""Taking back a move at the terminal, under the engine's rule.

A person may take back their own last decision, and with it every bot action
since, when the engine takes each of them back (``State.undo``: it revealed
nothing to anyone — no card drawn, dealt, turned up or shown, no roll — and
the position before it is kept, ``State.keep_undo``). Another person's action
since is never taken back. Nothing is replayed: the engine goes back to the
positions it kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from liftoff.cli.words import say
from liftoff.engine import Action, State


@dataclass(frozen=True)
class UndoPlan:
    """The game taken back (``state``) and the moves taken back, oldest first;
    or, with ``state`` ``None``, why not (``reason``)."""

    state: State | None
    taken: list[tuple[int, Action]] = field(default_factory=list)
    reason: str = ""


def plan_undo(state: State, asker: int, humans: Sequence[int], names: Sequence[str]) -> UndoPlan:
    """``state`` taken back (on a copy) to before ``asker``'s own last decision,
    or why not: they have none, another person played since, or the engine
    refuses one of the moves (its words for the asker's own, the player's name
    for a bot's)."""
    actors = [p for p, _ in state.history]
    mine = [i for i, p in enumerate(actors) if p == asker]
    if not mine:
        return UndoPlan(None, reason=say("cli.undo.none"))
    start = mine[-1]
    for who in actors[start:]:
        if who != asker and who in humans:
            return UndoPlan(None, reason=say("cli.undo.other", name=names[who]))
    copy = state.clone()
    taken: list[tuple[int, Action]] = []
    while copy.version > start:
        refusal = copy.undo_refusal()
        if refusal is not None:
            who = actors[copy.version - 1]
            if who == asker:
                return UndoPlan(None, reason=say("cli.undo.yours", why=refusal.said()))
            return UndoPlan(None, reason=say("cli.undo.theirs-chance", name=names[who]))
        taken.append(copy.undo())
    return UndoPlan(copy, taken[::-1])
