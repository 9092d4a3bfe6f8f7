"""Building race positions for tests and examples.

``position`` makes a state with chosen planets, stacks, rows and discards
(cards named by their short codes: ``tank``, ``settlers``, ``security``,
``solar``, ``liftoff``, ``theft``, ``terraform``, ``ore``). Every card of a set
that the position does not mention is put in that player's set-aside pile, so the
bookkeeping invariants hold. ``resolution`` goes one step further: it builds rows
at planet 1 and has the Stop player empty their stack, so the returned state is
in resolution (waiting for a choice) or already scored.

Built positions have an empty action history: they are for checking rules, not
for replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from liftoff.engine import Event

from . import cards as C
from .game import GAME
from .state import LOADING, RaceState


def _allocator(players: int) -> list[dict[int, list[int]]]:
    free: list[dict[int, list[int]]] = []
    for p in range(players):
        by_kind: dict[int, list[int]] = {}
        for c in C.player_set(p):
            by_kind.setdefault(C.KIND[c], []).append(c)
        free.append(by_kind)
    return free


def _take(free: list[dict[int, list[int]]], player: int, code: str) -> int:
    kind = C.CODE_TO_KIND[code]
    pool = free[player].get(kind, [])
    if not pool:
        raise ValueError(f"player {player} has no {code} card left for this position")
    return pool.pop(0)


def position(
    players: int = 2,
    *,
    planets: Sequence[str] | None = None,
    stacks: Mapping[int, Sequence[str]] | None = None,
    rows: Mapping[int, tuple[Sequence[str], Sequence[str]]] | None = None,
    discards: Mapping[int, Sequence[str]] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    round_index: int = 0,
) -> RaceState:
    """A loading-phase position.

    - ``planets``: planet type names in table order (replaces the dealt types;
      same length as the table: 5, 9 or 10);
    - ``stacks``: player → card codes, top card first (players not given get
      every card not used elsewhere);
    - ``rows``: planet number → (codes on side 0, codes on side 1), in placement
      order; side 0 belongs to ``state.side_players[number - 1][0]``;
    - ``discards``: player → card codes;
    - ``round_index``: 0-based round (3-player seats rotate with it).
    """
    state = GAME.new_game(players, seed, dict(options or {}))
    if planets is not None:
        if len(planets) != len(state.planets):
            raise ValueError(f"this table has {len(state.planets)} planets, not {len(planets)}")
        state.planets = tuple(
            (state.table.index(name), a, b)
            for name, (_, a, b) in zip(planets, state.planets, strict=True)
        )
    state.round = round_index
    state._seat_round(round_index)
    state.round_scores = [tuple([0] * players) for _ in range(round_index)]
    free = _allocator(players)
    state.rows = [[] for _ in range(2 * len(state.planets))]
    for number, sides in (rows or {}).items():
        for side in (0, 1):
            owner = state.side_players[number - 1][side]
            state.rows[2 * (number - 1) + side] = [_take(free, owner, c) for c in sides[side]]
    state.discards = [
        [_take(free, p, c) for c in (discards or {}).get(p, ())] for p in range(players)
    ]
    state.stacks = []
    state.aside = []
    for p in range(players):
        if stacks is not None and p in stacks:
            state.stacks.append([_take(free, p, c) for c in stacks[p]])
            state.aside.append(sorted(c for cs in free[p].values() for c in cs))
        else:
            state.stacks.append(sorted(c for cs in free[p].values() for c in cs))
            state.aside.append([])
        if not state.stacks[p]:
            raise ValueError(f"player {p} needs at least one card in their stack")
    state.unseen = [len(s) - 1 for s in state.stacks]
    state.phase = LOADING
    state._legal_cache = None
    return state


def resolution(
    planet: str,
    row_a: Sequence[str],
    row_b: Sequence[str],
    *,
    players: int = 2,
    stop_player: int = 0,
    options: Mapping[str, Any] | None = None,
    number: int = 1,
) -> RaceState:
    """Rows ``row_a`` / ``row_b`` (sides 0 / 1) at planet ``number`` of type
    ``planet``; ``stop_player`` then discards their last card and calls Stop.

    Only one round is played unless ``options`` say otherwise, so the returned
    state keeps the resolved rows (``pools``), the log and the scores.
    """
    return _resolution(
        planet,
        row_a,
        row_b,
        players=players,
        stop_player=stop_player,
        options=options,
        number=number,
    )[0]


def _resolution(
    planet: str,
    row_a: Sequence[str],
    row_b: Sequence[str],
    *,
    players: int = 2,
    stop_player: int = 0,
    options: Mapping[str, Any] | None = None,
    number: int = 1,
) -> tuple[RaceState, list[Event]]:
    opts = {"rounds": 1, **dict(options or {})}
    base = GAME.new_game(players, 0, opts)
    names = [base.table.planets[t].name for t, _, _ in base.planets]
    j = names.index(planet)
    names[j], names[number - 1] = names[number - 1], names[j]
    kinds_left = [C.CODES[k] for k in C.COMPOSITION]
    used = {0: list(row_a), 1: list(row_b)}
    stacks: dict[int, list[str]] = {}
    state0 = position(players, planets=names, options=opts)
    for p in range(players):
        sides = [s for s in (0, 1) if state0.side_players[number - 1][s] == p]
        mine = used[sides[0]] if sides else []
        spare = next(k for k in kinds_left if mine.count(k) < C.COMPOSITION[C.CODE_TO_KIND[k]])
        stacks[p] = [spare]
    state = position(
        players, planets=names, stacks=stacks, rows={number: (row_a, row_b)}, options=opts
    )
    return state, state.apply(stop_player, "discard")


def resolution_events(
    planet: str,
    row_a: Sequence[str],
    row_b: Sequence[str],
    **kwargs: Any,
) -> tuple[RaceState, list[Event]]:
    """:func:`resolution` (same arguments), also returning the events of the
    Stop player's last discard: the Stop and the resolution that followed."""
    return _resolution(planet, row_a, row_b, **kwargs)
