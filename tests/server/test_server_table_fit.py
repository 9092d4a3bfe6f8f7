"""Small fits of the table page in Chromium: every card name inside its card (the
longest one word, "Asteroids!", on the narrowest phone too), and a finished game
with no empty band left above its board where the move bar was."""

from __future__ import annotations

import os
from typing import Any

import pytest
from browsers import CHROMIUM, chrome
from playwright.async_api import expect
from server_helpers import Db, ServerFactory
from test_server_browser import hold_seat, shot

__all__ = ["chrome"]

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(180),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

FAMILY = {"family": True, "first_player": 0}
ASTEROIDS_SEED = 10  # seat 0 starts with Fuel, Screw and Asteroids! in hand

# each hand card's name: the width its letters take and the room inside its card
NAMES_JS = """() => [...document.querySelectorAll('#board .pcard .nm')].map((e) => {
  const card = e.closest('.pcard'), s = getComputedStyle(card);
  const room = card.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  const r = document.createRange(); r.selectNodeContents(e);
  return { name: e.textContent, width: r.getBoundingClientRect().width, room };
})"""


async def open_seat(r: Any, chrome_: Any, tid: str, token: str, vp: dict[str, int]) -> Any:
    touch = vp["width"] < 500
    ctx = await chrome_.new_context(viewport=vp, has_touch=touch, is_mobile=touch)
    page = await ctx.new_page()
    await hold_seat(page, r, tid, 0, token, "planet")
    await page.goto(f"{r.base}/t/{tid}")
    return page


@pytest.mark.parametrize(
    "vp",
    [{"width": 360, "height": 740}, {"width": 390, "height": 844}, {"width": 1366, "height": 800}],
)
async def test_card_names_fit_their_cards(
    server: ServerFactory, sqlite_db: Db, chrome: Any, vp: dict[str, int]
) -> None:
    r = await server(sqlite_db, bot_delay=600.0)  # the bot never moves in this test
    seats = [{"type": "you"}, {"type": "bot", "bot": "random"}]
    table, _, token = await r.manager.create(
        "planet", 2, FAMILY, seats, None, "Ann", seed=ASTEROIDS_SEED
    )
    assert token is not None
    page = await open_seat(r, chrome, table.id, token, vp)
    await expect(page.locator("#board .pcard .nm", has_text="Asteroids!")).to_be_visible()
    names = await page.evaluate(NAMES_JS)
    assert {n["name"] for n in names} >= {"Asteroids!", "Fuel", "Screw"}
    wide = [n for n in names if n["width"] > n["room"] + 0.5]
    assert not wide, f"names wider than their cards: {wide}"
    await shot(page, f"fit-hand-{vp['width']}")
    await page.context.close()


async def test_a_finished_game_keeps_no_band_above_its_board(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    made = await r.create("planet", [{"type": "you"}, {"type": "bot", "bot": "random"}])
    tid, token = made["table"]["id"], made["token"]
    await r.play_out(tid, token)
    page = await open_seat(r, chrome, tid, token, {"width": 1366, "height": 800})
    await expect(page.locator("#status")).to_have_text("Game over")  # a heading's capital
    await expect(page.locator("#end")).to_be_visible()
    await page.locator("#end form[method=dialog] button").click()
    await expect(page.locator("#movebar")).to_be_hidden()
    gap = await page.evaluate(
        "() => document.getElementById('board').getBoundingClientRect().top"
        " - document.getElementById('banner').getBoundingClientRect().bottom"
    )
    assert gap < 24, f"{gap:.0f} px between the banner and the board"
    await shot(page, "fit-over-1366")
    await page.context.close()
