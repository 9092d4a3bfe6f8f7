"""Bots thinking in live play: off the driver's thread, and not for free; in virtual
time and lockstep, thinking takes no time and games stay deterministic."""

from __future__ import annotations

import ast
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

import pytest

import liftoff
from liftoff import bots
from liftoff.bots.live import MonotonicClock, live_seats
from liftoff.bots.seats import SeatError, parse_seats
from liftoff.engine import Action, Rng, State
from liftoff.engine.realtime import SPEEDS, DriverEvent, LiveSeat, ManualClock
from liftoff.games.race.realtime import RealtimeRace
from liftoff.games.race.state import RaceState

GAME = liftoff.games.get("race")
RACE_PACKAGE = Path(liftoff.__file__).parent / "games" / "race"
LAYERS_ABOVE = ("liftoff.bots", "liftoff.cli", "liftoff.server", "liftoff.sim", "liftoff.rl")


class GatedBot:
    """A bot that thinks until the test opens its gate; its first decision moves the
    (manual) clock on by ``seconds``, as if it had thought that long."""

    def __init__(self, clock: ManualClock, seconds: float) -> None:
        self.clock = clock
        self.seconds = seconds
        self.gate = threading.Event()
        self.started = threading.Event()
        self.threads: list[str] = []

    def choose(self, state: State, player: int) -> Action:
        self.threads.append(threading.current_thread().name)
        self.started.set()
        assert self.gate.wait(10), "the test never opened the gate"
        if self.seconds:
            self.clock.advance(self.seconds)
            self.seconds = 0.0
        legal = state.legal_actions(player)
        return next((a for a in legal if str(a) == "under"), legal[0])


class SleepyBot:
    """A bot that really takes ``seconds`` (wall clock) over every decision."""

    def __init__(self, inner: Any, seconds: float) -> None:
        self.inner = inner
        self.seconds = seconds

    def choose(self, state: State, player: int) -> Action:
        time.sleep(self.seconds)
        action: Action = self.inner.choose(state, player)
        return action


def _bot_events(events: list[DriverEvent], player: int) -> list[DriverEvent]:
    return [e for e in events if e.player == player and e.kind == "applied"]


def test_a_thinking_bot_does_not_block_poll_and_its_thinking_counts() -> None:
    clock = ManualClock()
    bot = GatedBot(clock, 2.0)
    state = GAME.new_game(2, 3)
    events: list[DriverEvent] = []
    with ThreadPoolExecutor(1, thread_name_prefix="thinker") as pool:
        speed = SPEEDS["fast"]
        d = GAME.realtime_driver(
            state, [LiveSeat(), LiveSeat.of(bot, speed, 7)], clock=clock, thinker=pool
        )
        assert isinstance(d, RealtimeRace)
        d.subscribe(events.append)
        decided = threading.Event()
        d.on_decision(decided.set)
        assert d.poll() == 0  # returns while the bot is still thinking (its gate is shut)
        assert bot.started.wait(10) and d.thinking == 1 and d.deciding == {1}
        assert d.next_arrival() is None  # no arrival time before the decision is made
        d.submit(0, "under")  # the person plays meanwhile
        assert d.poll() == 1 and state.history == [(0, "under")]
        bot.gate.set()
        assert decided.wait(10)
        d.poll()  # takes the decision in; it arrives after thinking + delay
        assert not _bot_events(events, 1)
        due = 2.0 + speed.delay(Rng(7))  # decision start (0) + thinking (2 s) + delay
        assert d.next_arrival() == pytest.approx(due)
        clock.advance(due - clock.now())
        d.poll()
        first = _bot_events(events, 1)[0]
        assert first.time == pytest.approx(due) and first.time >= 2.0
        assert state.history[1] == (1, "under")
    assert bot.threads and all(name.startswith("thinker") for name in bot.threads)


def test_thinking_time_is_measured_on_the_wall_clock() -> None:
    clock = MonotonicClock()
    inner = bots.make("random", seed=1)
    state = GAME.new_game(2, 5)
    events: list[DriverEvent] = []
    with ThreadPoolExecutor(1) as pool:
        seats = [LiveSeat(), LiveSeat.of(SleepyBot(inner, 0.2), SPEEDS["instant"], 0)]
        d = GAME.realtime_driver(state, seats, clock=clock, thinker=pool)
        d.subscribe(events.append)
        d.poll()
        deadline = time.monotonic() + 10
        while not _bot_events(events, 1):
            assert time.monotonic() < deadline, "the thinking bot's action never arrived"
            time.sleep(0.01)
            d.poll()
    assert _bot_events(events, 1)[0].time >= 0.2


def test_a_bot_that_fails_on_the_thinker_raises_in_poll_and_may_try_again() -> None:
    class Failing:
        calls = 0
        inner = bots.make("random", seed=3)

        def choose(self, state: State, player: int) -> Action:
            Failing.calls += 1
            if Failing.calls == 1:
                raise RuntimeError("bot bug")
            action: Action = self.inner.choose(state, player)
            return action

    state = GAME.new_game(2, 1, {"auto_choices": True})
    with ThreadPoolExecutor(1) as pool:
        seats = live_seats(parse_seats("random@instant,random@instant"), 1)
        seats[1].agent = Failing()
        d = GAME.realtime_driver(state, seats, thinker=pool)
        assert isinstance(d, RealtimeRace)
        d.poll()
        wait([t.future for t in d._thoughts], timeout=10)
        with pytest.raises(RuntimeError, match="bot bug"):
            d.poll()
        d.run()
    assert state.is_over() and Failing.calls > 1


def _virtual_game(
    seats_text: str, sleep: float, thinker: ThreadPoolExecutor | None = None
) -> tuple[Any, float]:
    """A bot-only game in virtual time; bots think ``sleep`` real seconds per decision
    (on ``thinker`` if given, timed by a manual clock; else inline, with the wall
    clock injected: ``run`` never reads it)."""
    state = GAME.new_game(3, 11, {"auto_choices": True})
    specs = parse_seats(seats_text, realtime=True)
    seats = live_seats(specs, 4)
    for seat in seats:
        seat.agent = SleepyBot(seat.agent, sleep)
    clock = MonotonicClock() if thinker is None else ManualClock()
    d = GAME.realtime_driver(state, seats, clock=clock, thinker=thinker)
    d.run()
    return state.record(), d.time


@pytest.mark.parametrize(
    "seats", ["random@fast,heuristic@slow,random@normal", "random@instant,heuristic@instant,random"]
)
def test_virtual_time_is_deterministic_and_thinking_is_free(seats: str) -> None:
    quick = _virtual_game(seats, 0.0)
    assert _virtual_game(seats, 0.0) == quick  # same seeds, same game, same (virtual) time
    assert _virtual_game(seats, 0.001) == quick  # real thinking time is not counted
    with ThreadPoolExecutor(2) as pool:  # a thinker on a manual clock: the same game
        assert _virtual_game(seats, 0.001, pool) == quick


def test_lockstep_is_deterministic_and_thinking_is_free() -> None:
    def lockstep(sleep: float) -> Any:
        state = GAME.new_game(2, 8, {"auto_choices": True})
        seats = live_seats(parse_seats("heuristic,random", realtime=True), 2)
        for seat in seats:
            seat.agent = SleepyBot(seat.agent, sleep)
        d = GAME.realtime_driver(state, seats)
        d.run_lockstep()
        return state.record(), d.time

    assert lockstep(0.0) == lockstep(0.001)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_race_package_imports_no_layer_above_it() -> None:
    for path in sorted(RACE_PACKAGE.glob("*.py")):
        upward = sorted(
            name
            for name in _imports(path)
            if name.startswith(LAYERS_ABOVE) or name in ("liftoff.bots.live", "liftoff.bots")
        )
        assert not upward, f"{path.name} imports {upward}"
    code = (
        "import sys, liftoff\n"
        "liftoff.games.get('race')\n"
        "import liftoff.games.race.realtime, liftoff.games.race.testing\n"
        f"print([m for m in sys.modules if m.startswith({LAYERS_ABOVE!r})])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_other_games_have_no_realtime_driver() -> None:
    planet = liftoff.games.get("planet")
    assert not planet.info.realtime and GAME.info.realtime
    with pytest.raises(NotImplementedError, match="not played in real time"):
        planet.realtime_driver(planet.new_game(2, 1), [LiveSeat(), LiveSeat()])


def test_a_live_seat_with_an_unknown_bot_is_a_clear_error() -> None:
    with pytest.raises(SeatError) as err:
        live_seats(parse_seats("human,bot:nosuchbot@fast", realtime=True), 1)
    assert str(err.value).startswith("seat 'nosuchbot@fast': unknown bot 'nosuchbot'; known bots:")


def test_a_bot_that_refuses_its_seed_is_not_retried_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[dict[str, Any]] = []

    def picky(**params: Any) -> Any:
        calls.append(params)
        raise ValueError("this bot cannot be seeded")

    monkeypatch.setitem(bots._FACTORIES, "picky", picky)
    with pytest.raises(SeatError, match="seat 'picky@fast': this bot cannot be seeded"):
        live_seats(parse_seats(["human", "picky@fast"], realtime=True), 1)
    assert len(calls) == 1 and "seed" in calls[0]


def test_a_replaced_seat_keeps_its_turn_order() -> None:
    """A seat taken over (a person back from a disconnection) stops the bot from
    deciding again; the decision already on its way still arrives."""
    state: RaceState = GAME.new_game(2, 2)
    seats = live_seats(parse_seats("random@instant,random@normal", realtime=True), 3)
    d = GAME.realtime_driver(state, seats)
    assert d.next_arrival() == 0.0
    d.set_seat(0, LiveSeat())
    assert d.humans == [0]
    d.advance(0.0)
    assert [p for p, _ in state.history] == [0]
    d.advance(100.0)
    assert {p for p, _ in state.history[1:]} == {1}
