"""Motion on the table page (static/js/motion.js, the race board's reveals) in headless
Chromium against a real server on loopback: a bot's move makes its pieces glide from
their old place to the new one and they end there; with the system's reduce-motion
setting nothing moves; after a Stop in the race the cards are revealed one after the
other (and at once with reduced motion), the end screen waits for them, and a key
shows them all. The page is watched by a recorder (an init script) that notes what
each drawing of the board started. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_browser import CHROMIUM, LAPTOP, PHONE, chrome, shot

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(180),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

DESKTOP = {"width": 1366, "height": 800}

# After each drawing of the board (``liftoff:state`` comes after it): the pieces that
# glide, where they are seen at once and where they end (the centre of their place,
# the group they are drawn in); and, for the race, how many row cards are face-down.
RECORDER = """
(() => {
  const glides = (window.__glides = []);
  const states = (window.__states = []);
  const samples = (window.__samples = []);
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const inside = (p, r) => p[0] >= r.left && p[0] <= r.right && p[1] >= r.top && p[1] <= r.bottom;
  const rows = () => {
    const b = document.getElementById("board");
    return {
      hidden: b.querySelectorAll('[data-key^="row:"][data-shown="0"]').length,
      shown: b.querySelectorAll('[data-key^="row:"][data-shown="1"]').length,
      revealing: Boolean(b.dataset.revealing),
      ended: Boolean(document.getElementById("end")?.open),
      logged: document.querySelectorAll("#log li").length,
      told: document.getElementById("status")?.textContent || "",
    };
  };
  document.addEventListener("liftoff:state", (e) => {
    const board = document.getElementById("board");
    const running = document.getAnimations().filter((a) => board.contains(a.effect?.target));
    const { version, table } = e.detail;
    states.push({ version, status: table.status, animations: running.length, ...rows() });
    for (const a of running) {
      const el = a.effect.target;
      const frames = a.effect.getKeyframes();
      if (!frames.some((f) => f.transform && f.transform.startsWith("translate"))) continue;
      // (an SVG piece flies as a copy over the drawing while the piece waits at its place)
      const key = el.dataset.key || el.dataset.glide || "";
      const piece = board.querySelector(`[data-key="${CSS.escape(key)}"]`);
      const g = { key, start: centre(el.getBoundingClientRect()), state: a.playState };
      glides.push(g);
      a.finished.then(() => {
        const place = piece.closest("[data-tokens]")?.querySelector(".hit") || piece;
        g.end = centre(piece.getBoundingClientRect());
        g.inPlace = inside(g.end, place.getBoundingClientRect());
        g.transform = getComputedStyle(piece).transform;
        g.connected = piece.isConnected;
        g.copies = board.querySelectorAll("[data-glide]").length;
      }, () => { g.cancelled = true; });
    }
  });
  setInterval(() => { if (document.getElementById("board")) samples.push(rows()); }, 40);
})();
"""


PROBLEMS: dict[int, list[str]] = {}  # each page's errors (the page's own console)


def problems_of(page: Any) -> list[str]:
    return PROBLEMS.get(id(page), [])


async def watching(
    r: Running, browser_: Any, tid: str, viewport: dict[str, int], **extra: Any
) -> Any:
    ctx = await browser_.new_context(viewport=viewport, **extra)
    page = await ctx.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    PROBLEMS[id(page)] = problems
    await page.add_init_script(RECORDER)
    await page.goto(f"{r.base}/t/{tid}")
    await page.wait_for_selector("#board [data-key]", state="attached")
    return page


async def until(page: Any, expression: str, timeout: float = 20.0) -> Any:
    """Wait until a page expression is true-ish (the page's CSP forbids wait_for_function)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not (got := await page.evaluate(expression)):
        assert asyncio.get_running_loop().time() < deadline, f"never true: {expression}"
        await asyncio.sleep(0.05)
    return got


async def bots_table(r: Running, game: str, options: dict[str, Any], speed: str = "") -> str:
    bot: dict[str, Any] = {"type": "bot", "bot": "random"}
    if speed:
        bot["speed"] = speed
    made = await r.create(game, [bot, dict(bot)], options=options)
    return str(made["table"]["id"])


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
async def test_a_bot_move_glides_its_pieces_to_their_new_place(
    server: ServerFactory, sqlite_db: Db, chrome: Any, viewport: dict[str, int]
) -> None:
    r = await server(sqlite_db, bot_delay=0.6)
    tid = await bots_table(r, "planet", {"family": True})
    page = await watching(r, chrome, tid, viewport)
    size = "phone" if viewport is PHONE else "desktop"
    # an Alien (a stack of one player's Aliens) glides from where it was to where it went
    await until(
        page, "window.__glides.some((g) => g.key.startsWith('alien:') && g.state === 'running')"
    )
    await shot(page, f"motion-planet-{size}-mid")
    done = await until(
        page,
        "window.__glides.filter((g) => g.key.startsWith('alien:') && g.end && g.connected)",
    )
    g = done[0]
    # it was seen away from its place when the drawing came, and ends in its place
    moved = abs(g["start"][0] - g["end"][0]) + abs(g["start"][1] - g["end"][1])
    assert moved > 8, g
    assert g["inPlace"], g
    assert g["transform"] == "none", g
    assert not problems_of(page), problems_of(page)


async def test_reduced_motion_moves_nothing(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=0.4)
    tid = await bots_table(r, "planet", {"family": True})
    page = await watching(r, chrome, tid, LAPTOP, reduced_motion="reduce")
    await until(page, "window.__states.length >= 6")  # several bot moves drawn
    states = await page.evaluate("window.__states")
    assert all(s["animations"] == 0 for s in states), states
    assert await page.evaluate("window.__glides.length") == 0
    assert await page.evaluate("document.getAnimations().length") == 0
    assert not problems_of(page), problems_of(page)


RACE = {"rounds": 1, "auto_choices": True}


async def stopped(r: Running, page: Any, tid: str) -> dict[str, Any]:
    """The drawing of the last frame (the game over: every card revealed)."""
    await r.wait_for(tid, lambda t: t["status"] == "over", timeout=90)
    last: dict[str, Any] = await until(
        page, "window.__states.find((s) => s.status === 'over')", timeout=20
    )
    return last


async def test_race_reveals_card_by_card_then_the_end_screen(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, race_start_pause=2.0, race_round_pause=0.3)
    tid = await bots_table(r, "race", RACE, speed="fast")
    page = await watching(r, chrome, tid, DESKTOP)
    phone = await watching(r, chrome, tid, PHONE)
    last = await stopped(r, page, tid)
    # the frame is drawn with its reveals still to come (face-down cards, "Show all")
    assert last["revealing"] and last["hidden"] > 0, last
    assert not last["ended"], last
    await shot(page, "motion-race-desktop-reveal")
    await shot(phone, "motion-race-phone-reveal")
    # the banner tells what the board shows, not yet the result (nor "Go!")
    await expect(page.locator("#banner")).to_contain_text("revealed")
    # then one after the other, to none face-down; the end screen after the last
    await until(page, "document.getElementById('end').open", timeout=15)
    # (the recorder samples every 40 ms: wait for a sample that saw the end screen, so
    # that the last sample shows the board as it was when the end screen came)
    await until(page, "window.__samples.some((s) => s.ended)", timeout=5)
    samples = await page.evaluate("window.__samples")
    after = samples[next(i for i, s in enumerate(samples) if s["revealing"]) :]
    hidden = [s["hidden"] for s in after]
    steps = sorted(set(hidden), reverse=True)
    assert len(steps) >= 3, steps  # several distinct moments, not all at once
    assert hidden == sorted(hidden, reverse=True), hidden  # never face-down again
    assert hidden[-1] == 0
    # the game log holds the results back while the board reveals them (no spoiler)
    held = {s["logged"] for s in after if s["revealing"]}
    assert not any(s["told"] == "Game over" for s in after if s["revealing"]), "spoiled"
    assert len(held) == 1, held
    await expect(page.locator("#log li")).not_to_have_count(held.pop())
    first_end = next(i for i, s in enumerate(after) if s["ended"])
    assert not any(s["revealing"] for s in after[first_end:]), "the end screen came early"
    # the phone page shows them all at once on a key
    if await phone.evaluate("Boolean(document.getElementById('board').dataset.revealing)"):
        await phone.keyboard.press("Escape")
        assert (
            await phone.evaluate("document.querySelectorAll('#board [data-shown=\"0\"]').length")
            == 0
        )
    for p in (page, phone):
        assert not problems_of(p), problems_of(p)


async def test_race_reveals_at_once_with_reduced_motion(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, race_start_pause=2.0, race_round_pause=0.3)
    tid = await bots_table(r, "race", RACE, speed="fast")
    page = await watching(r, chrome, tid, PHONE, reduced_motion="reduce")
    last = await stopped(r, page, tid)
    assert not last["revealing"] and last["hidden"] == 0 and last["shown"] > 0, last
    await expect(page.locator("#end")).to_be_visible()
    samples = await page.evaluate("window.__samples")
    assert not any(s["revealing"] for s in samples)
    assert not problems_of(page), problems_of(page)
