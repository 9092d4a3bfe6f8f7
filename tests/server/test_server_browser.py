"""The browser front end in headless Chromium (Playwright), against a real
server on loopback. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from browsers import CHROMIUM, LAUNCH_ARGS, chrome
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory

import liftoff
from liftoff import speech

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

__all__ = ["CHROMIUM", "LAUNCH_ARGS", "chrome"]  # the other browser tests take them from here

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(180),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]


async def new_page(browser: Any, viewport: dict[str, int] = LAPTOP) -> tuple[Any, list[str]]:
    ctx = await browser.new_context(viewport=viewport)
    page = await ctx.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on(
        "console",
        lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None,
    )
    # nothing may be fetched from anywhere but the server itself (no CDN)
    page.on(
        "request",
        lambda req: (
            None
            if req.url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:"))
            else problems.append(f"off-site request: {req.url}")
        ),
    )
    return page, problems


async def hold_seat(page: Any, r: Running, tid: str, seat: int, token: str, game: str) -> None:
    """Give the page's browser a seat of table ``tid``, as the lobby does when a seat
    is taken (its token in this origin's ``localStorage``)."""
    await page.goto(r.base + "/")
    held = {tid: {"seat": seat, "token": token, "game": game, "at": 1}}
    await page.evaluate(f"localStorage.setItem('liftoff.seats', {json.dumps(json.dumps(held))})")


async def shot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    await page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 5000
    return path


async def create_in_lobby(page: Any, r: Running, game: str, seats: list[str]) -> str:
    """Fill the lobby form (seat kinds: you | open | bot:NAME) and create; the table id."""
    await page.goto(r.base + "/")
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", game)
    await page.select_option("#players", str(len(seats)))
    await page.fill("#name", "Ann")
    selects = page.locator("#seats .kind")
    for i, kind in enumerate(seats):
        await selects.nth(i).select_option(kind)
    speeds = page.locator("#seats .speed:visible")  # bot seats only
    for i in range(await speeds.count()):
        await speeds.nth(i).select_option("fast")
    await page.click("#create-button")
    await page.wait_for_url("**/t/*")
    return str(page.url.rsplit("/", 1)[-1])


async def typed_actions(page: Any) -> list[str]:
    """The typed texts of the listed actions (people read their words)."""
    found = await page.locator("#actions button[data-act]").evaluate_all(
        "els => els.map((e) => e.dataset.act)"
    )
    return [str(x) for x in found]


async def version_of(r: Running, table: str) -> int:
    data = (await r.call("GET", f"/api/tables/{table}")).json()
    return int(data["version"])


async def test_planet_against_bots_by_clicking(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=0.05)
    page, problems = await new_page(chrome)
    tid = await create_in_lobby(page, r, "planet", ["you", "bot:random", "bot:random"])
    await page.wait_for_selector("#board svg")
    await page.wait_for_selector("#actions button[data-act]")
    await shot(page, "planet-start-laptop")
    played = 0
    # 1) board clicks: the Core filters the list to actions involving it, then an
    #    Exit: the one matching action is made (or the list narrows to the matches)
    before = await version_of(r, tid)
    await page.locator('#board [data-tokens="core"]').click()
    listed = await typed_actions(page)
    assert listed and all("core" in t for t in listed), listed
    exit_ = page.locator(",".join(f'#board [data-tokens="S{k}"].legal' for k in (0, 2, 4, 6))).first
    await exit_.click()
    if await version_of(r, tid) == before:
        listed = await typed_actions(page)
        assert listed and all("core" in t for t in listed), listed
        await page.locator("#actions button[data-act]").first.click()
    await expect(page.locator("#table")).not_to_have_attribute(
        "data-version", str(before), timeout=10000
    )
    played += 1
    # 2) the action list, by mouse and by keyboard
    for k in range(4):
        await page.wait_for_selector("#actions button[data-act]", timeout=20000)
        v = await version_of(r, tid)
        first = await page.locator("#actions button[data-act]").first.get_attribute("data-act")
        if k % 2:
            await page.keyboard.press("1")
        else:
            await page.locator("#actions button[data-act]").first.click()
        if first == "end":  # ending the turn while other moves remain asks first
            sure = page.locator("#movebar [data-sure]")
            await expect(sure).to_be_visible()
            assert await version_of(r, tid) == v  # nothing sent yet
            await sure.click()
        await expect(page.locator("#table")).not_to_have_attribute(
            "data-version", str(v), timeout=20000
        )
        played += 1
    assert await version_of(r, tid) >= played
    log = await page.locator("#log li").count()
    assert log >= played
    # a refused action (sent with this browser's seat token) shows its rule and text
    storage = await page.context.storage_state()
    entries = {e["name"]: e["value"] for o in storage["origins"] for e in o["localStorage"]}
    token = json.loads(entries["liftoff.seats"])[tid]["token"]
    res = await r.act(tid, token, "move core S1", 0)
    assert res.status_code in (409, 422)
    await expect(page.locator("#refusal .refusal")).to_contain_text(res.json()["words"][:30])
    rule = res.json().get("rule") or ""
    if rule and not rule.startswith("API-"):
        await expect(page.locator("#refusal .rule")).to_have_text(rule)
    # the rules panel shows a rule's text
    await page.fill("#rule-id", "PL-END-2")
    await page.click("#rule-lookup button")
    await page.wait_for_selector("#rule-text .rule")
    assert "PL-END-2" in await page.locator("#rule-text").inner_text()
    await shot(page, "planet-play-laptop")
    await page.set_viewport_size(PHONE)
    await page.wait_for_timeout(300)
    await shot(page, "planet-play-phone")
    assert not problems, problems


async def test_race_two_people_in_two_browsers(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, race_start_pause=0.5, race_round_pause=0.5)
    ann, p1 = await new_page(chrome)
    bo, p2 = await new_page(chrome, PHONE)
    tid = await create_in_lobby(ann, r, "race", ["you", "open"])
    await ann.wait_for_selector("#seat-actions")
    await bo.goto(f"{r.base}/t/{tid}")
    await bo.click('#seat-actions button[data-seat="1"]')
    await ann.wait_for_selector("#board svg [data-action]", timeout=15000)
    await bo.wait_for_selector("#board svg [data-action]", timeout=15000)
    assert await ann.locator("#players li").count() == 2
    await shot(ann, "race-loading-laptop")
    await shot(bo, "race-loading-phone")
    # once the round opens, both click planets on their boards at once
    await expect(ann.locator("#banner")).to_contain_text("Go!", timeout=10000)
    table = r.manager.tables[tid]
    for _ in range(40):
        for page in (ann, bo):
            target = page.locator("#board svg [data-action]")
            if await target.count():
                await target.first.click()
        await ann.wait_for_timeout(100)
        if {e.player for e in table.log} == {0, 1} and table.state.version >= 4:
            break
    players = {e.player for e in table.log}
    assert players == {0, 1}, (table.log, [s.refusal for s in table.seats])
    assert table.state.version >= 4
    # each browser shows the other's cards on the shared planets (live updates)
    final = table.state.version
    await expect(ann.locator("#table")).to_have_attribute("data-version", str(final))
    await expect(bo.locator("#table")).to_have_attribute("data-version", str(final))
    await shot(ann, "race-after-laptop")
    assert not p1 and not p2, p1 + p2


async def test_agency_turn(server: ServerFactory, sqlite_db: Db, chrome: Any) -> None:
    r = await server(sqlite_db, bot_delay=0.05)
    page, problems = await new_page(chrome)
    tid = await create_in_lobby(page, r, "agency", ["you", "bot:random"])
    await page.wait_for_selector("#actions button[data-act]", timeout=20000)
    await shot(page, "agency-start-laptop")
    # cards show their names, and their effects on hover (the game's glossary)
    named = page.locator("#board .chip[data-learn] .card-name")
    assert await named.count() > 0
    first = page.locator("#board .chip[data-learn]:has(.card-name)").first
    card = str(await first.get_attribute("data-learn"))
    words = speech.of(liftoff.games.get("agency")).glossary()
    await first.hover()
    name, _, effects = words[card].partition(": ")
    # its id only there, for those who want it: the board says its name
    await expect(page.locator("#learn-pop")).to_have_text(f"{name}\n{effects} Card id: {card}")
    assert card not in (await first.inner_text())
    # a full turn: our decisions until the bot is to act or the step changes
    start = await version_of(r, tid)
    for _ in range(3):
        chips = page.locator("#board button.chip[data-tokens].legal, #board [data-action].legal")
        v = await version_of(r, tid)
        if await chips.count():  # a piece, then (when several moves match) the move bar
            await chips.first.click()
            await page.wait_for_timeout(100)
            if await version_of(r, tid) == v:
                await page.locator("#movebar [data-act]").first.click()
        else:
            await page.locator("#movebar [data-act]").first.click()
        sure = page.locator("#movebar [data-sure]")
        if await version_of(r, tid) == v and await sure.count():
            await sure.click()
        await expect(page.locator("#table")).not_to_have_attribute(
            "data-version", str(v), timeout=20000
        )
        await page.wait_for_selector("#actions button[data-act]", timeout=20000)
    table = r.manager.tables[tid]
    mine = [e for e in table.log if e.player == 0]
    assert len(mine) >= 3 and table.state.version > start
    assert any(e.player == 1 for e in table.log)  # the bot took its turns
    await shot(page, "agency-turn-laptop")
    await page.set_viewport_size(PHONE)
    await shot(page, "agency-turn-phone")
    assert not problems, problems


async def test_end_screen_and_replay_viewer(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    made = await r.create(
        "planet", [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    )
    tid = made["table"]["id"]
    over = await r.wait_for(tid, lambda t: t["status"] == "over", timeout=60)
    page, problems = await new_page(chrome)
    await page.goto(f"{r.base}/t/{tid}")
    await page.wait_for_selector("#end[open]")
    body = await page.locator("#end-body").inner_text()
    assert "win" in body and str(int(over["outcome"]["scores"][0])) in body
    await shot(page, "planet-end-laptop")
    await page.click("#replay-link")
    await page.wait_for_url("**/replay")
    await page.wait_for_selector("#board svg")
    label = page.locator("#step-label")
    assert (await label.inner_text()).startswith("after 0 of")
    await page.keyboard.press("ArrowRight")
    await page.keyboard.press("ArrowRight")
    await expect(label).to_have_text(re.compile(r"^after 2 of"))
    await page.select_option("#seat", "1")
    await page.wait_for_selector(".hand")
    # the replay's board tells what its cards and Lift Off Points do, as the table does
    piece = page.locator("#board [data-learn]").first
    await piece.hover()
    await expect(page.locator("#learn-pop")).to_be_visible()
    assert (await page.locator("#learn-pop").inner_text()).strip()
    await shot(page, "planet-replay-laptop")
    assert not problems, problems


async def test_lobby_lists_tables_and_works_on_a_phone(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    page, problems = await new_page(chrome, PHONE)
    await page.goto(r.base + "/")
    await page.wait_for_selector(f"[data-join='{made['table']['id']}']")
    await shot(page, "lobby-phone")
    await page.click(f"[data-join='{made['table']['id']}']")
    await page.wait_for_url("**/t/*")
    await page.wait_for_selector("#actions-panel:not([hidden])")
    table = (await r.call("GET", f"/api/tables/{made['table']['id']}")).json()
    assert table["status"] == "playing" and table["seats"][1]["kind"] == "human"
    assert not problems, problems


async def test_api_docs_page_renders_the_spec(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    page, problems = await new_page(chrome)
    await page.goto(r.base + "/docs")
    await expect(page.locator("#ops")).to_contain_text("POST /api/tables/{table_id}/actions")
    await expect(page.locator("#ops")).to_contain_text("version")
    await shot(page, "api-docs-laptop")
    assert not problems, problems


# -- the pages speak to people --------------------------------------------------------
WIDE = {"width": 1366, "height": 800}
SEAT_ID = re.compile(r"\bp[0-7]\b")
BOTS: dict[str, list[dict[str, Any]]] = {
    "planet": [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}],
    "agency": [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}],
    "race": [
        {"type": "bot", "bot": "random", "speed": "instant"},
        {"type": "bot", "bot": "random", "speed": "instant"},
    ],
}


async def no_seat_ids(page: Any, where: str) -> str:
    text = str(await page.evaluate("document.body.innerText"))
    found = [text[max(0, m.start() - 60) : m.end() + 20] for m in SEAT_ID.finditer(text)]
    assert not found, (where, found)
    return text


@pytest.mark.parametrize("size", ["wide", "phone"])
async def test_every_page_names_people_never_seat_ids(
    server: ServerFactory, sqlite_db: Db, chrome: Any, size: str
) -> None:
    viewport = WIDE if size == "wide" else PHONE
    r = await server(sqlite_db, bot_delay=0.02, race_start_pause=0.2, race_round_pause=0.2)
    finished = {g: (await r.create(g, seats))["table"]["id"] for g, seats in BOTS.items()}
    page, problems = await new_page(chrome, viewport)
    for game in ("planet", "race", "agency"):
        # a game in play, seated through the lobby against a medium bot
        await create_in_lobby(page, r, game, ["you", "bot:medium"])
        await page.wait_for_selector("#players li")
        await expect(page.locator("#players")).to_contain_text("Ann")
        await expect(page.locator("#players")).to_contain_text("Medium bot")
        header = await page.locator("header").inner_text()
        assert "API" not in header and "move" not in header, header
        await page.wait_for_timeout(500)
        await no_seat_ids(page, f"{game} table")
        await shot(page, f"people-{game}-table-{size}")
        # the finished game: the end panel by source, then its replay
        over = await r.wait_for(finished[game], lambda t: t["status"] == "over", timeout=120)
        await page.goto(f"{r.base}/t/{finished[game]}")
        await page.wait_for_selector("#end[open]")
        body = await page.locator("#end-body").inner_text()
        assert over["ending"]["headline"] in body
        assert await page.locator("#end-body .sources").count() == 2
        await no_seat_ids(page, f"{game} end")
        await shot(page, f"people-{game}-end-{size}")
        await page.goto(f"{r.base}/t/{finished[game]}/replay")
        await page.wait_for_selector("#replay-actions li")
        await page.keyboard.press("ArrowRight")
        await expect(page.locator("#step-label")).to_contain_text("after 1 of")
        await no_seat_ids(page, f"{game} replay")
        await shot(page, f"people-{game}-replay-{size}")
    assert not problems, problems


async def test_lobby_labels_advanced_fold_bot_levels_and_warnings(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    page, problems = await new_page(chrome, WIDE)
    await page.goto(r.base + "/")
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", "planet")
    await page.select_option("#players", "2")
    # the bot menu offers the levels, each with its line; medium by default
    menu = page.locator("#seats li").nth(1).locator(".kind")
    assert await menu.input_value() == "bot:medium"
    texts = await menu.locator("option").all_inner_texts()
    for level in ("Beginner", "Easy", "Medium", "Hard", "Expert"):
        assert any(t.startswith(f"{level} bot — ") for t in texts), texts
    await expect(page.locator("#seats li").nth(1).locator(".seat-doc")).not_to_be_empty()
    # options by label, the rulings folded under Advanced
    await page.click("#options-box summary")
    await expect(page.locator("#options")).to_contain_text("First game")
    advanced = page.locator("#advanced")
    await expect(advanced.locator("summary")).to_contain_text("Advanced")
    assert await advanced.get_attribute("open") is None
    await expect(advanced.locator("label", has_text="Moon Track")).to_be_hidden()
    await advanced.locator("summary").click()
    await expect(advanced.locator("label", has_text="Moon Track")).to_be_visible()
    options = await page.locator("#options").inner_text()
    assert "moon_model" not in options and "lift_die" not in options
    await no_seat_ids(page, "lobby")
    await shot(page, "people-lobby-options-wide")
    # race names its planet table by the installed content, never a path field
    await page.select_option("#game", "race")
    assert await page.locator("#options input[type=text]").count() == 0
    await expect(page.locator("#opt-planets option")).to_have_count(1)
    # doubtful settings: the warning shows before the game starts
    await page.select_option("#game", "planet")
    await page.check("#opt-family")
    await page.check("#opt-cutthroat")
    await page.click("#create-button")
    await expect(page.locator("#create-warnings")).to_be_visible()
    await expect(page.locator("#create-warnings li")).not_to_have_count(0)
    await shot(page, "people-lobby-warning-wide")
    await page.click("#go-table")
    await page.wait_for_url("**/t/*")
    # a stale move shows words only; an illegal one the rule's text
    tid = page.url.rsplit("/", 1)[-1]
    storage = await page.context.storage_state()
    entries = {e["name"]: e["value"] for o in storage["origins"] for e in o["localStorage"]}
    token = json.loads(entries["liftoff.seats"])[tid]["token"]
    view = await r.view(tid, token)  # seat 2 is a medium bot: the game is on
    good = view["legal"][0]["text"]
    assert (await r.act(tid, token, good, 0)).status_code == 200
    assert (await r.act(tid, token, good, 0)).status_code == 409
    refusal = page.locator("#refusal .refusal")
    await expect(refusal).to_contain_text("The game moved on before your move arrived")
    assert "API-" not in await refusal.inner_text()
    assert "version" not in await refusal.inner_text()
    await shot(page, "people-refusal-stale-wide")
    # an illegal move (on the current version): the rule's text, its ID small beside it
    game = liftoff.games.get("planet")
    for _ in range(50):
        view = await r.view(tid, token)
        if view["legal"]:
            break
        await page.wait_for_timeout(100)
    legal = {x["text"] for x in view["legal"]}
    probe = next(t for t in ("move core S1", "move S0 S2", "roll bonfire F") if t not in legal)
    res = (await r.act(tid, token, probe, view["version"])).json()
    assert res["error"] == "illegal" and game.rule_text(res["rule"])
    await expect(refusal).to_contain_text(res["words"])
    await expect(refusal.locator(".rule-words")).to_contain_text(game.rule_text(res["rule"]) or "")
    await expect(refusal.locator("small.rule")).to_have_text(res["rule"])
    await shot(page, "people-refusal-rule-wide")
    assert not problems, problems
