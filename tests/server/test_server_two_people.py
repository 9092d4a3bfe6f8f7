"""Two people play a whole game at one table in two browsers: Ann at a desktop
(1366×800, a mouse) and Bo on a phone (390×844, touch), on the test clock (nothing
timed moves: no bot, no grace runs out). Each makes every move on the board only
(pieces and the move bar), and after each move the other one's page shows it: the
same state, the mover's words at the end of the game log."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_board_games import ENDS, SHORT, NoWay, Progress, make_on_board, over
from test_server_board_paths import DESKTOP, PHONE
from test_server_browser import CHROMIUM, chrome, hold_seat, shot

from liftoff.server.clock import VirtualClock

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(600),
    pytest.mark.skipif(not __import__("os").path.exists(CHROMIUM), reason="needs Chromium"),
]

NAMES = ["Ann", "Bo"]


async def seat_page(
    chrome_: Any, r: Running, tid: str, seat: int, token: str, game: str, phone: bool
) -> tuple[Any, list[str]]:
    """A browser of its own holding ``seat``: a desktop, or a phone with touch."""
    vp = PHONE if phone else DESKTOP
    ctx = await chrome_.new_context(viewport=vp, has_touch=phone, is_mobile=phone)
    page = await ctx.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    await hold_seat(page, r, tid, seat, token, game)
    await page.goto(f"{r.base}/t/{tid}")
    await page.wait_for_selector("#board [data-learn]")
    return page, problems


async def shows_version(page: Any, version: int) -> None:
    """Wait until the page has drawn the table at ``version`` or later."""
    await page.wait_for_function(
        "(v) => Number(document.getElementById('table').dataset.version) >= v",
        arg=version,
        timeout=30000,
    )


@pytest.mark.parametrize("game", ["planet"])
async def test_two_people_a_desktop_and_a_phone_play_a_whole_game(
    server: ServerFactory, sqlite_db: Db, chrome: Any, game: str
) -> None:
    clock = VirtualClock()  # never advanced: nothing timed happens
    r = await server(sqlite_db, clock=clock)
    made = await r.create(
        game, [{"type": "you"}, {"type": "open"}], name="Ann", options=SHORT[game]
    )
    tid = made["table"]["id"]
    bo = await r.join(tid, 1, "Bo")
    ann_page, ann_problems = await seat_page(chrome, r, tid, 0, made["token"], game, False)
    bo_page, bo_problems = await seat_page(chrome, r, tid, 1, bo["token"], game, True)
    pages = [ann_page, bo_page]
    rnd = random.Random(tid)
    progress = Progress(r, tid)
    moves = [0, 0]
    while not over(r, tid):
        table = r.manager.tables[tid]
        seat = table.state.active_players()[0]
        page, other = pages[seat], pages[1 - seat]
        await progress.check(page)
        await page.locator("#movebar:not([hidden])").wait_for(timeout=30000)
        legal = await page.locator("#actions button[data-act]").evaluate_all(
            "els => els.map((e) => e.dataset.act)"
        )  # read to choose, never clicked
        if not legal:
            await page.wait_for_timeout(100)
            continue
        end = ENDS[game]
        others = [t for t in legal if t != end]
        target = (
            end
            if end in legal and (not others or rnd.random() < 0.35)
            else rnd.choice(others or legal)
        )
        try:
            trail = await make_on_board(page, r, tid, target, seat == 1, [], seat)
        except NoWay:
            continue  # (choose again: the move bar had no way to it)
        if not trail:
            continue
        moves[seat] += 1
        assert sum(moves) < 600, "the game does not end"
        # the other person sees the move: the same state, the mover's line in the log
        version = (await r.call("GET", f"/api/tables/{tid}")).json()["version"]
        await shows_version(other, version)
        await expect(other.locator("#log > li").last).to_contain_text(NAMES[seat])
        if sum(moves) == 6:
            await shot(ann_page, f"two-people-{game}-desktop")
            await shot(bo_page, f"two-people-{game}-phone")
    for page in pages:
        await expect(page.locator("#end")).to_be_visible(timeout=30000)
    await shot(ann_page, f"two-people-{game}-desktop-end")
    await shot(bo_page, f"two-people-{game}-phone-end")
    assert moves[0] > 0 and moves[1] > 0, moves
    assert not ann_problems and not bo_problems, ann_problems + bo_problems
    for page in pages:
        await page.context.close()
