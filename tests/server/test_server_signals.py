"""Turn signals on the table page (static/js/signals.js) in headless Chromium against a
real server on loopback: the tab's title and icon mark this seat's turn and come back
after the move; the tone and the notification are off until the person switches them
on, the browser is asked for permission only then, and the choice survives a reload.
The browser's own ``Notification`` and page visibility are stood in for by an init
script (headless Chromium shows no notifications and never hides a tab).
Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import asyncio
import os
import re
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_a11y import axe_problems, phone_problems
from test_server_browser import CHROMIUM, LAPTOP, PHONE, chrome, hold_seat, new_page, shot

from liftoff.server.clock import VirtualClock

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(120),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

PREFIX = "● Your turn — "

# The browser's Notification API as a recorder: permission is "default" until asked,
# and kept across reloads like a browser keeps it; ``window.__hide(true)`` makes the
# page report itself hidden (and fires visibilitychange) as a background tab does.
STAND_INS = """
(() => {
  const calls = (window.__asked = []);
  const shown = (window.__shown = []);
  const kept = () => localStorage.getItem("stand-in.permission") || "default";
  class StandIn {
    static get permission() { return kept(); }
    static requestPermission() {
      calls.push(kept());
      localStorage.setItem("stand-in.permission", "granted");
      return Promise.resolve("granted");
    }
    constructor(title, options) { this.title = title; this.closed = false; shown.push(this); }
    close() { this.closed = true; }
  }
  window.Notification = StandIn;
  let hidden = false;
  const state = () => (hidden ? "hidden" : "visible");
  Object.defineProperty(document, "visibilityState", { get: state });
  Object.defineProperty(document, "hidden", { get: () => hidden });
  window.__hide = (h) => { hidden = h; document.dispatchEvent(new Event("visibilitychange")); };
})();
"""


async def seated(
    r: Running, browser_: Any, viewport: dict[str, int] = LAPTOP, game: str = "planet"
) -> tuple[Any, list[str], str]:
    """This browser in seat 0 (playing first at planet) and a random bot in seat 1."""
    bot: dict[str, Any] = {"type": "bot", "bot": "random"}
    options: dict[str, Any] = {}
    if game == "planet":
        options = {"family": True, "first_player": 0}
    else:
        bot["speed"] = "slow"
    made = await r.create(game, [{"type": "you"}, bot], options=options)
    tid = made["table"]["id"]
    page, problems = await new_page(browser_, viewport)
    await page.add_init_script(STAND_INS)
    await hold_seat(page, r, tid, 0, made["token"], game)
    await page.goto(f"{r.base}/t/{tid}")
    if game == "planet":
        await page.wait_for_selector("#actions button[data-act]")
    return page, problems, str(made["table"]["title"])


async def end_turn(page: Any) -> None:
    """End this seat's turn from the action list (confirming: other moves remain)."""
    await page.locator('#actions button[data-act="end"]').click()
    sure = page.locator("#movebar [data-sure]")
    await expect(sure).to_be_visible()
    await sure.click()


async def until(page: Any, expression: str, timeout: float = 10.0) -> None:
    """Wait until a page expression holds (the page's CSP forbids wait_for_function)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not await page.evaluate(expression):
        assert asyncio.get_running_loop().time() < deadline, f"never true: {expression}"
        await asyncio.sleep(0.1)


async def icon(page: Any) -> str:
    return str(await page.locator('link[rel="icon"]').get_attribute("href"))


async def test_title_and_icon_mark_your_turn_and_come_back(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=1.0)
    page, problems, title = await seated(r, chrome)
    plain = f"{title} — liftoff"
    # playing first: the page opens on this seat's turn
    await expect(page).to_have_title(PREFIX + plain)
    assert (await icon(page)).endswith("/favicon-turn.svg")
    turn_icon = await page.evaluate(
        "fetch(document.querySelector('link[rel=icon]').href).then((r) => r.text())"
    )
    assert "<svg" in turn_icon and "circle" in turn_icon
    # a move within the turn keeps the mark (once: the page redraws the title each time)
    version = await page.locator("#table").get_attribute("data-version")
    await page.locator('#actions button[data-act^="move core"]').first.click()
    await expect(page.locator("#table")).not_to_have_attribute("data-version", str(version))
    assert await page.title() == PREFIX + plain
    assert (await icon(page)).endswith("/favicon-turn.svg")
    await end_turn(page)
    # the bot's turn: both come back
    await expect(page).to_have_title(plain)
    assert (await icon(page)).endswith("/favicon.svg")
    await expect(page.locator("#banner")).not_to_contain_text("Your turn")
    # the bot moves (slowly) and ends its turn: this seat's turn again
    await expect(page).to_have_title(PREFIX + plain, timeout=30000)
    assert (await icon(page)).endswith("/favicon-turn.svg")
    await expect(page.locator("#banner")).to_contain_text("Your turn")
    assert not await page.evaluate("window.__asked.length")  # nothing asked unasked
    assert not problems, problems


async def test_race_marks_the_turn_when_the_round_opens(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    clock = VirtualClock()
    r = await server(sqlite_db, race_start_pause=6.0, race_round_pause=6.0, clock=clock)
    page, problems, title = await seated(r, chrome, game="race")
    plain = f"{title} — liftoff"
    # the countdown before the round: nothing to do yet, no mark
    await expect(page.locator("#banner")).to_contain_text("Next round starts in")
    assert await page.title() == plain
    assert (await icon(page)).endswith("/favicon.svg")
    # the round opens: cards to load, the mark is on
    await clock.advance(6.1)
    await expect(page).to_have_title(PREFIX + plain, timeout=20000)
    assert (await icon(page)).endswith("/favicon-turn.svg")
    await expect(page.locator("#banner")).not_to_contain_text("Next round starts in")
    assert not problems, problems


async def test_notifications_asked_only_on_opt_in_and_remembered(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=2.0)
    page, problems, title = await seated(r, chrome)
    await expect(page).to_have_title(re.compile("^" + re.escape(PREFIX)))
    # on load, and with the menu open, the browser is not asked; both boxes are off
    button = page.get_by_role("button", name="Signals")
    await expect(button).to_have_attribute("aria-expanded", "false")
    await button.click()
    await expect(button).to_have_attribute("aria-expanded", "true")
    sound = page.get_by_label("Play a short tone")
    notify = page.get_by_label("Notify me while this tab is hidden")
    await expect(sound).not_to_be_checked()
    await expect(notify).not_to_be_checked()
    assert await page.evaluate("window.__asked") == []
    await shot(page, "signals-menu-laptop")
    # opting in asks once; the tone is a choice of its own
    await notify.check()
    await until(page, "window.__asked.length > 0")
    assert await page.evaluate("window.__asked") == ["default"]
    await expect(notify).to_be_checked()
    await sound.check()
    assert await page.evaluate("window.__asked") == ["default"]
    # Escape closes the menu and gives the focus back to its button
    await page.keyboard.press("Escape")
    await expect(page.locator("#signals-menu")).to_be_hidden()
    await expect(button).to_be_focused()
    # a reload keeps the choice, and does not ask again
    await page.reload()
    await page.wait_for_selector("#actions button[data-act]")
    await button.click()
    await expect(sound).to_be_checked()
    await expect(notify).to_be_checked()
    assert await page.evaluate("window.__asked") == []
    await expect(page.locator("#signals-note")).to_be_hidden()  # nothing to explain
    await page.locator("#banner").click()  # a click elsewhere closes the menu
    await expect(page.locator("#signals-menu")).to_be_hidden()
    # visible tab: no notification; hidden tab: one when the turn comes back
    assert await page.evaluate("window.__shown.length") == 0
    await end_turn(page)
    await expect(page).not_to_have_title(re.compile("^" + re.escape(PREFIX)))
    await page.evaluate("window.__hide(true)")
    await until(page, "window.__shown.length > 0", 30.0)
    assert await page.evaluate("window.__shown.map((n) => n.title)") == [f"Your turn at {title}"]
    await expect(page).to_have_title(re.compile("^" + re.escape(PREFIX)))
    # back to the tab: the notification closes
    await page.evaluate("window.__hide(false)")
    assert await page.evaluate("window.__shown[0].closed")
    # switching it off is remembered too
    await button.click()
    await notify.uncheck()
    await page.reload()
    await page.wait_for_selector("#actions button[data-act]")
    assert await page.evaluate("JSON.parse(localStorage.getItem('liftoff.signals'))") == {
        "sound": True,
        "notify": False,
    }
    assert not problems, problems


async def test_signals_menu_on_a_phone(server: ServerFactory, sqlite_db: Db, chrome: Any) -> None:
    r = await server(sqlite_db, bot_delay=2.0)
    page, problems, _ = await seated(r, chrome, PHONE)
    button = page.get_by_role("button", name="Signals")
    await button.click()
    menu = page.locator("#signals-menu")
    await expect(menu).to_be_visible()
    box = await menu.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    for target in (button, page.locator("#signals-menu label").first):
        size = await target.bounding_box()
        assert size and size["height"] >= 44, size
    await shot(page, "signals-menu-phone")
    # the open menu passes axe and the phone checks (text size, targets, no sideways scroll)
    found, _ = await axe_problems(page)
    assert not found, found
    # the checkboxes are drawn at 22 px; their labels (44 px tall, checked above) are the
    # targets a finger hits, as with the lobby's checkboxes
    tight = [x for x in await phone_problems(page) if not re.search(r"input#signal-\w+ ", x)]
    assert not tight, tight
    assert not problems, problems
