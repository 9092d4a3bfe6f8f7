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
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Self, cast

from liftoff.engine import Action, IllegalAction, Outcome, Rng, State

from . import effects as fx
from .actions import (
    DONE,
    ChooseStation,
    ChooseTech,
    ChooseUpgrade,
    Direction,
    DoAction,
    Done,
    Draw,
    Keep,
    Launch,
    Play,
    Resolve,
    Sell,
    Take,
)
from .content import COLOURS, Content
from .view import view

if TYPE_CHECKING:
    from .game import AgencyGame

SOURCES = (
    "start",
    "launches",
    "missions",
    "effects",
    "banners",
    "actions",
    "station",
    "hourglass",
    "objectives",
    "green",
    "money",
)
_SRC = {name: i for i, name in enumerate(SOURCES)}
GREEN = 3
EMPTY = -1
NEUTRAL = -2
SYM_LAB, SYM_EXTRA, SYM_BONUS = 0, 1, 2
SYMBOL_NAMES = ("lab", "extra", "bonus")

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


def fitting_sets(
    cands: list[str], weight: dict[str, int], size: int, limit: int
) -> list[tuple[str, ...]]:
    """Every ``size``-set of ``cands`` weighing at most ``limit``, in the order of
    ``itertools.combinations``; a branch stops as soon as the weight it must still
    add cannot fit (so the work follows the launches that fit, not all subsets)."""
    n = len(cands)
    weights = [weight[m] for m in cands]
    lightest = [0] * (n + 1)  # lightest[i]: the lightest weight among cands[i:]
    lightest[n] = 1 << 30
    for i in range(n - 1, -1, -1):
        lightest[i] = min(weights[i], lightest[i + 1])
    out: list[tuple[str, ...]] = []
    chosen: list[str] = []

    def walk(start: int, left: int, room: int) -> None:
        if left == 0:
            out.append(tuple(chosen))
            return
        if left * lightest[start] > room:
            return
        for i in range(start, n - left + 1):
            if weights[i] <= room:
                chosen.append(cands[i])
                walk(i + 1, left - 1, room - weights[i])
                chosen.pop()

    walk(0, size, limit)
    return out


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

    # -- setup ------------------------------------------------------------------------
    @classmethod
    def setup(
        cls, game: AgencyGame, players: int, seed: int, options: dict[str, Any]
    ) -> AgencyState:
        """A new game (AG-SETUP-1 ... AG-SETUP-18, AG-FINAL-1)."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options)
        c = s.content = game.content
        b = c.board.board
        n = players
        s.step = "obj_draft"
        s.rnd = 1
        s.first = 0
        s.dirn = 1
        s.order = []
        s.turn = 0
        s.part = 1
        s.money = [0] * n
        s.vp = [0] * n
        s.src = [[0] * len(SOURCES) for _ in range(n)]
        for i in range(n):  # AG-SETUP-13: 2, 4, 6, 8 clockwise from the first player
            p = (s.first + i) % n
            start = b.start.first_score + b.start.score_step * i
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
        # AG-SETUP-8/9: neutral rockets on the station track
        s.track = [EMPTY] * len(b.station)
        for space in b.neutral.get(str(n), []) if n < 4 else []:  # type: ignore[call-overload]
            s.track[space - 1] = NEUTRAL
        s.beside = [0] * n
        # AG-SETUP-15: deal 3 objectives each, the rest go back unseen
        objectives = [o.id for o in c.objectives.objectives]
        s.rng.shuffle(objectives)
        for p in range(n):
            s.objs[p] = sorted(objectives[3 * p : 3 * p + 3])
        s.obox = objectives[3 * n :]
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

    def current(self) -> int:
        return self.order[self.turn]

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

    # -- legal actions ----------------------------------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        if player not in self.active_players():
            return []
        if self.pend[player]:
            return self._pending_actions(player)
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
                if self._any_action_possible(player, sid):
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
            return [*self.launch_options(player), DONE]
        if st == "sell":
            return [*(Sell(o) for o in self.objs[player]), DONE]
        return []

    def _pending_actions(self, p: int) -> list[Action]:
        head = self.pend[p][0]
        kind = head[0]
        if kind == "spec":
            out: list[Action] = [
                DoAction(i) for i in head[2] if self._action_possible(p, head[1], i - 1)
            ]
            if head[3] >= 1:
                out.append(DONE)
            return out
        if kind == "order":
            return [Resolve(m) for m in head[1]]
        return self._effect_choices(p, self._effect(head))

    def _effect(self, item: list[Any]) -> fx.AnyEffect:
        card: str = item[1]
        ai: int = item[2]
        ei: int = item[3]
        e: fx.AnyEffect
        if card[0] == "S":
            e = self.content.spec[card].actions[ai].effects[ei]
        else:
            e = self.content.mission[card].effects[ei]
        return e

    def _effect_choices(self, p: int, e: fx.AnyEffect) -> list[Action]:
        """The choices an effect offers now (empty: nothing to choose)."""
        if isinstance(e, fx.Tech):
            return [ChooseTech(c) for c in e.colours if self.supply[COLOURS.index(c)] > 0]
        if isinstance(e, fx.Upgrade):
            top = self.content.board.board.upgrades_per_kind
            out: list[Action] = []
            for kind in e.options:
                have = self.upc[p] if kind == "capacity" else self.upp[p]
                if have < top:
                    out.append(ChooseUpgrade(kind))
            return out
        if isinstance(e, fx.Station):
            if self.station_count(p) >= self.content.board.board.station_rockets:
                return []
            free: list[Action] = [
                ChooseStation(i + 1) for i, x in enumerate(self.track) if x == EMPTY
            ]
            return free or [ChooseStation(0)]
        return []

    def _effect_possible(self, p: int, e: fx.AnyEffect) -> bool:
        b = self.content.board.board
        if isinstance(e, fx.Tech | fx.Upgrade | fx.Station):
            return bool(self._effect_choices(p, e))
        if isinstance(e, fx.Lab):
            return self.lab[p] < 4
        if isinstance(e, fx.Income):
            return self.inc[p] < len(b.income_track) - 1
        return True

    def _action_possible(self, p: int, sid: str, ai: int) -> bool:
        act = self.content.spec[sid].actions[ai]
        if act.cost > self.money[p]:
            return False
        return any(self._effect_possible(p, e) for e in act.effects)

    def _any_action_possible(self, p: int, sid: str) -> bool:
        spec = self.content.spec[sid]
        extra = 3 if spec.banner.kind == "money" else 0  # the banner comes first
        self.money[p] += extra
        try:
            return any(self._action_possible(p, sid, i) for i in range(len(spec.actions)))
        finally:
            self.money[p] -= extra

    # -- launches ---------------------------------------------------------------------
    def launch_cost(self, p: int, symbol: int) -> int:
        """AG-LAU-4, AG-SPEC-12, AG-GAP-19: cost track less reductions, never below 0."""
        cost = self.cost_of(p) - self.disc[p]
        if symbol == SYM_EXTRA:
            cost -= self.content.board.board.extra_launch_discount
        return max(0, cost)

    def base_capacity(self, p: int, symbol: int) -> int:
        """AG-LAU-5 and AG-LAB-3: weight track, +lab bonus on the lab's own symbol."""
        cap = self.capacity_of(p)
        if symbol == SYM_LAB:
            cap += self.content.lab_side[self.lab[p]].capacity_bonus
        return cap

    def mission_launchable(self, p: int, mid: str) -> bool:
        """AG-LAU-6 (lab level) and AG-LAU-7 (technology) for one mission."""
        m = self.content.mission[mid]
        return m.level <= self.lab[p] and self.meets(p, m.level)

    def room(self, p: int) -> int:
        cap = int(self.options.get("missions_per_round", 3))
        return 99 if cap == 0 else cap - self.sent[p]

    def boosts_for(self, p: int, need: int) -> list[int] | None:
        """The capacity banners a launch needing ``need`` extra capacity uses:
        the smallest total that suffices, then the fewest banners (AG-LR-3)."""
        if need <= 0:
            return []
        boosts = self.boosts[p]
        best: tuple[int, int, tuple[int, ...]] | None = None
        for r in range(1, len(boosts) + 1):
            for combo in combinations(range(len(boosts)), r):
                total = sum(boosts[i] for i in combo)
                if total >= need:
                    key = (total, r, combo)
                    if best is None or key < best:
                        best = key
        return None if best is None else list(best[2])

    def launch_options(self, p: int) -> list[Action]:
        """Every legal launch (AG-LAU-2 ... AG-LAU-9), as one action each."""
        if self.step != "launch" or self.ldone[p]:
            return []
        room = self.room(p)
        if room <= 0:
            return []
        cands = sorted(m for m in self.earth[p] if self.mission_launchable(p, m))
        if not cands:
            return []
        weight = {m: self.content.mission[m].weight for m in cands}
        boost_total = sum(self.boosts[p])
        out: list[Action] = []
        for symbol in (SYM_LAB, SYM_EXTRA, SYM_BONUS):
            if self.sym[p][symbol] <= 0 or self.launch_cost(p, symbol) > self.money[p]:
                continue
            limit = self.base_capacity(p, symbol) + boost_total
            name = SYMBOL_NAMES[symbol]
            for r in range(1, min(room, len(cands)) + 1):
                sets = fitting_sets(cands, weight, r, limit)
                if not sets:
                    break  # a larger set weighs at least as much as some smaller one
                out.extend(Launch(name, combo) for combo in sets)
        return out

    def any_launch(self, p: int) -> bool:
        return bool(self.launch_options(p))

    # -- applying ---------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        p = player
        if self.pend[p]:
            self._apply_pending(p, action)
        elif isinstance(action, Keep):
            if self.step == "obj_draft":
                self.okept[p] = list(action.cards)
            else:
                self.kept[p] = list(action.cards)
        elif isinstance(action, Direction):
            self.dirn = 1 if action.side == "left" else -1
            self.step = "spec_draft"
            self.part = 1
            self.kept = [None] * self.n
        elif isinstance(action, Play):
            self._play(p, action)
        elif isinstance(action, Draw):
            self._draw_missions(p, action.level)
        elif isinstance(action, Take):
            self.drawn[p].remove(action.card)
            self.earth[p].append(action.card)
            self.took[p] += 1
        elif isinstance(action, Launch):
            self._launch(p, action)
        elif isinstance(action, Sell):
            self.objs[p].remove(action.card)
            self.obox.append(action.card)
            self.money[p] += self.content.board.board.objective_sale
            self.sold[p] += 1
        elif isinstance(action, Done):
            if self.step == "mission":
                self._finish_draw(p)
            elif self.step == "launch":
                self.ldone[p] = True
            elif self.step == "sell":
                self.turn += 1
        self._continue()

    def _apply_pending(self, p: int, action: Action) -> None:
        queue = self.pend[p]
        head = queue[0]
        if isinstance(action, DoAction):
            sid = head[1]
            ai = action.index - 1
            act = self.content.spec[sid].actions[ai]
            self.money[p] -= act.cost
            head[2] = [i for i in head[2] if i != action.index]
            head[3] += 1
            queue[0:0] = [["fx", sid, ai, ei] for ei in range(len(act.effects))]
        elif isinstance(action, Done):
            queue.pop(0)
        elif isinstance(action, Resolve):
            head[1] = [m for m in head[1] if m != action.card]
            if not head[1]:
                queue.pop(0)
            self._push_mission_effects(p, action.card)
        else:
            queue.pop(0)
            self._resolve(p, self._effect(head), head[1], action)

    def _push_mission_effects(self, p: int, mid: str) -> None:
        m = self.content.mission[mid]
        self.pend[p][0:0] = [["fx", mid, -1, ei] for ei in range(len(m.effects))]

    def _resolve(self, p: int, e: fx.AnyEffect, card: str, choice: Action | None) -> None:
        """Apply one effect (AG-MEF-2, AG-SPEC-13); ``choice`` settles a choice."""
        b = self.content.board.board
        source = "actions" if card[0] == "S" else "effects"
        if isinstance(e, fx.Money):
            self.money[p] += e.amount
        elif isinstance(e, fx.Points):
            self._score(p, e.amount, source)
        elif isinstance(e, fx.Income):
            self.inc[p] = min(len(b.income_track) - 1, self.inc[p] + e.amount)
        elif isinstance(e, fx.Tech):
            assert isinstance(choice, ChooseTech)
            c = COLOURS.index(choice.colour)
            k = min(e.count, self.supply[c])
            self.supply[c] -= k
            self.tech[p][c] += k
        elif isinstance(e, fx.Upgrade):
            assert isinstance(choice, ChooseUpgrade)
            top = b.upgrades_per_kind
            if choice.kind == "capacity":
                self.upc[p] = min(top, self.upc[p] + e.count)
            else:
                self.upp[p] = min(top, self.upp[p] + e.count)
        elif isinstance(e, fx.Lab):
            self.lab[p] = min(4, self.lab[p] + e.amount)
        elif isinstance(e, fx.Station):
            assert isinstance(choice, ChooseStation)
            self._invest(p, choice.space)
        elif isinstance(e, fx.Capacity):
            self.boosts[p].append(e.amount)
        elif isinstance(e, fx.Discount):
            self.disc[p] += e.amount
        elif isinstance(e, fx.Launch):
            self.sym[p][SYM_BONUS] += e.amount
        elif isinstance(e, fx.ExtraMission):
            self.xdraw[p] += e.amount
        elif isinstance(e, fx.ScorePer):
            self._score(p, self.score_per(p, e), source)

    def _invest(self, p: int, space: int) -> None:
        """AG-STA-1/2, AG-GAP-6: a rocket on a free space scores it and its bonus;
        beside the track it only counts as an investment."""
        b = self.content.board.board
        if space == 0:
            self.beside[p] += 1
            return
        self.track[space - 1] = p
        spot = b.station[space - 1]
        self._score(p, spot.vp, "station")
        if spot.bonus == "income":
            self.inc[p] = min(len(b.income_track) - 1, self.inc[p] + 1)
        elif self.supply[GREEN] > 0:
            self.supply[GREEN] -= 1
            self.tech[p][GREEN] += 1

    def _score(self, p: int, amount: int, source: str) -> None:
        self.vp[p] += amount
        self.src[p][_SRC[source]] += amount

    def count(self, p: int, counter: fx.Counter) -> int:
        """What a counter counts for player ``p`` (objectives, ``score_per``)."""
        w = counter.what
        if w == "missions":
            levels = counter.levels
            if not levels:
                return len(self.space[p])
            return sum(1 for m in self.space[p] if int(m[1]) in levels)
        if w == "hourglass":
            return sum(1 for m in self.space[p] if self.content.mission[m].hourglass)
        if w == "tech":
            idx = [COLOURS.index(c) for c in counter.colours] if counter.colours else range(4)
            return sum(self.tech[p][i] for i in idx)
        if w == "tech_sets":
            idx = [COLOURS.index(c) for c in counter.colours] if counter.colours else range(4)
            return min(self.tech[p][i] for i in idx)
        if w == "upgrades":
            if counter.upgrade == "capacity":
                return self.upc[p]
            if counter.upgrade == "propulsion":
                return self.upp[p]
            return self.upc[p] + self.upp[p]
        if w == "station":
            return self.station_count(p)
        if w == "lab":
            return self.lab[p]
        if w == "income":
            return self.income_of(p)
        return self.money[p]

    def score_per(self, p: int, e: fx.ScorePer) -> int:
        value = (self.count(p, e.counts) // e.every) * e.points
        return min(value, e.max) if e.max is not None else value

    def objective_score(self, p: int, oid: str) -> int:
        """AG-OBJ-1 ... AG-OBJ-7: the highest tier reached, 0 below the lowest."""
        o = self.content.objective[oid]
        if o.requires is not None and self.count(p, o.requires) < 1:
            return 0
        have = self.count(p, o.counts)
        got = 0
        for tier in o.tiers:
            if have >= tier.min:
                got = tier.vp
        return got

    def _play(self, p: int, action: Play) -> None:
        """AG-SPEC-4 ... AG-SPEC-12: banner, then actions or 2 money."""
        sid = action.card
        spec = self.content.spec[sid]
        self.hand[p].remove(sid)
        self.played[p].append(sid)
        self.nplayed[p] += 1
        banner = spec.banner
        if banner.kind == "money":
            self.money[p] += banner.value
        elif banner.kind == "points":
            self._score(p, banner.value, "banners")
        elif banner.kind == "capacity":
            self.boosts[p].append(banner.value)
        elif banner.kind == "mission":
            self.xdraw[p] += banner.value
        else:
            self.sym[p][SYM_EXTRA] += banner.value
        if action.mode == "money":
            self.money[p] += self.content.board.board.money_instead
        else:
            self.pend[p].append(["spec", sid, list(range(1, len(spec.actions) + 1)), 0])

    def _draw_one(self, level: int) -> str | None:
        """AG-MIS-4: draw a mission, reshuffling the discard pile when the deck is empty."""
        deck = self.mdeck[level - 1]
        if not deck:
            pile = self.mdisc[level - 1]
            if not pile:
                return None
            deck.extend(pile)
            pile.clear()
            self.rng.shuffle(deck)
        return deck.pop()

    def _draw_missions(self, p: int, level: int) -> None:
        """AG-MIS-3, AG-SPEC-11, AG-MIS-6, AG-GAP-11/12."""
        b = self.content.board.board
        drawn = self.drawn[p]
        for _ in range(b.mission_draw + self.xdraw[p]):
            card = self._draw_one(level)
            if card is None:
                break
            drawn.append(card)
        self.took[p] = 0
        if any(self.takeable(p, m) for m in drawn):
            return
        # the redraw rule: one at a time until a card the player may take
        while True:
            card = self._draw_one(level)
            if card is None:
                break
            if self.takeable(p, card):
                self.earth[p].append(card)
                self.took[p] = 1
                break
            drawn.append(card)
        self._finish_draw(p)

    def _finish_draw(self, p: int) -> None:
        drawn = self.drawn[p]
        for card in drawn:
            self.mdisc[int(card[1]) - 1].append(card)
        drawn.clear()
        self.took[p] = -1
        self.turn += 1

    def _launch(self, p: int, action: Launch) -> None:
        """AG-LAU-3 ... AG-LAU-11, AG-MEF-1/2/4."""
        symbol = SYMBOL_NAMES.index(action.symbol)
        mission = self.content.mission
        cost = self.launch_cost(p, symbol)
        self.money[p] -= cost
        self.sym[p][symbol] -= 1
        need = sum(mission[m].weight for m in action.cards) - self.base_capacity(p, symbol)
        used = self.boosts_for(p, need) or []
        self.boosts[p] = [x for i, x in enumerate(self.boosts[p]) if i not in used]
        side = self.content.lab_side[self.lab[p]]
        self._score(p, side.vp_phase1 if self.phase == 1 else side.vp_phase2, "launches")
        with_effects: list[str] = []
        for m in action.cards:
            self.earth[p].remove(m)
            self.space[p].append(m)
            card = mission[m]
            if card.points:
                self._score(p, card.points, "missions")
            if card.effects and not card.hourglass:
                with_effects.append(m)
        self.sent[p] += len(action.cards)
        if len(with_effects) > 1:
            self.pend[p].insert(0, ["order", with_effects])
        elif with_effects:
            self._push_mission_effects(p, with_effects[0])

    # -- the automaton ----------------------------------------------------------------
    def _settle(self, p: int) -> None:
        """Resolve queued items that need no decision."""
        queue = self.pend[p]
        while queue:
            head = queue[0]
            kind = head[0]
            if kind == "spec":
                possible = [i for i in head[2] if self._action_possible(p, head[1], i - 1)]
                if possible:
                    return
                queue.pop(0)
            elif kind == "order":
                if len(head[1]) > 1:
                    return
                queue.pop(0)
                for m in head[1]:
                    self._push_mission_effects(p, m)
            else:
                e = self._effect(head)
                choices = self._effect_choices(p, e)
                if len(choices) > 1:
                    return
                queue.pop(0)
                if isinstance(e, fx.Tech | fx.Upgrade | fx.Station):
                    if choices:
                        self._resolve(p, e, head[1], choices[0])
                else:
                    self._resolve(p, e, head[1], None)

    def _continue(self) -> None:
        """Move on through everything that needs no decision."""
        n = self.n
        while True:
            st = self.step
            if st == "obj_draft":
                if any(k is None for k in self.okept):
                    return
                self._pass_objectives()
            elif st == "spec_draft":
                if any(k is None for k in self.kept):
                    return
                self._pass_specialists()
            elif st in ("direction", "over"):
                return
            elif st == "play":
                if self.turn >= len(self.order):
                    self._start_step("mission")
                    continue
                p = self.order[self.turn]
                self._settle(p)
                if self.pend[p]:
                    return
                lap = self.turn // n
                if len(self.played[p]) > lap:
                    self.turn += 1
                    continue
                return
            elif st == "mission":
                if self.turn >= len(self.order):
                    self._start_step("launch")
                    continue
                p = self.order[self.turn]
                if self.took[p] < 0:
                    if not any(self.can_choose_deck(p, lv) for lv in range(1, 5)):
                        self.turn += 1  # AG-GAP-12(a): nothing to draw
                        continue
                    return
                limit = 1 + self.xdraw[p]
                if self.took[p] >= limit or not any(self.takeable(p, m) for m in self.drawn[p]):
                    self._finish_draw(p)
                    continue
                return
            elif st == "launch":
                if self.options.get("simultaneous_launches"):
                    waiting = False
                    for p in range(n):
                        self._settle(p)
                        if self.pend[p]:
                            waiting = True
                        elif not self.ldone[p]:
                            if self.any_launch(p):
                                waiting = True
                            else:
                                self.ldone[p] = True
                    if waiting:
                        return
                    self._end_round()
                    continue
                if self.turn >= len(self.order):
                    self._end_round()
                    continue
                p = self.order[self.turn]
                self._settle(p)
                if self.pend[p]:
                    return
                if self.ldone[p] or not self.any_launch(p):
                    self.ldone[p] = True
                    self.turn += 1
                    continue
                return
            elif st == "sell":
                if self.turn >= len(self.order):
                    self._start_round(self.rnd + 1)
                    continue
                if not self.objs[self.order[self.turn]]:
                    self.turn += 1
                    continue
                return
            else:  # pragma: no cover - no other steps
                return

    def _start_step(self, step: str) -> None:
        """Mission draws and launches go clockwise from the first player (AG-MIS-1, AG-LAU-1)."""
        self.step = step
        self.order = [(self.first + i) % self.n for i in range(self.n)]
        self.turn = 0

    def _pass_objectives(self) -> None:
        """AG-FINAL-1/2/3: keep 1 pass 2 left, then keep 2 pass 1 left."""
        n = self.n
        kept = [list(k or []) for k in self.okept]
        passed = [[c for c in self.objs[p] if c not in kept[p]] for p in range(n)]
        for p in range(n):
            self.objs[p] = sorted(kept[p] + passed[(p - 1) % n])
        self.okept = [None] * n
        if self.part == 1:
            self.part = 2
            return
        self.part = 1
        # AG-FINAL-4/5: starting money, three specialists each
        for p in range(n):
            self.money[p] = self.content.board.board.start.money
        for i in range(n):
            self._draw_specialists((self.first + i) % n, 3)
        self.step = "direction"  # AG-FLOW-3: round 1 skips income and draws

    def _pass_specialists(self) -> None:
        """AG-DRAFT-2/3/4: keep 1 pass 2, keep 2 pass 1, in the chosen direction."""
        n, d = self.n, self.dirn
        kept = [list(k or []) for k in self.kept]
        passed = [[c for c in self.hand[p] if c not in kept[p]] for p in range(n)]
        for p in range(n):
            self.hand[p] = sorted(kept[p] + passed[(p - d) % n])
        self.kept = [None] * n
        if self.part == 1:
            self.part = 2
            return
        self.part = 1
        # AG-SPEC-1/2: two laps from the first player in the draft direction
        lap = [(self.first + d * i) % n for i in range(n)]
        self.step = "play"
        self.order = lap + lap
        self.turn = 0

    def _draw_specialists(self, p: int, k: int) -> None:
        for _ in range(k):
            if not self.sdeck:
                if not self.sdisc:
                    return
                self.sdeck.extend(self.sdisc)  # AG-GAP-13
                self.sdisc.clear()
                self.rng.shuffle(self.sdeck)
            self.hand[p].append(self.sdeck.pop())
        self.hand[p].sort()

    def _start_round(self, r: int) -> None:
        """AG-INC-1/2: income, then two specialists each."""
        self.rnd = r
        for i in range(self.n):
            p = (self.first + i) % self.n
            self.money[p] += self.income_of(p)
        for i in range(self.n):
            self._draw_specialists((self.first + i) % self.n, 2)
        self.step = "direction"

    def _end_round(self) -> None:
        """AG-ROUND-1 ... AG-ROUND-5, AG-PH2-1 ... AG-PH2-4."""
        n = self.n
        for p in range(n):
            self.sdisc.extend(self.played[p])
            self.played[p] = []
            self.boosts[p] = []
            self.xdraw[p] = 0
            self.sym[p] = [1, 0, 0]
            self.disc[p] = 0
            self.sent[p] = 0
            self.ldone[p] = False
            self.took[p] = -1
        rounds = self.content.board.board.rounds
        if self.rnd >= rounds:
            self._final_scoring()
            return
        self.first = (self.first + 1) % n
        if self.rnd == rounds // 2:
            # phase 2: the specialist discards become the new deck (AG-GAP-13)
            self.sdeck.extend(self.sdisc)
            self.sdisc.clear()
            self.rng.shuffle(self.sdeck)
            self._start_step("sell")
            return
        self._start_round(self.rnd + 1)

    def _final_scoring(self) -> None:
        """AG-FIN-1 ... AG-FIN-4."""
        b = self.content.board.board
        for p in range(self.n):
            for m in self.space[p]:
                card = self.content.mission[m]
                if card.hourglass:
                    for e in card.effects:
                        if isinstance(e, fx.ScorePer):
                            self._score(p, self.score_per(p, e), "hourglass")
                        elif isinstance(e, fx.Points):
                            self._score(p, e.amount, "hourglass")
            for o in self.objs[p]:
                self._score(p, self.objective_score(p, o), "objectives")
            self._score(p, self.tech[p][GREEN] * b.green_vp, "green")
            self._score(p, self.money[p] // b.money_per_vp, "money")
        self.step = "over"

    # -- result -----------------------------------------------------------------------
    def level4(self, p: int) -> int:
        return sum(1 for m in self.space[p] if m.startswith("M4-"))

    def outcome(self) -> Outcome | None:
        if self.step != "over":
            return None
        n = self.n
        keys = [(self.vp[p], self.level4(p)) for p in range(n)]
        by_level = [
            {
                str(lv): sum(1 for m in self.space[p] if m.startswith(f"M{lv}-"))
                for lv in range(1, 5)
            }
            for p in range(n)
        ]
        out = Outcome.from_keys(keys, list(self.vp), "rounds")
        details = {
            "rounds": self.rnd,
            "points_by_source": [
                {name: self.src[p][i] for i, name in enumerate(SOURCES)} for p in range(n)
            ],
            "missions_by_level": by_level,
            "missions_on_earth": [len(self.earth[p]) for p in range(n)],
            "specialists_played": list(self.nplayed),
            "objectives_sold": list(self.sold),
            "level4_missions": [self.level4(p) for p in range(n)],
            "lab": list(self.lab),
            "technology": [dict(zip(COLOURS, self.tech[p], strict=True)) for p in range(n)],
            "station": [self.station_count(p) for p in range(n)],
            "money": list(self.money),
            "winner_missions": sorted({m for w in out.winners for m in self.space[w]}),
            "content": self.content.fingerprint,
        }
        return Outcome(out.scores, out.winners, out.ranking, out.places, out.termination, details)

    # -- information ------------------------------------------------------------------
    def _reveals_information(self, player: int, action: Action) -> bool:
        return isinstance(action, Keep | Draw | Take | Done | Play | Direction | Sell)

    def pending_text(self, p: int) -> str:
        """What player ``p`` is deciding inside a step (for views)."""
        if not self.pend[p]:
            return ""
        head = self.pend[p][0]
        if head[0] == "spec":
            return f"actions of {head[1]}"
        if head[0] == "order":
            return "order of mission effects"
        return f"{fx.describe(self._effect(head))} ({head[1]})"

    def view(self, player: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], view(self, player))

    def determinize(self, player: int, seed: int) -> Self:
        """Resample what ``player`` cannot know: other hands and objectives, other
        players' drawn missions, the order of every deck (AG-GAP-25)."""
        d = self.clone()
        d.rng = Rng(seed)
        rng = d.rng
        n = self.n
        others = [q for q in range(n) if q != player]
        # specialists: other hands (with their draft picks) and the deck
        pool = list(d.sdeck)
        for q in others:
            pool.extend(d.hand[q])
        pool.sort()  # forget the true order first: the sample depends on the view only
        rng.shuffle(pool)
        for q in others:
            k = len(d.hand[q])
            d.hand[q] = sorted(pool[:k])
            del pool[:k]
            if d.kept[q] is not None:
                d.kept[q] = sorted(d.hand[q][: len(d.kept[q] or [])])
        d.sdeck = pool
        # objectives: other players' cards and the unseen box
        pool = list(d.obox)
        for q in others:
            pool.extend(d.objs[q])
        pool.sort()
        rng.shuffle(pool)
        for q in others:
            k = len(d.objs[q])
            d.objs[q] = sorted(pool[:k])
            del pool[:k]
            if d.okept[q] is not None:
                d.okept[q] = d.objs[q][: len(d.okept[q] or [])]
        d.obox = pool
        # missions: deck orders and other players' drawn cards
        for lv in range(4):
            holders = [q for q in others if d.drawn[q] and int(d.drawn[q][0][1]) == lv + 1]
            original = {q: list(d.drawn[q]) for q in holders}
            deck_before = sorted(d.mdeck[lv])
            for _ in range(20):
                pool = list(deck_before)
                for q in holders:
                    pool.extend(original[q])
                pool.sort()
                rng.shuffle(pool)
                for q in holders:
                    k = len(original[q])
                    d.drawn[q] = pool[:k]
                    del pool[:k]
                d.mdeck[lv] = pool
                if all(
                    d.took[q] >= 1 or any(d.takeable(q, m) for m in d.drawn[q]) for q in holders
                ):
                    break
            else:
                for q in holders:
                    d.drawn[q] = original[q]
                d.mdeck[lv] = deck_before
                rng.shuffle(d.mdeck[lv])
        d._start_from_here(seed)
        return d

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

    @classmethod
    def load_json(cls, game: AgencyGame, data: dict[str, Any]) -> AgencyState:
        s = cls.__new__(cls)
        s._load_base_json(game, data)
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

    # -- checks -----------------------------------------------------------------------
    def invariants(self) -> list[str]:
        """Every card in exactly one place, money never negative, bookkeeping."""
        c = self.content
        b = c.board.board
        n = self.n
        out: list[str] = []
        specs: list[str] = [*self.sdeck, *self.sdisc, *self.sbox]
        for p in range(n):
            specs.extend(self.hand[p])
            specs.extend(self.played[p])
        if sorted(specs) != sorted(c.spec):
            out.append("specialists are not each in exactly one place")
        missions: list[str] = [*self.mbox]
        for lv in range(4):
            missions.extend(self.mdeck[lv])
            missions.extend(self.mdisc[lv])
        for p in range(n):
            missions.extend(self.earth[p])
            missions.extend(self.space[p])
            missions.extend(self.drawn[p])
        if sorted(missions) != sorted(c.mission):
            out.append("missions are not each in exactly one place")
        objectives: list[str] = [*self.obox]
        for p in range(n):
            objectives.extend(self.objs[p])
        if sorted(objectives) != sorted(c.objective):
            out.append("objectives are not each in exactly one place")
        for ci in range(4):
            if self.supply[ci] + sum(self.tech[p][ci] for p in range(n)) != c.tech_count[ci]:
                out.append(f"{COLOURS[ci]} technology cards do not add up")
            if self.supply[ci] < 0:
                out.append(f"{COLOURS[ci]} supply is negative")
        rockets = b.station_rockets
        for p in range(n):
            if self.money[p] < 0:
                out.append(f"player {p} has negative money")
            if not 1 <= self.lab[p] <= 4:
                out.append(f"player {p} lab level {self.lab[p]}")
            if (
                not 0 <= self.upc[p] <= b.upgrades_per_kind
                or not 0 <= self.upp[p] <= b.upgrades_per_kind
            ):
                out.append(f"player {p} upgrades out of range")
            if not 0 <= self.inc[p] < len(b.income_track):
                out.append(f"player {p} income off the track")
            if self.station_count(p) > rockets:
                out.append(f"player {p} invested more than {rockets} times")
            if sum(self.src[p]) != self.vp[p]:
                out.append(f"player {p} points by source do not add up")
            for lv in range(1, 5):
                if self.owned_level(p, lv) > b.missions_per_level:
                    out.append(f"player {p} owns too many level-{lv} missions")
            names = [c.mission[m].name for m in self.earth[p] + self.space[p]]
            dups = {x for x in names if names.count(x) > 1}
            if any(
                not c.mission[m].duplicates
                for m in self.earth[p] + self.space[p]
                if c.mission[m].name in dups
            ):
                out.append(f"player {p} owns two copies of a mission")
            for m in self.earth[p] + self.space[p]:
                if not self.level_available(int(m[1])) and self.step != "sell":
                    out.append(f"player {p} owns {m} before its level is available")
        if not 1 <= self.rnd <= b.rounds:
            out.append(f"round {self.rnd} out of range")
        if self.step in ("play", "mission", "launch", "sell") and not 0 <= self.turn <= len(
            self.order
        ):
            out.append("turn pointer out of range")
        if self.step == "play":
            lap = min(self.turn, len(self.order) - 1) // n
            for p in range(n):
                if len(self.hand[p]) + len(self.played[p]) != 3:
                    out.append(f"player {p} does not hold 3 specialists this round")
                if len(self.played[p]) > lap + 1:
                    out.append(f"player {p} played too many specialists")
        if self.step in ("direction", "spec_draft"):
            for p in range(n):
                if len(self.hand[p]) != 3 or self.played[p]:
                    out.append(f"player {p} should hold 3 unplayed specialists")
        if self.step == "sell" and self.rnd != b.rounds // 2:
            out.append("the objective sale happens only between the phases")
        if self.step == "over":
            for p in range(n):
                if len(self.hand[p]) != 1:
                    out.append(f"player {p} should end with one specialist in hand")
        if self.step == "obj_draft":
            for p in range(n):
                if len(self.objs[p]) != 3:
                    out.append(f"player {p} should hold 3 objectives while drafting")
        track_rockets = sum(1 for x in self.track if x == NEUTRAL)
        want = len(b.neutral.get(str(n), [])) if n < 4 else 0  # type: ignore[call-overload]
        if track_rockets != want:
            out.append("neutral rockets moved")
        return out

    # -- explanations -----------------------------------------------------------------
    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        from .explain import explain

        return explain(self, player, action)
