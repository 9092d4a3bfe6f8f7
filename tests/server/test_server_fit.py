"""Fit on a phone and in Japanese, in Chromium: no page scrolls sideways at 360 px
(lobby, table, the rules in short) in English or Japanese, Japanese breaks between
phrases (``word-break: auto-phrase``), the phone's header is at most 120 px tall,
labels are not clipped, and bot names are in the reader's language."""

from __future__ import annotations

import os
from typing import Any

import pytest
from browsers import CHROMIUM, chrome
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_browser import hold_seat, shot

__all__ = ["chrome"]

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(240),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

SMALL = {"width": 360, "height": 740}
BOTS: list[dict[str, Any]] = [{"type": "bot", "bot": "medium"}, {"type": "bot", "bot": "medium"}]

#: how far the page reaches past the screen's right edge, and the elements that do
WIDER = """() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const b = el.getBoundingClientRect();
    if (b.width && b.right > vw + 1 && !el.closest("svg, dialog:not([open]), [hidden]")) {
      const what = `${el.tagName}#${el.id}.${el.getAttribute("class") || ""}`;
      out.push(`${what} right=${Math.round(b.right)}`);
    }
  }
  return { scroll: document.documentElement.scrollWidth, vw, out: out.slice(0, 8) };
}"""

#: labels whose text is cut off by their own box (overflow hidden or clipped)
CLIPPED = """() => [...document.querySelectorAll(
  "#board button, #board .nm, #board .act, .topbar *")]
  .concat([...document.querySelectorAll("#board svg text")].filter((el) => {
    // a board's label wholly inside its drawing (an SVG clips what lies outside it)
    const b = el.getBoundingClientRect(), s = el.ownerSVGElement.getBoundingClientRect();
    return b.width && (b.left < s.left - 1 || b.right > s.right + 1);
  }))
  .filter((el) => {
    if (el.closest("[hidden], .visually-hidden")) return false;
    if (el instanceof SVGElement) return true;  // (found outside its drawing above)
    const s = getComputedStyle(el);
    if (s.overflow === "visible" && s.textOverflow !== "ellipsis") return false;
    return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  }).map((el) => `${el.tagName}.${el.className}: ${el.textContent.trim().slice(0, 40)}`)"""


async def no_sideways(page: Any, where: str) -> None:
    seen = await page.evaluate(WIDER)
    assert seen["scroll"] <= seen["vw"], (where, seen)


async def seated(r: Running, page: Any, game: str) -> str:
    made = await r.create(game, [{"type": "you"}, {"type": "bot", "bot": "medium"}], name="Ann")
    tid = str(made["table"]["id"])
    await hold_seat(page, r, tid, 0, made["token"], game)
    return tid


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_nothing_scrolls_sideways_at_360(
    server: ServerFactory, sqlite_db: Db, chrome: Any, lang: str
) -> None:
    r = await server(sqlite_db, bot_delay=0.01)
    over = (await r.create("planet", BOTS))["table"]["id"]
    await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Annabelle", title="Friday")
    await r.wait_for(over, lambda t: t["status"] == "over", timeout=120)
    ctx = await chrome.new_context(viewport=SMALL, has_touch=True, is_mobile=True)
    page = await ctx.new_page()
    await page.goto(f"{r.base}/?lang={lang}")
    await page.wait_for_selector("#over li .tag")
    await no_sideways(page, "lobby")
    await shot(page, f"fit-lobby-360-{lang}")
    over_text = await page.locator("#over").inner_text()
    if lang == "ja":  # bot names in the reader's language
        assert "Medium" not in over_text and "ボット" in over_text, over_text
    for game in ("planet", "agency", "race"):
        tid = await seated(r, page, game)
        await page.goto(f"{r.base}/t/{tid}?lang={lang}")
        await page.wait_for_selector("#board svg, #board .planet-board, #board [data-learn]")
        await page.wait_for_selector("#players li")
        await shot(page, f"fit-{game}-360-{lang}")
        await no_sideways(page, f"{game} table")
        header = await page.locator("header.topbar").bounding_box()
        assert header and header["height"] <= 120, (game, header)
        clipped = await page.evaluate(CLIPPED)
        assert not clipped, (game, clipped)
        if game == "planet":
            await page.locator("#summary-button").click()
            await expect(page.locator("#summary-body h3").first).to_be_visible()
            await no_sideways(page, "rules in short")
            await page.keyboard.press("Escape")
    await ctx.close()


async def test_japanese_breaks_between_phrases(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    ctx = await chrome.new_context(viewport=SMALL)
    page = await ctx.new_page()
    await page.goto(f"{r.base}/?lang=ja")
    assert await page.evaluate("CSS.supports('word-break', 'auto-phrase')")
    style = await page.evaluate("getComputedStyle(document.body).wordBreak")
    assert style == "auto-phrase", style
    await ctx.close()
