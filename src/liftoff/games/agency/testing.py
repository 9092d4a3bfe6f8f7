"""Building agency positions for tests and examples.

A position starts as a real new game (so every card is somewhere), then cards
are *moved* (never created or copied) and counters are set, so the state's
invariants keep holding::

    from liftoff.games.agency.testing import start, set_player, at_step

    s = start(3, seed=1)                      # round 1, objectives drafted
    set_player(s, 0, lab=2, tech={"red": 2}, earth=["M1-01", "M2-03"], money=12)
    at_step(s, "launch", player=0)            # player 0 is about to launch
    s.apply(0, "launch lab M1-01,M2-03")

``set_player`` moves named missions, specialists and objectives from wherever
they are into the player's areas and takes technology from the supply.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .content import COLOURS
from .game import AgencyGame
from .state import AgencyState


def _containers(s: AgencyState) -> list[list[str]]:
    out: list[list[str]] = [s.sdeck, s.sdisc, s.sbox, s.mbox, s.obox, *s.mdeck, *s.mdisc]
    for p in range(s.num_players):
        out += [s.hand[p], s.played[p], s.earth[p], s.space[p], s.drawn[p], s.objs[p]]
    return out


def move(s: AgencyState, card: str, target: list[str]) -> None:
    """Move ``card`` from wherever it is to the end of ``target``."""
    for box in _containers(s):
        if card in box:
            box.remove(card)
            target.append(card)
            s._legal_cache = None
            return
    raise KeyError(f"card {card!r} is not in this game")


def start(
    players: int = 2,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    game: AgencyGame | None = None,
) -> AgencyState:
    """A new game just after the objective draft (round 1, direction choice):
    each player keeps the objectives they were dealt."""
    from . import GAME

    g = game or GAME
    s = g.new_game(players, seed, dict(options or {}))
    for part in (1, 2):
        for p in range(players):
            s.apply(p, str(s.legal_actions(p)[0]))
        assert s.part == (2 if part == 1 else 1)
    return s


def set_player(
    s: AgencyState,
    p: int,
    *,
    money: int | None = None,
    vp: int | None = None,
    lab: int | None = None,
    tech: Mapping[str, int] | None = None,
    capacity: int | None = None,
    cost: int | None = None,
    income: int | None = None,
    earth: Iterable[str] | None = None,
    space: Iterable[str] | None = None,
    hand: Iterable[str] | None = None,
    objectives: Iterable[str] | None = None,
    station: int | None = None,
) -> AgencyState:
    """Set parts of player ``p``'s position (track values are track values, not steps).

    ``vp`` is booked as starting points so that points by source still add up.
    ``station`` puts that many of the player's rockets beside the station track.
    """
    b = s.content.board.board
    if money is not None:
        s.money[p] = money
    if vp is not None:
        s.src[p] = [0] * len(s.src[p])
        s.src[p][0] = vp
        s.vp[p] = vp
    if lab is not None:
        s.lab[p] = lab
    if tech is not None:
        for colour, k in tech.items():
            c = COLOURS.index(colour)
            s.supply[c] += s.tech[p][c] - k
            s.tech[p][c] = k
    if capacity is not None:
        s.upc[p] = b.capacity_track.index(capacity)
    if cost is not None:
        s.upp[p] = b.cost_track.index(cost)
    if income is not None:
        s.inc[p] = b.income_track.index(income)
    for cards, area, home in (
        (earth, s.earth[p], s.mdeck),
        (space, s.space[p], s.mdeck),
    ):
        if cards is None:
            continue
        for old in list(area):
            move(s, old, home[int(old[1]) - 1])
        for card in cards:
            move(s, card, area)
    if hand is not None:
        for old in list(s.hand[p]):
            move(s, old, s.sdeck)
        for card in hand:
            move(s, card, s.hand[p])
        s.hand[p].sort()
    if objectives is not None:
        for old in list(s.objs[p]):
            move(s, old, s.obox)
        for card in objectives:
            move(s, card, s.objs[p])
    if station is not None:
        s.beside[p] = station
    s._legal_cache = None
    return s


def at_step(
    s: AgencyState,
    step: str,
    *,
    player: int | None = None,
    round: int | None = None,
    first: int | None = None,
) -> AgencyState:
    """Jump to ``step`` (``mission``, ``launch``, ``sell`` or ``play``) with
    ``player`` to act (default: the first player)."""
    n = s.num_players
    if round is not None:
        s.rnd = round
    if first is not None:
        s.first = first
    s.step = step
    lap = (
        [(s.first + s.dirn * i) % n for i in range(n)]
        if step == "play"
        else [(s.first + i) % n for i in range(n)]
    )
    s.order = lap + lap if step == "play" else lap
    who = s.first if player is None else player
    s.turn = s.order.index(who)
    s.kept = [None] * n
    s.okept = [None] * n
    s._legal_cache = None
    return s
