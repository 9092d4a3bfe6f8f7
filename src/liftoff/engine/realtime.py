"""What every real-time game shares: bots' speed profiles, clocks, seats, events and
the driver protocol front ends use.

A real-time game (``GameInfo.realtime``) has no turn order: everyone acts at
once and the order in which actions *arrive* matters. The engine stays pure —
time is given to it, never read — so a clock is injected (:class:`ManualClock`
in tests and simulations; a wall clock is the front end's business).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .action import Action
from .driver import Agent
from .events import Event
from .rng import Rng
from .state import State


@dataclass(frozen=True, slots=True)
class SpeedProfile:
    """How fast a bot decides: ``mean`` seconds per decision ± ``jitter`` (uniform)."""

    name: str
    mean: float
    jitter: float

    def delay(self, rng: Rng) -> float:
        """One decision time, drawn from ``rng`` (no draw at all for ``instant``).

        >>> SPEEDS["instant"].delay(Rng(1))
        0.0
        >>> 0.6 <= SPEEDS["normal"].delay(Rng(1)) <= 1.4
        True
        """
        if self.mean == 0.0 and self.jitter == 0.0:
            return 0.0
        return max(0.0, self.mean + self.jitter * (2.0 * rng.random() - 1.0))


#: the selectable speeds, slowest first
SPEEDS: dict[str, SpeedProfile] = {
    "slow": SpeedProfile("slow", 2.0, 0.8),
    "normal": SpeedProfile("normal", 1.0, 0.4),
    "fast": SpeedProfile("fast", 0.5, 0.2),
    "instant": SpeedProfile("instant", 0.0, 0.0),
}
DEFAULT_SPEED = "normal"


@dataclass(frozen=True, slots=True)
class PeoplePace:
    """How bots at a table where people sit follow the people's pace.

    A bot there never decides faster than the slowest person has recently been
    placing cards: the mean gap between that person's last ``window`` actions of
    the round (counted from the round's "Lift Off!"), and at least the time that
    person has already spent on the current card. Before a person has acted in
    a round, ``start`` seconds a card is assumed (a person reading each card).
    The pace is capped at ``cap`` seconds (an absent person does not stall the
    bots for ever) and drawn ± ``jitter`` (a fraction) so bots do not act in step.
    A bot whose own profile is slower keeps its own pace; tables without people
    are not affected.

    >>> PeoplePace().seconds([[0.0, 3.0, 6.0]], now=6.0)
    3.0
    >>> PeoplePace().seconds([[0.0]], now=0.5)  # nobody has placed yet
    2.5
    >>> PeoplePace().seconds([[0.0, 1.0, 2.0], [0.0, 2.0]], now=2.0)  # the slowest
    2.0
    """

    start: float = 2.5
    window: int = 4
    cap: float = 6.0
    jitter: float = 0.15

    def seconds(self, moments: Sequence[Sequence[float]], now: float) -> float:
        """The table's pace in seconds a card: ``moments`` holds, per person, the
        round's opening time followed by the times of that person's actions."""
        slowest = 0.0
        for times in moments:
            recent = list(times[-(self.window + 1) :])
            gaps = len(recent) - 1
            mean = (recent[-1] - recent[0]) / gaps if gaps > 0 else self.start
            slowest = max(slowest, mean, now - recent[-1] if recent else 0.0)
        return min(self.cap, slowest)

    def delay(self, moments: Sequence[Sequence[float]], now: float, rng: Rng) -> float:
        """One bot decision time at this pace (drawn from ``rng``)."""
        base = self.seconds(moments, now)
        return max(0.0, base * (1.0 + self.jitter * (2.0 * rng.random() - 1.0)))


#: the people pace live tables use by default
PEOPLE_PACE = PeoplePace()


@dataclass(frozen=True, slots=True)
class RoundBreak:
    """How a live table where people sit passes from one round to the next.

    The round's reveals are shown one after the other, ``reveal_pace`` seconds
    each; a choice asked during them is taken once the reveal it is about is on
    screen. Then the round's result stays on screen until every person at the
    table has said they are ready: once the first one has, the others have
    ``countdown`` seconds; once all have, the next round opens ``start`` seconds
    later. The table never waits more than ``most`` seconds after the reveals
    (the longest a break lasts; a policy for absent people may count someone as
    ready earlier, see ``ready``). Tables without people keep the plain pause.
    """

    reveal_pace: float = 1.0
    countdown: float = 20.0
    start: float = 3.0
    most: float = 120.0


#: the round break live tables use by default
ROUND_BREAK = RoundBreak()


class Clock(Protocol):
    """A source of the current time in seconds."""

    def now(self) -> float: ...


class ManualClock:
    """A clock that moves only when told (tests, simulations, replays)."""

    def __init__(self, start: float = 0.0) -> None:
        self.t = start

    def now(self) -> float:
        """The current time."""
        return self.t

    def advance(self, dt: float) -> float:
        """Move the clock ``dt`` seconds on; returns the new time."""
        self.t += dt
        return self.t


# -- driving a real-time game ------------------------------------------------------------


@dataclass
class LiveSeat:
    """One seat of a real-time game: a ready ``agent`` (``None``: a person plays it),
    the ``speed`` it decides at, and the ``rng`` its decision times are drawn from."""

    agent: Agent | None = None
    speed: SpeedProfile = SPEEDS[DEFAULT_SPEED]
    rng: Rng = field(default_factory=lambda: Rng(0))

    @property
    def human(self) -> bool:
        """Whether a person plays this seat."""
        return self.agent is None

    @classmethod
    def of(cls, agent: Agent | None, speed: SpeedProfile, speed_seed: int) -> LiveSeat:
        """A seat whose decision times are drawn from ``Rng(speed_seed)``."""
        return cls(agent, speed, Rng(speed_seed))


@dataclass(frozen=True, slots=True)
class DriverEvent:
    """Something a real-time driver did: ``applied``, ``rejected``, ``stale``, ``stop``,
    ``round`` (a new round starts), ``over``, ``waiting`` (a player must choose), or
    ``ready`` (a person is ready for the next round)."""

    kind: str
    time: float
    player: int | None = None
    action: str | None = None
    version: int = 0
    message: str = ""
    rule: str | None = None
    public: bool = False  # applied: every player may read ``action`` (Game.action_is_public)
    events: tuple[Event, ...] = ()  # applied: what the action caused (``State.apply``)
    #: rejected or stale: the refusal's message id and parameters, for a reader of
    #: another language (``message`` is its English)
    said: tuple[str, dict[str, Any]] | None = None


Listener = Callable[[DriverEvent], None]

#: where bots think in live play: an executor (a thread pool) off the driver's thread
Thinker = Executor

S_co = TypeVar("S_co", bound=State, covariant=True)


class RealtimeDriver(Protocol[S_co]):
    """What front ends use of a real-time game's driver (:meth:`Game.realtime_driver`).

    The driver applies actions in the order they *arrive*. People's actions are
    pushed with :meth:`submit`; bots (:class:`LiveSeat` agents) decide on their
    own and their decisions arrive after their speed profile's delay — plus, with
    a thinker, the real time they spent thinking (off the driver's thread).
    Without a thinker, time is virtual and thinking is free: the same seeds give
    the same game.
    """

    @property
    def state(self) -> S_co:
        """The game being driven (changed in place)."""
        ...

    @property
    def seats(self) -> Sequence[LiveSeat]:
        """One seat per player."""
        ...

    @property
    def time(self) -> float:
        """The driver's time: the last time it advanced to."""
        ...

    @property
    def paused_until(self) -> float:
        """When the current countdown (before a round) ends."""
        ...

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        ...

    @property
    def boundary(self) -> int:
        """Actions chosen on an earlier state version arrive stale."""
        ...

    @property
    def counting_down(self) -> bool:
        """Whether the countdown before a round is on at the driver's time."""
        ...

    def counting_down_at(self, now: float) -> bool:
        """Whether the countdown before a round is on at time ``now``."""
        ...

    def view(self, player: int | None, now: float | None = None) -> Any:
        """``player``'s view as it may be shown at ``now`` (default: the clock's);
        during a countdown what stays hidden until the round opens is hidden."""
        ...

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(event)`` for every event from now on."""
        ...

    @property
    def ready_players(self) -> set[int]:
        """The people who said they are ready for the next round (during a break)."""
        ...

    @property
    def absent_ready(self) -> set[int]:
        """Of the people ready, those counted ready because they are absent."""
        ...

    def between_rounds_at(self, now: float) -> bool:
        """Whether the table waits, at ``now``, for its people before the next round."""
        ...

    def reveals_shown_at(self) -> float:
        """When the reveals of the last resolution (so far) are all on screen."""
        ...

    def ready(self, player: int, at: float | None = None, *, absent: bool = False) -> bool:
        """Person ``player`` is ready for the next round; whether it counted
        (``absent``: counted ready by a policy for absent people, which starts
        nobody's countdown)."""
        ...

    def on_decision(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` whenever a bot thinking on the thinker has decided
        (from the thinker's thread: front ends use it to wake up and poll)."""
        ...

    def set_seat(self, player: int, seat: LiveSeat) -> None:
        """Seat ``player`` is played from now on by ``seat`` (a bot or a person)."""
        ...

    def submit(
        self,
        player: int,
        action: Action | str,
        *,
        at: float | None = None,
        based_on: int | None = None,
    ) -> None:
        """A person's action arriving at ``at`` (default: the clock's now), chosen on
        state version ``based_on`` (default: the current one)."""
        ...

    def next_arrival(self) -> float | None:
        """When the next known action arrives (or the countdown ends), if any."""
        ...

    def advance(self, until: float) -> int:
        """Apply every arrival due up to ``until``; how many were delivered."""
        ...

    def poll(self) -> int:
        """:meth:`advance` to the clock's current time."""
        ...

    def run(self, max_actions: int = 1_000_000) -> S_co:
        """Play a game whose active seats are all bots to the end, in virtual time."""
        ...

    def tick(self, actions: Mapping[int, Action | str] | None = None) -> list[DriverEvent]:
        """One lockstep tick (every active player decides on the same state)."""
        ...

    def run_lockstep(self, max_ticks: int = 1_000_000) -> S_co:
        """Play a bot-only game to the end in lockstep ticks."""
        ...
