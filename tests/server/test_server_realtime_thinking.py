"""A live real-time table's bots think on a thread pool: the event loop keeps
running while one thinks (a person's action is taken meanwhile), and its
decision is stored when it arrives, its thinking counted on the server's clock
(a virtual one here: the test moves it while the bot thinks)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import pytest

import liftoff
from liftoff import bots
from liftoff.engine import Action, IllegalAction, State
from liftoff.engine.realtime import DriverEvent
from liftoff.server.botspecs import BotBounds
from liftoff.server.clock import REAL_CLOCK, ServerClock, VirtualClock
from liftoff.server.errors import ApiError
from liftoff.server.realtime import RaceRunner, shared_thinker
from liftoff.server.storage import ActionData

THINKING = 0.4  # seconds the test lets pass on the server's clock while the bot thinks


class GatedBot:
    """A bot that thinks until the test opens its gate (a real thread waits)."""

    name = "gated"
    gate = threading.Event()
    started = threading.Event()

    def __init__(self, seed: int = 0) -> None:
        self.inner = bots.make("random", seed=seed)

    def choose(self, state: State, player: int) -> Action:
        GatedBot.started.set()
        assert GatedBot.gate.wait(10), "the test never opened the gate"
        action: Action = self.inner.choose(state, player)
        return action


async def until(what: str, done: Callable[[], Any], timeout: float = 10.0) -> None:
    """Wait (at most ``timeout`` real seconds) until ``done()`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not done():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.005)


@dataclass
class Settings:
    zombie_bot: str = "random"
    race_start_pause: float = 0.0
    race_round_pause: float = 0.0
    race_people_pace: bool = False
    race_reveal_pace: float = 1.0
    race_ready_most: float = 0.0
    clock: ServerClock = REAL_CLOCK


class Errors:
    def __init__(self) -> None:
        self.seen: list[str] = []

    def error(self, key: str, message: str, *args: Any, exc_info: bool = True) -> None:
        self.seen.append(key)


class Host:
    """The manager side of a live table (``RealtimeHost``), recording what it is told."""

    def __init__(self, clock: ServerClock = REAL_CLOCK) -> None:
        self.settings = Settings(clock=clock)
        self.errors = Errors()
        self.rows: list[ActionData] = []

    def bot_bounds(self, realtime: bool) -> BotBounds:
        return BotBounds(seconds=0.05)

    def thinker(self, table: Any) -> Executor:
        return shared_thinker()  # the slow bot is no search: a thread, as on the server

    async def record_applied(
        self, table: Any, rows: list[ActionData], public: list[bool], caused: list[Any]
    ) -> None:
        assert len(caused) == len(rows) and all(caused)  # each with the events it caused
        self.rows.extend(rows)

    async def restore(self, table: Any) -> None:
        raise AssertionError("no write fails here")

    def refuse(self, table: Any, seat: int, text: str, err: ApiError) -> ApiError:
        return err

    def illegal(self, table: Any, exc: IllegalAction) -> ApiError:
        return ApiError(422, "illegal", exc.message)

    def changed(self, table: Any) -> None:
        pass


@dataclass
class Seat:
    kind: str
    bot: str | None = None
    speed: str | None = None
    zombie: bool = False


@dataclass
class Table:
    game: Any
    state: Any
    seats: list[Seat]
    id: str = "t"
    status: str = "playing"
    bot_seed: int = 5
    clock_spec: dict[str, Any] | None = None  # (a race's pace, when its maker chose one)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def answer_of(self, submission: str | None) -> dict[str, Any] | None:
        return None  # no repeated submissions here

    def remember(self, submission: str | None, answer: dict[str, Any]) -> None:
        pass


def test_a_thinking_bot_does_not_block_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots._FACTORIES, "gated", GatedBot)
    GatedBot.gate.clear()
    GatedBot.started.clear()
    game = liftoff.games.get("race")

    async def scenario() -> tuple[Host, list[DriverEvent]]:
        clock = VirtualClock()
        host = Host(clock)
        table = Table(game, game.new_game(2, 3), [Seat("human"), Seat("bot", "gated", "instant")])
        runner = RaceRunner(host, table, restored=False)  # type: ignore[arg-type]
        seen: list[DriverEvent] = []
        runner.driver.subscribe(seen.append)
        runner.start()
        try:
            await until("the bot to start thinking", GatedBot.started.is_set)
            # while it thinks the loop serves the person: their action is applied
            text = str(table.state.legal_actions(0)[0])
            answer = await runner.submit(0, text, table.state.version)
            assert answer["ok"] and [r.player for r in host.rows] == [0]
            assert not GatedBot.gate.is_set()  # the bot is still thinking
            await clock.advance(THINKING)  # its thinking takes time on the server's clock
            GatedBot.gate.set()
            await until("the bot's decision to be stored", lambda: len(host.rows) > 1)
        finally:
            GatedBot.gate.set()
            runner.stop()
        return host, seen

    host, seen = asyncio.run(scenario())
    assert [r.player for r in host.rows[:2]] == [0, 1]  # the bot's decision was stored
    bot = next(e for e in seen if e.kind == "applied" and e.player == 1)
    assert bot.time == pytest.approx(THINKING)  # it arrived after its thinking, no sooner
    assert not host.errors.seen
