"""The race game's state: loading in real time, Stop, cleanup and resolution.

Phases of a round:

``loading``
    Every player is in ``active_players()`` at once (RC-PLAY-3). Each action
    decides the acting player's own top card and touches only their own stack,
    rows and discard pile (RC-GAP-4), so the players' actions commute; the one
    that empties a stack calls Stop and, in the same ``apply``, ends loading for
    everyone, cleans up and resolves (RC-STOP-1..3).
``resolving``
    Planets are resolved one after the other, revealing cards alternately
    (RC-RES-1..6). Reveals have no choices and run automatically; the state
    only waits when a player has a choice the rules give them: which energy
    sources pay (RC-RED-4) or which card to steal (RC-THEFT-7). Then that one
    player is active. With the option ``auto_choices`` those are made by the
    default policy (RC-GAP-9, RC-LR-4) and resolution never waits.
``over``
    After the last round (RC-GAME-1, RC-GAME-4).

Cards are integers (see :mod:`.cards`). A stack is a list with its top card at
index 0; ``unseen[p]`` counts the cards just below the top that nobody has seen
this round (the only hidden information of the game, RC-LR-1/RC-LR-2); the cards
below those were seen going under and their order is known.

The rules are split by topic: :mod:`.resolution` (Stop, cleanup, reveals,
payments, thefts), :mod:`.scoring` (majorities, result, statistics),
:mod:`.explain` (why an action is refused), :mod:`.view` (what a player sees)
and :mod:`.checks` (bookkeeping invariants). The phase, choice and statistic
codes stay importable from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self, cast

from liftoff.engine import Action, IllegalAction, Outcome, Rng, StaleAction, State
from liftoff.engine.native import mypyc_attr

from . import cards as C
from . import events as E
from . import resolution, scoring
from .actions import DISCARD, PLACE, STEAL, STEAL_NONE, UNDER, Pay, Place, Steal, Under, parse
from .checks import invariants
from .content import DEFAULT, PlanetTable
from .explain import explain
from .layout import Planet, deal_layout, player_at
from .phases import LOADING, OVER, PAY1, PAY2, PHASE_NAMES, RESOLVING, STEAL_CHOICE
from .scoring import COUNTER, ORE_VP, REPELLED, SETTLER_VP, STAT_NAMES, STATS, TERRAFORMS, THEFTS
from .view import view as _view

if TYPE_CHECKING:
    from liftoff.engine import OptionValue

    from .game import RaceGame

__all__ = [
    "COUNTER",
    "LOADING",
    "ORE_VP",
    "OVER",
    "PAY1",
    "PAY2",
    "PHASE_NAMES",
    "REPELLED",
    "RESOLVING",
    "SETTLER_VP",
    "STATS",
    "STAT_NAMES",
    "STEAL_CHOICE",
    "TERRAFORMS",
    "THEFTS",
    "RaceState",
]

_COLOUR = C.COLOUR
_BLUE = C.BLUE


@mypyc_attr(allow_interpreted_subclasses=True)
class RaceState(State):
    """A game of *Lift Off!* (2000). Build one with ``GAME.new_game`` (or, for test
    positions, :mod:`liftoff.games.race.testing`)."""

    # configuration (shared between clones, never mutated)
    table: PlanetTable
    planets: tuple[Planet, ...]
    lenient: bool
    auto: bool
    security_once: bool
    total_rounds: int
    tiebreak: str
    # per round (immutable tuples, recomputed when a round starts)
    side_players: tuple[tuple[int, int], ...]
    side_of: tuple[tuple[int, ...], ...]
    slots_of: tuple[tuple[tuple[int, int], ...], ...]  # per player: (planet number, row slot)
    # mutable play state
    round: int
    phase: int
    stacks: list[list[int]]
    unseen: list[int]
    discards: list[list[int]]
    aside: list[list[int]]
    rows: list[list[int]]
    stop_player: int
    stop_callers: list[int]
    shown: list[int]  # cards turned face up in each row ("revealed" in JSON)
    pools: dict[int, list[int]]
    spent: set[int]
    terra: list[int]
    ore_used: list[int]
    res_planet: int
    res_turn: int
    pending: tuple[int, int, int, int] | None
    results: list[tuple[int, ...]]
    log: list[tuple[Any, ...]]
    log_round: int
    scores: list[int]
    round_points: list[int]
    round_scores: list[tuple[int, ...]]
    stats: list[int]
    scored: list[tuple[int, int, int, int]]

    # -- construction ------------
    @classmethod
    def new(cls, game: RaceGame, players: int, seed: int, options: dict[str, OptionValue]) -> Self:
        """A new game: the table dealt (RC-SETUP-2..8) and round 1 started."""
        state = cls.__new__(cls)
        state._init_base(game, players, seed, options)
        planets = tuple(deal_layout(players, state.rng, str(options["layout"])))
        state._configure(game.table(str(options["planets"])), planets)
        state._start_round(0)
        return state

    @classmethod
    def from_json(cls, game: RaceGame, data: dict[str, Any]) -> Self:
        """The exact inverse of ``to_json``."""
        state = cls.__new__(cls)
        state._load_base_json(game, data)
        payload = data["state"]
        planets = tuple((int(t), int(a), int(b)) for t, a, b in payload["planets"])
        state._configure(game.table(str(state.options.get("planets", DEFAULT))), planets)
        state._load_payload(payload)
        state._legal_cache = None
        return state

    # -- set-up ------------
    def _configure(self, table: PlanetTable, planets: tuple[Planet, ...]) -> None:
        opts = self.options
        self.table = table
        self.planets = planets
        self.lenient = bool(opts.get("lenient", False))
        self.auto = bool(opts.get("auto_choices", False))
        self.security_once = opts.get("security", "once") == "once"
        self.total_rounds = int(opts.get("rounds", 3))
        self.tiebreak = str(opts.get("tiebreak", "shared"))
        n = self.num_players
        self.scores = [0] * n
        self.round_points = [0] * n
        self.round_scores = []
        self.stats = [0] * (n * STATS)
        self.scored = []
        self.stop_callers = []
        self.results = []
        self.log = []
        self.log_round = -1

    def _seat_round(self, r: int) -> None:
        """Who sits at which side of each planet in round ``r`` (RC-ROT-1)."""
        n = self.num_players
        self.side_players = tuple(
            (player_at(n, a, r), player_at(n, b, r)) for _, a, b in self.planets
        )
        side_of = [[-1] * len(self.planets) for _ in range(n)]
        for i, (pa, pb) in enumerate(self.side_players):
            side_of[pa][i] = 0
            side_of[pb][i] = 1
        self.side_of = tuple(tuple(s) for s in side_of)
        self.slots_of = tuple(
            tuple((i + 1, 2 * i + side) for i, side in enumerate(sides) if side >= 0)
            for sides in self.side_of
        )

    def _start_round(self, r: int) -> None:
        """Round ``r``: every set reshuffled complete (RC-GAME-2, RC-THEFT-8),
        planets reset (RC-GAME-3), seats rotated (RC-ROT-1)."""
        n = self.num_players
        np_ = len(self.planets)
        self.round = r
        self.phase = LOADING
        self._seat_round(r)
        self.stacks = []
        for p in range(n):
            stack = C.player_set(p)
            self.rng.shuffle(stack)
            self.stacks.append(stack)
        self.unseen = [C.SET_SIZE - 1] * n
        self.discards = [[] for _ in range(n)]
        self.aside = [[] for _ in range(n)]
        self.rows = [[] for _ in range(2 * np_)]
        self.stop_player = -1
        self.shown = [0] * (2 * np_)
        self.pools = {}
        self.spent = set()
        self.terra = [0] * np_
        self.ore_used = [0] * np_
        self.res_planet = 0
        self.res_turn = 0
        self.pending = None
        self.round_points = [0] * n

    # -- turn structure ------------
    def active_players(self) -> tuple[int, ...]:
        if self.phase == LOADING:
            return tuple(range(self.num_players))
        if self.pending is not None:
            return (self.pending_player(),)
        return ()

    #: a card played before the last Stop (or round change) comes too late
    stale_rule = "RC-STOP-3"

    def stale_refusal(self, player: Any, action: Action | str, version: int) -> StaleAction:
        """Too late, saying when: a card played before Stop (RC-STOP-3), or a
        resolution choice made for an earlier reveal (the rule of the choice:
        RC-RED-4 paying, RC-THEFT-7 stealing)."""
        text = str(action)
        try:
            act = action if isinstance(action, Action) else parse(text)
        except IllegalAction:
            act = None
        said = {"text": text, "version": version, "current": self.version}
        if isinstance(act, Pay | Steal):
            rule = "RC-RED-4" if isinstance(act, Pay) else "RC-THEFT-7"
            if self.pending is None:
                return StaleAction.of("race.stale.resolved", rule, player, text, **said)
            planet = self.pending[1] + 1
            return StaleAction.of("race.stale.choice", rule, player, text, planet=planet, **said)
        if self.phase == LOADING:
            code, said["round"] = "race.stale.round", self.round + 1
            return StaleAction.of(code, self.stale_rule, player, text, **said)
        return StaleAction.of("race.stale.stop", self.stale_rule, player, text, **said)

    def _boundary_mark(self) -> object:
        if self.phase == LOADING:
            return (self.round, self.phase)
        return (self.round, self.phase, self.version)

    def _is_boundary(self, before: object) -> bool:
        """Boundaries: a Stop, a new round, and during resolution every action (each
        reveals or settles something); loading actions of others are not one."""
        return self._boundary_mark() != before

    def pending_player(self) -> int:
        """The player who must make the pending resolution choice (-1 if none)."""
        if self.pending is None:
            return -1
        _, planet, side, _ = self.pending
        return self.side_players[planet][side]

    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        """``"loading"``, ``"resolving"`` or ``"over"``."""
        return PHASE_NAMES[self.phase]

    # -- legality ------------
    def _place_ok(self, card: int, row: list[int]) -> bool:
        """Strict placement rules RC-PLACE-1..6 for ``card`` at the end of ``row``."""
        if _COLOUR[card] == C.RED:
            return bool(row) and _COLOUR[row[-1]] != _BLUE
        return not row or _COLOUR[row[-1]] == _BLUE

    def _legal_actions(self, player: int) -> list[Action]:
        if self.phase == LOADING:
            out: list[Action]
            if self.lenient:
                out = [PLACE[number] for number, _ in self.slots_of[player]]
            else:
                rows = self.rows
                out = []
                if _COLOUR[self.stacks[player][0]] == C.RED:  # after Lift Off or red only
                    for number, slot in self.slots_of[player]:
                        row = rows[slot]
                        if row and _COLOUR[row[-1]] != _BLUE:
                            out.append(PLACE[number])
                else:  # blue or Lift Off: first, or after blue
                    for number, slot in self.slots_of[player]:
                        row = rows[slot]
                        if not row or _COLOUR[row[-1]] == _BLUE:
                            out.append(PLACE[number])
            out.append(UNDER)
            out.append(DISCARD)
            return out
        if self.pending is None or player != self.pending_player():
            return []
        return self._choice_actions()

    def _choice_actions(self) -> list[Action]:
        assert self.pending is not None
        kind, planet, side, victim = self.pending
        if kind == STEAL_CHOICE:
            kinds = resolution.stealable(self, 2 * planet + victim)
            return [*(STEAL[k] for k in kinds), STEAL_NONE]
        return list(resolution.pay_options(self, 2 * planet + side, 2 if kind == PAY2 else 1))

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        return explain(self, player, action)

    # -- applying ------------
    def _apply(self, player: int, action: Action) -> None:
        if self.phase == LOADING:
            stack = self.stacks[player]
            if isinstance(action, Under):
                stack.append(stack.pop(0))
            else:
                card = stack.pop(0)
                if isinstance(action, Place):
                    i = action.planet - 1
                    self.rows[2 * i + self.side_of[player][i]].append(card)
                else:
                    self.discards[player].append(card)
                if not stack:
                    resolution.stop(self, player)
                    return
            if self.unseen[player]:  # a card nobody has seen turns up
                self.unseen[player] -= 1
                if self._events is not None:
                    E.turned_up(self, player, C.KIND[stack[0]])
            return
        assert self.pending is not None
        kind, planet, side, victim = self.pending
        self.pending = None
        if isinstance(action, Pay):
            resolution.pay(self, planet, side, kind, action.sources)
        else:
            assert isinstance(action, Steal)
            resolution.take(self, planet, side, victim, action.kind)
        resolution.run(self)

    def settlers(self, i: int, side: int) -> int:
        """Settlers held on one side of planet ``i`` (own or stolen, RC-PLANET-1)."""
        return scoring.settlers(self, i, side)

    # -- results ------------
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return scoring.outcome(self)

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.breakdown(self)

    def _revealed(self) -> dict[str, Any]:
        return scoring.revealed(self)

    def details(self) -> dict[str, Any]:
        """Game facts for studies: VP by source, thefts, planets scored, Stop callers."""
        return scoring.details(self)

    # -- copying and persistence ------------
    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        self._copy_base_into(new)
        new.table = self.table
        new.planets = self.planets
        new.lenient = self.lenient
        new.auto = self.auto
        new.security_once = self.security_once
        new.total_rounds = self.total_rounds
        new.tiebreak = self.tiebreak
        new.side_players = self.side_players
        new.side_of = self.side_of
        new.slots_of = self.slots_of
        new.round = self.round
        new.phase = self.phase
        new.stacks = [s.copy() for s in self.stacks]
        new.unseen = self.unseen.copy()
        new.discards = [d.copy() for d in self.discards]
        new.aside = [a.copy() for a in self.aside]
        new.rows = [r.copy() for r in self.rows]
        new.stop_player = self.stop_player
        new.stop_callers = self.stop_callers.copy()
        new.shown = self.shown.copy()
        new.pools = {k: v.copy() for k, v in self.pools.items()}
        new.spent = self.spent.copy()
        new.terra = self.terra.copy()
        new.ore_used = self.ore_used.copy()
        new.res_planet = self.res_planet
        new.res_turn = self.res_turn
        new.pending = self.pending
        new.results = self.results.copy()
        new.log = self.log.copy()
        new.log_round = self.log_round
        new.scores = self.scores.copy()
        new.round_points = self.round_points.copy()
        new.round_scores = self.round_scores.copy()
        new.stats = self.stats.copy()
        new.scored = self.scored.copy()
        return new

    def _payload_json(self) -> dict[str, Any]:
        return {
            "planets": [list(p) for p in self.planets],
            "round": self.round,
            "phase": self.phase,
            "stacks": [list(s) for s in self.stacks],
            "unseen": list(self.unseen),
            "discards": [list(d) for d in self.discards],
            "aside": [list(a) for a in self.aside],
            "rows": [list(r) for r in self.rows],
            "stop_player": self.stop_player,
            "stop_callers": list(self.stop_callers),
            "revealed": list(self.shown),
            "pools": [[k, list(v)] for k, v in sorted(self.pools.items())],
            "spent": sorted(self.spent),
            "terra": list(self.terra),
            "ore_used": list(self.ore_used),
            "res_planet": self.res_planet,
            "res_turn": self.res_turn,
            "pending": None if self.pending is None else list(self.pending),
            "results": [list(r) for r in self.results],
            "log": [_log_json(e) for e in self.log],
            "log_round": self.log_round,
            "scores": list(self.scores),
            "round_points": list(self.round_points),
            "round_scores": [list(r) for r in self.round_scores],
            "stats": list(self.stats),
            "scored": [list(s) for s in self.scored],
        }

    def _load_payload(self, data: dict[str, Any]) -> None:
        self.round = int(data["round"])
        self._seat_round(self.round)
        self.phase = int(data["phase"])
        self.stacks = [[int(c) for c in s] for s in data["stacks"]]
        self.unseen = [int(u) for u in data["unseen"]]
        self.discards = [[int(c) for c in s] for s in data["discards"]]
        self.aside = [[int(c) for c in s] for s in data["aside"]]
        self.rows = [[int(c) for c in s] for s in data["rows"]]
        self.stop_player = int(data["stop_player"])
        self.stop_callers = [int(p) for p in data["stop_callers"]]
        self.shown = [int(x) for x in data["revealed"]]
        self.pools = {int(k): [int(c) for c in v] for k, v in data["pools"]}
        self.spent = {int(c) for c in data["spent"]}
        self.terra = [int(x) for x in data["terra"]]
        self.ore_used = [int(x) for x in data["ore_used"]]
        self.res_planet = int(data["res_planet"])
        self.res_turn = int(data["res_turn"])
        pend = data["pending"]
        self.pending = (
            None if pend is None else (int(pend[0]), int(pend[1]), int(pend[2]), int(pend[3]))
        )
        self.results = [tuple(int(x) for x in r) for r in data["results"]]
        self.log = [tuple(_log_load(x) for x in e) for e in data["log"]]
        self.log_round = int(data["log_round"])
        self.scores = [int(x) for x in data["scores"]]
        self.round_points = [int(x) for x in data["round_points"]]
        self.round_scores = [tuple(int(x) for x in r) for r in data["round_scores"]]
        self.stats = [int(x) for x in data["stats"]]
        self.scored = [(int(a), int(b), int(c), int(d)) for a, b, c, d in data["scored"]]

    # -- information ------------
    def view(self, player: int | None) -> dict[str, Any]:
        """The public picture of the table (shape: :class:`.view.RaceView`)."""
        return cast("dict[str, Any]", _view(self, player))

    def board_view(self, player: int | None) -> dict[str, Any]:
        return cast("dict[str, Any]", _view(self, player, history=False))

    def numbers_view(self, player: int | None) -> dict[str, Any]:
        from .numbers import numbers_view

        return numbers_view(self, player)

    def determinize(self, player: int, seed: int) -> Self:
        """Resample what nobody can know: the order of the unseen cards of every
        stack (RC-LR-2). Everything else is public (RC-LR-1), so ``view(p)`` is
        unchanged for every p; the RNG is reseeded from ``seed``."""
        new = self.clone()
        new.rng = Rng(seed)
        for p, stack in enumerate(new.stacks):
            k = new.unseen[p]
            if k > 1:
                middle = sorted(stack[1 : 1 + k])  # forget the true order first
                new.rng.shuffle(middle)
                stack[1 : 1 + k] = middle
        new._legal_cache = None
        new._start_from_here(seed, player)
        return new

    # -- checks ------------
    def invariants(self) -> list[str]:
        return invariants(self)


def _log_json(entry: tuple[Any, ...]) -> list[Any]:
    return [list(x) if isinstance(x, list) else x for x in entry]


#: the reasons a ``fail`` log entry gave in English before they were ids
_OLD_REASONS = {"no ore deposit left": "no-ore", "not enough energy": "no-energy"}


def _log_load(x: Any) -> Any:
    if isinstance(x, list):
        return [str(v) for v in x]
    if isinstance(x, str):
        return _OLD_REASONS.get(x, x)
    return x
