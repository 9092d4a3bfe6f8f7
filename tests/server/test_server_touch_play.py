"""Layout under the finger, in Chromium: a finger's first tap on a playable card
shows it (its text, Play, Not now) and plays nothing; one-tap play is a setting;
a mouse pick closes the card's popover; the desktop's move bar never covers the
board."""

from __future__ import annotations

import os
from typing import Any

import pytest
from browsers import CHROMIUM, chrome
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_board_paths import DESKTOP, PHONE
from test_server_browser import shot
from test_server_learn import seated_page

__all__ = ["chrome"]

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(180),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

#: a card that one pick plays (the test taps each in turn to find one): agency's first
#: move, keeping one of the objective cards dealt
CARDS = "#board [data-tokens].legal[data-learn]"


def made(r: Running, tid: str) -> int:
    table = r.manager.tables.get(tid)
    return len(table.log) if table else -1


async def a_card_one_tap_plays(page: Any) -> Any:
    """A playable card that a single tap would play (shown first)."""
    await page.locator("#movebar:not([hidden])").wait_for(timeout=30000)
    tokens = await page.locator(CARDS).evaluate_all("els => els.map((e) => e.dataset.tokens)")
    for token in tokens:
        card = page.locator(f'#board [data-tokens="{token}"]').first
        await card.tap()
        if await page.locator("#movebar [data-sure]").count():
            return card
        clear = page.locator("#movebar [data-clear]")
        if await clear.count():
            await clear.first.tap()
    raise AssertionError("no card is played by one pick")


async def test_a_first_tap_on_a_card_shows_it_with_play(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=0.01)
    page, problems, tid = await seated_page(r, chrome, "agency", {}, PHONE)
    before = made(r, tid)
    card = await a_card_one_tap_plays(page)
    bar = page.locator("#movebar")
    await expect(bar.locator("[data-sure]")).to_have_text("Play")
    await expect(bar.locator("[data-cancel]")).to_have_text("Not now")
    name = str(await card.get_attribute("data-learn"))
    assert await bar.locator(".about").count() == 1, name  # the card's text, to read
    await shot(page, "touch-card-shown-phone")
    assert made(r, tid) == before  # shown, not played (the bar's buttons came after the tap)
    await bar.locator("[data-cancel]").tap()
    await expect(bar.locator("[data-sure]")).to_have_count(0)
    assert made(r, tid) == before
    await card.tap()
    await bar.locator("[data-sure]").tap()
    for _ in range(50):
        if made(r, tid) > before:
            break
        await page.wait_for_timeout(100)
    assert made(r, tid) > before, "Play plays the card"
    assert not problems, problems


async def test_one_tap_play_is_a_setting(server: ServerFactory, sqlite_db: Db, chrome: Any) -> None:
    r = await server(sqlite_db, bot_delay=0.01)
    page, problems, tid = await seated_page(r, chrome, "agency", {}, PHONE)
    card = await a_card_one_tap_plays(page)
    await page.locator("#movebar [data-cancel]").tap()
    setting = page.locator("#one-tap")
    await setting.scroll_into_view_if_needed()
    await setting.tap()
    await expect(setting).to_be_checked()
    before = made(r, tid)
    await card.scroll_into_view_if_needed()
    await card.tap()
    for _ in range(50):
        if made(r, tid) > before:
            break
        await page.wait_for_timeout(100)
    assert made(r, tid) > before, "one tap plays the card"
    await page.reload()
    await expect(page.locator("#one-tap")).to_be_checked()  # kept in this browser
    assert not problems, problems


async def test_a_mouse_pick_closes_the_popover_and_the_bar_covers_nothing(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=0.01)
    page, problems, _ = await seated_page(r, chrome, "planet", {}, DESKTOP)
    await page.locator("#movebar:not([hidden])").wait_for(timeout=30000)
    piece = page.locator("#board [data-tokens].legal[data-learn]").first
    await piece.hover()
    pop = page.locator("#learn-pop")
    await expect(pop).to_be_visible()
    box = await piece.bounding_box()
    assert box
    await piece.click()
    await expect(pop).to_be_hidden()
    # a hand's tremble on the picked piece brings no popover back over the hand (seen
    # a frame after the move)
    await page.mouse.move(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2 + 2)
    await page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
    await expect(pop).to_be_hidden()
    # scrolled half a screen down, the move bar covers no piece of the board
    await page.evaluate("window.scrollTo(0, 400)")
    bar = await page.locator("#movebar").bounding_box()
    board = await page.locator("#board").bounding_box()
    assert bar and board
    assert bar["y"] + bar["height"] <= board["y"] + 1 or bar["y"] >= board["y"] + board["height"], (
        "the move bar lies over the board",
        bar,
        board,
    )
    assert not problems, problems
