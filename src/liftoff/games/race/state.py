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
"""

from __future__ import annotations

from typing import Any, Final, Self

from liftoff.engine import Action, IllegalAction, Outcome, Rng, State

from . import cards as C
from .actions import (
    DISCARD,
    PAY_ONE,
    PAY_TWO,
    PLACE,
    STEAL,
    STEAL_KINDS,
    STEAL_NONE,
    UNDER,
    Discard,
    Pay,
    Place,
    Steal,
    Under,
)
from .content import PlanetTable
from .layout import Planet, player_at

LOADING: Final = 0
RESOLVING: Final = 1
OVER: Final = 2
PHASE_NAMES: Final = ("loading", "resolving", "over")

# pending choices
PAY1: Final = 0  # Ore Production: one energy unit
PAY2: Final = 1  # Terraforming: two energy units from different sources
STEAL_CHOICE: Final = 2

# per-player statistics (flat list, STATS entries per player)
ORE_VP: Final = 0
SETTLER_VP: Final = 1
THEFTS: Final = 2  # cards taken by this player's own Theft
COUNTER: Final = 3  # cards taken by this player in a counter-theft
REPELLED: Final = 4  # this player's Thefts repelled by a Security Force
TERRAFORMS: Final = 5
STATS: Final = 6
STAT_NAMES: Final = ("ore_vp", "settler_vp", "thefts", "counter_thefts", "repelled", "terraforms")

_KIND = C.KIND
_COLOUR = C.COLOUR
_BLUE = C.BLUE
_LIFTOFF = C.LIFTOFF


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
    revealed: list[int]
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
    _revealed_new: bool

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
        self._revealed_new = False

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
        self.revealed = [0] * (2 * np_)
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

    #: a choice made before the last Stop (or round change) comes too late
    stale_rule = "RC-STOP-3"

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
            kinds = self._stealable(2 * planet + victim)
            return [*(STEAL[k] for k in kinds), STEAL_NONE]
        return list(self._pay_options(2 * planet + side, 2 if kind == PAY2 else 1))

    def _energy(self, slot: int) -> tuple[int, int]:
        """Active Solar Modules and Energy Tanks of one row (RC-TANK-1, RC-SOLAR-1)."""
        solar = tanks = 0
        spent = self.spent
        for c in self.pools.get(slot, ()):
            k = _KIND[c]
            if k == C.SOLAR:
                solar += 1
            elif k == C.TANK and c not in spent:
                tanks += 1
        return solar, tanks

    def _pay_options(self, slot: int, units: int) -> tuple[Pay, ...]:
        """The ways to pay ``units`` energy, Solar Modules first (RC-GAP-9).
        Two units need two different sources (RC-SOLAR-2)."""
        solar, tanks = self._energy(slot)
        if units == 1:
            return tuple(a for a, ok in zip(PAY_ONE, (solar >= 1, tanks >= 1), strict=True) if ok)
        oks = (solar >= 2, solar >= 1 and tanks >= 1, tanks >= 2)
        return tuple(a for a, ok in zip(PAY_TWO, oks, strict=True) if ok)

    def _stealable(self, slot: int) -> list[int]:
        """Kinds of the active blue cards in a row, in the default policy's order
        of preference (RC-THEFT-6, RC-GAP-8)."""
        spent = self.spent
        present = {_KIND[c] for c in self.pools.get(slot, ()) if c not in spent}
        return [k for k in STEAL_KINDS if k in present]

    def _active_security(self, slot: int) -> int:
        """The first active Security Force card in a row, or -1 (RC-SEC-1)."""
        spent = self.spent
        for c in self.pools.get(slot, ()):
            if _KIND[c] == C.SECURITY and c not in spent:
                return c
        return -1

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        text = str(action)
        loading_action = isinstance(action, Place | Under | Discard)
        if self.phase != LOADING:
            if loading_action:
                who = self.stop_player
                return IllegalAction(
                    f"loading is over: player {who} called Stop, so nobody may play from "
                    "their stack any more",
                    "RC-STOP-3",
                    player,
                    text,
                )
            if self.pending is None or player != self.pending_player():
                chooser = self.pending_player()
                rule = "RC-THEFT-7" if isinstance(action, Steal) else "RC-RED-4"
                return IllegalAction(
                    f"this choice is not yours to make: player {chooser} is choosing now",
                    rule,
                    player,
                    text,
                )
            kind, planet, _, _ = self.pending
            if kind == STEAL_CHOICE:
                if isinstance(action, Pay):
                    return IllegalAction(
                        "a Theft is being resolved: choose a card to steal or steal none",
                        "RC-THEFT-7",
                        player,
                        text,
                    )
                return IllegalAction(
                    f"there is no active blue card of that kind to take at planet {planet + 1}; "
                    "only revealed, unspent blue cards in the other row can be stolen",
                    "RC-THEFT-6",
                    player,
                    text,
                )
            if isinstance(action, Steal):
                return IllegalAction(
                    "a red card is being paid for: choose which energy sources pay",
                    "RC-RED-4",
                    player,
                    text,
                )
            assert isinstance(action, Pay)
            need = 2 if kind == PAY2 else 1
            if len(action.sources) != need:
                return IllegalAction(
                    f"this order needs exactly {need} energy unit{'s' if need > 1 else ''}",
                    "RC-TERRA-1" if need == 2 else "RC-ORE-1",
                    player,
                    text,
                )
            if action.sources == (C.SOLAR, C.SOLAR):
                return IllegalAction(
                    "one Solar Module gives at most 1 energy unit to a red card, and you have "
                    "only one",
                    "RC-SOLAR-2",
                    player,
                    text,
                )
            return IllegalAction(
                "you do not have those active energy sources at this planet",
                "RC-RED-4",
                player,
                text,
            )
        # loading
        if not loading_action:
            return IllegalAction(
                "while loading you can only place the top card at a planet, put it under "
                "your stack, or discard it",
                "RC-PLAY-5",
                player,
                text,
            )
        assert isinstance(action, Place)
        i = action.planet - 1
        if i >= len(self.planets):
            return IllegalAction(
                f"there is no planet {action.planet} on this table (planets 1-{len(self.planets)})",
                "RC-SETUP-7",
                player,
                text,
            )
        side = self.side_of[player][i]
        if side < 0:
            mine = ", ".join(str(j + 1) for j, s in enumerate(self.side_of[player]) if s >= 0)
            return IllegalAction(
                f"planet {action.planet} is not next to you; you can play at planets {mine}",
                "RC-SETUP-7",
                player,
                text,
            )
        card = self.stacks[player][0]
        row = self.rows[2 * i + side]
        name = C.NAMES[_KIND[card]]
        if _COLOUR[card] == C.RED:
            return IllegalAction(
                f"a red card ({name}) may only follow a Lift Off card or another red card",
                "RC-PLACE-3",
                player,
                text,
            )
        if _KIND[card] == _LIFTOFF:
            return IllegalAction(
                f"your row at planet {action.planet} already has a Lift Off card: only one "
                "per planet, and after it only red cards",
                "RC-PLACE-4",
                player,
                text,
            )
        last = C.NAMES[_KIND[row[-1]]] if row else "nothing"
        return IllegalAction(
            f"after a Lift Off card only red cards may follow (your row ends with {last}); "
            f"a blue card ({name}) must start a row or follow a blue card",
            "RC-PLACE-5",
            player,
            text,
        )

    def _reveals_information(self, player: int, action: Action) -> bool:
        return self._revealed_new

    # -- applying ------------
    def _apply(self, player: int, action: Action) -> None:
        self._revealed_new = False
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
                    self._stop(player)
                    return
            if self.unseen[player]:
                self.unseen[player] -= 1
                self._revealed_new = True
            return
        assert self.pending is not None
        kind, planet, side, victim = self.pending
        self.pending = None
        if isinstance(action, Pay):
            self._pay(planet, side, kind, action.sources)
        else:
            assert isinstance(action, Steal)
            self._take(planet, side, victim, action.kind)
        self._run_resolution()

    # -- Stop and cleanup -----------------------------------------------------------------------
    def _stop(self, player: int) -> None:
        """``player`` emptied their stack: Stop for everyone (RC-STOP-1..3)."""
        self.stop_player = player
        self.stop_callers.append(player)
        self.phase = RESOLVING
        self.log = [("stop", player)]
        self.log_round = self.round
        self.results = []
        self._cleanup()
        self.res_planet = 0
        self.res_turn = self._first_side(0)
        self._run_resolution()

    def _cleanup(self) -> None:
        """Remove illegal cards (lenient mode, RC-CLEAN-1 with the state machine of
        RC-GAP-5) and rows without a Lift Off (RC-CLEAN-2); they are set aside."""
        for slot, row in enumerate(self.rows):
            if not row:
                continue
            p = self.side_players[slot >> 1][slot & 1]
            removed: list[int] = []
            if self.lenient:
                kept: list[int] = []
                red_state = False
                for c in row:
                    col = _COLOUR[c]
                    if (not red_state and col == _BLUE) or (red_state and col == C.RED):
                        kept.append(c)
                    elif not red_state and col == C.YELLOW:
                        kept.append(c)
                        red_state = True
                    else:
                        removed.append(c)
                if removed:
                    self.log.append(
                        ("illegal", slot >> 1, slot & 1, p, [C.code(c) for c in removed])
                    )
                    row[:] = kept
            if not any(_KIND[c] == _LIFTOFF for c in row):
                self.log.append(("no-liftoff", slot >> 1, slot & 1, p, [C.code(c) for c in row]))
                removed.extend(row)
                row.clear()
            if removed:
                self.aside[p].extend(removed)

    def _first_side(self, i: int) -> int:
        """Who reveals first at planet ``i``: the Stop Player, else the first player
        at the planet clockwise from the Stop Player (RC-RES-4, RC-GAP-13)."""
        if i >= len(self.planets):
            return 0
        pa, pb = self.side_players[i]
        n = self.num_players
        q = self.stop_player
        for k in range(n):
            c = (q + k) % n
            if c == pa:
                return 0
            if c == pb:
                return 1
        raise AssertionError("planet without players")  # pragma: no cover

    # -- resolution ------------
    def _run_resolution(self) -> None:
        """Reveal cards until a player must choose, or the round is over."""
        n_planets = len(self.planets)
        rows = self.rows
        revealed = self.revealed
        while self.res_planet < n_planets:
            i = self.res_planet
            s0 = 2 * i
            while True:
                t = self.res_turn
                if revealed[s0 + t] < len(rows[s0 + t]):
                    side = t
                elif revealed[s0 + 1 - t] < len(rows[s0 + 1 - t]):
                    side = 1 - t  # the other keeps revealing alone (RC-RES-5, RC-RES-6)
                else:
                    break
                if self._reveal(i, side):
                    return
            self._score_planet(i)
            self.res_planet = i + 1
            self.res_turn = self._first_side(i + 1)
        self._end_round()

    def _reveal(self, i: int, side: int) -> bool:
        """Reveal the next card of one row; True if a player must now choose."""
        slot = 2 * i + side
        card = self.rows[slot][self.revealed[slot]]
        self.revealed[slot] += 1
        self.res_turn = 1 - side
        kind = _KIND[card]
        player = self.side_players[i][side]
        self.log.append(("reveal", i, side, player, C.CODES[kind]))
        if _COLOUR[card] == _BLUE:
            self.pools.setdefault(slot, []).append(card)  # RC-RES-7
            return False
        if kind == _LIFTOFF:
            return False
        if kind == C.THEFT:
            return self._theft(i, side, player)
        # Ore Production or Terraforming: check requirements now (RC-RED-1)
        if kind == C.ORE:
            units, kind_code = 1, PAY1
            if self.ore_used[i] >= self.table.planets[self.planets[i][0]].ore:
                self.log.append(("fail", i, side, player, "ore", "no ore deposit left"))
                return False
        else:
            units, kind_code = 2, PAY2
        options = self._pay_options(slot, units)
        if not options:
            self.log.append(("fail", i, side, player, C.CODES[kind], "not enough energy"))
            return False  # RC-RED-3: nothing is spent
        if len(options) == 1 or self.auto:
            self._pay(i, side, kind_code, options[0].sources)
            return False
        self.pending = (kind_code, i, side, -1)
        return True

    def _pay(self, i: int, side: int, kind: int, sources: tuple[int, ...]) -> None:
        """Carry out a payable order with the chosen sources (RC-RED-2, RC-ORE-2, RC-TERRA-1)."""
        slot = 2 * i + side
        player = self.side_players[i][side]
        tanks = sources.count(C.TANK)
        if tanks:
            for c in self.pools[slot]:
                if _KIND[c] == C.TANK and c not in self.spent:
                    self.spent.add(c)  # exhausted and set aside (RC-TANK-1)
                    tanks -= 1
                    if not tanks:
                        break
        paid = ",".join(C.CODES[k] for k in sources)
        if kind == PAY1:
            self.ore_used[i] += 1
            self.scores[player] += 1
            self.round_points[player] += 1
            self.stats[player * STATS + ORE_VP] += 1
            self.log.append(("ore", i, side, player, paid))
        else:
            self.terra[i] += 1
            self.stats[player * STATS + TERRAFORMS] += 1
            self.log.append(("terraform", i, side, player, paid))

    def _theft(self, i: int, side: int, player: int) -> bool:
        """A Theft: repelled by an active Security Force (RC-THEFT-3, RC-SEC-2), else
        the thief may take an active blue card (RC-THEFT-2)."""
        slot = 2 * i + side
        other = 2 * i + 1 - side
        guard = self._active_security(other)
        if guard >= 0:
            if self.security_once:
                self.spent.add(guard)
            self.stats[player * STATS + REPELLED] += 1
            self.log.append(("repelled", i, side, player))
            chooser, victim = 1 - side, side
            victim_slot = slot
        else:
            self.log.append(("theft", i, side, player))
            chooser, victim = side, 1 - side
            victim_slot = other
        kinds = self._stealable(victim_slot)
        if not kinds:
            self.log.append(("steal", i, chooser, self.side_players[i][chooser], "none"))
            return False
        if self.auto:
            self._take(i, chooser, victim, kinds[0])
            return False
        self.pending = (STEAL_CHOICE, i, chooser, victim)
        return True

    def _take(self, i: int, chooser: int, victim: int, kind: int | None) -> None:
        """Move one active blue card of ``kind`` from ``victim``'s row to the end of
        ``chooser``'s (RC-GAP-8), or take nothing."""
        player = self.side_players[i][chooser]
        if kind is None:
            self.log.append(("steal", i, chooser, player, "none"))
            return
        src = self.pools[2 * i + victim]
        for j, c in enumerate(src):
            if _KIND[c] == kind and c not in self.spent:
                del src[j]
                self.pools.setdefault(2 * i + chooser, []).append(c)
                break
        counter = self.log and self.log[-1][0] == "repelled"
        self.stats[player * STATS + (COUNTER if counter else THEFTS)] += 1
        self.log.append(("steal", i, chooser, player, C.CODES[kind]))

    def settlers(self, i: int, side: int) -> int:
        """Settlers held on one side of planet ``i`` (own or stolen, RC-PLANET-1)."""
        return sum(1 for c in self.pools.get(2 * i + side, ()) if _KIND[c] == C.SETTLERS)

    def _score_planet(self, i: int) -> None:
        """Settler majority on a habitable planet (RC-PLANET-1..4, RC-GAP-16)."""
        ptype = self.table.planets[self.planets[i][0]]
        habitable = self.terra[i] >= ptype.terraforming
        a, b = self.settlers(i, 0), self.settlers(i, 1)
        winner = -1
        if habitable and a != b and max(a, b) >= 1:
            side = 0 if a > b else 1
            winner = self.side_players[i][side]
            self.scores[winner] += ptype.vp
            self.round_points[winner] += ptype.vp
            self.stats[winner * STATS + SETTLER_VP] += ptype.vp
            self.scored.append((self.round, i, winner, ptype.vp))
        self.results.append((i, int(habitable), a, b, winner, ptype.vp if winner >= 0 else 0))
        if self.rows[2 * i] or self.rows[2 * i + 1]:
            self.log.append(("planet", i, winner, ptype.vp if winner >= 0 else 0))

    def _end_round(self) -> None:
        """Scores carried over (RC-SCORE-2); next round or the end (RC-GAME-1)."""
        self.round_scores.append(tuple(self.round_points))
        if self.round + 1 < self.total_rounds:
            self._start_round(self.round + 1)
        else:
            self.phase = OVER

    # -- results ------------
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        n = self.num_players
        settler_vp = [self.stats[p * STATS + SETTLER_VP] for p in range(n)]
        keys: list[tuple[int, ...]] = [
            (self.scores[p], settler_vp[p]) if self.tiebreak == "settlers" else (self.scores[p],)
            for p in range(n)
        ]
        return Outcome.from_keys(keys, list(self.scores), "rounds", self.details())

    def details(self) -> dict[str, Any]:
        """Game facts for studies: VP by source, thefts, planets scored, Stop callers."""
        n = self.num_players
        out: dict[str, Any] = {
            name: [self.stats[p * STATS + k] for p in range(n)] for k, name in enumerate(STAT_NAMES)
        }
        out["round_scores"] = [list(r) for r in self.round_scores]
        out["stop_callers"] = list(self.stop_callers)
        out["planets_scored"] = [
            {
                "round": r + 1,
                "planet": i + 1,
                "name": self.table.planets[self.planets[i][0]].name,
                "player": p,
                "vp": vp,
            }
            for r, i, p, vp in self.scored
        ]
        out["planet_table"] = "reconstructed" if self.table.reconstructed else self.table.source
        return out

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
        new.revealed = self.revealed.copy()
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
        new._revealed_new = self._revealed_new
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
            "revealed": list(self.revealed),
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
            "revealed_new": self._revealed_new,
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
        self.revealed = [int(x) for x in data["revealed"]]
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
        self._revealed_new = bool(data["revealed_new"])

    # -- information ------------
    def view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

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
        new._start_from_here(seed)
        return new

    # -- checks ------------
    def invariants(self) -> list[str]:
        problems: list[str] = []
        n = self.num_players
        where: dict[int, str] = {}
        piles: list[tuple[str, list[int]]] = []
        for p in range(n):
            piles.append((f"stack of {p}", self.stacks[p]))
            piles.append((f"discards of {p}", self.discards[p]))
            piles.append((f"set-aside of {p}", self.aside[p]))
        for slot, row in enumerate(self.rows):
            piles.append((f"row {slot & 1} of planet {(slot >> 1) + 1}", row))
        for name, pile in piles:
            for c in pile:
                if c in where:
                    problems.append(f"card {c} is in {where[c]} and in {name}")
                where[c] = name
        for p in range(n):
            missing = [c for c in C.player_set(p) if c not in where]
            if missing:
                problems.append(f"player {p}'s cards {missing} are nowhere")
        extra = [c for c in where if not 0 <= c < n * C.SET_SIZE]
        if extra:
            problems.append(f"unknown cards {extra}")
        for slot, row in enumerate(self.rows):
            if any(C.owner(c) != self.side_players[slot >> 1][slot & 1] for c in row):
                problems.append(f"row {slot} holds a card its player did not place")
        # stolen cards stay at their planet and are revealed blue cards
        for i in range(len(self.planets)):
            shown = sorted(
                c
                for s in (2 * i, 2 * i + 1)
                for c in self.rows[s][: self.revealed[s]]
                if _COLOUR[c] == _BLUE
            )
            held = sorted(self.pools.get(2 * i, []) + self.pools.get(2 * i + 1, []))
            if shown != held:
                problems.append(f"planet {i + 1}: revealed blue cards {shown} but held {held}")
        for slot in range(len(self.rows)):
            if self.revealed[slot] > len(self.rows[slot]):
                problems.append(f"row {slot}: more cards revealed than placed")
        if self.phase == LOADING:
            if self.pools or self.spent or any(self.revealed):
                problems.append("resolution leftovers during loading (stolen cards not returned)")
            for p in range(n):
                if not self.stacks[p]:
                    problems.append(f"player {p} has an empty stack during loading")
                if not 0 <= self.unseen[p] <= max(0, len(self.stacks[p]) - 1):
                    problems.append(f"player {p}: {self.unseen[p]} unseen of {len(self.stacks[p])}")
                if self.stacks[p] and self.unseen[p] > len(self.stacks[p]) - 1:
                    problems.append(f"player {p}: unseen count too large")
            if self.lenient is False:
                for slot, row in enumerate(self.rows):
                    for j in range(len(row)):
                        if not self._place_ok(row[j], row[:j]):
                            problems.append(f"illegal card in row {slot}")
        for c in self.spent:
            if _KIND[c] not in (C.TANK, C.SECURITY):
                problems.append(f"card {c} ({C.code(c)}) is spent but cannot be used up")
        # scores
        for p in range(n):
            total = sum(r[p] for r in self.round_scores) + (
                self.round_points[p] if self.phase != OVER else 0
            )
            if total != self.scores[p]:
                problems.append(f"player {p}: score {self.scores[p]} but rounds add to {total}")
            parts = self.stats[p * STATS + ORE_VP] + self.stats[p * STATS + SETTLER_VP]
            if parts != self.scores[p]:
                problems.append(f"player {p}: score {self.scores[p]} but ore+settlers give {parts}")
        if len(self.round_scores) != self.round + (1 if self.phase == OVER else 0):
            problems.append("round scores do not match the round number")
        return problems


def _log_json(entry: tuple[Any, ...]) -> list[Any]:
    return [list(x) if isinstance(x, list) else x for x in entry]


def _log_load(x: Any) -> Any:
    if isinstance(x, list):
        return [str(v) for v in x]
    return x
