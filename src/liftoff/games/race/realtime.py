"""The real-time driver: actions from several sources applied in arrival order.

The engine itself has no clock: during loading every player is active and any
interleaving of their actions is a legal history (see ``state.py``). This
module adds time, outside the pure rules, for the terminal, the server and
simulations. Front ends reach it through ``Game.realtime_driver`` (the
:class:`~liftoff.engine.realtime.RealtimeDriver` protocol):

- Each seat (:class:`~liftoff.engine.realtime.LiveSeat`) is a **source**: a
  person (actions pushed with :meth:`RealtimeRace.submit`) or a ready bot with a
  **speed profile** (mean seconds per decision ± jitter drawn from the seat's
  own seeded :class:`~liftoff.engine.Rng`).
- A bot looks at the state, chooses, and its action *arrives* ``delay`` seconds
  after it started looking. Arrivals are applied in time order. Arrivals at the
  same instant form a **tick** and are applied in seat order starting from a
  first seat that rotates by one every tick (deterministic tie-break, RC-GAP-4).
- **Thinking.** Without a thinker a bot decides inline, on the driver's thread,
  and its thinking takes no time (virtual time: the same seeds give the same
  game). With a thinker (an executor, in live play) a bot decides on a clone of
  the state off the driver's thread; :meth:`RealtimeRace.poll` never waits for
  it, and the decision arrives at decision start + the real thinking time (as
  the clock measures it) + the speed profile's delay.
- Every submission carries the state version it was chosen on. If it is no
  longer legal when it arrives (typically: someone called Stop meanwhile), it is
  rejected cleanly as **stale** and the state is untouched (RC-STOP-3).
- Time is virtual: :meth:`RealtimeRace.advance` processes everything due up to a
  time, :meth:`RealtimeRace.poll` uses the injected clock (a wall clock in the
  terminal and the server, a :class:`ManualClock` in tests), and
  :meth:`RealtimeRace.run` plays a bot-only game by jumping from arrival to
  arrival, without ever sleeping.
- **Lockstep** (:meth:`RealtimeRace.tick`): every active player makes one decision
  on the same state, then they are applied from the rotating first seat; after a
  Stop the rest of the tick is dropped. For tests and RL.

Listeners (:meth:`RealtimeRace.subscribe`) receive a :class:`DriverEvent` for
every applied, rejected or stale action and for Stop, new rounds and the end.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, wait
from dataclasses import dataclass, field
from typing import Any

from liftoff.engine import Action, Agent, Event, IllegalAction, messages
from liftoff.engine.realtime import (
    Clock,
    DriverEvent,
    Listener,
    LiveSeat,
    ManualClock,
    PeoplePace,
    RoundBreak,
    Thinker,
)

from .state import LOADING, RaceState


def face_down(view: dict[str, Any]) -> dict[str, Any]:
    """A view during the countdown: every stack's top card stays face-down until
    "Lift Off!" (RC-PLAY-1/2)."""
    out = dict(view)
    out["players"] = [{**p, "top": None} for p in view.get("players", [])]
    out["countdown"] = True
    return out


def _think(agent: Agent, state: RaceState, player: int, clock: Clock) -> tuple[Action, float]:
    """A bot's decision on the thinker, and the clock's time when it was made."""
    return agent.choose(state, player), clock.now()


@dataclass(slots=True, eq=False)
class _Thought:
    """A bot deciding on the thinker: when it started (driver time and clock time),
    its speed profile's delay and the state version it looks at."""

    player: int
    seat: LiveSeat
    future: Future[tuple[Action, float]]
    base: float
    started: float
    delay: float
    based_on: int


@dataclass(order=True, slots=True)
class _Arrival:
    time: float
    seq: int
    player: int = field(compare=False)
    action: Action | str = field(compare=False)
    based_on: int | None = field(compare=False)
    seat: LiveSeat | None = field(compare=False, default=None)  # the bot seat that decided


class RealtimeRace:
    """Drives a race :class:`~liftoff.games.race.state.RaceState` in (virtual) real time.

    ``seats``: one :class:`LiveSeat` per player (a ready bot, or ``None`` for a
    person). ``clock`` is used by :meth:`poll` and :meth:`submit`, and measures
    the bots' thinking when a ``thinker`` is given. ``round_pause`` seconds
    separate rounds (and precede the first one when ``start_pause`` is set):
    nobody may act then, so people can read the results. ``people_pace``: at a
    table where people sit, bots never decide faster than the slowest person has
    recently been playing (:class:`~liftoff.engine.realtime.PeoplePace`).
    ``round_break``: at a table where people sit, the reveals are shown at a pace
    and the next round waits until the people are ready (:meth:`ready`; see
    :class:`~liftoff.engine.realtime.RoundBreak`); ``round_pause`` is then unused.
    """

    def __init__(
        self,
        state: RaceState,
        seats: Sequence[LiveSeat],
        *,
        clock: Clock | None = None,
        round_pause: float = 0.0,
        start_pause: float = 0.0,
        thinker: Thinker | None = None,
        people_pace: PeoplePace | None = None,
        round_break: RoundBreak | None = None,
    ) -> None:
        if len(seats) != state.num_players:
            raise ValueError(f"{state.num_players} players need {state.num_players} seats")
        self.seats: list[LiveSeat] = list(seats)
        self.state = state
        self.clock: Clock = clock if clock is not None else ManualClock()
        self.thinker = thinker
        self._busy: set[int] = set()  # bots deciding (thinking, or their decision on its way)
        self._thoughts: list[_Thought] = []
        self._wakers: list[Callable[[], None]] = []
        self._waiting = False  # run() waits for the thinker's decisions
        self.time = 0.0
        self.tick_count = 0
        self.round_pause = round_pause
        self.paused_until = start_pause
        self.people_pace = people_pace
        #: per person: the round's opening time, then the times of their actions
        self._moments: dict[int, list[float]] = {}
        self.round_break = round_break
        #: the people who said they are ready for the next round (during a break)
        self.ready_players: set[int] = set()
        #: of those, the ones counted ready because they are absent (a policy said so)
        self.absent_ready: set[int] = set()
        self._stopped_at = 0.0  # when the last Stop was called (its reveals start)
        self._break = False  # between two rounds, waiting for the people
        self._heap: list[_Arrival] = []
        self._seq = 0
        self._listeners: list[Listener] = []
        self.events_seen = 0
        #: what the last applied action caused (``State.apply``'s events): read it
        #: when told ``applied`` to narrate Stop, the resolution and a new round
        self.last_events: list[Event] = []

    @property
    def boundary(self) -> int:
        """The state's boundary (:attr:`State.boundary`): actions chosen on an earlier
        version are stale even if they happen to be legal again."""
        return self.state.boundary

    # -- plumbing ------------
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(event)`` for every event from now on."""
        self._listeners.append(listener)

    def on_decision(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` (from the thinker's thread) whenever a bot thinking on
        the thinker has decided, so that a front end can wake up and :meth:`poll`."""
        self._wakers.append(callback)

    def set_seat(self, player: int, seat: LiveSeat) -> None:
        """Seat ``player`` is played by ``seat`` from now on. A decision the former
        seat's bot already made (or is making) still arrives, as any other."""
        self.seats[player] = seat
        self._busy.discard(player)
        if self._break:  # the people left may all be ready now
            self._shorten_break(self.clock.now())

    @property
    def deciding(self) -> frozenset[int]:
        """The players whose bot is deciding (thinking, or its decision on its way)."""
        return frozenset(self._busy)

    @property
    def thinking(self) -> int:
        """How many bots are thinking on the thinker (or have decided there, not yet
        taken in by :meth:`poll` / :meth:`advance`)."""
        return len(self._thoughts)

    def view(self, player: int | None, now: float | None = None) -> dict[str, Any]:
        """``player``'s view as it may be shown at ``now`` (default: the clock's):
        face-down stacks during the countdown (RC-PLAY-1)."""
        view: dict[str, Any] = self.state.view(player)
        if self.counting_down_at(self.clock.now() if now is None else now):
            view = face_down(view)
        return view

    def _emit(self, event: DriverEvent) -> None:
        self.events_seen += 1
        for fn in self._listeners:
            fn(event)

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.human]

    def _push(
        self,
        at: float,
        player: int,
        action: Action | str,
        based_on: int | None,
        seat: LiveSeat | None = None,
    ) -> None:
        self._seq += 1
        heapq.heappush(self._heap, _Arrival(at, self._seq, player, action, based_on, seat))

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
            max(when, self.time, self._choice_floor(player)),
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

    def _delay(self, seat: LiveSeat, now: float) -> float:
        """A bot's decision time: its speed profile's, and at a table where people
        sit no shorter than the people's pace (``people_pace``)."""
        delay = seat.speed.delay(seat.rng)
        humans = self.humans
        if self.people_pace is None or not humans or self.state.phase != LOADING:
            return delay
        opened = self._round_opened()
        moments = [self._moments.get(p, [opened]) for p in humans]
        return max(delay, self.people_pace.delay(moments, now, seat.rng))

    def _round_opened(self) -> float:
        """When the current round opened ("Lift Off!")."""
        return self.paused_until

    def _schedule_bots(self) -> None:
        """Let every idle bot of an active player start deciding (and take in the
        decisions the thinker has finished)."""
        self._collect()
        state = self.state
        if state.is_over() or self.counting_down:
            return
        for p in state.active_players():
            seat = self.seats[p]
            if p in self._busy or seat.agent is None:
                continue
            base = max(self.time, self._choice_floor(p))
            if self.thinker is None:  # inline: thinking takes no (virtual) time
                action = seat.agent.choose(state, p)
                self._busy.add(p)
                self._push(base + self._delay(seat, base), p, action, state.version, seat)
                continue
            self._busy.add(p)
            delay = self._delay(seat, base)
            started = self.clock.now()
            future = self.thinker.submit(_think, seat.agent, state.clone(), p, self.clock)
            self._thoughts.append(_Thought(p, seat, future, base, started, delay, state.version))
            future.add_done_callback(self._decided)
        if self._waiting and self._thoughts:  # run(): decisions in the order they were asked
            wait([t.future for t in self._thoughts])
            self._collect()

    def _decided(self, _future: Future[tuple[Action, float]]) -> None:
        for wake in list(self._wakers):
            wake()

    def _collect(self) -> None:
        """Queue the decisions the thinker has finished: each arrives at its decision
        start + its thinking time + its delay (never before the driver's time). A
        bot that failed frees its seat (it may try again) and its error is raised."""
        ready = [t for t in self._thoughts if t.future.done()]
        if not ready:
            return
        self._thoughts = [t for t in self._thoughts if t not in ready]
        failure: BaseException | None = None
        for thought in sorted(ready, key=lambda t: t.player):
            p = thought.player
            try:
                action, finished = thought.future.result()
            except Exception as exc:
                if thought.seat is self.seats[p]:
                    self._busy.discard(p)
                failure = failure or exc
                continue
            at = thought.base + max(0.0, finished - thought.started) + thought.delay
            self._push(max(at, self.time), p, action, thought.based_on, thought.seat)
        if failure is not None:
            raise failure

    # -- between rounds ------------
    def _paced(self) -> RoundBreak | None:
        """The round break in use: only at a table where people sit."""
        return self.round_break if self.round_break is not None and self.humans else None

    def reveals_shown_at(self) -> float:
        """When the reveals of the last resolution (so far) are all on screen, at
        the round break's reveal pace (the Stop's time without a break)."""
        brk = self._paced()
        if brk is None:
            return self._stopped_at
        count = sum(1 for entry in self.state.log if entry[0] == "reveal")
        return self._stopped_at + count * brk.reveal_pace

    def _choice_floor(self, player: int) -> float:
        """The earliest a resolution choice of ``player`` is taken: once the reveal
        it is about is on screen (0 when there is no such wait)."""
        state = self.state
        if (
            self._paced() is None
            or state.phase == LOADING
            or state.pending is None
            or player != state.pending_player()
        ):
            return 0.0
        return self.reveals_shown_at()

    def between_rounds_at(self, now: float) -> bool:
        """Whether the table waits, at ``now``, for its people before the next round."""
        return self._break and self.counting_down_at(now)

    def _open_break(self, now: float) -> None:
        """A round ended: the plain pause, or (people at the table) a break that
        lasts until they are ready, at most ``RoundBreak.most`` after the reveals."""
        brk = self._paced()
        self.ready_players = set()
        self.absent_ready = set()
        self._break = brk is not None
        if brk is None:
            self.paused_until = now + self.round_pause
        else:
            self.paused_until = max(now, self.reveals_shown_at()) + brk.most

    def ready(self, player: int, at: float | None = None, *, absent: bool = False) -> bool:
        """Person ``player`` is ready for the next round (``at``: when; default the
        clock's now). The first one ready starts the others' countdown; once all
        are, the round opens shortly after the reveals. A policy for absent people
        calls this with ``absent`` for someone away: they count as ready, but start
        nobody's countdown (a person still reading is waited for until one who is
        there says ready). Returns whether it counted (a break is on)."""
        now = self.clock.now() if at is None else at
        if not self.between_rounds_at(now) or player not in self.humans:
            return False
        if absent and player not in self.ready_players:
            self.absent_ready.add(player)
        elif not absent:
            self.absent_ready.discard(player)
        if player not in self.ready_players:
            self.ready_players.add(player)
            text = messages.text("race.live.ready")
            self._emit(DriverEvent("ready", now, player, None, self.state.version, text))
        self._shorten_break(now)
        return True

    def _shorten_break(self, now: float) -> None:
        """Bring the next round nearer as people get ready (or leave the table)."""
        brk = self.round_break
        if brk is None or not self._break:
            return
        shown = max(now, self.reveals_shown_at())
        humans = set(self.humans)
        if humans <= self.ready_players:  # everybody (or nobody is left)
            self.paused_until = min(self.paused_until, shown + brk.start)
        elif (self.ready_players - self.absent_ready) & humans:
            self.paused_until = min(self.paused_until, shown + brk.countdown)

    # -- real time ------------
    def next_arrival(self) -> float | None:
        """When the next queued action arrives (after scheduling idle bots), or the
        end of the countdown when bots wait for it. Bots still thinking on the
        thinker have no arrival time yet (see :meth:`on_decision`)."""
        self._schedule_bots()
        nxt = self._heap[0].time if self._heap else None
        if self.counting_down and any(
            self.seats[p].agent is not None and p not in self._busy
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
        (arrival to arrival; nothing sleeps). Bots deciding on a thinker are waited
        for as soon as they are asked, so their decisions arrive in the same order
        as inline ones (and at the same times when the clock is a manual one)."""
        steps = 0
        self._waiting = True
        try:
            if self._thoughts:
                wait([t.future for t in self._thoughts])
            while not self.state.is_over():
                nxt = self.next_arrival()
                if nxt is None:
                    raise RuntimeError(f"waiting for a human player: {self.state.active_players()}")
                steps += self.advance(nxt)
                if steps > max_actions:
                    raise RuntimeError(f"no end after {max_actions} actions")
        finally:
            self._waiting = False
        return self.state

    # -- lockstep ------------
    def tick(self, actions: Mapping[int, Action | str] | None = None) -> list[DriverEvent]:
        """One lockstep tick: every active player decides on the same state (bots
        choose, inline even with a thinker; humans' actions must be in
        ``actions``), then the decisions are applied from a first seat that
        rotates every tick; once Stop is called the rest of the tick is stale.
        Returns the tick's events."""
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
        events: list[DriverEvent] = []
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
        if arrival.seat is not None and arrival.seat is self.seats[p]:
            self._busy.discard(p)
        text = str(arrival.action)
        now = self.time
        if arrival.based_on is not None and state.is_stale(arrival.based_on):
            # the engine's one meaning of stale, with its rule and its words
            late = state.stale_refusal(p, arrival.action, arrival.based_on)
            said = (late.code, late.params)
            self._emit(
                DriverEvent(
                    "stale", now, p, text, state.version, late.message, late.rule, said=said
                )
            )
            return
        if now < self.paused_until:
            self._emit(
                DriverEvent(
                    "rejected",
                    now,
                    p,
                    text,
                    state.version,
                    messages.render("race.live.wait", {"seconds": self.paused_until - now}),
                    "RC-PLAY-2",
                    said=("race.live.wait", {"seconds": self.paused_until - now}),
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
            caused = self.last_events = state.apply(p, action)
        except IllegalAction as exc:  # not stale (checked above): illegal in itself
            self._emit(
                DriverEvent(
                    "rejected",
                    now,
                    p,
                    text,
                    state.version,
                    exc.message,
                    exc.rule,
                    said=(exc.code, exc.params) if exc.code else None,
                )
            )
            return
        if before_phase == LOADING and self.seats[p].human:
            self._moments.setdefault(p, [self._round_opened()]).append(now)
        public = state.game.action_is_public(state, p, action)
        self._emit(
            DriverEvent("applied", now, p, text, state.version, public=public, events=tuple(caused))
        )
        self._announce(now, before_round, before_phase)

    def _announce(self, now: float, before_round: int, before_phase: int) -> None:
        """The events that follow an applied action: Stop, the end, a new round, a
        choice to make."""
        state = self.state
        if before_phase == LOADING and (state.phase != LOADING or state.round != before_round):
            self._stopped_at, self._break = now, False
            self._emit(
                DriverEvent(
                    "stop",
                    now,
                    state.stop_callers[-1],
                    None,
                    state.version,
                    messages.text("race.live.stop"),
                    "RC-STOP-1",
                )
            )
        if state.is_over():
            self._emit(
                DriverEvent("over", now, None, None, state.version, messages.render("api.over"))
            )
        elif state.round != before_round:
            self._moments.clear()
            self._open_break(now)
            self._emit(
                DriverEvent(
                    "round",
                    now,
                    None,
                    None,
                    state.version,
                    messages.render("race.live.round", {"round": state.round + 1}),
                )
            )
        elif state.pending is not None:
            self._emit(
                DriverEvent(
                    "waiting",
                    now,
                    state.pending_player(),
                    None,
                    state.version,
                    messages.text("race.live.choose"),
                )
            )
