"""The ``heuristic`` bot: one rules-aware policy per game, chosen by the game's name.

Each game's policy lives in ``liftoff.bots.heuristic_<game>`` and provides:

- ``choose(state, player, rng) -> (action, reason)``: the bot's move, reading
  only ``state.view(player)`` and ``state.legal_actions(player)`` (and, where it
  looks ahead, a ``determinize``-d copy, never the real hidden state);
- ``rollout(state, player, rng) -> action``: a cheaper policy for search
  rollouts (optional);
- ``priors(state, player, rng) -> [score per legal action]``: how much the
  policy likes each action, for the search's progressive widening and bias
  (optional);
- ``evaluate(state) -> [value per player]``: an estimate in [0, 1] of each
  player's chance to win, from public information, used to score cut-off
  rollouts (optional).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from liftoff.bots.base import Bot
from liftoff.engine import Action, Rng, State, derive_seed

_MODULES: dict[str, str] = {
    "planet": "liftoff.bots.heuristic_planet",
    "race": "liftoff.bots.heuristic_race",
    "agency": "liftoff.bots.heuristic_agency",
}
_LOADED: dict[str, ModuleType | None] = {}


def _module(game: str) -> ModuleType | None:
    if game not in _LOADED:
        path = _MODULES.get(game)
        _LOADED[game] = importlib.import_module(path) if path is not None else None
    return _LOADED[game]


def games() -> list[str]:
    """The games that have a heuristic policy."""
    return sorted(_MODULES)


def policy_for(game: str) -> Callable[[State, int, Rng], tuple[Action, str]]:
    """The game's ``choose`` function (``ValueError`` for a game without one)."""
    mod = _module(game)
    if mod is None:
        raise ValueError(
            f"no heuristic bot for game {game!r}; heuristics exist for: {', '.join(games())}"
        )
    fn: Callable[[State, int, Rng], tuple[Action, str]] = mod.choose
    return fn


def rollout_policy_for(game: str) -> Callable[[State, int, Rng], Action] | None:
    """The game's fast rollout policy, or ``None``."""
    mod = _module(game)
    fn: Callable[[State, int, Rng], Action] | None = getattr(mod, "rollout", None)
    return fn


def prior_for(game: str) -> Callable[[State, int, Rng], list[float]] | None:
    """The game's action scores for search priors (aligned with legal actions), or ``None``."""
    mod = _module(game)
    fn: Callable[[State, int, Rng], list[float]] | None = getattr(mod, "priors", None)
    return fn


def evaluator_for(game: str) -> Callable[[State], Sequence[float]] | None:
    """The game's leaf evaluator, or ``None``."""
    mod = _module(game)
    fn: Callable[[State], Sequence[float]] | None = getattr(mod, "evaluate", None)
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
        self._last = ""

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
                action = quick(state, player, self.slip_rng)
                self._last = f"heuristic: {action} (a quick move, not thought over)"
                return action
            if x < self.slips + self.mistakes:
                action = legal[self.slip_rng.below(len(legal))]
                self._last = f"heuristic: {action} (a careless move)"
                return action
        action, reason = choose(state, player, self.rng)
        self._last = f"heuristic: {action} ({reason})" if reason else f"heuristic: {action}"
        return action

    def explain(self) -> str:
        return self._last
