"""People at the table, in Chromium: a name asked once (remembered with the person
token, so another browser of the same person is not asked again), lobby rows with
their clock and rules, an unread chat badge and "(N)" title mark, and the phone's
quick bar (undo, log, your clock, chat within one tap)."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from browsers import CHROMIUM, chrome
from playwright.async_api import expect
from server_helpers import Db, ServerFactory
from test_server_browser import hold_seat, new_page, shot

__all__ = ["chrome"]

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(180),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

SMALL = {"width": 360, "height": 740}
WIDE = {"width": 1366, "height": 800}
TWO: list[dict[str, Any]] = [{"type": "you"}, {"type": "open"}]


async def test_a_name_is_asked_once_per_person(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    first = (await r.create("planet", TWO, name="Ann"))["table"]["id"]
    page, problems = await new_page(chrome, SMALL)
    await page.goto(r.base + "/")
    await page.wait_for_selector(f"[data-join='{first}']")
    await expect(page.locator("#join-as")).to_be_visible()  # the lobby asks beside Join
    await page.click(f"[data-join='{first}']")  # (nothing typed: the table asks)
    await page.wait_for_url("**/t/*")
    await expect(page.locator("#rename-ask")).to_contain_text("Player 2")
    # on a phone the Players panel is below the board: the question is asked where it
    # is seen, above the board, and leads to the name field
    ask = page.locator("#name-ask")
    await expect(ask).to_contain_text("Everyone sees you as Player 2")
    await expect(ask).to_be_in_viewport()
    await shot(page, "people-name-asked-360")
    await ask.get_by_role("button", name="Choose your name").click()
    await expect(page.locator("#rename-name")).to_be_focused()
    await expect(page.locator("#rename-name")).to_be_in_viewport()
    await page.fill("#rename-name", "Bo")
    await page.locator("#rename-form button").click()
    await expect(page.locator("#players")).to_contain_text("Bo")
    await expect(page.locator("#rename-ask")).to_be_hidden()
    await expect(ask).to_have_count(0)
    # the same person in another browser (its cookie, none of this one's storage)
    second = (await r.create("planet", TWO, name="Cy"))["table"]["id"]
    other = await chrome.new_context(viewport=WIDE)
    await other.add_cookies(await page.context.cookies())
    again = await other.new_page()
    await again.goto(r.base + "/")
    await again.wait_for_selector(f"[data-join='{second}']")
    await expect(again.locator("#name")).to_have_value("Bo")
    await expect(again.locator("#join-as")).to_be_hidden()
    await again.click(f"[data-join='{second}']")
    await again.wait_for_url(f"**/t/{second}")
    await expect(again.locator("#players")).to_contain_text("Bo")
    await again.wait_for_selector("#actions-panel:not([hidden])")
    await expect(again.locator("#rename-ask")).to_be_hidden()
    await expect(again.locator("#name-ask")).to_have_count(0)
    table = (await r.call("GET", f"/api/tables/{second}")).json()
    assert [s["name"] for s in table["seats"]] == ["Cy", "Bo"]
    await other.close()
    assert not problems, problems


async def test_lobby_rows_say_clock_and_rules(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    timed = await r.create(
        "planet", TWO, name="Ann", clock={"preset": "blitz"}, options={"first_game": True}
    )
    plain = await r.create("agency", TWO, name="Cy")
    page, problems = await new_page(chrome, WIDE)
    await page.goto(r.base + "/")
    row = page.locator("#open li", has=page.locator(f"[data-join='{timed['table']['id']}']"))
    await expect(row.locator(".setting")).to_have_text(
        "Clock: 5 min + 5 s a turn · Rules: First game"
    )
    row = page.locator("#open li", has=page.locator(f"[data-join='{plain['table']['id']}']"))
    await expect(row.locator(".setting")).to_have_text("No clock · Standard rules")
    await shot(page, "people-lobby-rows")
    await page.goto(r.base + "/?lang=ja")
    await expect(page.locator("#open .setting").first).to_contain_text("ルール")
    assert not problems, problems


@pytest.mark.parametrize("size", ["360", "wide"])
async def test_unread_chat_marks_and_the_quick_bar(
    server: ServerFactory, sqlite_db: Db, chrome: Any, size: str
) -> None:
    r = await server(sqlite_db)
    made = await r.create("planet", TWO, name="Ann", clock={"preset": "relaxed"})
    tid = made["table"]["id"]
    bo = await r.join(tid, name="Bo")
    viewport = SMALL if size == "360" else WIDE
    ann, problems = await new_page(chrome, viewport)
    await hold_seat(ann, r, tid, 0, made["token"], "planet")
    await ann.goto(f"{r.base}/t/{tid}")
    await ann.wait_for_selector("#players li")
    assert await ann.locator("[data-clock='0']").count() == 1  # the quick bar's is no copy
    if size == "360":
        bar = ann.locator("#quickbar")
        await expect(bar).to_be_visible()
        await expect(ann.locator("#quick-clock")).to_have_text(re.compile(r"^6[01]:[0-5][0-9]$"))
        for what in ("#quick-undo", "#quick-log", "#quick-clock", "#quick-chat"):
            box = await ann.locator(what).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 740, (what, box)
        # scrolled down to the board: the bar is still within one tap
        await ann.evaluate("window.scrollTo(0, 600)")
        box = await ann.locator("#quick-chat").bounding_box()
        assert box and 0 <= box["y"] <= 60, box
        await ann.evaluate("window.scrollTo(0, 0)")
    else:
        await expect(ann.locator("#quick-chat")).to_be_hidden()  # nothing unread yet
    panel = await ann.locator("#chat-panel").bounding_box()
    assert panel and panel["y"] > viewport["height"], "the chat panel starts off-screen"
    plain_title = await ann.title()
    bob, more = await new_page(chrome, WIDE)
    await hold_seat(bob, r, tid, 1, bo["token"], "planet")
    await bob.goto(f"{r.base}/t/{tid}")
    await bob.wait_for_selector("#chat-send:not([disabled])")
    await bob.fill("#chat-text", "hello Ann")
    await bob.locator("#chat-send").click()
    await expect(ann.locator("#chat-badge")).to_have_text("1")
    await expect(ann.locator("#quick-chat")).to_be_visible()
    await expect(ann).to_have_title(re.compile(r"^\(1\) "))
    assert plain_title in await ann.title()
    await shot(ann, f"people-unread-{size}")
    await ann.locator("#quick-chat").click()  # one tap: the chat, read
    await expect(ann.locator("#chat-badge")).to_be_hidden()
    await expect(ann).to_have_title(re.compile(r"^[^(]"))
    await expect(ann.locator("#chat-list")).to_contain_text("hello Ann")
    assert not problems, problems
    assert not more, more
