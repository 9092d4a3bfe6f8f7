"""A turn-based table's bots' pace: chosen in the lobby in words, kept by the
table, changed at the table by anyone seated; the server waits that long (on the
test clock here) before each bot action where people sit."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, ServerFactory
from test_server_browser import CHROMIUM, PHONE, chrome, new_page, shot

from liftoff.server.clock import VirtualClock

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]

BOTS_FIRST = {"family": True, "first_player": 1}


async def next_step_waits(clock: VirtualClock, seconds: float) -> None:
    """Wait (up to 10 s) until a sleep of ``seconds`` from now is pending on the
    clock: the bot's next step, timed at the table's pace."""
    deadline = asyncio.get_running_loop().time() + 10.0
    while not any(abs(due - clock.now() - seconds) < 1e-6 for due in clock.pending()):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(
                f"no step {seconds} s ahead; pending {clock.pending()} at {clock.now()}"
            )
        await asyncio.sleep(0.01)


async def test_a_tables_bots_pace_is_kept_and_changed(server: ServerFactory, db: Db) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock, bot_delay=0.8)
    slow = {"type": "bot", "bot": "random", "speed": "slow"}
    made = await r.create("planet", [{"type": "you"}, slow, slow], name="Ann", options=BOTS_FIRST)
    tid, token = made["table"]["id"], made["token"]
    assert made["table"]["bot_pace"] == "slow"
    # the seats carry no speed each: the pace is the table's
    assert [s["speed"] for s in made["table"]["seats"]] == [None, None, None]
    ann = await r.connect(tid, token)
    await ann.wait_state(lambda s: s["table"]["status"] == "playing")
    await next_step_waits(clock, 2.0)
    await clock.advance(1.99)  # not yet
    assert ann.state is not None and ann.state["version"] == 0
    await clock.advance(0.01)
    await ann.wait_state(lambda s: s["version"] >= 1)
    await next_step_waits(clock, 2.0)  # the step after it is timed at the slow pace
    res = await r.call("POST", f"/api/tables/{tid}/bot-pace", {"pace": "fast"}, token)
    assert res.status_code == 200, res.text
    assert res.json() == {"table": tid, "pace": "fast"}
    await ann.wait_state(lambda s: s["table"]["bot_pace"] == "fast")
    await clock.advance(2.0)  # the step already waiting keeps its time
    await ann.wait_state(lambda s: s["version"] >= 2)
    await next_step_waits(clock, 0.4)  # then each step is quick
    # kept where the table is stored: a restart reads it back
    stored = await r.manager.store.load_tables()
    seats = next(t for t in stored if t.id == tid).seats
    assert [s.speed for s in seats if s.kind == "bot"] == ["fast", "fast"]
    # refused in words: a pace there is not, and a spectator
    bad = await r.call("POST", f"/api/tables/{tid}/bot-pace", {"pace": "warp"}, token)
    assert bad.status_code == 422 and "slow, normal, fast, instant" in bad.json()["words"]
    watcher = await r.call("POST", f"/api/tables/{tid}/bot-pace", {"pace": "slow"})
    assert watcher.status_code in (401, 403), watcher.text
    await ann.close()


async def test_a_pace_there_is_not_is_refused(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    body = {
        "game": "planet",
        "players": 2,
        "seats": [{"type": "you"}, {"type": "bot", "bot": "random", "speed": "warp"}],
    }
    res = await r.call("POST", "/api/tables", body)
    assert res.status_code == 422 and "slow, normal, fast, instant" in res.json()["words"]
    race = await r.create("race", [{"type": "you"}, {"type": "bot", "bot": "random"}])
    assert race["table"]["bot_pace"] is None
    said = await r.call(
        "POST", f"/api/tables/{race['table']['id']}/bot-pace", {"pace": "slow"}, race["token"]
    )
    assert said.status_code == 422 and "race" in said.json()["words"]


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Chromium")
@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 800}, PHONE])
async def test_the_bots_pace_in_the_lobby_and_at_the_table(
    server: ServerFactory, sqlite_db: Db, chrome: Any, viewport: dict[str, int]
) -> None:
    clock = VirtualClock()  # never advanced: the bots wait, the page stays still
    r = await server(sqlite_db, clock=clock, bot_delay=0.8)
    page, problems = await new_page(chrome, viewport)
    await page.goto(r.base + "/")
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", "planet")
    await page.select_option("#players", "2")
    await page.fill("#name", "Ann")
    box = page.locator("#bot-pace-box")
    await page.locator("#seats .kind").nth(1).select_option("open")
    await expect(box).to_be_hidden()  # no bot at the table: nothing to pace
    await page.locator("#seats .kind").nth(1).select_option("bot:random")
    await expect(box).to_be_visible()
    # said in words a newcomer reads: how long, and why
    await expect(page.locator("#bot-pace option:checked")).to_have_text(
        "Normal: 0.8 s before each bot move"
    )
    await expect(box).to_contain_text("so you can see on the board what it did")
    await page.select_option("#bot-pace", "slow")
    await shot(page, f"bot-pace-lobby-{viewport['width']}")
    await page.click("#create-button")
    await page.wait_for_url("**/t/*")
    tid = page.url.rsplit("/", 1)[-1]
    assert (await r.call("GET", f"/api/tables/{tid}")).json()["bot_pace"] == "slow"
    row = page.locator("#bot-pace-row")
    await expect(row).to_be_visible()
    await expect(page.locator("#bot-pace option:checked")).to_have_text(
        "Slow: 2 s before each bot move"
    )
    await row.scroll_into_view_if_needed()
    await shot(page, f"bot-pace-table-{viewport['width']}")
    await page.select_option("#bot-pace", "fast")
    await r.wait_for(tid, lambda t: t["bot_pace"] == "fast")
    await expect(page.locator("#bot-pace")).to_be_enabled()
    await expect(page.locator("#bot-pace option:checked")).to_have_text(
        "Quick: 0.4 s before each bot move"
    )
    # a spectator reads the pace and cannot change it
    watcher, _ = await new_page(chrome, viewport)
    await watcher.goto(f"{r.base}/t/{tid}")
    await expect(watcher.locator("#bot-pace option:checked")).to_have_text(
        "Quick: 0.4 s before each bot move"
    )
    await expect(watcher.locator("#bot-pace")).to_be_disabled()
    assert problems == []
    await watcher.context.close()
    await page.context.close()
