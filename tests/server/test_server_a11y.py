"""Accessibility of the browser pages, in headless Chromium against a real server
on loopback. axe-core (vendored at its current npm version in ``a11y/axe/`` with its
licence, run from its file with the page's Content-Security-Policy in force, never
fetched) finds no serious or critical violation on the lobby, a table of each game while a
person plays against a bot, and a finished game's replay, at 1366x800 and 390x844.

axe-core does not judge text drawn in SVG, so the boards' texts are checked too:
each text's colour against the paint under its middle (the SVG shapes there,
composited with their opacity over the page) is at least 4.5:1, or 3:1 for large
text (WCAG 1.4.3). The game log appends new lines and reads out only those (a race
against a slow bot, whose moves come in while the page is watched).

On the table pages, at 390 and 360 wide, three phone checks hold as well:

- no sideways scrolling: the page is no wider than the screen;
- text at least 12 px: the computed font size of HTML text, and for SVG text its
  font size times the SVG's scale on screen;
- touch targets (buttons, links, inputs, selects, summaries, ``[role=button]``,
  ``[data-tokens]``, ``[data-action]``) at least 44x44 CSS px (WCAG 2.5.5), so
  no spacing exception is needed.

Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Db, Running, ServerFactory
from test_server_browser import CHROMIUM, chrome, hold_seat, shot

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

CHECKS = Path(__file__).parent / "a11y"  # the checks run in the page (JavaScript)
AXE = CHECKS / "axe"  # axe-core as npm publishes it (`npm pack axe-core`), with its licence
AXE_SOURCE = (AXE / "axe.min.js").read_text("utf-8")
#: the axe-core release vendored (to update: ``npm view axe-core version``, ``npm pack axe-core``)
AXE_VERSION = "4.14.1"
PHONE_CHECKS = (CHECKS / "phone_checks.js").read_text("utf-8")  # too small, tight or wide
SVG_CONTRAST = (CHECKS / "svg_contrast.js").read_text("utf-8")  # board texts on their paint
WATCH_LOG = (CHECKS / "watch_log.js").read_text("utf-8")  # lines added, removed, read out
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
MIN_TEXT_PX = 12.0
MIN_TARGET_PX = 44.0

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(180),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

# the opponent: a bot that waits (turn games) or plays slowly (race), so the page is still
OPPONENT = {"type": "bot", "bot": "random", "speed": "slow"}


async def svg_contrast_problems(page: Any) -> list[str]:
    """The boards' SVG texts whose contrast is below WCAG AA, one line each (judged
    at rest: once the pieces that glide or fade in have arrived)."""
    await page.wait_for_function("() => document.getAnimations().length === 0", timeout=5000)
    found = await page.evaluate(SVG_CONTRAST)
    assert found["checked"] > 0  # there is a board with texts to judge
    return [f"svg text contrast {x}" for x in found["bad"]]


async def log_problems(page: Any) -> list[str]:
    """Watch the log until the bot's next moves: new lines are appended to the list
    (none rewritten) and read out once, exactly those."""
    await page.wait_for_selector("#log li", timeout=20000)  # the history, drawn on load
    await page.evaluate(WATCH_LOG)
    await page.wait_for_function("() => window.liftoffLogSeen.added.length >= 2", timeout=20000)
    seen = await page.evaluate("window.liftoffLogSeen")
    out: list[str] = []
    if seen["removed"]:
        out.append(f"the log list was rewritten: {seen['removed']} lines removed")
    if " ".join(seen["news"]) != " ".join(seen["added"]):
        out.append(f"read out {seen['news']} for the new lines {seen['added']}")
    return out


async def axe_problems(page: Any) -> tuple[list[str], dict[str, int]]:
    """The serious and critical axe-core violations on the page (one line each), and
    the count of nodes per rule id (every impact), for the record."""
    if not await page.evaluate("typeof axe !== 'undefined'"):
        # the page's Content-Security-Policy forbids inline scripts (and so
        # add_script_tag); the script runs as the test's own code, with the policy on
        await page.evaluate(AXE_SOURCE)
    result = await page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    problems: list[str] = []
    counts: dict[str, int] = {}
    for v in result["violations"]:
        counts[f"{v['id']} ({v['impact']})"] = len(v["nodes"])
        if v["impact"] not in ("serious", "critical"):
            continue
        for node in v["nodes"]:
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            problems.append(f"{v['id']} [{v['impact']}] {node['target']}: {summary[:300]}")
    return problems, counts


async def phone_problems(page: Any) -> list[str]:
    """What fails the phone checks (see the module docstring), one line each."""
    limits = {"text": MIN_TEXT_PX, "target": MIN_TARGET_PX}
    found = await page.evaluate(PHONE_CHECKS, limits)
    out: list[str] = []
    if found["scrollWidth"] > found["innerWidth"]:
        out.append(f"scrolls sideways: {found['scrollWidth']} px wide in {found['innerWidth']}")
    out += [f"text under {MIN_TEXT_PX:g} px, {x}" for x in found["small"]]
    out += [f"target under {MIN_TARGET_PX:g} px, {x}" for x in found["tight"]]
    return out


async def open_page(browser: Any, viewport: dict[str, int]) -> tuple[Any, list[str]]:
    """A page in a fresh context (a touch phone when narrow) and the errors it logs."""
    touch = viewport["width"] < 500
    ctx = await browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = await ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page, errors


async def seat_browser(page: Any, r: Running, tid: str, token: str, game: str) -> None:
    """Give the page's browser the seat token of seat 0, as the lobby does."""
    await hold_seat(page, r, tid, 0, token, game)


async def table_ready(page: Any, game: str) -> None:
    """Wait until the board is drawn with something for the person to do."""
    await page.wait_for_selector("#board svg")
    if game == "race":
        await page.wait_for_selector("#board svg [data-action]", timeout=20000)
    else:
        await page.wait_for_selector("#actions button[data-act]", timeout=20000)
    await page.wait_for_timeout(300)


async def test_axe_is_the_vendored_current_release() -> None:
    """The vendored axe-core is the release named here (4.14 or later), with its licence."""
    banner = re.match(r"/\*! axe v(\d+)\.(\d+)\.(\d+)", AXE_SOURCE)
    assert banner, AXE_SOURCE[:80]
    assert ".".join(banner.groups()) == AXE_VERSION
    assert tuple(map(int, banner.groups()))[:2] >= (4, 14)
    assert "Mozilla Public License" in (AXE / "LICENSE").read_text("utf-8")


async def test_the_page_runs_the_vendored_axe(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    page, errors = await open_page(chrome, DESKTOP)
    await page.goto(r.base + "/")
    await axe_problems(page)
    assert await page.evaluate("axe.version") == AXE_VERSION
    assert not errors, errors
    await page.context.close()


def report(where: str, counts: dict[str, int]) -> None:
    print(f"axe {where}: {json.dumps(counts, sort_keys=True)}")


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
async def test_table_page_passes_axe_and_the_phone_checks(
    server: ServerFactory, sqlite_db: Db, chrome: Any, game: str
) -> None:
    r = await server(sqlite_db, bot_delay=30.0, race_start_pause=0.2, race_round_pause=0.2)
    made = await r.create(game, [{"type": "you"}, OPPONENT])
    tid, token = made["table"]["id"], made["token"]
    failures: list[str] = []
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE), ("small", SMALL_PHONE)):
        page, errors = await open_page(chrome, viewport)
        await seat_browser(page, r, tid, token, game)
        await page.goto(f"{r.base}/t/{tid}")
        await table_ready(page, game)
        await shot(page, f"a11y-{game}-table-{name}")
        if name != "small":
            found, counts = await axe_problems(page)
            report(f"{game} table {name}", counts)
            failures += [f"{name} axe: {x}" for x in found]
            failures += [f"{name}: {x}" for x in await svg_contrast_problems(page)]
        if name != "desktop":
            failures += [f"{name}: {x}" for x in await phone_problems(page)]
        if game == "race" and name == "desktop":  # the slow bot's moves come in while we look
            failures += [f"log: {x}" for x in await log_problems(page)]
        failures += [f"{name}: {x}" for x in errors]
        await page.context.close()
    assert not failures, "\n".join(failures)


async def test_lobby_and_replay_pass_axe(server: ServerFactory, sqlite_db: Db, chrome: Any) -> None:
    r = await server(sqlite_db)
    # a finished game: random bots at a table made over the API play it out at once
    made = await r.create(
        "planet", [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    )
    tid = made["table"]["id"]
    await r.wait_for(tid, lambda t: t["status"] == "over", timeout=60)
    failures: list[str] = []
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page, errors = await open_page(chrome, viewport)
        await page.goto(r.base + "/")
        await page.wait_for_selector("#game option", state="attached")
        await page.wait_for_selector(f"[data-join='{tid}'], #over li")
        found, counts = await axe_problems(page)
        report(f"lobby {name}", counts)
        failures += [f"lobby {name}: {x}" for x in found]
        await shot(page, f"a11y-lobby-{name}")
        await page.goto(f"{r.base}/t/{tid}/replay")
        await page.wait_for_selector("#replay-actions li")
        await page.keyboard.press("ArrowRight")
        await page.wait_for_selector("#replay-actions [aria-current]")
        found, counts = await axe_problems(page)
        report(f"replay {name}", counts)
        failures += [f"replay {name}: {x}" for x in found]
        failures += [f"replay {name}: {x}" for x in await svg_contrast_problems(page)]
        failures += [f"{name}: {x}" for x in errors]
        await shot(page, f"a11y-replay-{name}")
        await page.context.close()
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
async def test_replay_and_first_game_of_each_game_pass_axe(
    server: ServerFactory, sqlite_db: Db, chrome: Any, game: str
) -> None:
    """The replay of a finished game and the interactive first game (the table page
    with its coach) of every game, at desktop and phone size."""
    r = await server(sqlite_db, race_start_pause=0.2, race_round_pause=0.2)
    bot = {"type": "bot", "bot": "random", "speed": "fast"}
    options = {"rounds": 1} if game == "race" else {"days": 3} if game == "planet" else {}
    made = await r.create(game, [bot, bot], options=options)
    done = made["table"]["id"]
    first = (await r.call("POST", f"/api/tutorials/{game}", {"name": "Ann"})).json()
    await r.wait_for(done, lambda t: t["status"] == "over", timeout=120)
    failures: list[str] = []
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page, errors = await open_page(chrome, viewport)
        await page.goto(f"{r.base}/t/{done}/replay")
        await page.wait_for_selector("#replay-actions li")
        await page.keyboard.press("End")
        found, _ = await axe_problems(page)
        failures += [f"replay {name}: {x}" for x in found]
        if name == "phone":
            failures += [f"replay {name}: {x}" for x in await phone_problems(page)]
        await seat_browser(page, r, first["table"], first["token"], game)
        await page.goto(f"{r.base}/t/{first['table']}")
        await page.wait_for_selector("#coach, .coach", timeout=20000)
        await table_ready(page, game)
        await shot(page, f"a11y-{game}-first-game-{name}")
        found, _ = await axe_problems(page)
        failures += [f"first game {name}: {x}" for x in found]
        if name == "phone":
            failures += [f"first game {name}: {x}" for x in await phone_problems(page)]
        failures += [f"{name}: {x}" for x in errors]
        await page.context.close()
    assert not failures, "\n".join(failures)
