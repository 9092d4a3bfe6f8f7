"""The rules of *Lift Off! Get me off this Planet!* as a :class:`State`.

The state is plain data (ints and lists of ints) so that ``clone`` is a handful
of list copies. Aliens of one colour are interchangeable, and so are cards of
one kind: the state keeps counts, not objects.

Turn flow (PL-TURN): the Draw step happens automatically when a turn starts;
the Play step is a sequence of actions ending with ``end``, which runs the Moon
step and starts the next turn. Two kinds of window interrupt a turn and let
other players act: the Teleport payment window (PL-TELE-4, PL-GAP-17) and, in
Let's Team Up, the Action-card window after each action of the active player
(PL-TEAM-4, PL-GAP-30).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Self

from liftoff.engine import Action, IllegalAction, Outcome, Rng, State

from . import actions as A
from .actions import CORE
from .cards import (
    ACTIONS,
    ASTEROIDS,
    CODES,
    GARGLORE,
    KIND_OF,
    MOON,
    MYA,
    NUM_KINDS,
    STORM,
    SUPERNOVA,
    TERRAFORM,
    TOKENS,
    TORNADO,
    F,
    S,
    W,
)
from .config import FULL, NEW, PHASE_NAMES, PLAYERS_CAPACITY, LiftOffPoint, PlanetConfig

PLAY, TELEPORT, TEAM, OVER = 0, 1, 2, 3
STAGE_NAMES = ("play", "teleport", "team", "over")
# what to do when a window closes
R_PLAY, R_TEAM, R_AFTER_MOON, R_AFTER_EXPIRY = 0, 1, 2, 3
NO_OVERRIDE = -1
POOL, ABSENT = -1, -2
EXITS = (0, 2, 4, 6)

# Interned actions: legal-action generation returns shared instances (building a
# frozen dataclass costs far more than a dict lookup).
_INTERNED: dict[tuple[Any, ...], Action] = {}


def _act(cls: type[Action], *args: Any) -> Action:
    key = (cls, *args)
    got = _INTERNED.get(key)
    if got is None:
        got = _INTERNED[key] = cls(*args)
    return got


_CORE_MOVES = tuple(A.Move(CORE, e) for e in EXITS)
_STEP_MOVES = tuple((A.Move(seg, (seg + 1) % 8), A.Move(seg, (seg - 1) % 8)) for seg in range(8))
_MOON_PLAYS = (A.PlayMoon("ccw"), A.PlayMoon("cw"))
_SIMPLE_PLAYS = tuple(
    (kind, A.PlaySimple(name))
    for kind, name in (
        (SUPERNOVA, "supernova"),
        (ASTEROIDS, "asteroids"),
        (TORNADO, "tornado"),
        (STORM, "storm"),
    )
)
_STORM = A.PlaySimple("storm")
_TRADES = tuple(
    tuple(A.Trade(CODES[a], CODES[b]) for b in range(NUM_KINDS)) for a in range(NUM_KINDS)
)


_EXTRAS: dict[
    int, tuple[LiftOffPoint, tuple[tuple[int, Action], ...], tuple[tuple[int, Action], ...]]
] = {}
_BOARDS: dict[tuple[Any, ...], list[Action]] = {}


def _extras(
    lp: LiftOffPoint,
) -> tuple[tuple[tuple[int, Action], ...], tuple[tuple[int, Action], ...]]:
    """The extra-payment and die-roll actions of ``lp``, each with the card kind it needs."""
    got = _EXTRAS.get(id(lp))
    if got is None:
        pays: list[tuple[int, Action]] = []
        rolls: list[tuple[int, Action]] = []
        if lp.mechanic == "threshold":
            if lp.lift[0]:
                pays += [(F, A.Pay(lp.id, "F")), (W, A.Pay(lp.id, "W=F"))]
            if lp.lift[1]:
                pays += [(S, A.Pay(lp.id, "S")), (W, A.Pay(lp.id, "W=S"))]
        elif lp.mechanic == "dice":
            if lp.roll_kind == "fuel":
                rolls += [(F, A.Roll(lp.id, "F")), (W, A.Roll(lp.id, "W=F"))]
            else:
                rolls += [(S, A.Roll(lp.id, "S")), (W, A.Roll(lp.id, "W=S"))]
        got = _EXTRAS[id(lp)] = (lp, tuple(pays), tuple(rolls))
    return got[1], got[2]


_SLOT_INFO: dict[tuple[int, tuple[str, ...]], tuple[Any, ...]] = {}
_TRADE_LISTS: dict[tuple[int, ...], tuple[Action, ...]] = {}


def _slot_info(
    cfg: PlanetConfig, slots: list[str]
) -> tuple[
    tuple[LiftOffPoint, tuple[tuple[int, Action], ...], tuple[tuple[int, Action], ...]], ...
]:
    """Per slot: the Lift Off Point and its extra-payment and roll actions (memoised)."""
    key = (id(cfg.lps), tuple(slots))
    got = _SLOT_INFO.get(key)
    if got is None:
        info = []
        for lp_id in slots:
            lp = cfg.lps[lp_id]
            info.append((lp, *_extras(lp)))
        got = _SLOT_INFO[key] = (tuple(info), cfg.lps)  # keep the lps dict alive with its id
    result: tuple[Any, ...] = got[0]
    return result


def _trades(hand: list[int]) -> tuple[Action, ...]:
    """Every 2-for-1 trade a hand allows (memoised on which kinds it holds once or twice)."""
    key = tuple(c if c < 2 else 2 for c in hand)  # bounded: 3 values per kind
    got = _TRADE_LISTS.get(key)
    if got is None:
        kinds = [k for k in range(NUM_KINDS) if key[k]]
        found: list[Action] = []
        for i, a in enumerate(kinds):
            for b in kinds[i:]:
                if a != b or key[a] >= 2:
                    found.append(_TRADES[a][b])
        got = _TRADE_LISTS[key] = tuple(found)
    return got


def _boards(lp: LiftOffPoint, hand: list[int], cost: tuple[int, int, int]) -> list[Action]:
    """Board actions for every exact payment of ``cost`` from ``hand`` (memoised)."""
    fuel, screw, act = cost
    kinds = tuple(k for k in ACTIONS if hand[k]) if act else ()
    key = (
        lp.id,
        id(lp),
        cost,
        min(hand[F], fuel),
        min(hand[S], screw),
        min(hand[W], fuel + screw),
        kinds,
        tuple(min(hand[k], act) for k in kinds),
    )
    got = _BOARDS.get(key)
    if got is None:
        got = _BOARDS[key] = [A.Board(lp.id, pay) for pay in PlanetState._payments(hand, cost)]
        _EXTRAS.setdefault(id(lp), (lp, *_extras(lp)))  # keep lp alive while id(lp) is a key
    return got


def slot_seg(slot: int) -> int:
    """The surface segment of LP slot 0..3 (S1, S3, S5, S7)."""
    return 2 * slot + 1


class PlanetState(State):
    """A game of planet. Build one with ``liftoff.games.get("planet").new_game``."""

    cfg: PlanetConfig
    # Lift Offs made by the re-check after a roll, a Teleport payment, a handover or
    # the Stargate (rules 2, PL-LIFT-1). Rules 1 missed them, so a record of rules 1
    # replays unchanged exactly when this stays 0 (a replay diagnostic: not saved).
    rechecked_launches: int = 0

    # -- setup ---------------------------------------------------------------
    def _setup(self, first_player: int) -> None:
        cfg = self.cfg
        n = cfg.players
        self.turn = first_player
        self.stage = PLAY
        self.moves = 2
        self.moon = 0
        self.moon_net = 0
        self.override = NO_OVERRIDE
        self.garglore = POOL if cfg.garglore_in_play else ABSENT
        if cfg.first_game:
            self.slots = list(cfg.first_game_lps)
        else:
            pool = list(cfg.lp_order)
            self.rng.shuffle(pool)
            self.slots = pool[:4]  # PL-SETUP-1
        self.box = sorted(lp for lp in cfg.lp_order if lp not in self.slots)
        self.removed: list[str] = []
        self.core = [cfg.aliens] * n
        self.surf = [[0] * 8 for _ in range(n)]
        self.saved = [0] * n
        self.boarded: list[list[int]] = [[] for _ in range(4)]
        self.area = [[0] * NUM_KINDS for _ in range(4)]
        self.afuel = [0] * 4
        self.ascrew = [0] * 4
        self.hands = [[0] * NUM_KINDS for _ in range(n)]
        self.draw: list[int] = [k for k, c in enumerate(cfg.deck_counts) for _ in range(c)]
        self.rng.shuffle(self.draw)  # PL-SETUP-7
        self.discard = [0] * NUM_KINDS
        self.finish_seq = [0] * n
        self.seq = 0
        self.termination = ""
        self.resume: list[int] = []
        self.win_queue: list[int] = []
        self.win_pledges: list[list[int]] = []
        self.win_need = 0
        self.team_queue: list[int] = []
        self.events: list[str] = []
        self.launches: dict[str, int] = {}
        self.saved_by_lp: dict[str, int] = {}
        self.saved_by_day: list[int] = [0] * (cfg.days_total + 1)
        self.turns = 0
        for p in range(n):
            self._draw(p, cfg.start_cards)
        self.events = []
        self._start_turn(first_player)

    # -- small helpers -------------------------------------------------------
    @property
    def days_passed(self) -> int:
        """Days the Sun has moved forward (PL-GAP-5: net Moon orbits, never below 0)."""
        return max(0, self.moon_net // len(self.cfg.spots))

    def phase(self, slot: int) -> int:
        """The effective Moon phase at LP slot 0..3 (Supernova!/Asteroids! override)."""
        if self.override != NO_OVERRIDE:
            return self.override
        return self.cfg.phase_table[self.moon][slot]

    def lp_at(self, slot: int) -> LiftOffPoint:
        return self.cfg.lps[self.slots[slot]]

    def slot_of(self, lp: str) -> int:
        """The slot 0..3 holding ``lp``, or -1."""
        try:
            return self.slots.index(lp)
        except ValueError:
            return -1

    def on_planet(self, p: int) -> int:
        """How many of ``p``'s Aliens are not saved."""
        return self.cfg.aliens - self.saved[p]

    def resources(self, p: int) -> int:
        """Resource cards in ``p``'s hand (the tie-break, PL-GAP-28)."""
        h = self.hands[p]
        return h[F] + h[S] + h[W]

    def capacity(self, slot: int) -> int:
        cap = self.lp_at(slot).capacity
        if cap == PLAYERS_CAPACITY:
            return self._miracle_required()
        return cap

    def _miracle_required(self) -> int:
        # PL-GAP-22: every player who still has an Alien on the planet
        return sum(1 for p in range(self.cfg.players) if self.on_planet(p) > 0)

    def placement_cost(self, slot: int) -> tuple[int, int, int]:
        """What boarding ``slot`` costs now (PL-JET-2, PL-UFO-2, PL-SLING-2, …)."""
        lp = self.lp_at(slot)
        if lp.placement is not None:
            return lp.placement
        if lp.by_phase is not None:
            return lp.by_phase[self.phase(slot)]
        assert lp.by_order is not None
        n = len(self.boarded[slot])
        return lp.by_order[min(n, len(lp.by_order) - 1)]  # PL-GAP-25

    def blocked(self, slot: int) -> bool:
        """Whether the Garglore sits on ``slot`` (PL-GARG-2)."""
        return self.garglore == slot

    def _event(self, text: str) -> None:
        self.events.append(text)

    def _next_in_order(self, p: int) -> int:
        return (p + 1) % self.cfg.players

    def _order_from(self, first: int) -> list[int]:
        n = self.cfg.players
        return [(first + i) % n for i in range(n)]

    # -- cards ---------------------------------------------------------------
    def _draw(self, p: int, n: int) -> int:
        """Draw ``n`` cards (reshuffling the discard pile when needed, PL-CARD-2,
        PL-GAP-13); returns how many were drawn."""
        got = 0
        hand = self.hands[p]
        for _ in range(n):
            if not self.draw:
                if not any(self.discard):
                    break
                self.draw = [k for k, c in enumerate(self.discard) for _ in range(c)]
                self.discard = [0] * NUM_KINDS
                self.rng.shuffle(self.draw)
                self._event("the discard pile is shuffled into a new draw pile")
            hand[self.draw.pop()] += 1
            got += 1
        return got

    def _discard_area(self, slot: int) -> None:
        area = self.area[slot]
        for k in range(NUM_KINDS):
            if area[k]:
                self.discard[k] += area[k]
                area[k] = 0
        self.afuel[slot] = self.ascrew[slot] = 0

    def _discard_hand(self, p: int) -> None:
        hand = self.hands[p]
        for k in range(NUM_KINDS):
            if hand[k]:
                self.discard[k] += hand[k]
                hand[k] = 0

    # -- turn flow -----------------------------------------------------------
    def _start_turn(self, p: int) -> None:
        self.turn = p
        self.stage = PLAY
        self.moves = 2  # PL-MOVE-1
        self.turns += 1
        got = self._draw(p, 2)  # PL-TURN-2
        self._event(f"p{p} draws {got} card{'s' if got != 1 else ''}")

    def _next_turn(self) -> None:
        if self.stage == OVER:
            return
        p = self._next_in_order(self.turn)
        if self.cfg.family and not self.cfg.team and not self.cfg.finished_keep_playing:
            for _ in range(self.cfg.players):
                if not self.finish_seq[p]:
                    break
                p = self._next_in_order(p)  # PL-GAP-29: finished players are skipped
        self._start_turn(p)

    def _end_turn(self) -> None:
        """The Moon step (PL-TURN-4) and what follows it."""
        before = self._tele_new()
        self._move_moon(+1)
        if self._open_window(before, R_AFTER_MOON):
            return
        self._after_moon()

    def _after_moon(self) -> None:
        if self.stage == OVER:
            return
        if self.override != NO_OVERRIDE:
            before = self._tele_new()
            self.override = NO_OVERRIDE  # PL-GAP-19: the override ends with the turn
            self._event("the Moon's phases return")
            self._check_lifts()
            if self._open_window(before, R_AFTER_EXPIRY):
                return
        self._next_turn()

    def _resume(self, code: int) -> None:
        if self.stage == OVER:
            return
        if code == R_PLAY:
            self.stage = PLAY
            self._after_play_action()
        elif code == R_TEAM:
            self.stage = TEAM if self.team_queue else PLAY
            if self.stage == PLAY:
                self._after_play_action(open_team=False)
        elif code == R_AFTER_MOON:
            self._after_moon()
        else:
            self._next_turn()

    def _after_play_action(self, open_team: bool = True) -> None:
        """After an action in the Play step: Team Up window, Family Fun turn end."""
        if self.stage != PLAY:
            return
        cfg = self.cfg
        if cfg.family and self.finish_seq[self.turn] and not cfg.team:
            if cfg.finished_keep_playing:  # PL-GAP-29 alternative: they keep taking turns
                return
            self._event(f"p{self.turn} has saved every Alien; the turn ends")  # PL-FAM-1
            self._end_turn()
            return
        if open_team and self.cfg.team:
            queue = [q for q in self._order_from(self.turn)[1:] if any(self.hands[q])]
            if queue:
                self.team_queue = queue
                self.stage = TEAM

    # -- the Moon ------------------------------------------------------------
    def _move_moon(self, delta: int) -> None:
        """Move the Moon one spot (+1 counter-clockwise) with every consequence
        (PL-MOON-7/9, PL-DAY-1/2, PL-ORDER-1)."""
        size = len(self.cfg.spots)
        days_before = self.days_passed
        self.moon = (self.moon + delta) % size
        self.moon_net += delta
        days = self.days_passed
        self._event(
            f"the Moon moves {'counter-clockwise' if delta > 0 else 'clockwise'} "
            f"to {self.cfg.spots[self.moon]}"
        )
        if days > days_before:
            self._event(f"the Sun moves forward: {self.cfg.days_total - days} day(s) left")
        elif days < days_before:
            self._event(f"the Sun moves back: {self.cfg.days_total - days} day(s) left")
        if self.moon == 0:
            if days >= self.cfg.days_total:  # PL-DAY-3, PL-ORDER-1 (2)
                self._event("the Sun reaches the explosion: the planet explodes!")
                self._game_over("explosion")
                return
            if self.garglore >= 0:  # PL-GARG-4
                self._event(
                    f"the Garglore returns to its lava pool from {self.slots[self.garglore]}"
                )
                self.garglore = POOL
                self._check_lifts()
                if self.stage == OVER:
                    return
            sg = self.slot_of("stargate")
            if sg >= 0:  # PL-SGATE-3
                self._stargate_roll(sg)
                if self.stage == OVER:
                    return
        self._check_lifts()

    def _tele_new(self) -> bool:
        slot = self.slot_of("teleport")
        return slot >= 0 and self.phase(slot) == NEW

    def _open_window(self, was_new: bool, resume: int) -> bool:
        """Open the Teleport window if its phase just became New (PL-GAP-17)."""
        if self.stage == OVER or was_new or not self._tele_new():
            return False
        slot = self.slot_of("teleport")
        if not self.boarded[slot] or self.blocked(slot):  # PL-GARG-5
            return False
        owners = set(self.boarded[slot])
        self.win_queue = [p for p in self._order_from(self.turn) if p in owners]
        self.win_pledges = []
        lp = self.lp_at(slot)
        self.win_need = lp.fuel_per_alien * len(self.boarded[slot])
        self.resume.append(resume)
        self.stage = TELEPORT
        self._event(f"New Moon at the Teleport: {self.win_need} Fuel needed")
        return True

    def _close_window(self, paid: bool) -> None:
        slot = self.slot_of("teleport")
        code = self.resume.pop()  # before the Lift Off: a rescue ends the game and clears it
        if paid:
            for p, fuel, wild in self.win_pledges:
                self.hands[p][F] -= fuel
                self.hands[p][W] -= wild
                self.discard[F] += fuel
                self.discard[W] += wild
            self._event("the Teleport's cost is paid")
            self._lift_together([slot])
        else:
            self._event("not enough Fuel is offered: nobody teleports")  # PL-TELE-6
        self.win_queue = []
        self.win_pledges = []
        self.win_need = 0
        if self.stage == OVER:
            return
        self.stage = PLAY  # provisional; _resume decides
        self._resume(code)

    # -- Lift Off ------------------------------------------------------------
    def _ready(self, slot: int) -> bool:
        """Whether ``slot`` lifts off by itself now (threshold, instant, miracle)."""
        boarded = self.boarded[slot]
        if not boarded or self.blocked(slot):  # PL-LIFT-7, PL-GARG-2
            return False
        lp = self.lp_at(slot)
        mech = lp.mechanic
        if mech == "threshold":
            return (
                self.afuel[slot] >= lp.lift[0]
                and self.ascrew[slot] >= lp.lift[1]
                and self.phase(slot) in lp.phases
            )
        if mech == "instant":
            return True  # PL-JET-4: only waits while the Garglore blocks it
        if mech == "miracle":
            need = {p for p in range(self.cfg.players) if self.on_planet(p) > 0}
            return set(boarded) >= need  # PL-MIRA-4
        return False

    def _check_lifts(self) -> None:
        """Lift off every LP whose requirements are met, together (PL-ORDER-2)."""
        if self.stage == OVER:
            return
        while True:
            ready = [slot for slot in range(4) if self._ready(slot)]
            if not ready:
                return
            self._launch(ready)
            if self.stage == OVER:
                return

    def _lift_together(self, slots: list[int]) -> None:
        """Lift off ``slots`` (a die roll, a Teleport payment, a Slingshot handover,
        the Stargate's face), then every other Lift Off Point whose condition this
        made true, at once (PL-LIFT-1): saving a player's last Alien can complete
        a Miracle (PL-MIRA-4, PL-GAP-22)."""
        self._launch(slots)
        if self.stage == OVER:
            return
        launches = sum(self.launches.values())
        self._check_lifts()
        if sum(self.launches.values()) != launches:
            self.rechecked_launches += 1

    def _launch(self, slots: list[int]) -> None:
        """Every boarded Alien on ``slots`` is saved at once; then the end is checked."""
        day = min(self.days_passed, self.cfg.days_total)
        for slot in slots:
            lp_id = self.slots[slot]
            owners = self.boarded[slot]
            for p in owners:
                self.saved[p] += 1
            self.launches[lp_id] = self.launches.get(lp_id, 0) + 1
            self.saved_by_lp[lp_id] = self.saved_by_lp.get(lp_id, 0) + len(owners)
            self.saved_by_day[day] += len(owners)
            who = ", ".join(f"p{p}" for p in owners)
            self._event(f"LIFT OFF from {self.lp_at(slot).name}: {who}")
            self.boarded[slot] = []
            self._discard_area(slot)  # PL-PAY-8
        self._check_end()

    def _check_end(self) -> None:
        cfg = self.cfg
        newly = [
            p for p in range(cfg.players) if self.saved[p] >= cfg.aliens and not self.finish_seq[p]
        ]
        if not newly:
            return
        self.seq += 1
        for p in newly:
            self.finish_seq[p] = self.seq
            self._event(f"p{p} has saved all their Aliens!")
        if cfg.team:
            for a, b in ((0, 2), (1, 3)):
                if self.finish_seq[a] and self.finish_seq[b]:
                    self._game_over("rescue")  # PL-TEAM-5
                    return
        elif cfg.family:
            if all(self.finish_seq):
                self._game_over("all_rescued")  # PL-GAP-29
        else:
            self._game_over("rescue")  # PL-END-2

    def _game_over(self, why: str) -> None:
        self.stage = OVER
        self.termination = why
        self.resume = []
        self.win_queue = []
        self.team_queue = []

    # -- Stargate ------------------------------------------------------------
    def _stargate_roll(self, slot: int) -> None:
        face = self.cfg.stargate_faces[self.rng.below(len(self.cfg.stargate_faces))]
        self._event(f"Stargate die: {face}")
        seg = slot_seg(slot)
        if face in ("draw1", "draw2"):  # PL-SGATE-4/5
            n = 1 if face == "draw1" else 2
            for p in self._order_from(self.turn):
                self._draw(p, n)
        elif face == "earthquake":  # PL-SGATE-6
            for p in range(self.cfg.players):
                self.core[p] += self.surf[p][seg]
                self.surf[p][seg] = 0
            for p in self.boarded[slot]:
                self.core[p] += 1
            self.boarded[slot] = []
            self._discard_area(slot)
            self.removed.append(self.slots[slot])
            if self.box:
                new = self.box[self.rng.below(len(self.box))]  # PL-GAP-27
                self.box.remove(new)
                self.slots[slot] = new
                self._event(f"the Stargate is destroyed and replaced by {self.lp_at(slot).name}")
        elif face == "tornado":  # PL-SGATE-7
            self._tornado()
        elif face == "storm":  # PL-SGATE-8
            for p in range(self.cfg.players):
                self._discard_hand(p)
        elif face == "liftoff" and self.boarded[slot] and not self.blocked(slot):  # PL-SGATE-9
            self._lift_together([slot])

    def _tornado(self) -> None:
        for p in range(self.cfg.players):
            row = self.surf[p]
            moved = sum(row)
            if moved:
                self.core[p] += moved
                self.surf[p] = [0] * 8

    # -- legal actions -------------------------------------------------------
    def active_players(self) -> tuple[int, ...]:
        st = self.stage
        if st == PLAY:
            return (self.turn,)
        if st == TELEPORT:
            return (self.win_queue[0],)
        if st == TEAM:
            return (self.team_queue[0],)
        return ()

    def is_over(self) -> bool:
        return self.stage == OVER

    def _legal_actions(self, player: int) -> list[Action]:
        st = self.stage
        if st == PLAY:
            return self._play_actions(player) if player == self.turn else []
        if st == TELEPORT:
            return self._pledges(player) if player == self.win_queue[0] else []
        if st == TEAM:
            if player != self.team_queue[0]:
                return []
            return [A.PASS, *self._card_plays(player)]
        return []

    def _pledges(self, p: int) -> list[Action]:
        left = self.win_need - sum(f + w for _, f, w in self.win_pledges)
        hand = self.hands[p]
        out: list[Action] = []
        for fuel in range(min(hand[F], left) + 1):
            for wild in range(min(hand[W], left - fuel) + 1):
                out.append(_act(A.Pledge, fuel, wild))
        return out

    def _play_actions(self, p: int) -> list[Action]:
        out: list[Action] = [A.END]
        row = self.surf[p]
        boarded = self.boarded
        if self.moves > 0:
            if self.core[p]:
                out.extend(_CORE_MOVES)
            for seg in range(8):
                if row[seg]:
                    out.extend(_STEP_MOVES[seg])
            for slot in range(4):
                if p in boarded[slot]:
                    out.append(_act(A.Abandon, self.slots[slot]))
        hand = self.hands[p]
        for slot, (lp, pays, rolls) in enumerate(_slot_info(self.cfg, self.slots)):
            if row[2 * slot + 1] and not self._can_board(p, slot):
                out.extend(_boards(lp, hand, self.placement_cost(slot)))
            if pays:  # extra payments only where they count (PL-LR-1)
                for kind, a in pays:
                    if hand[kind]:
                        out.append(a)
            elif rolls and boarded[slot] and self.garglore != slot:
                for kind, a in rolls:
                    if hand[kind]:
                        out.append(a)
        out.extend(self._card_plays(p))
        out.extend(_trades(hand))
        return out

    def _can_board(self, p: int, slot: int) -> str:
        """Empty string when ``p`` may board ``slot`` now, else the rule that forbids it."""
        if not self.surf[p][slot_seg(slot)]:
            return "PL-PAY-1"
        lp = self.lp_at(slot)
        n = len(self.boarded[slot])
        if lp.mechanic == "slingshot":
            if n and self.blocked(slot):
                return "PL-GARG-5"  # PL-GAP-18: the handover cannot complete
        elif n >= self.capacity(slot):
            return "PL-LIFT-5"
        if lp.mechanic == "miracle" and p in self.boarded[slot]:
            return "PL-MIRA-3"
        return ""

    def _board_payments(self, p: int, slot: int) -> list[tuple[str, ...]]:
        if self._can_board(p, slot):
            return []
        return self._payments(self.hands[p], self.placement_cost(slot))

    @staticmethod
    def _payments(hand: list[int], cost: tuple[int, int, int]) -> list[tuple[str, ...]]:
        """Every distinct way to pay ``cost`` exactly from ``hand`` (tokens in canonical order)."""
        fuel, screw, act = cost
        res: list[tuple[str, ...]] = []
        wilds = hand[W]
        for wf in range(min(fuel, wilds) + 1):
            if hand[F] < fuel - wf:
                continue
            for ws in range(min(screw, wilds - wf) + 1):
                if hand[S] < screw - ws:
                    continue
                res.append(
                    ("F",) * (fuel - wf) + ("W=F",) * wf + ("S",) * (screw - ws) + ("W=S",) * ws
                )
        if not act:
            return res
        kinds = [k for k in ACTIONS if hand[k]]
        combos: list[tuple[str, ...]] = []
        for combo in combinations_with_replacement(kinds, act):
            if all(hand[k] >= combo.count(k) for k in set(combo)):
                combos.append(tuple(CODES[k] for k in combo))
        return [r + c for r in res for c in combos]

    def _card_plays(self, p: int) -> list[Action]:
        """Action cards ``p`` can play now, for their effect (PL-CARD-6, PL-TEAM-4)."""
        hand = self.hands[p]
        out: list[Action] = []
        if hand[MOON]:
            out.extend(_MOON_PLAYS)
        for kind, play in _SIMPLE_PLAYS:
            if hand[kind]:
                out.append(play)
        if hand[MYA]:
            owners = range(self.cfg.players) if self.cfg.cutthroat else (p,)
            for o in owners:
                if self.core[o]:
                    out.extend(_act(A.PlayMya, o, CORE, e) for e in EXITS)
                row = self.surf[o]
                for seg in range(8):
                    if row[seg]:
                        out.append(_act(A.PlayMya, o, seg, (seg + 1) % 8))
                        out.append(_act(A.PlayMya, o, seg, (seg - 1) % 8))
                for slot in range(4):
                    if o in self.boarded[slot]:
                        out.append(_act(A.PlayMyaOff, o, self.slots[slot]))
        if hand[TERRAFORM] and self.box:
            for slot in range(4):
                if self.boarded[slot] and not self.cfg.vicious:
                    continue  # PL-ACT-TERRA-1
                lp = self.slots[slot]
                if self.cfg.random_terraform:
                    out.append(_act(A.PlayTerraform, lp, ""))
                else:
                    out.extend(_act(A.PlayTerraform, lp, new) for new in self.box)
        if hand[GARGLORE] and self.garglore != ABSENT:
            for slot in range(4):
                if self.garglore != slot:
                    out.append(_act(A.PlayGarglore, self.slots[slot]))
            if self.garglore != POOL:
                out.append(_act(A.PlayGarglore, "pool"))
        return out

    # -- applying ------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        self.events = []
        st = self.stage
        if st == TELEPORT:
            assert isinstance(action, A.Pledge)
            self._pledge(player, action)
            return
        if st == TEAM:
            if isinstance(action, A.Pass):
                self.team_queue.pop(0)
                if not self.team_queue:
                    self.stage = PLAY
                    self._after_play_action(open_team=False)
                return
            self._play_card(player, action, R_TEAM)
            if self.stage == TEAM and not any(self.hands[player]):
                self.team_queue.pop(0)  # nothing left to play: the window moves on
                if not self.team_queue:
                    self.stage = PLAY
                    self._after_play_action(open_team=False)
            return
        # Play step of the active player
        if isinstance(action, A.End):
            self._event(f"p{player} ends the turn")
            self._end_turn()
            return
        self._play(player, action)
        if self.stage == PLAY:
            self._after_play_action()

    def _play(self, p: int, action: Action) -> None:
        if isinstance(action, A.Move):
            self.moves -= 1
            if action.src == CORE:
                self.core[p] -= 1
            else:
                self.surf[p][action.src] -= 1
            self.surf[p][action.dst] += 1
            self._event(f"p{p} moves an Alien {A.seg_name(action.src)} → {A.seg_name(action.dst)}")
        elif isinstance(action, A.Board):
            self._board(p, self.slot_of(action.lp), action.pay)
        elif isinstance(action, A.Pay):
            slot = self.slot_of(action.lp)
            self._pay_token(p, slot, action.token)
            self._event(f"p{p} pays {action.token} into {self.lp_at(slot).name}")
            self._check_lifts()
        elif isinstance(action, A.Roll):
            self._roll(p, self.slot_of(action.lp), action.token)
        elif isinstance(action, A.Abandon):
            self.moves -= 1
            self._unboard(p, self.slot_of(action.lp))
            self._event(f"p{p} abandons the {action.lp} Launch Platform")
        elif isinstance(action, A.Trade):
            hand = self.hands[p]
            for code in (action.a, action.b):
                hand[KIND_OF[code]] -= 1
                self.discard[KIND_OF[code]] += 1
            got = self._draw(p, 1)  # PL-GAP-13: discard first, then draw
            self._event(f"p{p} trades {action.a} and {action.b} for {got} card")
        else:
            self._play_card(p, action, R_PLAY)

    def _pay_token(self, p: int, slot: int, token: str) -> None:
        kind, fuel, screw = TOKENS[token]
        self.hands[p][kind] -= 1
        self.area[slot][kind] += 1
        self.afuel[slot] += fuel
        self.ascrew[slot] += screw

    def _unboard(self, owner: int, slot: int) -> None:
        boarded = self.boarded[slot]
        idx = len(boarded) - 1 - boarded[::-1].index(owner)  # the owner's latest boarder
        del boarded[idx]
        self.surf[owner][slot_seg(slot)] += 1

    def _board(self, p: int, slot: int, pay: tuple[str, ...]) -> None:
        lp = self.lp_at(slot)
        handover = lp.mechanic == "slingshot" and bool(self.boarded[slot])
        for token in pay:
            self._pay_token(p, slot, token)
        self.surf[p][slot_seg(slot)] -= 1
        self._event(f"p{p} boards {lp.name} paying {' '.join(pay) or 'nothing'}")
        if handover:  # PL-SLING-3: the Alien already there is launched
            self._lift_together([slot])
        self.boarded[slot].append(p)
        self._check_lifts()

    def _roll(self, p: int, slot: int, token: str) -> None:
        lp = self.lp_at(slot)
        kind = TOKENS[token][0]
        self.hands[p][kind] -= 1
        self.discard[kind] += 1  # PL-PAY-9
        rockets = self.cfg.lift_die[self.rng.below(len(self.cfg.lift_die))]
        need = lp.thresholds[self.phase(slot)]
        face = "X" if rockets == 0 else f"{rockets} rocket{'s' if rockets > 1 else ''}"
        self._event(
            f"p{p} rolls for {lp.name}: {face} (needs {need}+ at "
            f"{PHASE_NAMES[self.phase(slot)]} moon)"
        )
        if rockets > 0 and rockets >= need:
            self._lift_together([slot])
        elif lp.fail_to_core:  # PL-TRAMP-5
            for owner in self.boarded[slot]:
                self.core[owner] += 1
            self._event(f"the {lp.name} fails: {len(self.boarded[slot])} Alien(s) back to the Core")
            self.boarded[slot] = []

    def _pledge(self, p: int, action: A.Pledge) -> None:
        self.win_pledges.append([p, action.fuel, action.wild])
        self.win_queue.pop(0)
        self._event(f"p{p} offers {action.fuel + action.wild} Fuel for the Teleport")
        offered = sum(f + w for _, f, w in self.win_pledges)
        if offered >= self.win_need:
            self._close_window(True)
        elif not self.win_queue:
            self._close_window(False)

    def _play_card(self, p: int, action: Action, resume: int) -> None:
        """Resolve an Action card played for its effect by ``p``."""
        hand = self.hands[p]
        before = self._tele_new()
        if isinstance(action, A.PlayMoon):
            hand[MOON] -= 1
            self.discard[MOON] += 1
            self._event(f"p{p} plays Move the Moon! ({action.direction})")
            self._move_moon(+1 if action.direction == "ccw" else -1)
        elif isinstance(action, A.PlaySimple):
            kind = KIND_OF[action.card]
            hand[kind] -= 1
            self.discard[kind] += 1
            self._event(f"p{p} plays {action.card}")
            if kind == SUPERNOVA:
                self.override = FULL  # PL-ACT-SUPER-1
            elif kind == ASTEROIDS:
                self.override = NEW  # PL-ACT-AST-1
            elif kind == TORNADO:
                self._tornado()  # PL-ACT-TORN-1
            else:
                for q in range(self.cfg.players):
                    self._discard_hand(q)  # PL-ACT-STORM-1
            self._check_lifts()
        elif isinstance(action, A.PlayMya):
            hand[MYA] -= 1
            self.discard[MYA] += 1
            o = action.owner
            if action.src == CORE:
                self.core[o] -= 1
            else:
                self.surf[o][action.src] -= 1
            self.surf[o][action.dst] += 1
            self._event(
                f"p{p} plays Move Your Alien!: p{o} {A.seg_name(action.src)} → "
                f"{A.seg_name(action.dst)}"
            )
        elif isinstance(action, A.PlayMyaOff):
            hand[MYA] -= 1
            self.discard[MYA] += 1
            self._unboard(action.owner, self.slot_of(action.lp))
            self._event(f"p{p} plays Move Your Alien!: p{action.owner} off {action.lp}")
        elif isinstance(action, A.PlayTerraform):
            hand[TERRAFORM] -= 1
            self.discard[TERRAFORM] += 1
            self._terraform(p, self.slot_of(action.lp), action.new)
        elif isinstance(action, A.PlayGarglore):
            hand[GARGLORE] -= 1
            self.discard[GARGLORE] += 1
            self.garglore = POOL if action.target == "pool" else self.slot_of(action.target)
            self._event(f"p{p} sends the Garglore to {action.target}")
            self._check_lifts()  # PL-GARG-3
        else:  # pragma: no cover - legal_actions offers nothing else
            raise AssertionError(f"unexpected action {action!r}")
        self._open_window(before, resume)

    def _terraform(self, p: int, slot: int, new: str) -> None:
        old = self.slots[slot]
        seg = slot_seg(slot)
        if self.cfg.vicious:  # PL-VIC-2
            for q in range(self.cfg.players):
                self.core[q] += self.surf[q][seg]
                self.surf[q][seg] = 0
            for q in self.boarded[slot]:
                self.core[q] += 1
            self.boarded[slot] = []
        if not new:
            new = self.box[self.rng.below(len(self.box))]  # PL-FAM-3, PL-FAST-3
        self._discard_area(slot)  # PL-ACT-TERRA-4
        self.box.remove(new)
        self.box.append(old)
        self.box.sort()
        self.slots[slot] = new
        self._event(f"p{p} terraforms {old} into {new}")
        self._check_lifts()

    # -- why an action is illegal --------------------------------------------
    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        rule, why = self._why(player, action)
        return IllegalAction(why, rule, player, str(action))

    def _why(self, p: int, action: Action) -> tuple[str, str]:
        st = self.stage
        active = self.active_players()
        if p not in active:
            if st == TELEPORT:
                return "PL-TELE-4", f"only p{active[0]} may pledge Fuel for the Teleport now"
            if st == TEAM:
                return "PL-GAP-30", f"p{active[0]} may play an Action card now"
            return "PL-TURN-5", f"it is p{self.turn}'s turn, not p{p}'s"
        if st == TELEPORT:
            if not isinstance(action, A.Pledge):
                return (
                    "PL-GAP-17",
                    "the Teleport window is open: pledge Fuel (e.g. 'pledge 1F') or 'pledge 0'",
                )
            if action.fuel > self.hands[p][F] or action.wild > self.hands[p][W]:
                return "PL-TELE-5", "you do not hold those cards"
            return "PL-TELE-3", f"only {self.win_need} Fuel in all is needed"
        if st == TEAM:
            if not isinstance(
                action,
                (
                    A.Pass,
                    A.PlayMoon,
                    A.PlaySimple,
                    A.PlayMya,
                    A.PlayMyaOff,
                    A.PlayTerraform,
                    A.PlayGarglore,
                ),
            ):
                return (
                    "PL-TEAM-4",
                    "on another player's turn you may only play Action cards or pass",
                )
            return self._why_card(p, action)
        if isinstance(action, A.Pledge):
            return "PL-TELE-4", "Fuel can be pledged only when a Teleport window is open"
        if isinstance(action, A.Pass):
            return "PL-TURN-3", "it is your turn: act, or 'end' your turn"
        if isinstance(action, A.Move):
            if self.moves <= 0:
                return "PL-MOVE-1", "you have no movement points left this turn"
            if action.dst == CORE:
                return "PL-MOVE-9", "Aliens cannot move back into the Core"
            if action.src == CORE:
                if action.dst not in EXITS:
                    return (
                        "PL-MOVE-2",
                        "Aliens leave the Core through an Exit Point (S0, S2, S4, S6)",
                    )
                return "PL-MOVE-2", "you have no Alien in the Core"
            if action.dst not in ((action.src + 1) % 8, (action.src - 1) % 8):
                return "PL-MOVE-3", "an Alien moves one segment at a time"
            return "PL-MOVE-3", f"you have no unboarded Alien on {A.seg_name(action.src)}"
        if isinstance(action, A.Abandon):
            slot = self.slot_of(action.lp)
            if slot < 0:
                return "PL-COMP-5", f"{action.lp} is not on the board"
            if self.moves <= 0:
                return (
                    "PL-MOVE-7",
                    "abandoning a platform takes a movement point; you have none left",
                )
            return "PL-MOVE-7", f"you have no Alien on the {action.lp} Launch Platform"
        if isinstance(action, A.Board):
            return self._why_board(p, action)
        if isinstance(action, A.Pay):
            slot = self.slot_of(action.lp)
            if slot < 0:
                return "PL-COMP-5", f"{action.lp} is not on the board"
            lp = self.lp_at(slot)
            if lp.mechanic == "teleport":
                return "PL-TELE-6", "the Teleport cannot be paid in advance"
            if lp.mechanic != "threshold":
                return (
                    "PL-LR-1",
                    f"extra resources count for nothing at the {lp.name}: they may be paid "
                    "only into the Satellite, the Rocket Ship and the UFO",
                )
            if action.token not in ("F", "S", "W=F", "W=S"):
                return "PL-RES-4", "only resource cards pay toward a Lift Off Cost"
            return "PL-PAY-3", f"you cannot pay {action.token} into the {lp.name} now"
        if isinstance(action, A.Roll):
            slot = self.slot_of(action.lp)
            if slot < 0:
                return "PL-COMP-5", f"{action.lp} is not on the board"
            lp = self.lp_at(slot)
            if lp.mechanic != "dice":
                return "PL-DIE-1", f"the {lp.name} has no Lift Off die"
            if self.blocked(slot):
                return "PL-GARG-5", "no rolls while the Garglore is there"
            if not self.boarded[slot]:
                return "PL-LIFT-7", "nobody is on the Launch Platform to lift off"
            rule = "PL-BONF-3" if lp.roll_kind == "fuel" else "PL-TRAMP-3"
            return (
                rule,
                f"a roll at the {lp.name} costs 1 {lp.roll_kind.capitalize()} card you hold",
            )
        if isinstance(action, A.Trade):
            return "PL-CARD-3", f"you do not hold {action.a} and {action.b}"
        return self._why_card(p, action)

    def _why_board(self, p: int, action: A.Board) -> tuple[str, str]:
        slot = self.slot_of(action.lp)
        if slot < 0:
            return "PL-COMP-5", f"{action.lp} is not on the board"
        lp = self.lp_at(slot)
        rule = self._can_board(p, slot)
        if rule == "PL-PAY-1":
            return rule, f"you have no unboarded Alien on the {lp.name}"
        if rule == "PL-LIFT-5":
            return rule, f"the {lp.name} Launch Platform is full"
        if rule:
            return rule, f"you cannot board the {lp.name} now"
        cost = self.placement_cost(slot)
        tokens = [TOKENS[t] for t in action.pay]
        got = (
            sum(t[1] for t in tokens),
            sum(t[2] for t in tokens),
            sum(1 for t in tokens if t[0] in ACTIONS),
        )
        specific = {
            "bonfire": "PL-BONF-2",
            "satellite": "PL-SAT-2",
            "rocket": "PL-ROCK-2",
            "jetpack": "PL-JET-2",
            "trampoline": "PL-TRAMP-2",
            "miracle": "PL-MIRA-2",
            "ufo": "PL-UFO-2",
            "teleport": "PL-TELE-2",
            "slingshot": "PL-SLING-2",
            "stargate": "PL-SGATE-2",
        }.get(lp.id, "PL-PAY-10")
        if got != cost:
            return specific, f"boarding the {lp.name} costs exactly {lp.describe_cost(cost)} now"
        return "PL-PAY-1", "you do not hold those cards"

    def _why_card(self, p: int, action: Action) -> tuple[str, str]:
        hand = self.hands[p]
        if isinstance(action, A.End):
            return "PL-GAP-30", "it is not your turn to end: play an Action card or pass"
        if isinstance(action, A.Pass):
            return "PL-TURN-3", "nothing to pass now"
        kind = {
            A.PlayMoon: MOON,
            A.PlayMya: MYA,
            A.PlayMyaOff: MYA,
            A.PlayTerraform: TERRAFORM,
            A.PlayGarglore: GARGLORE,
        }.get(type(action))
        if isinstance(action, A.PlaySimple):
            kind = KIND_OF[action.card]
        if kind is None:
            return "PL-TURN-3", f"{action} is not possible now"
        if not hand[kind]:
            return "PL-CARD-6", f"you do not hold a {CODES[kind]} card"
        if isinstance(action, A.PlayMya | A.PlayMyaOff):
            if action.owner != p and not self.cfg.cutthroat:
                return (
                    "PL-MOVE-10",
                    "Move Your Alien! moves your own Aliens (Cutthroat Planet allows others')",
                )
            if isinstance(action, A.PlayMya) and action.dst == CORE:
                return "PL-MOVE-9", "Aliens cannot move back into the Core"
            return (
                "PL-ACT-MYA-1",
                "Move Your Alien! moves one Alien one spot (Core → Exit, or one segment)",
            )
        if isinstance(action, A.PlayTerraform):
            slot = self.slot_of(action.lp)
            if slot < 0:
                return "PL-COMP-5", f"{action.lp} is not on the board"
            if self.boarded[slot] and not self.cfg.vicious:
                return "PL-ACT-TERRA-1", "Terraform! needs an empty Launch Platform"
            if self.cfg.random_terraform and action.new:
                return (
                    "PL-FAM-3",
                    "in this variant the replacement is drawn at random: play terraform LP",
                )
            if not self.cfg.random_terraform and not action.new:
                return "PL-ACT-TERRA-2", "name the replacement: play terraform LP NEW"
            return "PL-ACT-TERRA-2", f"{action.new} is not in the box"
        if isinstance(action, A.PlayGarglore):
            if self.garglore == ABSENT:
                return "PL-FAM-4", "the Garglore is not in this game"
            return "PL-ACT-GARG-1", "the Garglore is already there"
        return "PL-CARD-6", f"{action} cannot be played now"

    # -- information ---------------------------------------------------------
    def _reveals_information(self, player: int, action: Action) -> bool:
        # a draw shows the drawer new cards; Electric Storm! turns every hand face up
        kind = type(action)
        return kind is A.End or kind is A.Trade or (kind is A.PlaySimple and action == _STORM)

    def view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    def outcome(self) -> Outcome | None:
        if self.stage != OVER:
            return None
        from .view import build_outcome

        return build_outcome(self)

    def determinize(self, player: int, seed: int) -> Self:
        """Redeal the draw pile and the other players' hands from the cards
        ``player`` cannot see, and reseed the RNG."""
        d = self.clone()
        if self.stage == OVER:  # the outcome has shown every hand's resource count
            d.rng = Rng(seed)
            d._start_from_here(seed)
            return d
        pool = list(d.draw)
        for q in range(d.cfg.players):
            if q != player:
                for k in range(NUM_KINDS):
                    pool.extend([k] * d.hands[q][k])
        pool.sort()  # forget the true order first: the sample depends on the view only
        rng = Rng(seed)
        rng.shuffle(pool)
        for q in range(d.cfg.players):
            if q != player:
                size = sum(d.hands[q])
                hand = [0] * NUM_KINDS
                for _ in range(size):
                    hand[pool.pop()] += 1
                d.hands[q] = hand
        d.draw = pool
        d.rng = rng
        d._start_from_here(seed)
        return d

    # -- copies and JSON -----------------------------------------------------
    _LIST_FIELDS = (
        "slots",
        "box",
        "removed",
        "core",
        "saved",
        "afuel",
        "ascrew",
        "draw",
        "discard",
        "finish_seq",
        "resume",
        "win_queue",
        "team_queue",
        "events",
        "saved_by_day",
    )
    _NESTED_FIELDS = ("surf", "boarded", "area", "hands", "win_pledges")
    _SCALAR_FIELDS = (
        "turn",
        "stage",
        "moves",
        "moon",
        "moon_net",
        "override",
        "garglore",
        "seq",
        "termination",
        "win_need",
        "turns",
    )

    def clone(self) -> Self:
        new = object.__new__(type(self))
        self._copy_base_into(new)
        new.cfg = self.cfg
        for name in self._SCALAR_FIELDS:
            setattr(new, name, getattr(self, name))
        for name in self._LIST_FIELDS:
            setattr(new, name, getattr(self, name).copy())
        for name in self._NESTED_FIELDS:
            setattr(new, name, [row.copy() for row in getattr(self, name)])
        new.launches = self.launches.copy()
        new.saved_by_lp = self.saved_by_lp.copy()
        return new

    def _payload_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in self._SCALAR_FIELDS + self._LIST_FIELDS + self._NESTED_FIELDS:
            value = getattr(self, name)
            data[name] = (
                [list(r) for r in value]
                if name in self._NESTED_FIELDS
                else (list(value) if isinstance(value, list) else value)
            )
        data["launches"] = dict(self.launches)
        data["saved_by_lp"] = dict(self.saved_by_lp)
        return data

    def _load_payload(self, data: dict[str, Any]) -> None:
        for name in self._SCALAR_FIELDS:
            setattr(self, name, data[name])
        for name in self._LIST_FIELDS:
            setattr(self, name, list(data[name]))
        for name in self._NESTED_FIELDS:
            setattr(self, name, [list(r) for r in data[name]])
        self.launches = dict(data["launches"])
        self.saved_by_lp = dict(data["saved_by_lp"])

    # -- bookkeeping checks --------------------------------------------------
    def invariants(self) -> list[str]:
        cfg = self.cfg
        problems: list[str] = []
        counts = list(self.discard)
        for k in self.draw:
            counts[k] += 1
        for hand in self.hands:
            for k in range(NUM_KINDS):
                counts[k] += hand[k]
        for area in self.area:
            for k in range(NUM_KINDS):
                counts[k] += area[k]
        if counts != list(cfg.deck_counts):
            problems.append(f"cards by kind {counts} != deck {list(cfg.deck_counts)}")
        if any(c < 0 for row in (self.discard, *self.hands, *self.area) for c in row):
            problems.append("a negative card count")
        for p in range(cfg.players):
            boarded = sum(b.count(p) for b in self.boarded)
            total = self.core[p] + sum(self.surf[p]) + boarded + self.saved[p]
            if total != cfg.aliens or min(self.surf[p]) < 0 or self.core[p] < 0:
                problems.append(f"p{p}'s Aliens do not add up to {cfg.aliens}: {total}")
        for slot in range(4):
            area = self.area[slot]
            fuel_cards = area[F] + area[W]
            if self.afuel[slot] + self.ascrew[slot] != area[F] + area[S] + area[W]:
                problems.append(f"slot {slot}: Fuel/Screw values do not match its resource cards")
            if self.afuel[slot] < area[F] or self.afuel[slot] > fuel_cards:
                problems.append(f"slot {slot}: Fuel value out of range")
            cap = self.capacity(slot)
            if len(self.boarded[slot]) > max(cap, 1):
                problems.append(
                    f"slot {slot}: {len(self.boarded[slot])} boarded over capacity {cap}"
                )
        lps = self.slots + self.box + self.removed
        if sorted(lps) != sorted(cfg.lp_order) or len(set(self.slots)) != 4:
            problems.append(f"Lift Off Points are not each in one place: {lps}")
        if not 0 <= self.moon < len(cfg.spots):
            problems.append("the Moon is off its track")
        if self.moon != self.moon_net % len(cfg.spots):
            problems.append("the Moon and the Sun disagree")  # Moon/Sun consistency
        if self.days_passed > cfg.days_total:
            problems.append("the Sun is past the explosion")
        if self.stage != OVER and self.days_passed >= cfg.days_total and self.moon == 0:
            problems.append("the planet should have exploded")
        if self.garglore not in (POOL, ABSENT, 0, 1, 2, 3):
            problems.append("the Garglore is nowhere")
        if (self.garglore == ABSENT) == cfg.garglore_in_play:
            problems.append("the Garglore is present in a game without it, or missing")
        if self.stage == TELEPORT and not self.win_queue:
            problems.append("a Teleport window without anyone to ask")
        if not 0 <= self.moves <= 2:
            problems.append("movement points out of range")
        return problems
