"""The real-time driver: actions from several sources applied in arrival order.

The engine itself has no clock: during loading every player is active and any
interleaving of their actions is a legal history (see ``state.py``). This
module adds time, outside the pure engine, for the terminal, the server and
simulations:

- Each seat is a **source**: a human (actions pushed with :meth:`RealtimeRace.submit`)
  or a bot with a **speed profile** (mean seconds per decision ± jitter drawn
  from the seat's own seeded :class:`~liftoff.engine.Rng`).
- A bot looks at the state, chooses, and its action *arrives* ``delay`` seconds
  later. Arrivals are applied in time order. Arrivals at the same instant form a
  **tick** and are applied in seat order starting from a first seat that rotates
  by one every tick (deterministic tie-break, RC-GAP-4).
- Every submission carries the state version it was chosen on. If it is no
  longer legal when it arrives (typically: someone called Stop meanwhile), it is
  rejected cleanly as **stale** and the state is untouched (RC-STOP-3).
- Time is virtual: :meth:`RealtimeRace.advance` processes everything due up to a
  time, :meth:`RealtimeRace.poll` uses the injected clock (wall clock in the
  terminal, a :class:`ManualClock` in tests), and :meth:`RealtimeRace.run` plays a
  bot-only game by jumping from arrival to arrival, without ever sleeping.
- **Lockstep** (:meth:`RealtimeRace.tick`): every active player makes one decision
  on the same state, then they are applied from the rotating first seat; after a
  Stop the rest of the tick is dropped. For tests and RL.

Listeners (:meth:`RealtimeRace.subscribe`) receive an :class:`Event` for every
applied, rejected or stale action and for Stop, new rounds and the end.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from liftoff import bots as bot_registry
from liftoff.engine import Action, IllegalAction, Rng, derive_seed

from .state import LOADING, RaceState


@dataclass(frozen=True, slots=True)
class SpeedProfile:
    """How fast a bot decides: ``mean`` seconds per decision ± ``jitter`` (uniform)."""

    name: str
    mean: float
    jitter: float

    def delay(self, rng: Rng) -> float:
        """One decision time, drawn from ``rng`` (no draw at all for ``instant``)."""
        if self.mean == 0.0 and self.jitter == 0.0:
            return 0.0
        return max(0.0, self.mean + self.jitter * (2.0 * rng.random() - 1.0))


#: the selectable speeds
SPEEDS: dict[str, SpeedProfile] = {
    "slow": SpeedProfile("slow", 2.0, 0.8),
    "normal": SpeedProfile("normal", 1.0, 0.4),
    "fast": SpeedProfile("fast", 0.5, 0.2),
    "instant": SpeedProfile("instant", 0.0, 0.0),
}
DEFAULT_SPEED = "normal"


class SeatError(ValueError):
    """A seat specification that cannot be used (unknown bot kind or speed)."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A parsed seat: ``human``, or a bot spec (as for ``liftoff.bots.make``) and a speed."""

    text: str
    bot: str | None  # None for a human
    speed: SpeedProfile

    @property
    def human(self) -> bool:
        """Whether a person plays this seat."""
        return self.bot is None


def parse_seat(text: str) -> SeatSpec:
    """Parse ``human``, ``random``, ``bot:heuristic@fast``, ``random:k=v@slow``, …

    The optional ``bot:`` prefix is dropped; ``@speed`` is one of :data:`SPEEDS`
    (default ``normal``). The bot kind itself is checked by :func:`make_seats`.
    """
    raw = text.strip()
    body, at, speed_name = raw.rpartition("@")
    if not at:
        body, speed_name = raw, DEFAULT_SPEED
    speed_name = speed_name.strip().lower()
    if speed_name not in SPEEDS:
        raise SeatError(f"seat {text!r}: unknown speed {speed_name!r}; speeds: {', '.join(SPEEDS)}")
    body = body.strip()
    if body.lower() == "human":
        if at:
            raise SeatError(f"seat {text!r}: a human seat has no speed")
        return SeatSpec(raw, None, SPEEDS[DEFAULT_SPEED])
    if body.lower().startswith("bot:"):
        body = body[4:].strip()
    if not body:
        raise SeatError(f"seat {text!r}: no bot kind given; known bots: {_known_bots()}")
    return SeatSpec(raw, body, SPEEDS[speed_name])


def _known_bots() -> str:
    return ", ".join(bot_registry.names())


class Agent(Protocol):
    """What a bot seat needs: ``choose(state, player)``."""

    def choose(self, state: Any, player: int) -> Action: ...


def make_agent(spec: SeatSpec, seed: int) -> Agent:
    """The bot for a bot seat, seeded; a clear :class:`SeatError` if unknown."""
    assert spec.bot is not None
    name = spec.bot.partition(":")[0].strip()
    if name not in bot_registry.names():
        raise SeatError(f"seat {spec.text!r}: unknown bot {name!r}; known bots: {_known_bots()}")
    try:
        return bot_registry.make(spec.bot, seed=seed)
    except ValueError:
        try:
            return bot_registry.make(spec.bot)
        except ValueError as exc:
            raise SeatError(f"seat {spec.text!r}: {exc}") from None


@dataclass
class Seat:
    """One seat of a real-time game: its spec, its bot (if any) and its speed RNG."""

    spec: SeatSpec
    agent: Agent | None
    rng: Rng
    busy: bool = False


def face_down(view: dict[str, Any]) -> dict[str, Any]:
    """A view during the countdown: every stack's top card stays face-down until
    "Lift Off!" (RC-PLAY-1/2)."""
    out = dict(view)
    out["players"] = [{**p, "top": None} for p in view.get("players", [])]
    out["countdown"] = True
    return out


def make_seats(texts: Sequence[str], seed: int) -> list[Seat]:
    """Seats from their specs; bots and speed RNGs seeded from ``seed`` and the seat."""
    seats = []
    for i, text in enumerate(texts):
        spec = parse_seat(text)
        agent = None if spec.human else make_agent(spec, derive_seed(seed, "seat", i))
        seats.append(Seat(spec, agent, Rng(derive_seed(seed, "speed", i))))
    return seats


class Clock(Protocol):
    """Seconds since the game's start."""

    def now(self) -> float: ...


class MonotonicClock:
    """The wall clock (``time.monotonic``), zero at creation."""

    def __init__(self) -> None:
        self._start = time.monotonic()

    def now(self) -> float:
        """Seconds since creation."""
        return time.monotonic() - self._start


class ManualClock:
    """A clock that moves only when told to (deterministic tests)."""

    def __init__(self, start: float = 0.0) -> None:
        self.t = start

    def now(self) -> float:
        """The current time."""
        return self.t

    def advance(self, dt: float) -> float:
        """Move forward by ``dt`` seconds; returns the new time."""
        self.t += dt
        return self.t


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: ``applied``, ``rejected``, ``stale``, ``stop``,
    ``round`` (a new round starts), ``over``, or ``waiting`` (a player must choose)."""

    kind: str
    time: float
    player: int | None = None
    action: str | None = None
    version: int = 0
    message: str = ""
    rule: str | None = None
    public: bool = False  # applied: every player may read ``action`` (Game.action_is_public)


@dataclass(order=True, slots=True)
class _Arrival:
    time: float
    seq: int
    player: int = field(compare=False)
    action: Action | str = field(compare=False)
    based_on: int | None = field(compare=False)
    from_bot: bool = field(compare=False, default=False)


Listener = Callable[[Event], None]


class RealtimeRace:
    """Drives a race :class:`~liftoff.games.race.state.RaceState` in (virtual) real time.

    ``seats`` are specs (``"human"``, ``"random@fast"``, …) or :class:`Seat`
    objects, one per player. ``clock`` is used by :meth:`poll` and :meth:`submit`
    only. ``round_pause`` seconds separate rounds (and precede the first one when
    ``start_pause`` is set): nobody may act then, so people can read the results.
    """

    def __init__(
        self,
        state: RaceState,
        seats: Sequence[str | Seat],
        *,
        seed: int = 0,
        clock: Clock | None = None,
        round_pause: float = 0.0,
        start_pause: float = 0.0,
    ) -> None:
        if len(seats) != state.num_players:
            raise SeatError(f"{state.num_players} players need {state.num_players} seats")
        built = make_seats([s for s in seats if isinstance(s, str)], seed)
        it = iter(built)
        self.seats: list[Seat] = [next(it) if isinstance(s, str) else s for s in seats]
        self.state = state
        self.clock: Clock = clock if clock is not None else ManualClock()
        self.time = 0.0
        self.tick_count = 0
        self.round_pause = round_pause
        self.paused_until = start_pause
        self._heap: list[_Arrival] = []
        self._seq = 0
        self._listeners: list[Listener] = []
        self.events_seen = 0

    @property
    def boundary(self) -> int:
        """The state's boundary (:attr:`State.boundary`): actions chosen on an earlier
        version are stale even if they happen to be legal again."""
        return self.state.boundary

    # -- plumbing ------------
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(event)`` for every event from now on."""
        self._listeners.append(listener)

    def _emit(self, event: Event) -> None:
        self.events_seen += 1
        for fn in self._listeners:
            fn(event)

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.spec.human]

    def _push(
        self,
        at: float,
        player: int,
        action: Action | str,
        based_on: int | None,
        from_bot: bool = False,
    ) -> None:
        self._seq += 1
        heapq.heappush(self._heap, _Arrival(at, self._seq, player, action, based_on, from_bot))

    # -- input ------------
    def submit(
        self,
        player: int,
        action: Action | str,
        *,
        at: float | None = None,
        based_on: int | None = None,
    ) -> None:
        """A (human) action arriving at ``at`` (default: the clock's now), chosen on
        state version ``based_on`` (default: the current version). Applied by the
        next :meth:`advance` / :meth:`poll` that reaches its time."""
        when = self.clock.now() if at is None else at
        self._push(
            max(when, self.time),
            player,
            action,
            self.state.version if based_on is None else based_on,
        )

    @property
    def counting_down(self) -> bool:
        """Whether the pause before a round is on: stacks stay face-down and bots
        do not decide until "Lift Off!" (RC-PLAY-1/2)."""
        return self.time < self.paused_until

    def counting_down_at(self, now: float) -> bool:
        """Whether the countdown before a round is on at time ``now`` (the clock's,
        which may be ahead of the driver's last :meth:`advance`)."""
        return now < self.paused_until and self.state.phase == LOADING and not self.state.is_over()

    def _schedule_bots(self) -> None:
        state = self.state
        if state.is_over() or self.counting_down:
            return
        base = self.time
        for p in state.active_players():
            seat = self.seats[p]
            if seat.busy or seat.agent is None:
                continue
            action = seat.agent.choose(state, p)
            seat.busy = True
            self._push(base + seat.spec.speed.delay(seat.rng), p, action, state.version, True)

    # -- real time ------------
    def next_arrival(self) -> float | None:
        """When the next queued action arrives (after scheduling idle bots), or the
        end of the countdown when bots wait for it."""
        self._schedule_bots()
        nxt = self._heap[0].time if self._heap else None
        if self.counting_down and any(
            self.seats[p].agent is not None and not self.seats[p].busy
            for p in self.state.active_players()
        ):
            nxt = self.paused_until if nxt is None else min(nxt, self.paused_until)
        return nxt

    def advance(self, until: float) -> int:
        """Apply every arrival due at or before ``until``; returns how many were delivered."""
        delivered = 0
        heap = self._heap
        n = self.state.num_players
        while True:
            self._schedule_bots()
            if (
                self.counting_down
                and self.paused_until <= until
                and (not heap or heap[0].time >= self.paused_until)
            ):
                self.time = self.paused_until  # "Lift Off!": the bots look now
                continue
            if not heap or heap[0].time > until:
                break
            t = heap[0].time
            batch = [heapq.heappop(heap)]
            while heap and heap[0].time == t:
                batch.append(heapq.heappop(heap))
            self.time = t
            first = self.tick_count % n
            self.tick_count += 1
            if len(batch) > 1:
                batch.sort(key=lambda a: ((a.player - first) % n, a.seq))
            for arrival in batch:
                self._deliver(arrival)
                delivered += 1
        self.time = max(self.time, until)
        return delivered

    def poll(self) -> int:
        """:meth:`advance` to the clock's current time."""
        return self.advance(self.clock.now())

    def run(self, max_actions: int = 1_000_000) -> RaceState:
        """Play a game whose active seats are all bots to the end, in virtual time
        (arrival to arrival; nothing sleeps)."""
        steps = 0
        while not self.state.is_over():
            nxt = self.next_arrival()
            if nxt is None:
                raise RuntimeError(f"waiting for a human player: {self.state.active_players()}")
            steps += self.advance(nxt)
            if steps > max_actions:
                raise RuntimeError(f"no end after {max_actions} actions")
        return self.state

    # -- lockstep ------------
    def tick(self, actions: Mapping[int, Action | str] | None = None) -> list[Event]:
        """One lockstep tick: every active player decides on the same state (bots
        choose; humans' actions must be in ``actions``), then the decisions are
        applied from a first seat that rotates every tick; once Stop is called the
        rest of the tick is stale. Returns the tick's events."""
        state = self.state
        if state.is_over():
            return []
        version = state.version
        given = dict(actions or {})
        chosen: list[tuple[int, Action | str]] = []
        for p in state.active_players():
            if p in given:
                chosen.append((p, given.pop(p)))
                continue
            agent = self.seats[p].agent
            if agent is None:
                raise ValueError(f"lockstep tick needs an action for human player {p}")
            chosen.append((p, agent.choose(state, p)))
        for p, a in given.items():  # actions of players who may not act now
            chosen.append((p, a))
        n = state.num_players
        first = self.tick_count % n
        self.tick_count += 1
        chosen.sort(key=lambda pa: (pa[0] - first) % n)
        events: list[Event] = []
        self._listeners.append(events.append)
        try:
            for p, a in chosen:
                self._seq += 1
                self._deliver(_Arrival(self.time, self._seq, p, a, version))
        finally:
            self._listeners.remove(events.append)
        self.time += 1.0
        return events

    def run_lockstep(self, max_ticks: int = 1_000_000) -> RaceState:
        """Play a bot-only game to the end in lockstep ticks."""
        ticks = 0
        while not self.state.is_over():
            self.tick()
            ticks += 1
            if ticks > max_ticks:
                raise RuntimeError(f"no end after {max_ticks} ticks")
        return self.state

    # -- applying ------------
    def _deliver(self, arrival: _Arrival) -> None:
        state = self.state
        p = arrival.player
        if arrival.from_bot:
            self.seats[p].busy = False
        text = str(arrival.action)
        now = self.time
        if arrival.based_on is not None and state.is_stale(arrival.based_on):
            self._emit(
                Event(
                    "stale",
                    now,
                    p,
                    text,
                    state.version,
                    "too late: this was decided before Stop was called",
                    state.stale_rule,
                )
            )
            return
        if now < self.paused_until:
            self._emit(
                Event(
                    "rejected",
                    now,
                    p,
                    text,
                    state.version,
                    f"wait: the round starts in {self.paused_until - now:.1f} s",
                    "RC-PLAY-2",
                )
            )
            return
        before_round, before_phase = state.round, state.phase
        try:
            action = (
                arrival.action
                if isinstance(arrival.action, Action)
                else state.game.parse_action(state, p, arrival.action)
            )
            state.apply(p, action)
        except IllegalAction as exc:
            stale = arrival.based_on is not None and arrival.based_on < state.version
            self._emit(
                Event(
                    "stale" if stale else "rejected",
                    now,
                    p,
                    text,
                    state.version,
                    exc.message,
                    exc.rule,
                )
            )
            return
        public = state.game.action_is_public(state, p, action)
        self._emit(Event("applied", now, p, text, state.version, public=public))
        if before_phase == LOADING and (state.phase != LOADING or state.round != before_round):
            self._emit(
                Event(
                    "stop", now, state.stop_callers[-1], None, state.version, "Stop!", "RC-STOP-1"
                )
            )
        if state.is_over():
            self._emit(Event("over", now, None, None, state.version, "the game is over"))
        elif state.round != before_round:
            self.paused_until = now + self.round_pause
            self._emit(
                Event("round", now, None, None, state.version, f"round {state.round + 1} starts")
            )
        elif state.pending is not None:
            self._emit(Event("waiting", now, state.pending_player(), None, state.version, "choose"))
