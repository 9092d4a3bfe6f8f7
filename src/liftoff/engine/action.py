"""The base class of every game's actions."""

from __future__ import annotations


class Action:
    """An action a player can take: a small immutable value object.

    Each game defines its actions as frozen dataclasses deriving from this class,
    so they are equal by value and hashable. ``str(action)`` is the action's
    canonical text, which ``Game.parse_action`` turns back into the action.
    """

    __slots__ = ()

    def __str__(self) -> str:  # pragma: no cover - every game overrides it
        raise NotImplementedError
