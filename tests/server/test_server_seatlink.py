"""Seat links: a seat belongs to a person, not a browser. Renewing a seat's token
(``POST /api/tables/{id}/seat-link/renew``) stops every old link at once; the link
keeps the token in the address's fragment, so no request path or log line holds it.
Cheaters' tests over the API, then two people on three devices in headless Chromium."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory, WsClient
from test_server_a11y import axe_problems, phone_problems
from test_server_browser import ARTIFACTS, PHONE, chrome, create_in_lobby, new_page, shot

__all__ = ["chrome"]  # the browser fixture, used by the last test

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(150)]

LAPTOP = {"width": 1366, "height": 800}


async def seated_pair(r: Running) -> tuple[str, str, str]:
    """A planet table with Ann (seat 0) and Bo (seat 1): the id and both tokens."""
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Ann")
    tid = made["table"]["id"]
    bo = await r.join(tid, 1, name="Bo")
    return tid, made["token"], bo["token"]


async def renew(r: Running, tid: str, token: str | None) -> Any:
    return await r.call("POST", f"/api/tables/{tid}/seat-link/renew", token=token)


async def refusals(r: Running, tid: str, token: str) -> list[int]:
    """The statuses of acting, undoing, leaving, renewing and renaming with ``token``."""
    version = r.manager.tables[tid].state.version
    calls = [
        await r.act(tid, token, "pass", version),
        await r.call("POST", f"/api/tables/{tid}/undo", token=token),
        await r.call("POST", f"/api/tables/{tid}/leave", token=token),
        await renew(r, tid, token),
        await r.call("POST", f"/api/tables/{tid}/name", {"name": "Eve"}, token=token),
    ]
    return [c.status_code for c in calls]


async def move_once(r: Running, tid: str, tokens: dict[int, str]) -> None:
    """The player whose turn it is plays their first legal action over REST."""
    table = r.manager.tables[tid]
    seat = table.state.active_players()[0]
    view = await r.view(tid, tokens[seat])
    res = await r.act(tid, tokens[seat], view["legal"][0]["text"], view["version"])
    assert res.status_code == 200, res.text


async def test_renew_stops_the_old_token_everywhere(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    tid, ann, bo = await seated_pair(r)
    devices: list[WsClient] = [await r.connect(tid, ann), await r.connect(tid, ann)]
    spectator = await r.connect(tid)
    for c in devices:
        await c.wait_state(lambda s: s["you"] == 0)
    await move_once(r, tid, {0: ann, 1: bo})
    res = await renew(r, tid, ann)
    assert res.status_code == 200, res.text
    body = res.json()
    new = body["token"]
    assert body["table"] == tid and body["seat"] == 0 and new != ann and len(new) >= 32
    # both devices of the old link watch at once: the spectator's view, no actions
    version = r.manager.tables[tid].state.version
    seen = await spectator.wait_state(lambda s: s["version"] == version)
    for c in devices:
        state = await c.wait_state(lambda s: s["you"] is None)
        assert state["legal"] == [] and state["undo"] is False
        assert state["view"] == seen["view"]
        refused = await c.act("pass", state["version"])
        assert refused["type"] == "error" and refused["status"] == 403
    # the old token holds nothing: every call is refused and changes nothing
    table = r.manager.tables[tid]
    before = (table.state.version, [s.data() for s in table.seats])
    assert await refusals(r, tid, ann) == [403] * 5
    assert (table.state.version, [s.data() for s in table.seats]) == before
    late = await r.connect(tid, ann)
    assert await asyncio.wait_for(late.closed, 10) == 4403
    # the new token plays the seat, and the seat's person is still Ann
    fresh = await r.connect(tid, new)
    state = await fresh.wait_state(lambda s: s["you"] == 0)
    assert state["table"]["seats"][0]["name"] == "Ann"
    await move_once(r, tid, {0: new, 1: bo})
    # a restarted server knows only the new token
    await r.stop()
    r2 = await server(db)
    assert (await r2.view(tid, new))["you"] == 0
    assert (await r2.call("GET", f"/api/tables/{tid}/view", token=ann)).status_code == 403


async def test_only_the_seat_token_renews_the_seat(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db)
    tid, ann, bo = await seated_pair(r)
    other, other_ann, _ = await seated_pair(r)
    table = r.manager.tables[tid]
    hashes = [s.token_hash for s in table.seats]
    # a spectator, a made-up token, a huge one, another table's token: refused, nothing changes
    assert (await renew(r, tid, None)).status_code == 401
    assert (await renew(r, tid, "x" * 32)).status_code == 403
    assert (await renew(r, tid, "y" * 20_000)).status_code in (400, 403, 413, 431)
    assert (await renew(r, tid, other_ann)).status_code == 403
    assert [s.token_hash for s in table.seats] == hashes
    # Bo's token renews Bo's seat, never Ann's: Ann still plays with hers
    res = await renew(r, tid, bo)
    assert res.status_code == 200 and res.json()["seat"] == 1
    assert table.seats[0].token_hash == hashes[0]
    assert (await r.view(tid, ann))["you"] == 0
    assert (await r.view(other, other_ann))["you"] == 0


async def test_renew_twice_and_at_once(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db)
    tid, ann, _ = await seated_pair(r)
    first = (await renew(r, tid, ann)).json()["token"]
    second = (await renew(r, tid, first)).json()["token"]
    assert len({ann, first, second}) == 3
    for gone in (ann, first):
        assert (await renew(r, tid, gone)).status_code == 403
    # the same token sent twice at once (a double click, a replay): one new token only
    both = await asyncio.gather(renew(r, tid, second), renew(r, tid, second))
    assert sorted(x.status_code for x in both) == [200, 403]
    winner = next(x for x in both if x.status_code == 200).json()["token"]
    assert (await r.view(tid, winner))["you"] == 0
    assert len([h for h, (t, _) in r.manager.seating.tokens.items() if t == tid]) == 2


async def test_rename_and_the_finished_game(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db)
    tid, ann, bo = await seated_pair(r)
    res = await r.call("POST", f"/api/tables/{tid}/name", {"name": "  Ann\x07  B. "}, token=ann)
    assert res.status_code == 200 and res.json() == {"table": tid, "seat": 0, "name": "Ann B."}
    seats = (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]
    assert [s["name"] for s in seats] == ["Ann B.", "Bo"]
    too_long = await r.call("POST", f"/api/tables/{tid}/name", {"name": "x" * 41}, token=bo)
    assert too_long.status_code == 422
    assert (await r.call("POST", f"/api/tables/{tid}/name", {"name": "Al"})).status_code == 401
    # a finished game keeps its seats: no new token, no new name (409, words for people)
    made = await r.create("planet", [{"type": "you"}, {"type": "bot", "bot": "random"}])
    done, tok = made["table"]["id"], made["token"]
    await r.play_out(done, tok)
    over = await renew(r, done, tok)
    assert over.status_code == 409 and over.json()["words"]
    again = await r.call("POST", f"/api/tables/{done}/name", {"name": "Zed"}, token=tok)
    assert again.status_code == 409


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@contextlib.contextmanager
def every_log_line() -> Iterator[list[str]]:
    """Every line the server logs meanwhile, at its most talkative: its own at DEBUG,
    uvicorn's at TRACE (every WebSocket frame, hellos and their tokens included,
    which the server masks) and its access log."""
    kept = Kept()
    levels = {"liftoff": logging.DEBUG, "uvicorn.error": 5}
    levels["uvicorn.access"] = logging.INFO
    loggers = [logging.getLogger(n) for n in levels]
    before = [lg.level for lg in loggers]
    for lg in loggers:
        lg.addHandler(kept)
        lg.setLevel(levels[lg.name])
    try:
        yield kept.lines
    finally:
        for lg, level in zip(loggers, before, strict=True):
            lg.removeHandler(kept)
            lg.setLevel(level)


async def test_no_token_in_a_log_line_or_a_path(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db)
    with every_log_line() as lines:
        tid, ann, bo = await seated_pair(r)
        new = (await renew(r, tid, ann)).json()["token"]
        c = await r.connect(tid, new)
        await c.wait_state(lambda s: s["you"] == 0)
        await refusals(r, tid, ann)
        await r.call("POST", f"/api/tables/{tid}/name", {"name": "Ann"}, token=new)
        await move_once(r, tid, {0: new, 1: bo})
        assert await asyncio.wait_for(_closed(r, tid, ann), 10) == 4403
        await c.close()
    text = "\n".join(lines)
    assert "seat-link/renew" in text  # the access log was kept: the check can fail
    assert re.search(r'"token": ?"…', text)  # so were the frames, the hello's token masked
    for token in (ann, bo, new):
        assert token not in text
        assert not [path for _, path, _, _ in r.traffic if token in path]


async def _closed(r: Running, tid: str, token: str) -> int | None:
    client = await r.connect(tid, token)
    return await client.closed


# -- in the browser ---------------------------------------------------------------------------
async def a11y_problems(page: Any) -> list[str]:
    """Serious axe violations and what fails the phone checks (targets, text, width)."""
    found, _ = await axe_problems(page)
    return found + await phone_problems(page)


async def seat_of_page(page: Any) -> dict[str, Any] | None:
    """The seat this page's browser keeps for its table (localStorage)."""
    got: dict[str, Any] | None = await page.evaluate(
        """() => { const id = document.getElementById("table").dataset.table;
        return JSON.parse(localStorage.getItem("liftoff.seats") || "{}")[id] || null; }"""
    )
    return got


async def play_a_move(page: Any, r: Running, tid: str) -> None:
    """This page has the turn: it clicks its first listed action (ending the turn only
    when nothing else is legal: that asks first); the table moves on."""
    before = r.manager.tables[tid].state.version
    await expect(page.locator("#actions button[data-act]").first).to_be_visible(timeout=10000)
    moves = page.locator('#actions button[data-act]:not([data-act="end"])')
    target = moves if await moves.count() else page.locator("#actions button[data-act]")
    await target.first.click(timeout=10000)
    await expect(page.locator("#table")).to_have_attribute(
        "data-version", str(before + 1), timeout=10000
    )


async def stopped_link_watches(chrome: Any, link: str) -> list[str]:
    """A stopped link opened on a fresh device: it says so, holds no seat, lists no
    action. The page's problems."""
    page, problems = await new_page(chrome, PHONE)
    await page.goto(link)
    await expect(page.locator("#seat-note")).to_have_text(
        "This seat link was stopped, so it plays no seat; you are watching.", timeout=10000
    )
    await expect(page.locator("#banner")).to_contain_text("Watching.")
    await expect(page.locator("#actions-panel")).to_be_hidden()
    assert await seat_of_page(page) is None and "#" not in page.url
    await page.context.close()
    # the page asked to bind the link and was told it holds no seat: the browser logs
    # that answer (403), which is the only problem expected
    refused = "console: Failed to load resource: the server responded with a status of 403"
    return [p for p in problems if not p.startswith(refused)]


@pytest.mark.browser
async def test_two_people_three_devices(server: ServerFactory, sqlite_db: Db, chrome: Any) -> None:
    r = await server(sqlite_db)
    alice, p1 = await new_page(chrome, LAPTOP)
    bob, p2 = await new_page(chrome, PHONE)
    urls: list[str] = []
    for page in (alice, bob):
        page.on("request", lambda req: urls.append(req.url))
    tid = await create_in_lobby(alice, r, "planet", ["you", "open"])
    await bob.goto(f"{r.base}/t/{tid}")
    await expect(bob.locator("#join-name")).to_be_visible()
    await bob.fill("#join-name", "Bob")
    await shot(bob, "seatlink-join-name-phone")
    assert not await a11y_problems(bob)
    await bob.click('#seat-actions button[data-seat="1"]')
    await expect(bob.locator("#players")).to_contain_text("Bob (you)", timeout=10000)
    assert await bob.evaluate("localStorage.getItem('liftoff.name')") == "Bob"
    await bob.locator("#rename summary").click()
    await expect(bob.locator("#rename-name")).to_have_value("Bob")
    await bob.fill("#rename-name", "Bobby")
    await bob.click("#rename-form button")
    await expect(alice.locator("#players")).to_contain_text("Bobby", timeout=10000)
    await expect(bob.locator("#rename-said")).to_have_text("Everyone now sees you as Bobby.")
    pages = {0: alice, 1: bob}
    for _ in range(2):  # a move or two
        seat = r.manager.tables[tid].state.active_players()[0]
        await play_a_move(pages[seat], r, tid)
    # Alice's seat link: in her Players panel, with plain words
    await alice.locator("#seat-link summary").click()
    await expect(alice.locator("#seat-link")).to_contain_text(
        "Anyone with this link plays your seat. Keep it private."
    )
    link = await alice.locator("#seat-link-url").input_value()
    token = (await seat_of_page(alice) or {})["token"]
    assert link == f"{r.base}/t/{tid}#seat={token}"
    await shot(alice, "seatlink-control-laptop")
    # a third device opens it: seated as Alice, the fragment gone from the address
    third, p3 = await new_page(chrome, PHONE)
    third.on("request", lambda req: urls.append(req.url))
    await third.goto(link)
    await expect(third.locator("#players")).to_contain_text("Ann (you)", timeout=10000)
    assert "#" not in third.url
    assert (await seat_of_page(third) or {}).get("seat") == 0
    if r.manager.tables[tid].state.active_players()[0] == 1:
        await play_a_move(bob, r, tid)
    await play_a_move(third, r, tid)  # the new device moves
    await expect(alice.locator("#players")).to_contain_text("Ann (you)")  # both seated
    # the third device stops old links: the first one only watches, and says so
    await third.locator("#seat-link summary").click()
    await shot(third, "seatlink-control-phone")
    await third.locator("#seat-link").evaluate('el => el.scrollIntoView({block: "center"})')
    await third.screenshot(path=str(ARTIFACTS / "seatlink-control-phone-screen.png"))
    await third.locator("#rename summary").click()
    assert not await a11y_problems(third)  # both controls open, on a phone
    third.once("dialog", lambda d: asyncio.ensure_future(d.accept()))
    await third.click("#seat-link-renew")
    await expect(alice.locator("#seat-note")).to_have_text(
        "Your seat was moved to another device; you are watching.", timeout=10000
    )
    await expect(alice.locator("#actions-panel")).to_be_hidden()
    await expect(alice.locator("#seat-link")).to_be_hidden()
    assert await seat_of_page(alice) is None
    await shot(alice, "seatlink-moved-laptop")
    kept = await seat_of_page(third) or {}
    assert kept.get("seat") == 0 and kept.get("token") not in (None, token)
    await expect(third.locator("#seat-link-url")).to_have_value(
        f"{r.base}/t/{tid}#seat={kept['token']}", timeout=10000
    )
    await expect(third.locator("#seat-note")).to_be_hidden()
    await expect(third.locator("#seat-link-said")).to_have_text(
        "Old links stopped: other devices only watch now. Here is your new link.", timeout=10000
    )
    if r.manager.tables[tid].state.active_players()[0] == 1:
        await play_a_move(bob, r, tid)
    await play_a_move(third, r, tid)  # the third still plays
    assert r.manager.tables[tid].seats[0].connections == 1  # the third device only
    for t in (token, kept["token"]):
        assert not [u for u in urls if t in u]
    p4 = await stopped_link_watches(chrome, link)
    assert not p1 and not p2 and not p3 and not p4, p1 + p2 + p3 + p4


@pytest.mark.browser
async def test_a_seat_link_never_gives_a_browser_a_second_seat(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    """Bo opens Ann's seat link in the browser he plays his own seat in: refused in
    words, and his browser keeps his seat."""
    r = await server(sqlite_db)
    ann, problems_ann = await new_page(chrome, LAPTOP)
    bo, problems_bo = await new_page(chrome, PHONE)
    tid = await create_in_lobby(ann, r, "planet", ["you", "open"])
    await bo.goto(f"{r.base}/t/{tid}")
    await bo.fill("#join-name", "Bo")
    await bo.click('#seat-actions button[data-seat="1"]')
    await expect(bo.locator("#players")).to_contain_text("Bo (you)", timeout=10000)
    link = f"{r.base}/t/{tid}#seat={(await seat_of_page(ann) or {})['token']}"
    tab = await bo.context.new_page()  # a new tab of Bo's browser: its cookie, its storage
    seen: list[str] = []
    tab.on("console", lambda m: seen.append(m.text) if m.type == "error" else None)
    await tab.goto(link)
    await expect(tab.locator("#seat-note")).to_have_text(
        "You already have a seat at this table, as Bo: one person plays one seat.",
        timeout=10000,
    )
    await expect(tab.locator("#players")).to_contain_text("Bo (you)", timeout=10000)
    await expect(tab.locator("#seat-note")).to_be_visible()  # it stays once seated
    assert (await seat_of_page(tab) or {}).get("seat") == 1
    assert "#" not in tab.url
    await shot(tab, "seatlink-second-seat-refused-phone")
    refused = "Failed to load resource: the server responded with a status of 409"
    assert all(m.startswith(refused) for m in seen), seen
    assert not problems_ann and not problems_bo, problems_ann + problems_bo
