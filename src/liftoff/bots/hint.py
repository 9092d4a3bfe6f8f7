"""Hints: a suggested action for a player, and why, from what that player knows.

:func:`hint` never lets the bot see the real state: it first replaces it by
``state.determinize(player, seed)`` — a world drawn only from the player's
information set (their view; hidden hands, deck orders and future chance
resampled) — and the bot searches that world. So a hint cannot depend on
anything the player cannot know: two real states that look the same to the
player give the same hint for the same seed.
"""

from __future__ import annotations

from dataclasses import dataclass

from liftoff.bots.base import Bot
from liftoff.engine import Action, State, derive_seed

#: the bot that gives hints unless told otherwise (see :mod:`liftoff.bots.levels`)
HINT_BOT = "hard"


@dataclass(frozen=True)
class Hint:
    """A suggested action and a one-line reason in plain words."""

    action: Action
    reason: str

    def __str__(self) -> str:
        return f"{self.action} — {self.reason}" if self.reason else str(self.action)


def hint(state: State, player: int, seed: int, bot: str | Bot = HINT_BOT) -> Hint:
    """Suggest an action for ``player`` in ``state``, searching only their
    information set. ``bot`` is a bot spec (made with a seed derived from
    ``seed``) or a bot; the result is a function of the player's view, ``seed``
    and the bot.

    Raises ``ValueError`` if ``player`` has nothing to do now.
    """
    from liftoff.bots import make

    if state.is_over() or player not in state.active_players():
        raise ValueError(f"player {player} has nothing to decide now")
    world = state.determinize(player, derive_seed(seed, "hint-world"))
    agent = make(bot, seed=derive_seed(seed, "hint-bot")) if isinstance(bot, str) else bot
    action = agent.choose(world, player)
    if isinstance(action, str):
        action = state.game.parse_action(world, player, action)
    why = agent.explain()
    prefix = f"{action}: "
    if why.startswith(prefix):
        why = why[len(prefix) :]
    elif why.startswith(f"heuristic: {action}"):
        why = why[len(f"heuristic: {action}") :].strip().removeprefix("(").removesuffix(")")
    return Hint(action, why)
