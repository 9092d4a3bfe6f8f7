"""What a player may know of a race game, as ids and numbers only:
:func:`numbers_view`, the view the bots read.

It holds what :func:`liftoff.games.race.view.view` holds (without its log and
events), every card a kind (an index into
:data:`liftoff.games.race.cards.CODES`) and not one string among its values:

- ``you`` (``-1``: a spectator), ``round`` (1-based), ``rounds``, ``phase``
  (an index into :data:`liftoff.games.race.phases.PHASE_NAMES`), ``loading``
  (0/1), ``stop_player`` (``-1``: none), ``stop_callers``, ``active``;
- ``players``: per player ``stack`` (its size), ``top`` (the face-up top
  card's kind, ``-1``: none), ``unseen``, ``known_bottom``, ``discards``,
  ``set_aside`` (kinds), ``score``;
- ``planets``: per planet ``number`` (1-based), ``type`` (its place in the
  planet table), ``terraforming``, ``vp``, ``ore``, ``players`` (of side 0 and
  side 1), ``rows`` (kinds per side), ``revealed``, ``held`` (per side
  ``[kind, owner, spent]``), ``terraformed``, ``ore_used``, ``result``
  (``[]``, or ``[habitable, settlers of side 0, of side 1, winner, vp]``);
- ``pending``: ``[]``, or ``[player, choice, planet]`` (the choice an index
  into :data:`liftoff.games.race.phases.PENDING_NAMES`, the planet 1-based).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import KIND, SET_SIZE
from .phases import LOADING

if TYPE_CHECKING:
    from .state import RaceState


def numbers_view(state: RaceState, player: int | None) -> dict[str, Any]:
    """The numbers-only view of ``state`` for ``player`` (``None``: a spectator)."""
    results = {r[0]: r for r in state.results}
    pending: list[int] = []
    if state.pending is not None:
        kind, planet, side, _ = state.pending
        pending = [state.side_players[planet][side], kind, planet + 1]
    return {
        "you": -1 if player is None else player,
        "round": state.round + 1,
        "rounds": state.total_rounds,
        "phase": state.phase,
        "loading": 1 if state.phase == LOADING else 0,
        "stop_player": state.stop_player if state.stop_player >= 0 else -1,
        "stop_callers": list(state.stop_callers),
        "players": [_player(state, p) for p in range(state.num_players)],
        "planets": [_planet(state, i, results.get(i)) for i in range(len(state.planets))],
        "pending": pending,
        "active": list(state.active_players()),
    }


def _player(state: RaceState, p: int) -> dict[str, Any]:
    stack = state.stacks[p]
    k = state.unseen[p]
    return {
        "stack": len(stack),
        "top": KIND[stack[0]] if stack else -1,
        "unseen": k,
        "known_bottom": [KIND[c] for c in stack[1 + k :]] if stack else [],
        "discards": [KIND[c] for c in state.discards[p]],
        "set_aside": [KIND[c] for c in state.aside[p]],
        "score": state.scores[p],
    }


def _planet(state: RaceState, i: int, res: tuple[int, ...] | None) -> dict[str, Any]:
    kind = state.planets[i][0]
    ptype = state.table.planets[kind]
    spent = state.spent
    return {
        "number": i + 1,
        "type": kind,
        "terraforming": ptype.terraforming,
        "vp": ptype.vp,
        "ore": ptype.ore,
        "players": list(state.side_players[i]),
        "rows": [[KIND[c] for c in state.rows[2 * i]], [KIND[c] for c in state.rows[2 * i + 1]]],
        "revealed": [state.shown[2 * i], state.shown[2 * i + 1]],
        "held": [
            [
                [KIND[c], c // SET_SIZE, 1 if c in spent else 0]
                for c in state.pools.get(2 * i + side, ())
            ]
            for side in (0, 1)
        ],
        "terraformed": state.terra[i],
        "ore_used": state.ore_used[i],
        "result": [] if res is None else [int(res[1]), res[2], res[3], res[4], res[5]],
    }
