"""Play over days in a real Chromium: the lobby form's day clocks and rated game,
the days left at the table, and the leaderboard with people and bots, on a
laptop and a phone, in English and Japanese. Days pass on a virtual clock.
Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_a11y import axe_problems
from test_server_browser import ARTIFACTS, CHROMIUM, LAPTOP, PHONE, chrome, new_page, shot

from liftoff.server.clock import VirtualClock
from liftoff.server.tables.clocks import DAY

__all__ = ["ARTIFACTS", "chrome"]

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(240),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

LOOKS = [
    ("en", LAPTOP, "laptop"),
    ("en", PHONE, "phone"),
    ("ja", LAPTOP, "laptop"),
    ("ja", PHONE, "phone"),
]
DAYS_LEFT = {"en": "2 days left", "ja": "残り2日"}
PLAYS_LIKE = {"en": "You play like the", "ja": "あなたの強さは"}


async def looking(
    chrome: Any, r: Running, lang: str, size: dict[str, int], cookies: list[Any]
) -> Any:
    page, problems = await new_page(chrome, size)
    await page.context.add_cookies(
        [*cookies, {"name": "liftoff_lang", "value": lang, "url": r.base}]
    )
    return page, problems


async def test_days_and_ratings_as_people_see_them(
    chrome: Any, server: ServerFactory, sqlite_db: Db
) -> None:
    clock = VirtualClock()
    r = await server(sqlite_db, clock=clock, admin_token="op")
    bots = {"games": 2, "levels": ["beginner", "easy", "medium"]}
    assert (await r.call("POST", "/api/admin/ratings/planet/bots", bots, "op")).status_code == 200
    # Ann makes a rated table of 3 days a move in the lobby
    page, problems = await new_page(chrome, LAPTOP)
    await page.goto(r.base + "/?game=planet")
    await page.fill("#name", "Ann")
    await page.select_option("#players", "2")
    await page.locator("#seats li").nth(1).locator("select.kind").select_option("open")
    await page.select_option("#clock-preset", "day-3")
    await page.check("#rated")
    await expect(page.locator("#clock-doc")).to_contain_text("within 3 days")
    await shot(page, "days-lobby-form-en-laptop")
    await page.click("#create-button")
    await page.wait_for_url("**/t/*")
    tid = page.url.rsplit("/", 1)[1]
    cookies = await page.context.cookies()
    ann = await page.evaluate(f"JSON.parse(localStorage.getItem('liftoff.seats'))['{tid}'].token")
    bo = (await r.join(tid, name="Bo"))["token"]
    await clock.advance(4.5 * DAY)  # Ann had 7 days (3 a move + 4 in reserve)
    await page.reload()  # (the page counts down in real time; these days were virtual)
    await expect(page.locator("[data-clock='0']")).to_have_text("2 days left")
    await shot(page, "days-table-en-laptop")
    for lang, size, kind in LOOKS:
        look, seen = await looking(chrome, r, lang, size, cookies)
        await look.goto(r.base + "/?game=planet")
        await look.select_option("#clock-preset", "day-3")
        await look.check("#rated")
        await expect(look.locator(".tag.days")).to_contain_text("3")
        await shot(look, f"days-lobby-{lang}-{kind}")
        vacation = [x for x in (await axe_problems(look))[0] if "vacation" in str(x)]
        assert vacation == [], vacation
        await look.evaluate(
            "([tid, token]) => localStorage.setItem('liftoff.seats', JSON.stringify("
            "{[tid]: {seat: 0, token, game: 'planet', at: 1}}))",
            [tid, ann],
        )
        await look.goto(f"{r.base}/t/{tid}")
        await expect(look.locator("[data-clock='0']")).to_have_text(DAYS_LEFT[lang])
        await shot(look, f"days-table-{lang}-{kind}")
        problems += seen
        await look.context.close()
    await r.play_out(tid, ann, bo)
    for lang, size, kind in LOOKS:
        look, seen = await looking(chrome, r, lang, size, cookies)
        await look.goto(r.base + "/ratings/planet")
        await expect(look.locator("#rows tr")).to_have_count(5)  # Ann, Bo and three bots
        await expect(look.locator("#me")).to_contain_text(PLAYS_LIKE[lang])
        await shot(look, f"days-leaderboard-{lang}-{kind}")
        assert (await axe_problems(look))[0] == [], (lang, kind)
        problems += seen
        await look.context.close()
    assert not problems, problems
