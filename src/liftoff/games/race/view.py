"""What a player may know: the JSON view of a race state.

Information policy (rulings RC-LR-1 and RC-LR-2, see docs/rulings.md):

- every stack's top card is face up on the table, so it is public (the
  rulebook has everyone turn their stacks face up);
- every placed card, every row, every discard and set-aside card is public, and
  so is each stack's size;
- cards that went under a stack were seen by everyone as they went, so the
  order of that known bottom part is public too (``known_bottom``);
- the only secret is the order of the cards that nobody has seen this round
  (``unseen``): not even their owner knows it. The view gives their number only.

So every player's view is the same public picture; ``you`` marks whose it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards as C

if TYPE_CHECKING:
    from .state import RaceState

_PENDING_NAMES = ("pay", "pay", "steal")


def _codes(pile: list[int]) -> list[str]:
    return [C.code(c) for c in pile]


def build_view(state: RaceState, player: int | None) -> dict[str, Any]:
    """The view of ``state`` for ``player`` (``None``: a spectator)."""
    from .state import LOADING, PHASE_NAMES

    n = state.num_players
    players = []
    for p in range(n):
        stack = state.stacks[p]
        k = state.unseen[p]
        players.append(
            {
                "player": p,
                "seat": next(
                    (s for s in range(n) if _player_at(state, s) == p),
                    p,
                ),
                "planets": [i + 1 for i, s in enumerate(state.side_of[p]) if s >= 0],
                "stack": len(stack),
                "top": C.code(stack[0]) if stack else None,
                "unseen": k,
                "known_bottom": _codes(stack[1 + k :]) if stack else [],
                "discards": _codes(state.discards[p]),
                "set_aside": _codes(state.aside[p]),
                "score": state.scores[p],
                "round_scores": [r[p] for r in state.round_scores],
            }
        )
    planets = []
    results = {r[0]: r for r in state.results}
    for i, (t, _, _) in enumerate(state.planets):
        ptype = state.table.planets[t]
        rows = [state.rows[2 * i], state.rows[2 * i + 1]]
        held = []
        for side in (0, 1):
            held.append(
                [
                    {"card": C.code(c), "owner": C.owner(c), "spent": c in state.spent}
                    for c in state.pools.get(2 * i + side, ())
                ]
            )
        res = results.get(i)
        planets.append(
            {
                "number": i + 1,
                "name": ptype.name,
                "terraforming": ptype.terraforming,
                "vp": ptype.vp,
                "ore": ptype.ore,
                "players": list(state.side_players[i]),
                "rows": [_codes(rows[0]), _codes(rows[1])],
                "revealed": [state.revealed[2 * i], state.revealed[2 * i + 1]],
                "held": held,
                "terraformed": state.terra[i],
                "ore_used": state.ore_used[i],
                "result": None
                if res is None
                else {
                    "habitable": bool(res[1]),
                    "settlers": [res[2], res[3]],
                    "winner": None if res[4] < 0 else res[4],
                    "vp": res[5],
                },
            }
        )
    pending = None
    if state.pending is not None:
        kind, planet, side, _ = state.pending
        chooser = state.side_players[planet][side]
        pending = {
            "player": chooser,
            "choice": _PENDING_NAMES[kind],
            "planet": planet + 1,
            "options": [str(a) for a in state.legal_actions(chooser)],
        }
    return {
        "game": "race",
        "you": player,
        "round": state.round + 1,
        "rounds": state.total_rounds,
        "phase": PHASE_NAMES[state.phase],
        "loading": state.phase == LOADING,
        "stop_player": None if state.stop_player < 0 else state.stop_player,
        "stop_callers": list(state.stop_callers),
        "options": {
            "lenient": state.lenient,
            "auto_choices": state.auto,
            "security": "once" if state.security_once else "persistent",
        },
        "planet_table": {
            "reconstructed": state.table.reconstructed,
            "source": state.table.source,
        },
        "players": players,
        "planets": planets,
        "pending": pending,
        "log_round": None if state.log_round < 0 else state.log_round + 1,
        "log": [list(_jsonable(x) for x in e) for e in state.log],
        "active": list(state.active_players()),
    }


def _player_at(state: RaceState, seat: int) -> int:
    from .layout import player_at

    return player_at(state.num_players, seat, state.round)


def _jsonable(x: Any) -> Any:
    return list(x) if isinstance(x, list | tuple) else x
