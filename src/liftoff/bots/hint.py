"""Hints: a suggested action for a player, and why, from what that player knows.

:func:`hint` never lets the bot see the real state: it first replaces it by
``state.determinize(player, seed)`` — a world drawn only from the player's
information set (their view; hidden hands, deck orders and future chance
resampled) — and the bot searches that world. So a hint cannot depend on
anything the player cannot know: two real states that look the same to the
player give the same hint for the same seed.

The reason is said in ``lang`` (or the language of the enclosing
:func:`liftoff.engine.messages.speaking` block); the search itself runs in
English, so the suggested move is the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from liftoff import speech
from liftoff.bots.base import Bot
from liftoff.engine import Action, IllegalAction, State, derive_seed
from liftoff.engine.messages import ENGLISH, Message, language, speaking

#: the bot that gives hints unless told otherwise (see :mod:`liftoff.bots.levels`)
HINT_BOT = "hard"


@dataclass(frozen=True)
class Hint:
    """A suggested action and a one-line reason in plain words (``why``: the
    reason as a message, to say it again in another language; ``None`` when the
    bot gave only words)."""

    action: Action
    reason: str
    why: Message | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return f"{self.action} — {self.reason}" if self.reason else str(self.action)


def hint(
    state: State, player: int, seed: int, bot: str | Bot = HINT_BOT, lang: str | None = None
) -> Hint:
    """Suggest an action for ``player`` in ``state``, searching only their
    information set. ``bot`` is a bot spec (made with a seed derived from
    ``seed``) or a bot; the result is a function of the player's view, ``seed``
    and the bot. The reason is in ``lang`` (default: the current language).

    Raises ``ValueError`` if ``player`` has nothing to do now.
    """
    from liftoff.bots import make

    if state.is_over() or player not in state.active_players():
        raise ValueError(f"player {player} has nothing to decide now")
    lang = lang or language()
    with speaking(ENGLISH):
        world = state.determinize(player, derive_seed(seed, "hint-world"))
        agent = make(bot, seed=derive_seed(seed, "hint-bot")) if isinstance(bot, str) else bot
        action = agent.choose(world, player)
        if isinstance(action, str):
            action = state.game.parse_action(world, player, action)
    with speaking(lang):
        found = agent.reason()
        if isinstance(found, Message):
            return Hint(action, reason_in_words(found, state, player), found)
        if found is not None:
            return Hint(action, found)
        return Hint(action, _without(agent.explain(), action))


def reason_in_words(why: Message, state: State, player: int, lang: str | None = None) -> str:
    """``why`` said in ``lang`` (default: the current language), the move it
    weighed against (its ``other``: the text typed for it, ``move core S6``)
    said as the sentence a player reads for that move."""
    other = why.params.get("other")
    with speaking(lang or language()):
        if isinstance(other, str):
            try:
                weighed = state.game.parse_action(state, player, other)
            except IllegalAction:
                return why.render()
            described = speech.of(state.game).describe(state, player, weighed)
            return Message(why.code, {**why.params, "other": described}).render()
        return why.render()


def _without(why: str, action: Action) -> str:
    """A bot's line about its move without the move (for bots that only explain)."""
    prefix = f"{action}: "
    if why.startswith(prefix):
        why = why[len(prefix) :]
    elif why.startswith(f"heuristic: {action}"):
        why = why[len(f"heuristic: {action}") :].strip().removeprefix("(").removesuffix(")")
    return why
