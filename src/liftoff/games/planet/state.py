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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, cast

from liftoff.engine import Action, IllegalAction, OptionValue, Outcome, Rng, State
from liftoff.engine.native import mypyc_attr

from . import actions as A
from . import events as ev
from .cards import NUM_KINDS, TOKENS, F, S, W
from .config import PLAYERS_CAPACITY, LiftOffPoint, PlanetConfig
from .effects import play_card, stargate_roll
from .explain import explain
from .layout import (
    ABSENT,
    NO_OVERRIDE,
    OVER,
    PLAY,
    POOL,
    R_AFTER_EXPIRY,
    R_AFTER_MOON,
    R_PLAY,
    R_TEAM,
    TEAM,
    TELEPORT,
    slot_seg,
)
from .legal import legal_actions
from .moves import play
from .scoring import breakdown, outcome, revealed
from .teleport import new_at_teleport, open_window, pledge

if TYPE_CHECKING:
    from .game import PlanetGame


def _roll_first_player(rng: Rng, players: int) -> int:
    """Everyone rolls the number die; tied highest rollers roll again (PL-GAP-11)."""
    contenders = list(range(players))
    while len(contenders) > 1:
        rolls = {p: rng.randint(1, 6) for p in contenders}
        best = max(rolls.values())
        contenders = [p for p in contenders if rolls[p] == best]
    return contenders[0]


@mypyc_attr(allow_interpreted_subclasses=True)
class PlanetState(State):
    """A game of planet. Build one with ``liftoff.games.get("planet").new_game``."""

    cfg: PlanetConfig
    # Lift Offs made by the re-check after a roll, a Teleport payment, a handover or
    # the Stargate (rules 2, PL-LIFT-1). Rules 1 missed them, so a record of rules 1
    # replays unchanged exactly when this stays 0 (a replay diagnostic: not saved).
    rechecked_launches: int = 0

    # -- construction --------------------------------------------------------
    @classmethod
    def new(
        cls, game: PlanetGame, players: int, seed: int, options: dict[str, OptionValue]
    ) -> Self:
        """A new game set up for ``players`` players (options already validated)."""
        state = cls.__new__(cls)
        state._init_base(game, players, seed, options)
        state.cfg = game.config(players, options)
        first = int(options["first_player"])
        if first < 0:
            first = _roll_first_player(state.rng, players)
        state._setup(first)
        return state

    @classmethod
    def from_json(cls, game: PlanetGame, data: Mapping[str, Any]) -> Self:
        """The exact inverse of ``to_json``."""
        if data.get("game") != "planet":
            raise ValueError(f"not a planet state: game={data.get('game')!r}")
        state = cls.__new__(cls)
        state._load_base_json(game, dict(data))
        state.cfg = game.config(state.num_players, state.options)
        state._load_payload(dict(data["state"]))
        return state

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
        self.launches: dict[str, int] = {}
        self.saved_by_lp: dict[str, int] = {}
        self.saved_by_day: list[int] = [0] * (cfg.days_total + 1)
        self.turns = 0
        for p in range(n):
            self._draw(p, cfg.start_cards)
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
        was = hand.copy() if self._events is not None else None
        for _ in range(n):
            if not self.draw:
                if not any(self.discard):
                    break
                self.draw = [k for k, c in enumerate(self.discard) for _ in range(c)]
                self.discard = [0] * NUM_KINDS
                self.rng.shuffle(self.draw)
                self._emit("planet.ev.reshuffle", {"count": len(self.draw)})
            hand[self.draw.pop()] += 1
            got += 1
        if was is not None:
            ev.drew(self, p, [k for k in range(NUM_KINDS) for _ in range(hand[k] - was[k])])
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
        if self._events is not None and any(hand):
            ev.discarded_hand(self, p, sum(hand))
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
        if self._events is not None:
            ev.turn(self, p)
        self._draw(p, 2)  # PL-TURN-2

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
        before = new_at_teleport(self)
        self._move_moon(+1)
        if open_window(self, before, R_AFTER_MOON):
            return
        self._after_moon()

    def _after_moon(self) -> None:
        if self.stage == OVER:
            return
        if self.override != NO_OVERRIDE:
            before = new_at_teleport(self)
            self.override = NO_OVERRIDE  # PL-GAP-19: the override ends with the turn
            self._emit("planet.ev.phases-return")
            self._check_lifts()
            if open_window(self, before, R_AFTER_EXPIRY):
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
            self._emit("planet.ev.finished-turn-ends", {"who": self.turn})
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
        if self._events is not None:
            ev.moon(self, delta, days_before)
        if self.moon == 0:
            if days >= self.cfg.days_total:  # PL-DAY-3, PL-ORDER-1 (2)
                self._emit("planet.ev.explosion")
                self._game_over("explosion")
                return
            if self.garglore >= 0:  # PL-GARG-4
                if self._events is not None:
                    ev.garglore_home(self)
                self.garglore = POOL
                self._check_lifts()
                if self.stage == OVER:
                    return
            sg = self.slot_of("stargate")
            if sg >= 0:  # PL-SGATE-3
                stargate_roll(self, sg)
                if self.stage == OVER:
                    return
        self._check_lifts()

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
            if self._events is not None:
                ev.lift_off(self, slot, owners)
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
            self._emit("planet.ev.finished", {"who": p})
        if cfg.team:
            for a, b in ((0, 2), (1, 3)):
                if self.finish_seq[a] and self.finish_seq[b]:
                    self._game_over("rescue", [a, b])  # PL-TEAM-5
                    return
        elif cfg.family:
            if all(self.finish_seq):
                self._game_over("all_rescued")  # PL-GAP-29
        else:
            self._game_over("rescue", newly)  # PL-END-2

    def _game_over(self, why: str, players: list[int] | None = None) -> None:
        ev.game_over(self, why, players or [])
        self.stage = OVER
        self.termination = why
        self.resume = []
        self.win_queue = []
        self.team_queue = []

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
        return legal_actions(self, player)

    # -- applying ------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        st = self.stage
        if st == TELEPORT:
            assert isinstance(action, A.Pledge)
            pledge(self, player, action)
            return
        if st == TEAM:
            if isinstance(action, A.Pass):
                self.team_queue.pop(0)
                if not self.team_queue:
                    self.stage = PLAY
                    self._after_play_action(open_team=False)
                return
            play_card(self, player, action, R_TEAM)
            if self.stage == TEAM and not any(self.hands[player]):
                self.team_queue.pop(0)  # nothing left to play: the window moves on
                if not self.team_queue:
                    self.stage = PLAY
                    self._after_play_action(open_team=False)
            return
        # Play step of the active player
        if isinstance(action, A.End):
            self._end_turn()
            return
        play(self, player, action)
        if self.stage == PLAY:
            self._after_play_action()

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

    # -- why an action is illegal --------------------------------------------
    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        return explain(self, player, action)

    # -- information ---------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        from .view import view  # view.py reads the state: imported when first used

        return cast(dict[str, Any], view(self, player))

    def board_view(self, player: int | None) -> dict[str, Any]:
        from .view import view

        return cast(dict[str, Any], view(self, player, history=False))

    def numbers_view(self, player: int | None) -> dict[str, Any]:
        from .numbers import numbers_view

        return numbers_view(self, player)

    def outcome(self) -> Outcome | None:
        if self.stage != OVER:
            return None
        return outcome(self)

    def score_breakdown(self) -> list[dict[str, float]]:
        return breakdown(self)  # the end, told (see scoring.py)

    def _revealed(self) -> dict[str, Any]:
        return revealed(self)

    def determinize(self, player: int, seed: int) -> Self:
        """Redeal the draw pile and the other players' hands from the cards
        ``player`` cannot see, and reseed the RNG."""
        d = self.clone()
        if self.stage == OVER:  # the outcome has shown every hand's resource count
            d.rng = Rng(seed)
            d._start_from_here(seed, player)
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
        d._start_from_here(seed, player)
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
        new = type(self).__new__(type(self))
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
