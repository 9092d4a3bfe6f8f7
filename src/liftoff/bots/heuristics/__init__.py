"""Heuristic policies, one module per game: the bots layer's add-on package.

``liftoff.bots.heuristics.<game>`` is found with
``liftoff.addons.find(PACKAGE, game)`` (see :mod:`liftoff.addons`); a game
never imports it. A module provides:

- ``choose(state, player, rng) -> (action, reason)``: the bot's move (its reason a
  message ``bots.reason.*`` of :mod:`liftoff.bots.words`, or plain words), reading
  only ``state.board_view(player)`` (the view without its history) and
  ``state.legal_actions(player)`` (and, where it
  looks ahead, a ``determinize``-d copy, never the real hidden state);
- ``rollout(state, player, rng) -> action``: a cheaper policy for search
  rollouts (optional);
- ``priors(state, player, rng) -> [score per legal action]``: how much the
  policy likes each action, for the search's progressive widening and bias
  (optional);
- ``evaluate(state) -> [value per player]``: an estimate in [0, 1] of each
  player's chance to win, from public information, used to score cut-off
  rollouts (optional).

A game's module may keep its parts in modules of its own beside it (planet's
board reading and valuation are in ``planet_board``); what the bots find is
what ``<game>`` itself offers.
"""

from __future__ import annotations

PACKAGE = "liftoff.bots.heuristics"
