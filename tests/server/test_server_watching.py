"""Watching others play: every bot action is its own step, paced on the server's
clock where people are (the test clock here), bots alone run at full speed, and the
last move's pieces stay marked on the board until the next move."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, ServerFactory
from test_server_browser import CHROMIUM, chrome, shot
from test_server_learn import seated_page

from liftoff.server.clock import VirtualClock
from liftoff.server.tables import Settings
from liftoff.server.tables.bots import UNWATCHED_AFTER

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]

BOTS_FIRST = {"family": True, "first_player": 1}
BOT = {"type": "bot", "bot": "random"}


async def test_each_bot_action_is_its_own_paced_step(server: ServerFactory, db: Db) -> None:
    pace = Settings().bot_delay
    assert pace >= 0.8  # the default: time to see each action
    clock = VirtualClock()
    r = await server(db, clock=clock, bot_delay=pace)
    made = await r.create("planet", [{"type": "you"}, BOT, BOT], name="Ann", options=BOTS_FIRST)
    tid = made["table"]["id"]
    ann = await r.connect(tid, made["token"])
    await ann.wait_state(lambda s: s["table"]["status"] == "playing")
    versions: list[int] = []
    for step in range(1, 4):
        await clock.advance(pace - 0.01)  # not yet: the bot's step is still to come
        assert ann.state is not None and ann.state["version"] == step - 1
        await clock.advance(0.01)
        state = await ann.wait_state(lambda s, n=step: s["version"] >= n)
        versions.append(state["version"])
    assert versions == [1, 2, 3]  # one action at a time, each its own frame
    await ann.close()


async def test_bots_alone_play_at_full_speed(server: ServerFactory, db: Db) -> None:
    """A table of bots alone nobody watches plays at full speed once its maker had
    time to open it (the virtual clock is advanced once, by that time)."""
    clock = VirtualClock()  # advanced once: then only a game that waits for nothing ends
    r = await server(db, clock=clock, bot_delay=0.8)
    made = await r.create("planet", [BOT, BOT])
    # nobody opened it in the time its maker has to (and the step paced then ends):
    # its bots stop pacing for watchers
    await clock.advance(UNWATCHED_AFTER + 1.0)
    over = await r.wait_for(made["table"]["id"], lambda t: t["status"] == "over", timeout=60)
    assert over["abandoned"] is False


@pytest.mark.browser
@pytest.mark.skipif(not __import__("os").path.exists(CHROMIUM), reason="needs Chromium")
@pytest.mark.parametrize(
    "viewport", [{"width": 1366, "height": 800}, {"width": 390, "height": 844}]
)
async def test_the_last_moves_pieces_stay_marked(
    server: ServerFactory, sqlite_db: Db, chrome: Any, viewport: dict[str, int]
) -> None:
    r = await server(sqlite_db, bot_delay=0.05)
    options = {"family": True, "first_player": 0}
    page, problems, _tid = await seated_page(r, chrome, "planet", options, viewport)
    moon = page.locator("#board svg [role=button][aria-label^='The Moon']")
    await page.locator("#movebar [data-act='end']").first.click()
    sure = page.locator("#movebar [data-sure]")
    if await sure.count():
        await sure.click()
    # the bot played and ended its turn: the Moon it moved is marked, as drawn
    await page.wait_for_function(
        "() => Number(document.getElementById('table').dataset.version) >= 2"
        " && document.querySelector(\"#movebar [data-act='end']\")"
    )
    await expect(moon).to_have_css("filter", _glow())
    await shot(page, f"last-move-{viewport['width']}")
    # it stays marked while the person looks and picks (drawings without a move)
    await page.locator("#board [data-tokens='core']").click()
    await expect(moon).to_have_css("filter", _glow())
    core = page.locator("#board svg [role=button][aria-label^='The Core']")  # (and its Aliens)
    assert await core.evaluate("el => getComputedStyle(el).filter") == "none"
    assert not problems, problems


def _glow() -> Any:
    import re

    return re.compile(r"drop-shadow")
