"""The live race terminal: the latest narrated lines under the board, on 80×24."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from liftoff.cli.play import narrated
from liftoff.cli.race_live import make_app
from liftoff.engine.realtime import ManualClock


def test_the_log_shows_the_latest_narrated_lines_and_fits_80_by_24() -> None:
    clock = ManualClock()
    app = make_app(
        ["human", "bot:random@fast"],
        seed=5,
        options={"auto_choices": True},
        clock=clock,
        start_pause=0.0,
        poll_interval=3600,  # the test polls by hand
    )
    state = app.state
    assert app.names == ["Player 1", "Random 2"]

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("u")
            for _ in range(8):
                clock.advance(2.0)
                app.poll()
            await pilot.pause()
            app.refresh_view()
            log = app.query_one("#log", Static)
            text = str(log.render())
            shown = [line for line in text.splitlines() if line.strip()]
            assert shown and log.size.height >= 1
            assert len(shown) <= log.size.height  # the latest lines that fit, no more
            assert all(len(line) <= 80 for line in shown)
            assert "Random 2" in text and "P1" not in text
            await pilot.press("q")

    asyncio.run(scenario())
    # every line said is seat 0's narration of the events of an applied action
    record = state.record()
    fresh = app.game.new_game(record["players"], record["seed"], record["options"])
    said = []
    for p, text in record["actions"]:
        said += narrated(app.game, fresh.apply(p, text), 0, app.names)
    lines = [m.plain for m in app.messages if m.plain in said]
    assert lines and lines == said[-len(lines) :]  # in order, the newest last
    assert said[0].startswith("You")  # the human's own action, told as theirs
