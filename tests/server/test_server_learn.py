"""Learning the game where it is played: rules found by words and the rules
summary over the API, and in headless Chromium the card texts (hover, tap,
focus), the Rules box and the summary panel, at 1366x800 and 390x844.
Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_browser import CHROMIUM, chrome, hold_seat, shot

import liftoff
from liftoff import speech

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]
needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"
)


# -- the API ---------------------------------------------------------------------------
@pytest.mark.rules("PL-MOON-3", "PL-END-2")
async def test_rules_by_words_over_the_api(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db)
    game = liftoff.games.get("planet")
    res = await r.call("GET", "/api/games/planet/rules?q=moon")
    assert res.status_code == 200
    hits = res.json()
    assert hits == [{"id": i, "text": t} for i, t in speech.of(game).find_rules("moon", 10)]
    assert len(hits) == 10 and all(h["id"].startswith("PL-MOON") for h in hits[:2])
    # more words narrow it; limit bounds it; an exact id comes first
    both = (await r.call("GET", "/api/games/planet/rules?q=moon+phase&limit=3")).json()
    assert len(both) == 3
    assert all("moon" in h["text"].lower() or "MOON" in h["id"] for h in both)
    exact = (await r.call("GET", "/api/games/planet/rules?q=pl-end-2")).json()
    assert exact[0] == {"id": "PL-END-2", "text": game.rule_text("PL-END-2")}
    race = (await r.call("GET", "/api/games/race/rules?q=solar%20module")).json()
    assert race and all(h["id"].startswith("RC-") for h in race)
    nothing = (await r.call("GET", "/api/games/planet/rules?q=zebra")).json()
    assert nothing == []


async def test_bad_rules_searches_are_refused_with_a_message(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    for query, words in (
        ("", "type a word"),
        ("?q=%20%20", "type a word"),
        ("?q=" + "moon " * 30, "at most 100 characters"),
    ):
        res = await r.call("GET", f"/api/games/planet/rules{query}")
        assert res.status_code == 422, res.text
        assert res.json()["error"] == "bad-query" and words in res.json()["message"]
    res = await r.call("GET", "/api/games/planet/rules?q=moon&limit=0")
    assert res.status_code == 422 and "limit" in res.json()["message"]
    res = await r.call("GET", "/api/games/chess/rules?q=moon")
    assert res.status_code == 404 and res.json()["error"] == "no-game"


async def test_rules_summary_with_the_options_in_force(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    res = await r.call("GET", "/api/games/planet/summary?family=true&days=6")
    assert res.status_code == 200
    body = res.json()
    game = liftoff.games.get("planet")
    assert body["text"] == speech.of(game).rules_summary({"family": "true", "days": "6"})
    text = body["text"]
    for heading in ("## The goal", "## How a turn goes", "## The options at this table"):
        assert heading in text
    chosen = text.split("## The options at this table")[1].split("## Options left")[0]
    assert "On: Family Fun" in chosen and "Explicit days before the explosion" in chosen
    assert "Cutthroat" not in chosen
    plain = (await r.call("GET", "/api/games/race/summary")).json()["text"]
    assert "Every option is at its usual setting" in plain and "calls Stop" in plain
    agency = (await r.call("GET", "/api/games/agency/summary")).json()["text"]
    assert "## How a round goes" in agency
    for query, words in (("?family=maybe", "family"), ("?wings=2", "unknown option")):
        res = await r.call("GET", f"/api/games/planet/summary{query}")
        assert res.status_code == 422 and words in res.json()["message"], res.text


# -- the browser ------------------------------------------------------------------------
async def seated_page(
    r: Running,
    browser_: Any,
    game: str,
    options: dict[str, Any],
    viewport: dict[str, int],
    bot: dict[str, Any] | None = None,
) -> tuple[Any, list[str], str]:
    """A table with this browser in seat 0 and a bot (random by default) in seat 1:
    the page, its problems, the table id."""
    bot = bot or {"type": "bot", "bot": "random"}
    made = await r.create(game, [{"type": "you"}, bot], options=options)
    tid = made["table"]["id"]
    touch = viewport["width"] < 500
    ctx = await browser_.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = await ctx.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    await hold_seat(page, r, tid, 0, made["token"], game)
    await page.goto(f"{r.base}/t/{tid}")
    await page.wait_for_selector("#board [data-learn]")
    return page, problems, tid


def as_shown(text: str) -> str:
    """A glossary text as the popover shows it: the name on a line of its own."""
    name, _, rest = text.partition(": ")
    return f"{name}\n{rest}"


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
async def test_planet_card_texts_rules_box_and_summary(
    server: ServerFactory, sqlite_db: Db, chrome: Any, viewport: dict[str, int]
) -> None:
    # the bot plays first, and not before the test is done (a move would draw the board
    # again under the focused piece): the pieces are not picks, so a tap shows texts
    r = await server(sqlite_db, bot_delay=120.0)
    where = "phone" if viewport is PHONE else "desktop"
    options = {"family": True, "first_player": 1}
    page, problems, _ = await seated_page(r, chrome, "planet", options, viewport)
    words = speech.of(liftoff.games.get("planet")).glossary()
    pop = page.locator("#learn-pop")
    card = page.locator("#board .pcard[data-learn]").first
    code = await card.get_attribute("data-learn")
    lp = page.locator("#board svg g.clickable[data-learn]").first
    lp_id = await lp.get_attribute("data-learn")
    assert code in words and lp_id in words
    if where == "desktop":
        # hover: a card, then a Lift Off Point on the ring; moving away closes it
        await card.hover()
        await expect(pop).to_be_visible()
        await expect(pop).to_have_text(as_shown(words[str(code)]))
        await shot(page, f"learn-planet-card-{where}")
        await lp.hover()
        await expect(pop).to_have_text(as_shown(words[str(lp_id)]))
        await page.mouse.move(2, 2)
        await expect(pop).to_be_hidden()
    else:
        # tap: the text stays until a tap elsewhere
        await card.tap()
        await expect(pop).to_be_visible()
        await expect(pop).to_have_text(as_shown(words[str(code)]))
        box = await pop.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        await shot(page, f"learn-planet-card-{where}")
        await page.locator("#banner").tap()
        await expect(pop).to_be_hidden()
        # a tap on the text closes it and reaches nothing under it
        before = await page.locator("#status").inner_text()
        await card.tap()
        await expect(pop).to_be_visible()
        await pop.tap()
        await expect(pop).to_be_hidden()
        assert await page.locator("#status").inner_text() == before
    # keyboard: focus shows the text, Esc closes it
    await page.locator("#board .lp-button[data-learn]").first.focus()
    await expect(pop).to_be_visible()
    await page.keyboard.press("Escape")
    await expect(pop).to_be_hidden()
    # the Rules box: words list the rules with their texts; an exact id shows that rule
    await page.fill("#rule-id", "moon")  # typing is enough on a desktop; a phone taps Find
    if where == "phone":
        await page.locator("#rule-lookup button").tap()
    hits = page.locator("#rule-text .rule-hits li")
    await expect(hits.first).to_contain_text("PL-MOON")
    for text in await hits.all_inner_texts():
        assert "moon" in text.lower(), text
    await page.locator("#rules-panel").scroll_into_view_if_needed()
    await shot(page, f"learn-planet-rules-{where}")
    await page.fill("#rule-id", "PL-END-2")
    await page.press("#rule-id", "Enter")
    await expect(page.locator("#rule-text .rule").first).to_have_text("PL-END-2")
    await page.fill("#rule-id", "zebra")
    await page.press("#rule-id", "Enter")
    await expect(page.locator("#rule-text")).to_contain_text("No rule matches")
    # the rules summary, one click from the table, with this table's options
    await page.click("#summary-button")
    dialog = page.locator("#summary")
    await expect(dialog).to_be_visible()
    await expect(dialog.locator("h3").first).to_have_text("The goal")
    await expect(dialog).to_contain_text("How a turn goes")
    chosen = dialog.locator("h3:text('The options at this table') + ul")
    await expect(chosen).to_contain_text(re.compile(r"On: Family Fun"))
    await shot(page, f"learn-planet-summary-{where}")
    await chosen.scroll_into_view_if_needed()
    await shot(page, f"learn-planet-summary-options-{where}")
    await page.keyboard.press("Escape")
    await expect(dialog).to_be_hidden()
    assert not problems, problems


@pytest.mark.browser
@needs_chromium
async def test_race_and_agency_cards_show_their_texts(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=5.0, race_start_pause=0.5)
    race_words = speech.of(liftoff.games.get("race")).glossary()
    page, problems, _ = await seated_page(r, chrome, "race", {}, DESKTOP)
    await expect(page.locator("#banner")).to_contain_text("Go!", timeout=10000)
    pop = page.locator("#learn-pop")
    top = page.locator("#board svg g[data-learn][aria-label^='your top card']")
    code = str(await top.get_attribute("data-learn"))
    await top.hover()
    await expect(pop).to_have_text(as_shown(race_words[code]))
    planet = page.locator("#board svg g[data-learn-text]").first
    name = str(await planet.get_attribute("data-learn"))
    await planet.hover()
    await expect(pop).to_have_text(as_shown(race_words[name]))
    # the board is drawn again as the bot plays: the text stays with the mouse
    version = str(await page.locator("#table").get_attribute("data-version"))
    await expect(page.locator("#table")).not_to_have_attribute(
        "data-version", version, timeout=20000
    )
    await expect(pop).to_have_text(as_shown(race_words[name]))
    await shot(page, "learn-race-planet-desktop")
    assert not problems, problems
    await page.context.close()
    # agency, on a phone: tap a card, then a technology colour
    agency_words = speech.of(liftoff.games.get("agency")).glossary()
    page, problems, _ = await seated_page(r, chrome, "agency", {}, PHONE)
    pop = page.locator("#learn-pop")
    card = page.locator("#board .chip[data-learn]").first
    await card.tap()
    await expect(pop).to_have_text(
        as_shown(agency_words[str(await card.get_attribute("data-learn"))])
    )
    await shot(page, "learn-agency-card-phone")
    await page.locator("#board .track [data-learn='green']").first.tap()
    await expect(pop).to_contain_text("Food (green technology)")
    assert not problems, problems
