"""The live terminal app, driven headless by Textual's pilot with an injected clock."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from liftoff.bots.seats import SeatError
from liftoff.cli.race_live import make_app
from liftoff.engine.realtime import ManualClock
from liftoff.games.race import cards as C


def _text(app: object, widget: str) -> str:
    from textual.widgets import Static

    static = app.query_one(widget, Static)  # type: ignore[attr-defined]
    return str(static.render())


@pytest.mark.rules("RC-PLAY-4", "RC-PLAY-5")
def test_keys_play_the_human_seat_while_the_bot_plays(tmp_path: Path) -> None:
    clock = ManualClock()
    save = tmp_path / "game.json"
    app = make_app(
        ["human", "bot:random@fast"],
        seed=5,
        options={"auto_choices": True},
        clock=clock,
        save=str(save),
        start_pause=0.0,
        poll_interval=3600,  # the test polls by hand
    )
    state = app.state

    async def scenario() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            top = C.NAMES[C.KIND[state.stacks[0][0]]]
            assert top in _text(app, "#you")
            await pilot.press("u")
            assert state.history == [(0, "under")]
            await pilot.press("d")
            assert state.history[-1] == (0, "discard") and len(state.discards[0]) == 1
            first_planet = next(i for i, s in enumerate(state.side_of[0]) if s >= 0) + 1
            can = state.can_apply(0, f"place {first_planet}")
            before = state.version
            await pilot.press("1")
            assert (state.version == before + 1) is can
            # the bot plays as the (injected) clock moves
            clock.advance(5.0)
            app.poll()
            assert any(p == 1 for p, _ in state.history)
            assert "Random 2" in _text(app, "#log")  # the bot, by name, narrated
            await pilot.press("q")

    asyncio.run(scenario())
    record = json.loads(save.read_text())
    assert record["game"] == "race" and record["actions"][0] == [0, "under"]


@pytest.mark.rules("RC-RED-4", "RC-THEFT-7", "RC-EX-1")
def test_choice_keys_when_auto_choices_is_off() -> None:
    from liftoff.games.race.testing import position

    names = ["Pios Proxima", "Beta Minor", "Planet-2", "Planet-4", "Planet-5"]
    rows = {
        1: (
            ["solar", "tank", "liftoff", "ore", "theft"],
            ["tank", "tank", "settlers", "liftoff", "terraform"],
        )
    }
    state = position(2, planets=names, stacks={0: ["ore"], 1: ["ore", "ore"]}, rows=rows)
    app = make_app(
        ["human", "random@slow"],
        seed=1,
        clock=ManualClock(),
        start_pause=0.0,
        step_pause=0.0,  # the resolution at once (the live screen paces it by default)
        poll_interval=3600,
        state=state,
    )

    async def scenario() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.press("d")  # the human's last card: Stop
            assert state.pending_player() == 0
            assert "[1] pay with Solar Module" in _text(app, "#you")
            await pilot.press("1")
            assert "[1] take their Settlers" in _text(app, "#you")
            await pilot.press("1")
            assert state.scores == [4, 0]
            assert state.history[-2:] == [(0, "pay solar"), (0, "steal settlers")]
            await pilot.press("q")

    asyncio.run(scenario())


def test_at_most_one_human_and_bad_bots_are_refused() -> None:
    with pytest.raises(SeatError, match="at most one human"):
        make_app(["human", "human"], seed=1)
    with pytest.raises(SeatError, match="known bots"):
        make_app(["human", "bot:nosuchbot@fast"], seed=1)


def test_play_refuses_a_bad_live_seat_with_a_message() -> None:
    from typer.testing import CliRunner

    from liftoff.cli.main import build

    result = CliRunner().invoke(
        build(), ["play", "race", "--seats", "human,nosuchbot@fast"], env={"COLUMNS": "140"}
    )
    assert result.exit_code == 2, result.output
    assert "unknown bot 'nosuchbot'" in result.output and "Traceback" not in result.output


def test_the_screen_answers_keys_while_a_bot_thinks() -> None:
    import threading
    from concurrent.futures import ThreadPoolExecutor, wait

    from liftoff import bots
    from liftoff.engine import Action, State
    from liftoff.engine.realtime import SPEEDS, LiveSeat

    gate = threading.Event()

    class Slow:
        inner = bots.make("random", seed=1)

        def choose(self, state: State, player: int) -> Action:
            assert gate.wait(10)
            action: Action = self.inner.choose(state, player)
            return action

    clock = ManualClock()
    with ThreadPoolExecutor(1) as pool:
        app = make_app(
            ["human", "random"],
            seed=5,
            options={"auto_choices": True},
            clock=clock,
            start_pause=0.0,
            poll_interval=3600,
            thinker=pool,
        )
        app.driver.set_seat(1, LiveSeat.of(Slow(), SPEEDS["instant"], 0))
        state = app.state

        async def scenario() -> None:
            async with app.run_test(size=(160, 50)) as pilot:
                app.poll()  # the bot starts thinking
                await pilot.press("u")  # answered at once
                await pilot.press("d")
                assert state.history == [(0, "under"), (0, "discard")]
                gate.set()
                wait([t.future for t in app.driver._thoughts], timeout=10)  # type: ignore[attr-defined]
                app.poll()
                assert any(p == 1 for p, _ in state.history)
                await pilot.press("q")

        asyncio.run(scenario())
