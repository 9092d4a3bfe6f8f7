"""The live race terminal at 80×24: the resolution shown step by step, keys
stamped with the version on screen, face-down stacks during the countdown, the
3-player seat rotation told in words, and a layout that fits 2, 3 and 4 players."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from textual.widgets import Static

from liftoff.cli.play import narrated
from liftoff.cli.race_live import TIME_SCALE, RaceLiveApp, ScaledClock, live_clock, make_app
from liftoff.engine.realtime import ManualClock
from liftoff.games.race.testing import position

PANELS = ("#status", "#you", "#planets", "#legend")


def _text(app: RaceLiveApp, widget: str) -> str:
    return "\n".join(_lines(app, widget))


def _lines(app: RaceLiveApp, widget: str) -> list[str]:
    """A panel as the screen draws it (its lines, as wide as the terminal)."""
    static = app.query_one(widget, Static)
    static.refresh()
    return [static.render_line(y).text.rstrip() for y in range(static.size.height)]


def _stop_position(auto: bool = True) -> tuple[object, list[str]]:
    """A 2-player table where the bot (seat 1) holds its last card: its next
    action calls Stop; the human's row at planet 2 needs a payment choice."""
    names = ["Pios Proxima", "Beta Minor", "Planet-2", "Planet-4", "Planet-5"]
    rows = {
        2: (["solar", "tank", "liftoff", "ore", "settlers"], ["settlers", "liftoff"]),
        3: (["settlers", "settlers", "liftoff"], ["settlers", "liftoff"]),
    }
    state = position(
        2,
        planets=names,
        stacks={0: ["tank", "tank", "ore"], 1: ["ore"]},
        rows=rows,
        options={"auto_choices": auto},
    )
    return state, names


@pytest.mark.rules("RC-RES-1", "RC-STOP-1")
def test_the_resolution_is_shown_step_by_step_in_order_then_the_standings() -> None:
    state, _ = _stop_position()
    clock = ManualClock()
    app = make_app(
        ["human", "random@fast"],
        seed=1,
        clock=clock,
        start_pause=0.0,
        round_pause=5.0,
        poll_interval=3600,
        bot_seed=1,
        state=state,  # type: ignore[arg-type]
    )

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(80):  # the bot plays its last card: Stop
                clock.advance(0.5)
                app.poll()
                if app.pacer.active:
                    break
            assert app.pacer.active and app.state.round == 1  # resolved at once by the engine
            stop = app.state.history[-1]
            seen: list[str] = [m.plain for m in app.messages]
            boards: list[str] = [_text(app, "#planets")]
            assert "Random 2 calls Stop!" in seen[-1] or "Random 2 calls Stop!" in seen
            held_at = app.driver.time
            while app.pacer.active:
                before = len(app.messages)
                clock.advance(0.5)  # half a step: nothing new yet
                app.poll()
                assert len(app.messages) == before
                clock.advance(1.5)
                app.poll()
                await pilot.pause()
                new = [m.plain for m in app.messages[before:]]
                assert app.pacer.active is False or new, "one step per pause"
                seen += new
                boards.append(_text(app, "#planets"))
                assert app.driver.time == held_at or not app.pacer.active  # time stands still
            assert stop[0] == 1 and stop[1] != "under"
            # every sentence of the Stop, in order, one step after another
            said = [
                line
                for line in narrated(app.game, app.driver.last_events, 0, app.names)
                if line in seen
            ]
            start = seen.index(said[0])
            assert seen[start : start + len(said)] == said
            assert any("›" in b for b in boards)  # the next card marked while resolving
            assert boards[0] != boards[-2]  # the board changes with the steps
            standings = next(i for i, s in enumerate(seen) if s.startswith("Round 1 is over"))
            lifted = next(
                i
                for i, s in enumerate(seen)
                if s.startswith("Planet-2 (") and s.endswith(": you lift off")
            )
            assert standings > lifted
            assert any(s.startswith("Round 2 of 3 begins") for s in seen[standings:])
            # the next countdown starts only now: no bot has played in round 2 yet
            assert app.state.history[-1] == stop
            assert "Lift Off in 5 s" in _text(app, "#status")
            await pilot.press("q")

    asyncio.run(scenario())


def test_skip_keys_show_the_next_step_and_the_standings_at_once() -> None:
    state, _ = _stop_position()
    clock = ManualClock()
    app = make_app(
        ["random@instant", "random@instant"],
        seed=1,
        clock=clock,
        start_pause=0.0,
        poll_interval=3600,
        bot_seed=1,
        state=state,  # type: ignore[arg-type]
    )

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.poll()
            assert app.pacer.active
            left = app.pacer.left
            await pilot.press("space")
            assert app.pacer.left == left - 1
            await pilot.press("s")
            assert app.messages[-1].plain.startswith("Round 1 is over")
            assert "Round 1/3 · resolving" in _text(app, "#status")
            await pilot.press("q")

    asyncio.run(scenario())


def test_skipping_lasts_to_the_standings_across_the_bots_choices() -> None:
    state, _ = _stop_position(auto=False)
    clock = ManualClock()
    app = make_app(
        ["random@slow", "random@fast"],  # seat 1 calls Stop, seat 0 then chooses
        seed=1,
        clock=clock,
        start_pause=0.0,
        poll_interval=3600,
        bot_seed=1,
        state=state,  # type: ignore[arg-type]
    )

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(80):
                clock.advance(0.5)
                app.poll()
                if app.pacer.active:
                    break
            await pilot.press("s")
            assert app.state.pending is not None  # a bot's payment choice is still to come
            assert not any(m.plain.startswith("Round 1 is over") for m in app.messages)
            for _ in range(100):  # until the choice arrives ...
                clock.advance(0.1)
                app.poll()
                if app.state.pending is None:
                    break
            assert app.state.pending is None and app.state.round == 1
            # ... and the rest of the round is shown at once, not a step a second
            assert any(m.plain.startswith("Round 1 is over") for m in app.messages)
            await pilot.press("q")

    asyncio.run(scenario())


@pytest.mark.rules("RC-STOP-3")
def test_a_key_pressed_for_loading_is_never_taken_as_a_resolution_choice() -> None:
    state, _ = _stop_position(auto=False)
    clock = ManualClock()
    app = make_app(
        ["human", "random@fast"],
        seed=1,
        clock=clock,
        start_pause=0.0,
        step_pause=0.0,
        poll_interval=3600,
        bot_seed=1,
        state=state,  # type: ignore[arg-type]
    )

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.poll()
            assert app.shown["loading"] and app.shown_version == 0
            clock.advance(10.0)  # the bot's last card arrives before the key below
            await pilot.press("1")  # meant: play at my first planet (the screen showed loading)
            # the bot's Stop came first; the human now has a payment choice ...
            assert app.state.pending_player() == 0
            history = list(app.state.history)
            assert all(p == 1 for p, _ in history)  # ... and "1" was not taken as option 1
            assert "Too late to play your card at Pios Proxima" in app.messages[-1].plain
            assert "nothing was done" in app.messages[-1].plain
            # the choice, shown now in words, takes the same key
            assert "[1] pay with Solar Module" in _text(app, "#you")
            await pilot.press("1")
            assert app.state.history[-1] == (0, "pay solar")
            await pilot.press("q")

    asyncio.run(scenario())


@pytest.mark.rules("RC-PLAY-1", "RC-PLAY-2")
def test_stacks_are_face_down_and_no_key_acts_during_the_countdown() -> None:
    clock = ManualClock()
    app = make_app(
        ["human", "random@fast"],
        seed=4,
        clock=clock,
        start_pause=3.0,
        poll_interval=3600,
        bot_seed=1,
    )
    top = app.state.view(0)["players"][0]["top"]

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.poll()
            assert "face-down until Lift Off" in _text(app, "#you")
            assert "top ?" in _text(app, "#planets") and "Lift Off in 3 s" in _text(app, "#status")
            for key in ("u", "d", "1"):
                await pilot.press(key)
            assert app.state.history == [] and "Wait for Lift Off!" in app.messages[-1].plain
            clock.advance(3.0)
            app.poll()
            await pilot.pause()
            assert "face-down" not in _text(app, "#you") and "top ?" not in _text(app, "#planets")
            assert top is not None and "Your top card" in _text(app, "#you")
            await pilot.press("u")
            assert app.state.history[0] == (0, "under")
            await pilot.press("q")

    asyncio.run(scenario())


@pytest.mark.rules("RC-ROT-1")
def test_the_three_player_seat_rotation_is_told_in_words_each_round() -> None:
    clock = ManualClock()
    app = make_app(
        ["human", "random@instant", "random@instant"],
        seed=2,
        clock=clock,
        start_pause=0.0,
        round_pause=1.0,
        step_pause=0.0,
        poll_interval=3600,
        bot_seed=1,
    )

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            said = [m.plain for m in app.messages]
            assert said[0] == "Your planets this round:"
            assert said[1].startswith("  with Random 2: [1] ")
            assert said[2].startswith("  with Random 3: [")
            for _ in range(50):
                clock.advance(0.5)
                app.poll()
                if app.state.round == 1:
                    break
            said = [m.plain for m in app.messages]
            at = said.index(
                "Seats rotated: everyone moved one seat to the left. Your planets this round:"
            )
            assert said[at - 1].startswith("Round 2 of 3 begins")
            keys = app._keys(app.state.view(0))  # type: ignore[attr-defined]
            for line in said[at + 1 : at + 3]:
                assert line.startswith(("  with Random 2:", "  with Random 3:"))
            assert len(keys) == 6 and "p0" not in " ".join(said) and "P1" not in " ".join(said)
            await pilot.press("q")

    asyncio.run(scenario())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_line_fits_80_by_24_with_two_three_and_four_players(players: int) -> None:
    clock = ManualClock()
    seats = ["human"] + ["random@fast"] * (players - 1)
    app = make_app(seats, seed=9, clock=clock, start_pause=0.0, poll_interval=3600, bot_seed=1)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            paced = 0
            for step in range(60):
                clock.advance(0.5)
                app.poll()
                await pilot.pause()
                paced += app.pacer.active
                if step % 10 == 0 or app.pacer.active:
                    drawn = {w: _lines(app, w) for w in PANELS}
                    rows = [line for lines in drawn.values() for line in lines]
                    assert all(len(line) <= 80 for line in rows), rows
                    # nothing wraps: one table line per planet under a 3-line header
                    assert len(drawn["#planets"]) == 3 + len(app.state.planets)
                    assert len(drawn["#status"]) == 1 and len(drawn["#legend"]) == 2
                    assert len(rows) <= 24 - 3  # room left for the narrated lines
                    text = "\n".join(rows)
                    assert "Random 2" in text and "You" in text and "p0" not in text
            assert paced  # the resolution screens were measured too
            log = app.query_one("#log", Static)
            assert log.size.height >= 3
            assert all(len(line) <= 80 for line in _lines(app, "#log"))
            await pilot.press("q")

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("seats", "says"), [("human,medium@warp", "unknown speed 'warp'"), ("human,easy@0s", "0.1")]
)
def test_play_refuses_a_nonsense_speed_with_a_sentence(seats: str, says: str) -> None:
    from typer.testing import CliRunner

    from liftoff.cli.main import build

    result = CliRunner().invoke(build(), ["play", "race", "--seats", seats], env={"COLUMNS": "80"})
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output


def test_a_custom_speed_seats_a_bot_at_that_pace() -> None:
    app = make_app(["human", "medium@2.5s"], seed=1, clock=ManualClock(), bot_seed=1)
    speed = app.driver.seats[1].speed
    assert (speed.name, speed.mean) == ("2.5s", 2.5) and app.names[1] == "Medium 2"


def test_when_the_last_round_is_told_the_screen_says_the_game_is_over() -> None:
    """The pacing of the last resolution ends like any other: the screen stops
    saying "Resolving" and tells the person that q quits."""
    names = ["Pios Proxima", "Beta Minor", "Planet-2", "Planet-4", "Planet-5"]
    state = position(
        2,
        planets=names,
        stacks={0: ["tank", "tank", "ore"], 1: ["ore"]},
        rows={3: (["settlers", "settlers", "liftoff"], ["settlers", "liftoff"])},
        options={"auto_choices": True},
        round_index=2,  # the last of three rounds
    )
    clock = ManualClock()
    app = make_app(
        ["human", "random@fast"],
        seed=1,
        clock=clock,
        start_pause=0.0,
        round_pause=5.0,
        poll_interval=3600,
        bot_seed=1,
        state=state,  # type: ignore[arg-type]
    )

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(400):
                clock.advance(0.5)
                app.poll()
                await pilot.pause()
                if app.state.is_over() and not app.pacer.active:
                    break
            assert app.state.is_over() and not app.pacer.active
            screen = _text(app, "#status") + _text(app, "#you")
            assert "q quits" in screen and "Resolving" not in screen

    asyncio.run(scenario())


def _app(tmp_save: str | None = None, names: str | None = None, **kw: object) -> RaceLiveApp:
    return make_app(
        ["human", "random@fast"],
        seed=4,
        clock=ManualClock(),
        start_pause=0.0,
        poll_interval=3600,
        bot_seed=1,
        save=tmp_save,
        names=names,
        **kw,  # type: ignore[arg-type]
    )


def test_ctrl_c_asks_first_when_unsaved_and_the_second_quits_dropping_the_game() -> None:
    app = _app()

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.poll()
            await pilot.press("u")  # a move: now there is a game to lose
            assert app.state.history
            await pilot.press("ctrl+c")
            assert app.is_running and "not saved" in app.messages[-1].plain
            await pilot.press("x")  # any other key plays on
            assert app.is_running and not app.leaving
            await pilot.press("ctrl+c")
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert app.abandoned

    asyncio.run(scenario())


def test_a_saved_game_quits_at_once_and_keeps_the_names(tmp_path: Path) -> None:
    save = tmp_path / "race.json"
    app = _app(str(save), names="Ann")

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.poll()
            await pilot.press("u")
            await pilot.press("q")
            await pilot.pause()
            assert not app.abandoned

    asyncio.run(scenario())
    record = json.loads(save.read_text())
    assert record["names"][0] == "Ann" and record["seats"] == ["human", "random@fast"]
    assert app.names[0] == "Ann"


@pytest.mark.rules("RC-PLACE-6")
def test_question_mark_shows_the_keys_and_the_order_of_a_row() -> None:
    app = _app()

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.poll()
            await pilot.press("?")
            said = "\n".join(m.plain for m in app.messages[-6:])
            assert "u d" in said and "1-9" in said
            assert app.game.rule_text("RC-PLACE-6") in said

    asyncio.run(scenario())


@pytest.mark.rules("RC-PLACE-3")
def test_a_top_card_that_fits_no_planet_says_why() -> None:
    state = position(2, stacks={0: ["ore", "tank"], 1: ["ore"]})
    app = _app(state=state)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.poll()
            await pilot.pause()
            you = " ".join(_text(app, "#you").split())
            assert "fits none of your planets" in you, you
            assert " ".join(app.game.rule_text("RC-PLACE-3").split()) in you  # whole

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("value", "scaled"), [("6", 6.0), ("", None), ("0.5", None), ("nan", None), ("x", None)]
)
def test_the_live_clock_runs_faster_only_when_told(
    value: str, scaled: float | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``LIFTOFF_TIME_SCALE`` above 1 speeds the live race's clock up (for
    tests in a real terminal); anything else leaves it the wall clock."""
    monkeypatch.setenv(TIME_SCALE, value)
    clock = live_clock()
    if scaled is None:
        assert not isinstance(clock, ScaledClock)
    else:
        assert isinstance(clock, ScaledClock) and clock.scale == scaled
