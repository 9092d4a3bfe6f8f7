"""One headless Chromium per test process (pytest-xdist worker), a fresh context
per test.

Starting Playwright's driver and a browser costs seconds on a busy machine, so
each worker starts them once (:func:`browser_session`, in ``conftest.py``) and
every browser test gets the same browser through :func:`chrome`. What a test
opens — contexts with their pages, cookies and storage — is closed when it ends,
so nothing one test leaves is seen by the next.

Playwright's objects belong to the event loop that made them: a test using the
browser runs in the worker's session-wide loop, and so do its function-scoped
async fixtures (``tests/conftest.py``).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: how long ``expect(...)`` waits for what it expects (Playwright's default is 5 s)
EXPECT_MS = 20_000
#: the fixture a test names to use the browser (its loop is the session's)
FIXTURE = "chrome"


class SharedBrowser:
    """Playwright and the Chromium it launched, launched again should it be gone."""

    def __init__(self, playwright: Any) -> None:
        self.playwright = playwright
        self.browser: Any = None
        #: how many times a browser was launched (once, unless one crashed)
        self.launches = 0

    async def get(self) -> Any:
        """The running browser (launched now if there is none, or it crashed)."""
        if self.browser is None or not self.browser.is_connected():
            self.browser = await self.playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS
            )
            self.launches += 1
        return self.browser

    async def close(self) -> None:
        """Close the browser, if it runs."""
        if self.browser is not None and self.browser.is_connected():
            await self.browser.close()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser_session() -> AsyncIterator[SharedBrowser]:
    """The worker's Playwright and Chromium, started on first use and closed when
    the run ends."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"needs Chromium at {CHROMIUM}")
    from playwright.async_api import async_playwright, expect

    # A positive expectation waits until it holds; on a busy 2-core machine a page
    # that answers in a second when quiet can take several (the server computes a
    # replay, a bot moves), so the bound is generous. It is a bound, not a wait.
    expect.set_options(timeout=EXPECT_MS)
    async with async_playwright() as p:
        shared = SharedBrowser(p)
        try:
            yield shared
        finally:
            await shared.close()


@pytest_asyncio.fixture(loop_scope="session")
async def chrome(browser_session: SharedBrowser) -> AsyncIterator[Any]:
    """The shared browser, for one test: it starts with no context open, and every
    context the test opens (its pages, cookies, storage) is closed afterwards."""
    browser = await browser_session.get()
    for ctx in list(browser.contexts):  # nothing of an earlier test stays open
        await ctx.close()
    try:
        yield browser
    finally:
        if browser.is_connected():
            for ctx in list(browser.contexts):
                await ctx.close()


async def evaluated_on_a_page(chrome: Any, url: str, script: str, arg: Any, **context: Any) -> Any:
    """What ``script`` returns for ``arg`` on a new page of a new context (its
    options in ``context``) opened at ``url``; no error the page raised while open
    goes unnoticed. The board truth tests draw their sampled states this way."""
    ctx = await chrome.new_context(**context)
    try:
        page = await ctx.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        await page.goto(url)
        seen = await page.evaluate(script, arg)
    finally:
        await ctx.close()
    assert not problems, problems
    return seen
