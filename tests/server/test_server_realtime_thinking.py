"""A live real-time table's bots think on a thread pool: the event loop keeps
running while one thinks, and its decision is stored when it arrives."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

import liftoff
from liftoff import bots
from liftoff.engine import Action, IllegalAction, State
from liftoff.server.botpool import BotBounds
from liftoff.server.errors import ApiError
from liftoff.server.realtime import RaceRunner
from liftoff.server.storage import ActionData

THINKING = 0.4  # seconds the slow bot takes per decision


class SlowBot:
    """A bot that takes ``THINKING`` wall-clock seconds over every decision."""

    name = "slow"

    def __init__(self, seed: int = 0) -> None:
        self.inner = bots.make("random", seed=seed)

    def choose(self, state: State, player: int) -> Action:
        time.sleep(THINKING)
        action: Action = self.inner.choose(state, player)
        return action


@dataclass
class Settings:
    zombie_bot: str = "random"
    race_start_pause: float = 0.0
    race_round_pause: float = 0.0


class Errors:
    def __init__(self) -> None:
        self.seen: list[str] = []

    def error(self, key: str, message: str, *args: Any, exc_info: bool = True) -> None:
        self.seen.append(key)


class Host:
    """The manager side of a live table (``RealtimeHost``), recording what it is told."""

    def __init__(self) -> None:
        self.settings = Settings()
        self.errors = Errors()
        self.rows: list[ActionData] = []
        self.stored_at: list[float] = []

    def bot_bounds(self, realtime: bool) -> BotBounds:
        return BotBounds(seconds=0.05)

    async def record_applied(
        self, table: Any, rows: list[ActionData], public: list[bool], caused: list[Any]
    ) -> None:
        assert len(caused) == len(rows) and all(caused)  # each with the events it caused
        self.rows.extend(rows)
        self.stored_at.extend(time.monotonic() for _ in rows)

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
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def test_a_thinking_bot_does_not_block_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots._FACTORIES, "slow", SlowBot)
    game = liftoff.games.get("race")

    async def scenario() -> tuple[list[float], float, Host]:
        host = Host()
        table = Table(game, game.new_game(2, 3), [Seat("human"), Seat("bot", "slow", "instant")])
        runner = RaceRunner(host, table, restored=False)  # type: ignore[arg-type]
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        runner.start()
        gaps: list[float] = []
        last = loop.time()
        deadline = last + 10
        while not host.rows and loop.time() < deadline:
            await asyncio.sleep(0.01)
            now = loop.time()
            gaps.append(now - last)
            last = now
        runner.stop()
        return gaps, started, host

    gaps, started, host = asyncio.run(scenario())
    assert host.rows and host.rows[0].player == 1  # the bot's decision was stored
    assert host.stored_at[0] - started >= THINKING  # it arrived after its thinking
    assert max(gaps) < THINKING / 2  # the loop kept turning meanwhile
    assert not host.errors.seen
