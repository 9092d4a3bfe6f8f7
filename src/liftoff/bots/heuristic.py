"""The ``heuristic`` bot: one rules-aware policy per game, found by the game's name.

Each game's policy is the add-on module ``liftoff.bots.heuristics.<game>``
(what it provides: :mod:`liftoff.bots.heuristics`); the functions here find
its parts through :func:`liftoff.addons.find`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import liftoff.games
from liftoff import addons
from liftoff.bots.base import Bot
from liftoff.bots.heuristics import PACKAGE
from liftoff.bots.words import reason, said
from liftoff.engine import Action, Rng, State, derive_seed
from liftoff.engine.messages import Message

#: a game's heuristic move and its reason (a message, or an add-on's own words)
Policy = Callable[[State, int, Rng], tuple[Action, Message | str]]


def games() -> list[str]:
    """The games that have a heuristic policy."""
    return sorted(addons.games(PACKAGE, liftoff.games.names()))


def _part(game: str, attribute: str) -> Any:
    return getattr(addons.find(PACKAGE, game), attribute, None)


def policy_for(game: str) -> Policy:
    """The game's ``choose`` function (``ValueError`` for a game without one)."""
    fn: Policy | None = _part(game, "choose")
    if fn is None:
        raise ValueError(
            f"no heuristic bot for game {game!r}; heuristics exist for: {', '.join(games())}"
        )
    return fn


def rollout_policy_for(game: str) -> Callable[[State, int, Rng], Action] | None:
    """The game's fast rollout policy, or ``None``."""
    fn: Callable[[State, int, Rng], Action] | None = _part(game, "rollout")
    return fn


def prior_for(game: str) -> Callable[[State, int, Rng], list[float]] | None:
    """The game's action scores for search priors (aligned with legal actions), or ``None``."""
    fn: Callable[[State, int, Rng], list[float]] | None = _part(game, "priors")
    return fn


def evaluator_for(game: str) -> Callable[[State], Sequence[float]] | None:
    """The game's leaf evaluator, or ``None``."""
    fn: Callable[[State], Sequence[float]] | None = _part(game, "evaluate")
    return fn


class HeuristicBot(Bot):
    """Plays like a sensible beginner; dispatches on ``state.game.info.name``.

    Two knobs make it weaker on purpose, like someone new to the game (each a
    share of the decisions that offer a choice): ``slips`` (default 0) play the
    game's quick rules-of-thumb rollout move without thinking it over;
    ``mistakes`` (default 0) play a random legal move.
    """

    name = "heuristic"

    def __init__(
        self, seed: int = 0, mistakes: float = 0.0, slips: float = 0.0, **params: Any
    ) -> None:
        if params:
            raise TypeError(f"unexpected parameters {', '.join(sorted(params))}")
        for label, x in (("mistakes", mistakes), ("slips", slips)):
            if isinstance(x, bool) or not isinstance(x, int | float) or not 0 <= x <= 1:
                raise ValueError(f"{label} must be between 0 and 1, not {x!r}")
        if mistakes + slips > 1:
            raise ValueError("mistakes + slips must be at most 1")
        self.seed = int(seed)
        self.mistakes = float(mistakes)
        self.slips = float(slips)
        self.rng = Rng(derive_seed(self.seed, "heuristic-bot"))
        self.slip_rng = Rng(derive_seed(self.seed, "heuristic-slips"))

    def choose(self, state: State, player: int) -> Action:
        game = state.game.info.name
        choose = policy_for(game)
        legal = state.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        if len(legal) > 1 and (self.mistakes or self.slips):
            x = self.slip_rng.random()
            quick = rollout_policy_for(game)
            if x < self.slips and quick is not None:
                return self._tell(quick(state, player, self.slip_rng), reason("quick"))
            if x < self.slips + self.mistakes:
                return self._tell(legal[self.slip_rng.below(len(legal))], reason("careless"))
        return self._tell(*choose(state, player, self.rng))

    def _tell(self, action: Action, why: Message | str) -> Action:
        self.why = why
        if why:
            self.said = Message("bots.said.heuristic", {"action": str(action), "reason": said(why)})
        else:
            self.said = Message("bots.said.heuristic.bare", {"action": str(action)})
        return action
