"""The race on a phone (issue 38, item 2), measured in headless Chromium: while the
round runs, your top card, Under, Discard and every planet where you sit are on
screen without scrolling (2-4 players, 360x740 and 390x844); the other players'
rows fold, "+N" shows a cut row's hidden cards; at 1366x800 your stack is above
the fold. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from browsers import evaluated_on_a_page
from server_helpers import Running, ServerFactory
from test_server_browser import CHROMIUM, chrome, hold_seat, new_page, shot
from test_server_race_truth import sample_race

__all__ = ["chrome"]

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(240),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 800}


async def _seated(r: Running, page: Any, players: int) -> str:
    """A race of a person (this page) and bots, open at its table page."""
    bot = {"type": "bot", "bot": "medium", "speed": "normal"}
    made = await r.create("race", [{"type": "you"}] + [bot] * (players - 1), name="Ann")
    tid = str(made["table"]["id"])
    await hold_seat(page, r, tid, 0, made["token"], "race")
    await page.goto(f"{r.base}/t/{tid}")
    await page.wait_for_selector('#board svg [data-action="discard"]', timeout=20000)
    return tid


#: the boxes of the elements a selector matches, read in one step of the page: the
#: board is drawn anew with every frame, and boxes read one by one from outside may
#: belong to a board that is already gone
_BOXES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const b = el.getBoundingClientRect();
  return { x: b.x, y: b.y, width: b.width, height: b.height };
})"""


async def _on_screen(page: Any, selector: str, height: int) -> list[dict[str, float]]:
    """The boxes of ``selector`` (at least one), each wholly inside the viewport."""
    await page.wait_for_function(
        "(s) => document.querySelector(s) !== null", arg=selector, timeout=20000
    )
    boxes: list[dict[str, float]] = await page.evaluate(_BOXES, selector)
    assert boxes, f"nothing matches {selector}"
    for box in boxes:
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
    return boxes


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [SMALL, PHONE], ids=["360x740", "390x844"])
async def test_your_stack_and_planets_fit_a_phone_screen(
    server: ServerFactory, sqlite_db: Any, chrome: Any, players: int, size: dict[str, int]
) -> None:
    r = await server(sqlite_db, race_people_pace=True)
    page, problems = await new_page(chrome, size)
    tid = await _seated(r, page, players)
    assert await page.evaluate("window.scrollY") == 0
    height = size["height"]
    for what in ('[data-key="top:0"]', '[data-button="under"]', '[data-button="discard"]'):
        await _on_screen(page, f"#board svg {what}", height)
    mine = await _on_screen(page, "#board svg [data-planet]", height)
    seen = (await r.call("GET", f"/api/tables/{tid}/view")).json()
    assert len(mine) == len(seen["view"]["players"][0]["planets"])  # every one where Ann sits
    sheet = await page.locator("#movebar").bounding_box()  # the bottom sheet, if shown
    if sheet is not None:  # every planet keeps a tap's height (44 px) above it
        for box in mine:
            assert sheet["y"] - box["y"] >= 44, ("under the sheet", box, sheet)
    await shot(page, f"race-phone-{players}p-{size['width']}")
    assert not problems, problems


#: the boxes of your stack's top card and of the open popover, once both are drawn
_STACK_AND_POP = """() => {
  const stack = document.querySelector('#board svg [data-key="top:0"]');
  const pop = document.querySelector('.row-pop');
  if (!stack || !pop || pop.getBoundingClientRect().height === 0) return null;
  return [stack, pop].map((el) => {
    const b = el.getBoundingClientRect();
    return { y: b.y, height: b.height };
  });
}"""


async def test_rows_fold_and_plus_n_shows_the_hidden_cards(
    server: ServerFactory, sqlite_db: Any, chrome: Any
) -> None:
    r = await server(sqlite_db, race_people_pace=False)  # bots fill their rows fast
    page, problems = await new_page(chrome, PHONE)
    await _seated(r, page, 3)
    more = page.locator("#board svg [data-more]")
    await more.first.wait_for(timeout=30000)  # a bot row cut to its last card
    said = str(await more.first.get_attribute("aria-label"))
    await more.first.click()
    pop = page.locator(".row-pop")
    await pop.wait_for()
    assert await pop.locator("li").count() >= 2, said
    # (both read in one step of the page: the board is drawn anew with every frame)
    both = await page.wait_for_function(_STACK_AND_POP)
    stack, box = await both.json_value()
    assert box["y"] >= stack["y"] + stack["height"], "the popover covers the stack"
    await shot(page, "race-phone-row-pop")
    await page.locator("[data-more-close]").click()
    await pop.wait_for(state="detached")
    await page.locator('#board svg [data-fold="others"]').click()  # unfold the others' rows
    await page.locator('#board svg [data-fold="planets"]').click()  # and the other planets
    every = "document.querySelectorAll('#board svg [data-planet]').length === 9"
    await page.wait_for_function(every)  # all nine planets once the others are shown
    assert not problems, problems


async def test_the_stack_is_above_the_fold_on_a_laptop(
    server: ServerFactory, sqlite_db: Any, chrome: Any
) -> None:
    r = await server(sqlite_db, race_people_pace=True)
    page, problems = await new_page(chrome, DESK)
    tid = await _seated(r, page, 3)
    for what in ('[data-key="top:0"]', '[data-action="under"]', '[data-action="discard"]'):
        await _on_screen(page, f"#board svg {what}", DESK["height"])
    await shot(page, "race-laptop-1366")
    # a screen reader hears each planet's number with its name (two share a name)
    planets = (await r.call("GET", f"/api/tables/{tid}/view")).json()["view"]["planets"]
    heard = await page.locator("#board svg").aria_snapshot()
    for pl in planets:
        assert f"planet {pl['number']}, {pl['name']}" in heard or (
            f"planet {pl['number']} {pl['name']}: play" in heard
        ), (pl["number"], pl["name"], heard)
    assert not problems, problems


#: every target of the round on the board: the planets where you may place, Under,
#: Discard, "+N" and the buttons that fold rows
TARGETS = "#board svg .clickable[data-action], #board svg [data-fold], #board svg [data-more]"
TARGETS += ", #board svg rect[data-planet]"  # (a planet's cell: where you place a card)

#: for each target: its box, and what a finger at its centre touches (``scroll``:
#: each brought into view first, as a person scrolls to it)
_MEASURE = """([sel, scroll]) => [...document.querySelectorAll(sel)].map((el) => {
  if (el.matches('rect[data-planet]')) el = el.parentNode;  // the whole cell
  if (scroll) el.scrollIntoView({ block: 'center' });
  // (a cell's own rectangle: the cell's group reaches further where a label overflows)
  const b = (el.querySelector('rect[data-planet]') || el).getBoundingClientRect();
  const mine = (h) => h !== null
    && (h === el || el.contains(h) || h.closest('[data-more]') !== null);
  // a finger at the centre, and at the edges' middles and corners, 6 px inside
  const xs = [b.left + 6, b.left + b.width / 2, b.right - 6];
  const ys = [b.top + 6, b.top + b.height / 2, b.bottom - 6];
  const missed = [];
  for (const x of xs) for (const y of ys) {
    const hit = document.elementFromPoint(x, y);
    const what = hit ? `${hit.tagName}#${hit.id}.${hit.getAttribute('class') || ''}` : null;
    if (!mine(hit)) missed.push([Math.round(x), Math.round(y), what]);
  }
  const name = el.getAttribute('aria-label') || el.dataset.fold || el.dataset.more;
  return { name: name || el.querySelector('[data-planet]')?.dataset.planet,
           w: b.width, h: b.height, y: b.top, bottom: b.bottom,
           inside: b.top >= 0 && b.bottom <= innerHeight, hit: missed.length === 0, missed };
})"""

#: what the round is played with: within reach without scrolling
ROUND = '#board svg .clickable[data-action^="place "], #board svg .clickable[data-action="under"], '
ROUND += '#board svg .clickable[data-action="discard"]'


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_every_target_is_a_finger_wide_and_nothing_covers_it(
    server: ServerFactory, sqlite_db: Any, chrome: Any, players: int
) -> None:
    r = await server(sqlite_db, race_people_pace=True)
    page, problems = await new_page(chrome, SMALL)
    await _seated(r, page, players)
    await page.locator('#board svg .clickable[data-action="under"]').first.wait_for()
    await shot(page, f"race-phone-targets-{players}p-360")
    for t in await page.evaluate(_MEASURE, [ROUND, False]):  # (planets: where Ann sits)
        assert t["inside"] and t["hit"], f"not within reach without scrolling: {t}"
    targets = await page.evaluate(_MEASURE, [TARGETS, True])
    assert len(targets) >= 5, targets
    for t in targets:
        assert t["w"] >= 44 and t["h"] >= 44, ("smaller than a finger", t)
        assert t["hit"], f"covered: {t}"
    assert not problems, problems


#: the boxes of every "+N" and of every text and card of the phone board
MORE = (Path(__file__).parent / "js" / "race_more.js").read_text()
SHORT = {"width": 360, "height": 640}  # (a short screen: your rows show fewer cards)


def _apart(a: dict[str, float], b: dict[str, float], gap: float = 1.0) -> bool:
    """Whether two boxes are ``gap`` px apart or more (they neither touch nor overlap)."""
    return (
        a["right"] + gap <= b["left"]
        or b["right"] + gap <= a["left"]
        or a["bottom"] + gap <= b["top"]
        or b["bottom"] + gap <= a["top"]
    )


@pytest.mark.parametrize("size", [PHONE, SHORT], ids=["390x844", "360x640"])
async def test_plus_n_touches_no_label_and_no_card(
    server: ServerFactory, sqlite_db: Any, chrome: Any, size: dict[str, int]
) -> None:
    """Over sampled states (2-4 players, every phase; the others' rows folded and
    shown), no "+N" touches or overlaps a row's label, a planet's facts or result,
    or a card: the drawn boxes on the rendered page are compared."""
    r = await server(sqlite_db)
    states = sample_race(60, seed=23 if size is PHONE else 24)
    seen = await evaluated_on_a_page(
        chrome, r.base + "/", MORE, {"states": states}, viewport=size, reduced_motion="reduce"
    )
    mores = sum(len(s["more"]) for s in seen)
    assert mores >= 40, mores  # (not vacuous: many rows were cut)
    wrong = [
        (k, m["said"], n["s"], m, n)
        for k, s in enumerate(seen)
        for m in s["more"]
        for n in s["near"]
        if not _apart(m, n)
    ]
    assert not wrong, f"{len(wrong)} overlaps, e.g. {wrong[:3]}"
