"""Undo as a move stack, as python-chess keeps one: while a state keeps undo
(``State.keep_undo``), ``State.apply`` puts a snapshot of the position before
each move on the stack, and ``State.undo`` takes the last one off and goes back
to it in place, with no replay.

Only moves that revealed nothing to anyone stay on the stack (the engine's
rule, ``State.undo_refusal``): a move that reveals something, or one taken on
the fast path (``apply_legal``, whose events nobody saw), empties it, so undo
never goes back past a move that showed anything.

A snapshot is frozen (nothing changes it; clones of a game share the stack,
which is immutable) and carries no history: the history before a position is
a prefix of the game's own, cut back when the position is restored. Keeping
a position therefore costs a copy of the position, not of the game so far.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, final

if TYPE_CHECKING:
    from .state import State


@final
class UndoStack:
    """The positions kept to take moves back, oldest first, each with its
    version; at most ``depth`` of them. Immutable: pushing, popping or
    clearing gives a new stack, so clones of a game may share one."""

    __slots__ = ("depth", "kept")

    def __init__(self, depth: int = 0, kept: tuple[tuple[int, State], ...] = ()) -> None:
        if depth < 0:
            raise ValueError(f"an undo depth is 0 or more, not {depth}")
        self.depth = depth
        self.kept = kept[max(0, len(kept) - depth) :] if depth else ()

    def resized(self, depth: int) -> UndoStack:
        """The same stack keeping at most ``depth`` positions (the latest)."""
        return UndoStack(depth, self.kept)

    def cleared(self) -> UndoStack:
        """No position kept, the same depth."""
        return self if not self.kept else UndoStack(self.depth)

    def pushed(self, version: int, position: State) -> UndoStack:
        """``position`` (at ``version``) kept on top, the oldest dropped past ``depth``."""
        return UndoStack(self.depth, (*self.kept, (version, position)))

    def __repr__(self) -> str:
        return f"<UndoStack {len(self.kept)} of {self.depth}>"


#: the stack of a state that keeps no undo (the default)
NO_UNDO = UndoStack()


def snapshot(state: State) -> State:
    """A frozen copy of ``state``'s position for the stack: without its history
    (the game's own, up to the position's version, is the same) and without the
    positions it keeps itself."""
    history, state._history = state._history, []
    try:
        copy = state.clone()
    finally:
        state._history = history
    copy._undo = NO_UNDO
    return copy


def restore(state: State) -> None:
    """Take the top position off ``state``'s stack and make ``state`` that
    position again, in place: every attribute of a fresh copy of it, the history
    cut back to its version, and the rest of the stack."""
    stack = state._undo
    *rest, (version, position) = stack.kept
    history = state._history[:version]
    _become(state, position.clone())
    state._history = history
    state._undo = UndoStack(stack.depth, tuple(rest))


def _become(state: State, other: State) -> None:
    """Give ``state`` every attribute of ``other``, a fresh copy of a position of
    the same game that nothing else holds (the compiled build's attributes too,
    see ``State.__getstate__``); what ``other`` lacks falls back to the class."""
    mine: dict[str, Any] = getattr(state, "__dict__", {})
    for name in set(mine) - set(getattr(other, "__dict__", {})):
        delattr(state, name)
    state.__setstate__(other.__getstate__())
