"""The shared browser (``browsers.py``): one Chromium per worker, and nothing one
test stores in it — cookies, local storage, open pages — reaches another."""

from __future__ import annotations

from typing import Any

import pytest
from browsers import SharedBrowser
from server_helpers import Db, ServerFactory

pytestmark = [pytest.mark.asyncio, pytest.mark.browser, pytest.mark.timeout(120)]

STORE = "document.cookie = 'who=Ann; path=/'; localStorage.setItem('seat', 'Ann')"
READ = "[document.cookie, localStorage.getItem('seat')]"


@pytest.mark.parametrize("turn", ["first", "second"])
async def test_each_test_gets_the_running_browser_with_nothing_open(
    server: ServerFactory, sqlite_db: Db, chrome: Any, browser_session: SharedBrowser, turn: str
) -> None:
    """Both turns store a cookie and local storage and leave their page open; each
    starts on the worker's one browser with no context open and nothing stored."""
    assert browser_session.launches == 1, "a browser was launched for this test"
    assert chrome.contexts == [], "a context of an earlier test is still open"
    r = await server(sqlite_db)
    ctx = await chrome.new_context()
    page = await ctx.new_page()
    await page.goto(r.base + "/")
    assert await page.evaluate(READ) == ["", None], f"{turn}: found what another test stored"
    await page.evaluate(STORE)
    assert await page.evaluate(READ) == ["who=Ann", "Ann"]


async def test_a_second_context_sees_nothing_of_the_first(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    """Two people in one test (two contexts) keep their cookies and storage apart."""
    r = await server(sqlite_db)
    ann = await (await chrome.new_context()).new_page()
    bo = await (await chrome.new_context()).new_page()
    await ann.goto(r.base + "/")
    await ann.evaluate(STORE)
    await bo.goto(r.base + "/")
    assert await bo.evaluate(READ) == ["", None]
    assert await ann.evaluate(READ) == ["who=Ann", "Ann"]
