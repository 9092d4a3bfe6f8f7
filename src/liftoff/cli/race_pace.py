"""Pacing the race resolution on the live screen, so that a person can follow it.

The engine resolves a whole round in the ``apply`` that calls Stop (and the
real-time driver applies it at once: lockstep play and simulations stay
unpaced). The live screen instead shows what that action caused **step by
step**: the narrated events are cut into steps (Stop, the cleanup, each card
turned up with what it did, each planet scored, the round's standings, the next
round), each with the board as it stood then (:func:`liftoff.cli.render.race.
resolution_board`, from the view's public resolution log), shown ``pause``
seconds apart (:class:`Pacer`). While the steps play, the driver's clock stands
still (:class:`HoldClock`): no bot acts and the next countdown has not begun.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from liftoff import speech
from liftoff.cli.render.race import Board, board_of, resolution_board, rows_from_log
from liftoff.cli.words import say
from liftoff.engine import Event, Game
from liftoff.engine.realtime import Clock

#: seconds between two steps of a resolution on the live screen
STEP_PAUSE = 1.0


class HoldClock:
    """A clock that can stand still: ``now()`` is ``inner.now()`` minus the time
    spent on hold, and does not move while held."""

    def __init__(self, inner: Clock) -> None:
        self.inner = inner
        self._lag = 0.0
        self._held_at: float | None = None

    def now(self) -> float:
        """The inner clock's time, without the time spent on hold."""
        held = self._held_at
        return (self.inner.now() if held is None else held) - self._lag

    @property
    def held(self) -> bool:
        """Whether the clock stands still."""
        return self._held_at is not None

    def hold(self) -> None:
        """Stop the clock (until :meth:`release`)."""
        if self._held_at is None:
            self._held_at = self.inner.now()

    def release(self) -> None:
        """Let the clock run on from where it stood."""
        if self._held_at is not None:
            self._lag += self.inner.now() - self._held_at
            self._held_at = None


@dataclass(slots=True)
class Step:
    """One step of a resolution: its sentences, the board then, the state version
    a key pressed during it was chosen on, and what it is (``stop``, ``cleanup``,
    ``reveal``, ``planet``, ``standings``, ``round``, ``over``)."""

    kind: str
    lines: list[Text] = field(default_factory=list)
    board: Board | None = None
    version: int = 0


#: the events that have an entry in the view's resolution log (``race.ev.`` + these)
_LOGGED = tuple(
    "race.ev." + k
    for k in [
        "stop",
        "illegal",
        "no-liftoff",
        "reveal.",
        "fail.",
        "ore",
        "terraform",
        "theft",
        "repelled",
        "steal",
        "steal-none",
        "steal-nothing",
        "planet.",
    ]
)
_STARTS = {
    "race.ev.stop": "stop",
    "race.ev.illegal": "cleanup",
    "race.ev.no-liftoff": "cleanup",
    "race.ev.reveal.": "reveal",
    "race.ev.planet.": "planet",
    "race.ev.round-end": "standings",
    "race.ev.round-start": "round",
    "race.ev.round-start-rotated": "round",
    "race.ev.game-end": "over",
}


def _logged(kind: str) -> bool:
    """Whether the event has an entry in the view's resolution log."""
    return any(kind == k or (k.endswith(".") and kind.startswith(k)) for k in _LOGGED)


def _starts(kind: str) -> str | None:
    for prefix, step in _STARTS.items():
        if kind == prefix or (prefix.endswith(".") and kind.startswith(prefix)):
            return step
    return None


def resolves(events: Sequence[Event]) -> bool:
    """Whether an action's events include a resolution (worth pacing)."""
    return any(_starts(e.kind) is not None for e in events)


def steps_of(
    game: Game[Any],
    events: Sequence[Event],
    viewer: int | None,
    names: Sequence[str],
    base: Mapping[str, Any],
    live: Mapping[str, Any],
    version: int,
) -> list[Step]:
    """The steps of what one action caused. ``base``: a view of the resolved
    round taken before its resolution; ``live``: the view now; ``version``: the
    state version before the action (what a key pressed meanwhile was chosen on)."""
    log = live["log"]
    if live["log_round"] == live["round"]:  # still in the round: its rows are on the table
        rows = [r for pl in live["planets"] for r in pl["rows"]]
    else:
        rows = rows_from_log(log, len(live["planets"]))
    same = base["round"] == live["log_round"] and len(base["planets"]) == len(live["planets"])
    index = len(log) - sum(1 for e in events if _logged(e.kind))
    steps: list[Step] = []

    def board() -> Board:
        if not same or index < 0:
            return board_of(live)
        return resolution_board(base, rows, log[:index])

    current: Step | None = None
    for event in events:
        kind = _starts(event.kind)
        if current is None:
            current = Step(kind or "action", version=version)
            steps.append(current)
        elif kind == "stop" and current.kind == "action":
            current.kind = kind  # the action that emptied a stack, and Stop
        elif kind is not None and not kind == current.kind == "cleanup":
            current.board = board()  # the board after the step's own events
            current = Step(kind, version=version)
            steps.append(current)
        if _logged(event.kind):
            index += 1
        line = speech.of(game).narrate(event, viewer, names)
        if line:
            current.lines.append(Text(line, style=_LOOK.get(current.kind, "")))
    if current is not None:
        current.board = board()
    return [s for s in steps if s.lines]


_LOOK = {"stop": "bold magenta", "planet": "bold", "standings": "bold green", "over": "bold"}


class Pacer:
    """The steps waiting to be shown, one every ``pause`` seconds (0: all at once)."""

    def __init__(self, pause: float = STEP_PAUSE) -> None:
        self.pause = pause
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.due = 0.0
        self.shown = 0  # steps shown of the ones queued since the pacing began
        self.skipping = False  # skip to the standings, steps still to come included

    @property
    def active(self) -> bool:
        """Whether a step is on screen or waiting."""
        return self.current is not None or bool(self.queue)

    @property
    def left(self) -> int:
        """Steps still waiting."""
        return len(self.queue)

    def add(self, steps: Sequence[Step], now: float) -> list[Step]:
        """Queue ``steps``; returns the steps shown at once (the first one when
        nothing was on screen; all of them when the pause is 0)."""
        self.queue.extend(steps)
        if self.pause <= 0:
            out = list(self.queue)
            self.queue.clear()
            return out
        if self.skipping:
            return self.skip(now)
        if self.current is None and self.queue:
            return [self._next(now)]
        return []

    def tick(self, now: float) -> list[Step]:
        """The step due at ``now``, if any (an empty list, and the pacing ends,
        when the last step has had its time on screen)."""
        if self.current is None or now < self.due:
            return []
        if self.queue:
            return [self._next(now)]
        self.current = None
        self.shown = 0
        return []

    def next(self, now: float) -> list[Step]:
        """Show the next step at once."""
        self.due = now
        return self.tick(now)

    def skip(self, now: float) -> list[Step]:
        """Show every step up to the round's standings at once (steps that come
        later in the round too, after a choice: see :meth:`add`)."""
        out: list[Step] = []
        self.skipping = True
        while self.queue:
            out.append(self._next(now))
            if out[-1].kind in ("standings", "over"):
                self.skipping = False
                break
        return out

    def _next(self, now: float) -> Step:
        self.current = self.queue.popleft()
        self.shown += 1
        self.due = now + self.pause * (2 if self.current.kind == "standings" else 1)
        return self.current


def seating_lines(
    view: Mapping[str, Any], viewer: int | None, names: Sequence[str], keys: Mapping[int, int]
) -> list[Text]:
    """The 3-player seat rotation told in words at the start of a round: with whom
    the viewer shares which planets now (everyone moves one seat to the left)."""
    if len(view["players"]) != 3:
        return []
    rotated = view["round"] > 1
    if viewer is None:
        said = say("cli.pace.rotated") if rotated else say("cli.pace.three")
        return [Text(said)]
    said = say("cli.pace.rotated.yours") if rotated else say("cli.pace.yours")
    out = [Text(said, style="bold cyan")]
    partners: dict[int, list[str]] = {}
    for pl in view["planets"]:
        a, b = pl["players"]
        if viewer in (a, b):
            key = keys.get(pl["number"])
            label = f"[{key}] {pl['name']}" if key else pl["name"]
            partners.setdefault(b if a == viewer else a, []).append(label)
    for other, planets in partners.items():
        said = say("cli.pace.with", name=names[other], planets=say("cli.comma").join(planets))
        out.append(Text(said, style="cyan"))
    return out
