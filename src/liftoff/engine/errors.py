"""Exceptions shared by every game.

Every error a user can cause is a ``ValueError`` subclass with a message a player
understands; :class:`IllegalAction` also names the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self


class LiftoffError(Exception):
    """Base class of every error raised on purpose by liftoff."""


class OptionError(LiftoffError, ValueError):
    """A game was asked for with a wrong player count or an unknown / invalid option.

    ``option`` names the offending option (``"players"`` for the player count).
    """

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class IllegalAction(LiftoffError, ValueError):
    """An action that the rules do not allow now.

    ``rule`` is the rule-catalogue ID that forbids it (e.g. ``"PL-MOVE-1"``), or
    ``"API-…"`` for a violation of the engine contract (garbage text, no such
    player, game over). The state it was tried on is left exactly as it was.

    ``code`` is the message id and ``params`` its parameters (see
    :mod:`liftoff.engine.messages`): front ends render their own words from
    them; ``message`` is the English rendering.
    """

    def __init__(
        self,
        message: str,
        rule: str,
        player: int | None = None,
        action: str | None = None,
        *,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{message} [{rule}]")
        self.message = message
        self.rule = rule
        self.player = player
        self.action = action
        self.code = code if code is not None else rule
        self.params: dict[str, Any] = dict(params or {})

    def said(self, lang: str | None = None) -> str:
        """The refusal in words, in ``lang`` (or the current language; English
        without a catalogue entry)."""
        from .messages import known, render

        return render(self.code, self.params, lang) if known(self.code) else self.message

    @classmethod
    def of(
        cls,
        code: str,
        rule: str,
        player: int | None = None,
        action: str | None = None,
        **params: Any,
    ) -> Self:
        """A refusal from a message id: the English ``message`` is rendered from
        the registered catalogue (:func:`liftoff.engine.messages.render`)."""
        from .messages import render

        return cls(render(code, params), rule, player, action, code=code, params=params)


class StaleAction(IllegalAction):
    """An action chosen on a state version the game has since moved past
    (:meth:`State.is_stale`): too late, not illegal in itself. Its ``rule`` is the
    rule it comes too late for, its words say when it was chosen."""


class UnknownGame(LiftoffError, KeyError):
    """``liftoff.games.get`` was given a name that is not registered."""

    def __str__(self) -> str:  # KeyError quotes its argument; keep the plain message
        return str(self.args[0]) if self.args else "unknown game"


class ContentError(LiftoffError, ValueError):
    """A content (data) file failed validation.

    ``problems`` lists ``(path, location, message)`` triples: the file, the field
    path inside it (e.g. ``"missions[3].points"``) and what is wrong.
    """

    def __init__(self, problems: Sequence[tuple[str, str, str]]) -> None:
        self.problems = list(problems)
        lines = [f"{path}: {loc}: {msg}" for path, loc, msg in self.problems]
        super().__init__("invalid content:\n" + "\n".join(lines))


class GameNotOver(LiftoffError, ValueError):
    """Asked a game in play for what only a finished game may tell (e.g.
    ``State.revealed``: the hidden cards)."""


class ReplayError(LiftoffError, ValueError):
    """A record could not be replayed (wrong game, bad format, or an illegal action).

    ``index`` is the position of the failing action in ``record["actions"]``.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
