"""Setting up a new game (AG-SETUP-1 ... AG-SETUP-18, AG-FINAL-1): the
players' starting positions, the shuffled decks, the station track and the
dealt objectives."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scoring import _SRC, SOURCES

if TYPE_CHECKING:
    from .state import AgencyState

#: station track spaces: a seat number, or one of these
EMPTY = -1
NEUTRAL = -2


def set_up(s: AgencyState) -> None:
    """Fill in a new game on ``s`` (base fields and content already set)."""
    s.step = "obj_draft"
    s.rnd = 1
    s.first = 0
    s.dirn = 1
    s.order = []
    s.turn = 0
    s.part = 1
    _players(s)
    _decks(s)
    _station(s)
    # AG-SETUP-15: deal 3 objectives each, the rest go back unseen
    n = s.num_players
    objectives = [o.id for o in s.content.objectives.objectives]
    s.rng.shuffle(objectives)
    for p in range(n):
        s.objs[p] = sorted(objectives[3 * p : 3 * p + 3])
    s.obox = objectives[3 * n :]


MAX_START = 30
"""The highest starting score the ``start_scores`` house rule accepts."""


def start_scores(text: str, players: int) -> list[int]:
    """The starting scores of the ``start_scores`` house rule, in turn order from
    the first player; empty for the rulebook's (AG-SETUP-13). Raises ``ValueError``
    saying what is wrong.

    >>> start_scores("5, 5,6,6", 4)
    [5, 5, 6, 6]
    >>> start_scores("", 3)
    []
    """
    if not text.strip():
        return []
    parts = [t.strip() for t in text.split(",")]
    if not all(t.isdigit() for t in parts):
        raise ValueError(
            f"give one whole number per player, comma-separated (e.g. 5,5,5,5), not {text!r}"
        )
    scores = [int(t) for t in parts]
    if len(scores) != players:
        raise ValueError(f"{players} players need {players} starting scores, not {len(scores)}")
    if max(scores) > MAX_START:
        raise ValueError(f"a starting score is at most {MAX_START}, not {max(scores)}")
    return scores


def _players(s: AgencyState) -> None:
    """Every player's starting position."""
    b = s.content.board.board
    n = s.num_players
    s.money = [0] * n
    s.vp = [0] * n
    s.src = [[0] * len(SOURCES) for _ in range(n)]
    house = start_scores(str(s.options.get("start_scores", "")), n)
    for i in range(n):  # AG-SETUP-13: 2, 4, 6, 8 clockwise from the first player
        p = (s.first + i) % n
        start = house[i] if house else b.start.first_score + b.start.score_step * i
        s.vp[p] = start
        s.src[p][_SRC["start"]] = start
    s.inc = [0] * n
    s.upc = [0] * n
    s.upp = [0] * n
    s.lab = [1] * n
    s.tech = [[0, 0, 0, 0] for _ in range(n)]
    s.hand = [[] for _ in range(n)]
    s.kept = [None] * n
    s.objs = [[] for _ in range(n)]
    s.okept = [None] * n
    s.played = [[] for _ in range(n)]
    s.earth = [[] for _ in range(n)]
    s.space = [[] for _ in range(n)]
    s.drawn = [[] for _ in range(n)]
    s.took = [-1] * n
    s.boosts = [[] for _ in range(n)]
    s.xdraw = [0] * n
    s.sym = [[1, 0, 0] for _ in range(n)]
    s.disc = [0] * n
    s.sent = [0] * n
    s.ldone = [False] * n
    s.pend = [[] for _ in range(n)]
    s.sold = [0] * n
    s.nplayed = [0] * n


def _decks(s: AgencyState) -> None:
    """The specialist deck and the four mission decks, shuffled; the supplies."""
    c = s.content
    n = s.num_players
    # AG-SETUP-2/3/4: remove marked specialists, shuffle the rest
    s.sdeck = [x.id for x in c.specialists.specialists if x.players <= n]
    s.sbox = [x.id for x in c.specialists.specialists if x.players > n]
    s.sdisc = []
    s.rng.shuffle(s.sdeck)
    # AG-SETUP-5/6: four mission decks (3 and 4 set aside until phase 2)
    s.mdeck = [[], [], [], []]
    s.mdisc = [[], [], [], []]
    s.mbox = []
    for m in c.missions.missions:
        if m.players > n:
            s.mbox.append(m.id)
        else:
            s.mdeck[m.level - 1].append(m.id)
    for deck in s.mdeck:
        s.rng.shuffle(deck)
    # AG-SETUP-10: technology supplies
    s.supply = list(c.tech_count)


def neutral_spaces(s: AgencyState) -> list[int]:
    """The station spaces (1-based) neutral rockets take at this player count."""
    n = s.num_players
    b = s.content.board.board
    return list(b.neutral.get(str(n), [])) if n < 4 else []  # type: ignore[call-overload]


def _station(s: AgencyState) -> None:
    """AG-SETUP-8/9: neutral rockets on the station track."""
    s.track = [EMPTY] * len(s.content.board.board.station)
    for space in neutral_spaces(s):
        s.track[space - 1] = NEUTRAL
    s.beside = [0] * s.num_players
