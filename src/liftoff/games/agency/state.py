"""The rules of agency: a plain-data state and its automaton.

Steps (``state.step``):

- ``obj_draft``  objective draft, two passes (simultaneous)
- ``direction``  the first player picks the specialist draft direction
- ``spec_draft`` specialist draft, two passes (simultaneous)
- ``play``       two laps of specialist plays in draft direction
- ``mission``    mission draws, clockwise from the first player
- ``launch``     launches, clockwise (or simultaneous with the option)
- ``sell``       phase 2 setup: objective sale, clockwise
- ``over``       final scoring done

A per-player queue ``pend[p]`` holds decisions inside a step (the actions of a
played specialist, effect choices, the order of launched missions' effects).
Everything is plain lists, ints and strings, so ``clone`` is cheap.

This module holds the state, its basic facts and the legal actions; the rules
that change it live beside it: ``setup.py`` (a new game), ``moves.py`` (the
players' moves), ``pending.py`` (the queue and effects), ``launch.py``,
``scoring.py``, ``turns.py`` (the automaton between decisions), ``hidden.py``
(determinization) and ``checks.py`` (invariants).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any, Self, cast

from liftoff.engine import Action, IllegalAction, OptionValue, Outcome, State
from liftoff.engine.native import mypyc_attr

from . import checks, hidden, launch, moves, pending, scoring, turns
from . import effects as fx
from .actions import (
    DONE,
    SYM_BONUS,
    SYM_EXTRA,
    SYM_LAB,
    Direction,
    Draw,
    Keep,
    Play,
    Sell,
    Take,
)
from .content import Content
from .explain import explain
from .launch import fitting_sets, launch_options
from .pending import any_action_possible, pending_actions
from .scoring import SOURCES
from .setup import EMPTY, NEUTRAL, set_up
from .view import view as agency_view

if TYPE_CHECKING:
    from .game import AgencyGame

# kept importable from here (older code and tests use these names)
__all__ = [
    "EMPTY",
    "NEUTRAL",
    "SOURCES",
    "SYM_BONUS",
    "SYM_EXTRA",
    "SYM_LAB",
    "AgencyState",
    "fitting_sets",
]

# fields copied by clone / serialised by to_json: (name, depth) with depth 0 =
# immutable value, 1 = flat list, 2 = list of lists, 3 = list of lists of lists
_FIELDS: tuple[tuple[str, int], ...] = (
    ("step", 0),
    ("rnd", 0),
    ("first", 0),
    ("dirn", 0),
    ("order", 1),
    ("turn", 0),
    ("part", 0),
    ("money", 1),
    ("vp", 1),
    ("inc", 1),
    ("upc", 1),
    ("upp", 1),
    ("lab", 1),
    ("tech", 2),
    ("hand", 2),
    ("kept", 2),
    ("objs", 2),
    ("okept", 2),
    ("played", 2),
    ("earth", 2),
    ("space", 2),
    ("drawn", 2),
    ("took", 1),
    ("boosts", 2),
    ("xdraw", 1),
    ("sym", 2),
    ("disc", 1),
    ("sent", 1),
    ("ldone", 1),
    ("pend", 3),
    ("src", 2),
    ("sold", 1),
    ("nplayed", 1),
    ("sdeck", 1),
    ("sdisc", 1),
    ("sbox", 1),
    ("mdeck", 2),
    ("mdisc", 2),
    ("mbox", 1),
    ("obox", 1),
    ("supply", 1),
    ("track", 1),
    ("beside", 1),
)


def _copy(value: Any, depth: int) -> Any:
    if depth == 0:
        return value
    if depth == 1:
        return list(value)
    if depth == 2:
        return [None if x is None else list(x) for x in value]
    return [[list(y) for y in x] for x in value]


@mypyc_attr(allow_interpreted_subclasses=True)
class AgencyState(State):
    """A game of agency in progress (see the module docstring for the steps)."""

    content: Content
    step: str
    rnd: int
    first: int
    dirn: int
    order: list[int]
    turn: int
    part: int
    money: list[int]
    vp: list[int]
    inc: list[int]
    upc: list[int]
    upp: list[int]
    lab: list[int]
    tech: list[list[int]]
    hand: list[list[str]]
    kept: list[list[str] | None]
    objs: list[list[str]]
    okept: list[list[str] | None]
    played: list[list[str]]
    earth: list[list[str]]
    space: list[list[str]]
    drawn: list[list[str]]
    took: list[int]
    boosts: list[list[int]]
    xdraw: list[int]
    sym: list[list[int]]
    disc: list[int]
    sent: list[int]
    ldone: list[bool]
    pend: list[list[list[Any]]]
    src: list[list[int]]
    sold: list[int]
    nplayed: list[int]
    sdeck: list[str]
    sdisc: list[str]
    sbox: list[str]
    mdeck: list[list[str]]
    mdisc: list[list[str]]
    mbox: list[str]
    obox: list[str]
    supply: list[int]
    track: list[int]
    beside: list[int]

    # -- construction -----------------------------------------------------------------
    @classmethod
    def new(
        cls, game: AgencyGame, players: int, seed: int, options: dict[str, OptionValue]
    ) -> AgencyState:
        """A new game on ``game``'s content (AG-SETUP-1 ... AG-SETUP-18, AG-FINAL-1);
        the ``content`` option records the content's fingerprint (AG-LR-9)."""
        options["content"] = game.content.fingerprint
        if not options.get("start_scores"):  # the rulebook's: records stay as they were
            options.pop("start_scores", None)
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options)
        s.content = game.content
        set_up(s)
        return s

    @classmethod
    def from_json(cls, game: AgencyGame, data: Mapping[str, Any]) -> AgencyState:
        """The exact inverse of ``to_json`` (refused on other content, AG-LR-9)."""
        s = cls.__new__(cls)
        s._load_base_json(game, dict(data))
        payload = data["state"]
        if payload.get("content") != game.content.fingerprint:
            raise ValueError(
                f"this agency game was saved with content {payload.get('content')!r}, but the "
                f"loaded content is {game.content.fingerprint!r}; load the same content "
                "(--content DIR) to continue it (AG-LR-9)"
            )
        s.content = game.content
        for name, depth in _FIELDS:
            setattr(s, name, _copy(payload[name], depth))
        s.ldone = [bool(x) for x in s.ldone]
        history: list[tuple[int, Action | str]] = []
        for p, text in s._history:
            history.append((p, game.parse_action(s, p, str(text))))
        s._history = history
        return s

    # -- basic facts ------------------------------------------------------------------
    @property
    def n(self) -> int:
        return self.num_players

    @property
    def phase(self) -> int:
        return 1 if self.rnd <= self.content.board.board.rounds // 2 else 2

    def cost_of(self, p: int) -> int:
        return self.content.board.board.cost_track[self.upp[p]]

    def capacity_of(self, p: int) -> int:
        return self.content.board.board.capacity_track[self.upc[p]]

    def income_of(self, p: int) -> int:
        return self.content.board.board.income_track[self.inc[p]]

    def station_count(self, p: int) -> int:
        return sum(1 for x in self.track if x == p) + self.beside[p]

    def owned_level(self, p: int, level: int) -> int:
        prefix = f"M{level}-"
        return sum(1 for m in self.earth[p] if m.startswith(prefix)) + sum(
            1 for m in self.space[p] if m.startswith(prefix)
        )

    def level_available(self, level: int) -> bool:
        """AG-MIS-2: levels 1-2 in phase 1, 1-4 in phase 2."""
        return level <= 2 or self.phase == 2

    def meets(self, p: int, level: int, phase: int | None = None) -> bool:
        """AG-LAU-7: the player meets one alternative of the level's requirement."""
        alts = self.content.reqs.get((phase or self.phase, level))
        if alts is None:
            return False
        tech = self.tech[p]
        return any(all(tech[c] >= k for c, k in alt) for alt in alts)

    def takeable(self, p: int, mid: str) -> bool:
        """AG-MIS-5 (one copy) and AG-MIS-7 (seven per deck)."""
        m = self.content.mission[mid]
        if self.owned_level(p, m.level) >= self.content.board.board.missions_per_level:
            return False
        if m.duplicates:
            return True
        name = m.name
        mission = self.content.mission
        return not any(mission[x].name == name for x in self.earth[p]) and not any(
            mission[x].name == name for x in self.space[p]
        )

    def can_choose_deck(self, p: int, level: int) -> bool:
        return (
            self.level_available(level)
            and self.owned_level(p, level) < self.content.board.board.missions_per_level
            and bool(self.mdeck[level - 1] or self.mdisc[level - 1])
        )

    # -- launches (see launch.py) -----------------------------------------------------
    def launch_cost(self, p: int, symbol: int) -> int:
        """AG-LAU-4, AG-SPEC-12, AG-GAP-19: cost track less reductions, never below 0."""
        return launch.launch_cost(self, p, symbol)

    def base_capacity(self, p: int, symbol: int) -> int:
        """AG-LAU-5 and AG-LAB-3: weight track, +lab bonus on the lab's own symbol."""
        return launch.base_capacity(self, p, symbol)

    def mission_launchable(self, p: int, mid: str) -> bool:
        """AG-LAU-6 (lab level) and AG-LAU-7 (technology) for one mission."""
        return launch.mission_launchable(self, p, mid)

    def room(self, p: int) -> int:
        """How many more missions player ``p`` may send to space this round (AG-GAP-8)."""
        return launch.room(self, p)

    # -- points (see scoring.py) ------------------------------------------------------
    def score_per(self, p: int, e: fx.ScorePer) -> int:
        """The points a ``score_per`` effect is worth to player ``p`` now."""
        return scoring.score_per(self, p, e)

    def objective_score(self, p: int, oid: str) -> int:
        """AG-OBJ-1 ... AG-OBJ-7: the highest tier reached, 0 below the lowest."""
        return scoring.objective_score(self, p, oid)

    # -- turn structure ---------------------------------------------------------------
    def is_over(self) -> bool:
        return self.step == "over"

    def active_players(self) -> tuple[int, ...]:
        st = self.step
        if st == "obj_draft":
            return tuple(p for p in range(self.n) if self.okept[p] is None)
        if st == "spec_draft":
            return tuple(p for p in range(self.n) if self.kept[p] is None)
        if st == "direction":
            return (self.first,)
        if st == "over":
            return ()
        if st == "launch" and self.options.get("simultaneous_launches"):
            return tuple(p for p in range(self.n) if self.pend[p] or not self.ldone[p])
        return (self.order[self.turn],)

    # -- legal actions and applying them ----------------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        if player not in self.active_players():
            return []
        if self.pend[player]:
            return pending_actions(self, player)
        st = self.step
        if st == "obj_draft":
            k = self.part
            return [Keep(c) for c in combinations(self.objs[player], k)]
        if st == "spec_draft":
            return [Keep(c) for c in combinations(sorted(self.hand[player]), self.part)]
        if st == "direction":
            return [Direction("left"), Direction("right")]
        if st == "play":
            out: list[Action] = []
            for sid in sorted(self.hand[player]):
                if any_action_possible(self, player, sid):
                    out.append(Play(sid, "banner+actions"))
                out.append(Play(sid, "money"))
            return out
        if st == "mission":
            if self.took[player] < 0:
                return [Draw(lv) for lv in range(1, 5) if self.can_choose_deck(player, lv)]
            takes: list[Action] = [
                Take(m) for m in sorted(set(self.drawn[player])) if self.takeable(player, m)
            ]
            if self.took[player] >= 1:
                takes.append(DONE)
            return takes
        if st == "launch":
            return [*launch_options(self, player), DONE]
        if st == "sell":
            return [*(Sell(o) for o in self.objs[player]), DONE]
        return []

    def _apply(self, player: int, action: Action) -> None:
        moves.apply(self, player, action)
        self._continue()

    def _continue(self) -> None:
        """Move on through everything that needs no decision (see turns.py)."""
        turns.advance(self)

    # -- result and information -------------------------------------------------------
    def outcome(self) -> Outcome | None:
        return scoring.outcome(self)

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.breakdown(self)

    def _revealed(self) -> dict[str, Any]:
        return scoring.revealed(self)

    def pending_ids(self, p: int) -> dict[str, str | int] | None:
        """What player ``p`` is deciding inside a step, as ids (for views)."""
        return pending.pending_ids(self, p)

    def view(self, player: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], agency_view(self, player))

    def board_view(self, player: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], agency_view(self, player, history=False))

    def determinize(self, player: int, seed: int) -> Self:
        """Resample what ``player`` cannot know (see hidden.py, AG-GAP-25)."""
        return hidden.determinize(self, player, seed)

    # -- persistence ------------------------------------------------------------------
    def clone(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        self._copy_base_into(other)
        other.content = self.content
        for name, depth in _FIELDS:
            setattr(other, name, _copy(getattr(self, name), depth))
        return other

    def _payload_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"content": self.content.fingerprint}
        for name, depth in _FIELDS:
            out[name] = _copy(getattr(self, name), depth)
        return out

    # -- checks and explanations ------------------------------------------------------
    def invariants(self) -> list[str]:
        """Every card in exactly one place, money never negative, bookkeeping."""
        return checks.invariants(self)

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        return explain(self, player, action)
