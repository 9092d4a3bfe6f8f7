"""The time-out policy, clock presets, abandoned games and table names against a
real server on loopback (SQLite and PostgreSQL), and the time-out in two real
Chromium browsers. Screenshots go to ``test-artifacts/``. Clocks run out on a
virtual clock the tests advance: no test waits for a player's time to pass."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory, WsClient, until
from test_server_a11y import axe_problems, phone_problems
from test_server_browser import ARTIFACTS, CHROMIUM, PHONE, chrome, hold_seat, new_page

import liftoff
from liftoff.server.clock import VirtualClock

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(150)]

WIDE = {"width": 1366, "height": 800}
PLANET = {"family": True, "first_player": 0}  # Ann (seat 0) plays first
TINY = {"initial": 1, "increment": 0}


async def run_out(clock: VirtualClock, spec: dict[str, Any] = TINY) -> None:
    """Let the running player's whole time (``spec``'s initial) pass on ``clock``."""
    await clock.advance(spec["initial"] + 0.1)


async def ann_and_bo(
    r: Running, clock: dict[str, Any] | None = TINY, **extra: Any
) -> tuple[str, str, str]:
    """A planet table with Ann (seat 0, first) and Bo seated; id and both tokens."""
    made = await r.create(
        "planet",
        [{"type": "you"}, {"type": "open"}],
        name="Ann",
        options=PLANET,
        clock=clock,
        **extra,
    )
    tid = made["table"]["id"]
    joined = await r.join(tid, name="Bo")
    return tid, made["token"], joined["token"]


def out(seat: int) -> Any:
    """A state predicate: ``seat`` is out of time."""
    return lambda s: s["table"]["seats"][seat]["out_of_time"]


async def choose(r: Running, tid: str, token: str | None, seat: int, choice: Any) -> Any:
    return await r.call(
        "POST", f"/api/tables/{tid}/timeout", {"seat": seat, "choice": choice}, token
    )


async def play_for(r: Running, client: WsClient, state: dict[str, Any]) -> None:
    """One move of ``client``'s seat: the end of the turn when it may, else the first."""
    texts = [a["text"] for a in state["legal"]]
    text = "end" if "end" in texts else texts[0]
    reply = await client.act(text, state["version"])
    assert reply["type"] in ("ack", "error"), reply  # a bot may have moved on first


async def own_move(r: Running, tid: str, ann: str, bo: str) -> None:
    """Bo plays (by REST) until it is Ann's turn; then Ann plays one move herself."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while loop.time() < deadline:
        for token in (ann, bo):
            view = await r.view(tid, token)
            if view["legal"]:
                texts = [x["text"] for x in view["legal"]]
                res = await r.act(
                    tid, token, "end" if "end" in texts else texts[0], view["version"]
                )
                if token == ann and res.status_code == 200:
                    return
        await asyncio.sleep(0.05)
    raise AssertionError("Ann's turn never came")


async def test_out_of_time_waits_and_the_cheats_are_refused(server: ServerFactory, db: Db) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock)
    made = await r.create(
        "planet", [{"type": "you"}] + [{"type": "open"}] * 2, name="Ann", options=PLANET, clock=TINY
    )
    tid, ann = made["table"]["id"], made["token"]
    bo, cy = (await r.join(tid, name="Bo"))["token"], (await r.join(tid, name="Cy"))["token"]
    other = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    a, a2, b, spec = [await r.connect(tid, t) for t in (ann, ann, bo, None)]
    # Ann does nothing: after a second she is out of time, on all her sockets, for everyone
    for c in (a, a2, b, spec):
        assert not (await c.wait_state())["table"]["seats"][0]["out_of_time"]
    await run_out(clock)
    for c in (a, a2, b, spec):
        state = await c.wait_state(out(0))
        assert state["version"] == 0 and state["table"]["clock"]["remaining"][0] == 0
    assert (await a.wait_state(out(0)))["legal"]  # she may still play her move
    # the cheats: Ann for herself, a spectator, another table's token, a seat in time
    res = await choose(r, tid, ann, 0, "bot")
    assert res.status_code == 403 and res.json()["error"] == "own-seat"
    assert (await choose(r, tid, ann, 0, "wait")).status_code == 403
    assert (await choose(r, tid, None, 0, "bot")).status_code == 401
    assert (await choose(r, tid, other["token"], 0, "bot")).status_code == 403
    assert (await choose(r, tid, bo, 1, "bot")).status_code == 403  # his own seat
    res = await choose(r, tid, bo, 2, "bot")
    assert res.status_code == 409 and res.json()["words"] == "Cy is not out of time."
    assert (await choose(r, tid, bo, 0, "eject")).status_code == 422
    assert (await choose(r, tid, bo, 7, "bot")).status_code == 422  # no such seat here
    assert (await choose(r, tid, bo, 0, None)).status_code == 422
    res = await r.call("POST", f"/api/tables/{tid}/reclaim", {}, ann)
    assert res.status_code == 409  # nobody plays for her: nothing to take back
    # Bo waits; Ann's late move (on version 0: nobody moved meanwhile) is accepted
    assert (await choose(r, tid, bo, 0, "wait")).status_code == 200
    assert (await choose(r, tid, cy, 0, "wait")).status_code == 200
    waiting = await b.wait_state(lambda s: s["table"]["seats"][0]["waited_by"] == [1, 2])
    assert waiting["version"] == 0 and waiting["table"]["seats"][0]["stand_in"] is False
    state = await a.wait_state(out(0))
    await play_for(r, a, state)
    await b.wait_state(lambda s: s["version"] >= 1)
    assert not any(e["stand_in"] for e in b.log)
    stored = (await r.manager.store.load_tables(ids=[tid]))[0]
    assert [x.stand_in for x in stored.actions] == [False] * len(stored.actions)
    for c in (a, a2, b, spec):
        await c.close()


async def test_a_stand_in_plays_until_the_player_reclaims(server: ServerFactory, db: Db) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock)
    tid, ann, bo = await ann_and_bo(r)
    a, b = await r.connect(tid, ann), await r.connect(tid, bo)
    await run_out(clock)
    await b.wait_state(out(0))
    assert (await choose(r, tid, bo, 0, "bot")).status_code == 200
    # the stand-in plays for Ann: her seat says so, its moves are marked
    await a.wait_state(lambda s: s["table"]["seats"][0]["stand_in"])
    await b.wait_state(lambda s: any(e["stand_in"] and e["player"] == 0 for e in b.log))
    assert (await choose(r, tid, bo, 0, "bot")).status_code == 409  # not out of time now
    # only Ann takes her seat back: not with Bo's token, and not twice
    res = await r.call("POST", f"/api/tables/{tid}/reclaim", {"seat": 0}, bo)
    assert res.status_code == 403 and res.json()["error"] == "not-your-seat"
    assert (await r.call("POST", f"/api/tables/{tid}/reclaim", {}, bo)).status_code == 409
    res = await r.call("POST", f"/api/tables/{tid}/reclaim", {"seat": 0}, ann)
    assert res.status_code == 200
    since = res.json()["version"]
    assert (await r.call("POST", f"/api/tables/{tid}/reclaim", None, ann)).status_code == 409
    back = await a.wait_state(lambda s: not s["table"]["seats"][0]["stand_in"])
    assert back["table"]["clock"]["remaining"][0] == 30_000  # at least 30 s
    # from now on nobody plays for Ann: she makes her own move on her turn
    await own_move(r, tid, ann, bo)
    mine = await b.wait_state(lambda s: any(e["n"] >= since and e["player"] == 0 for e in b.log))
    assert mine["table"]["seats"][0]["stand_in"] is False
    assert not any(e["stand_in"] for e in b.log if e["n"] >= since)
    stored = (await r.manager.store.load_tables(ids=[tid]))[0]
    marked = [x.idx for x in stored.actions if x.stand_in]
    assert marked and all(i < since and stored.actions[i].player == 0 for i in marked)
    for c in (a, b):
        await c.close()


async def test_abandoned_game_marks_record_and_keeps_the_title(
    server: ServerFactory, db: Db
) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock)
    tid, ann, bo = await ann_and_bo(r, title="  Friday \n night  ")
    assert (await r.call("GET", f"/api/tables/{tid}")).json()["name"] == "Friday night"
    a, b = await r.connect(tid, ann), await r.connect(tid, bo)
    await run_out(clock)
    await b.wait_state(out(0))
    assert (await choose(r, tid, bo, 0, "bot")).status_code == 200
    # Bo leaves: a bot plays his open seat, the stand-in Ann's: nobody plays any more
    assert (await r.call("POST", f"/api/tables/{tid}/leave", token=bo)).status_code == 200
    over = await r.wait_for(tid, lambda t: t["status"] == "over", timeout=90)
    assert over["abandoned"] is True and over["name"] == "Friday night"
    record = (await r.call("GET", f"/api/tables/{tid}/record")).json()
    assert record["stand_in"] == list(range(over["version"]))  # every move a bot's
    assert {p for p, _ in record["actions"]} == {0, 1}
    state = liftoff.games.get("planet").replay(record)  # the extra key is harmless
    assert state.is_over() and state.version == over["version"]
    replay = (await r.call("GET", f"/api/tables/{tid}/replay?step=1")).json()
    assert replay["stand_in"] == record["stand_in"]
    finished = (await r.call("GET", "/api/tables?status=over")).json()["tables"]
    row = next(t for t in finished if t["id"] == tid)
    assert row["abandoned"] is True and row["name"] == "Friday night"
    # the rematch keeps the table's name
    res = await r.call("POST", f"/api/tables/{tid}/rematch", token=ann)
    assert res.status_code == 200
    again = (await r.call("GET", f"/api/tables/{res.json()['table']}")).json()
    assert again["name"] == "Friday night" and again["abandoned"] is False
    for c in (a, b):
        await c.close()


async def test_bots_alone_finish_unabandoned_and_idle_games_are_abandoned(
    server: ServerFactory, db: Db
) -> None:
    # the sweep runs when this test moves the clock: the bots' game is not raced
    # by a sweep finding it idle for 0.3 s (a busy machine's bot took longer)
    clock = VirtualClock()
    r = await server(db, idle_table_ttl=0.3, sweep_every=0.1, clock=clock)
    bot = {"type": "bot", "bot": "random"}
    made = await r.create("planet", [bot, bot])
    done = await r.wait_for(made["table"]["id"], lambda t: t["status"] == "over", timeout=90)
    assert done["abandoned"] is False  # nobody's game: never "abandoned"
    # a game in play that nobody plays or watches is closed, abandoned, by a sweep
    # once it has been idle longer than its time (0.3 s since its last change)
    tid, _ann, _bo = await ann_and_bo(r, clock=None)

    async def swept() -> bool:
        await clock.advance(0.1)  # a sweep
        return bool((await r.call("GET", f"/api/tables/{tid}")).json()["status"] == "closed")

    await until("a sweep to close the idle table", swept, timeout=30)
    closed = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert closed["abandoned"] is True
    stored = (await r.manager.store.load_tables(ids=[tid]))[0]
    assert stored.abandoned is True


async def test_clock_presets_and_bounds(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    seats = [{"type": "you"}, {"type": "open"}]
    for preset, initial, increment in (
        ("blitz", 300, 5),
        ("normal", 900, 15),
        ("relaxed", 3600, 60),
    ):
        made = await r.create("planet", seats, clock={"preset": preset})
        clock = made["table"]["clock_setting"]
        assert (clock["preset"], clock["initial"], clock["increment"]) == (
            preset,
            initial,
            increment,
        )
    own = (await r.create("planet", seats, clock={"initial": 120, "increment": 3}))["table"]
    assert own["clock_setting"] == {"initial": 120, "increment": 3}
    joined = await r.join(own["id"])  # the game starts: the clocks run
    clock = (await r.view(own["id"], joined["token"]))["table"]["clock"]
    assert clock["preset"] is None and clock["remaining"][1] == 120_000
    bad = [
        ({"preset": "blitz", "initial": 60}, "Choose a clock preset or your own times, not both."),
        (
            {"preset": "bullet"},
            "Clock preset 'bullet': use one of blitz, normal, relaxed, day-1, day-2, day-3, day-7.",
        ),
        ({"initial": 0}, "The time per player is between 1 and 86400 seconds."),
        ({"initial": 10**9}, "The time per player is between 1 and 86400 seconds."),
        ({"increment": -1}, "The extra time per turn is between 0 and 3600 seconds."),
        ({"increment": 86_400}, "The extra time per turn is between 0 and 3600 seconds."),
    ]
    for clock, words in bad:
        res = await r.call("POST", "/api/tables", {"game": "planet", "players": 2, "clock": clock})
        assert res.status_code == 422, clock
        assert res.json()["words"] == words
    res = await r.call("POST", "/api/tables", {"game": "planet", "players": 2, "title": "x" * 61})
    assert res.status_code == 422
    assert len((await r.call("GET", "/api/tables")).json()["tables"]) == 4  # none of those
    started = await r.create("planet", seats, clock={"preset": "blitz"})
    joined = await r.join(started["table"]["id"])
    clock = (await r.view(started["table"]["id"], joined["token"]))["table"]["clock"]
    assert clock["preset"] == "blitz" and clock["remaining"][1] == 300_000


async def test_against_bots_nobody_is_asked_the_game_waits(
    server: ServerFactory, sqlite_db: Db
) -> None:
    clock = VirtualClock()
    r = await server(sqlite_db, clock=clock)
    bot = {"type": "bot", "bot": "random"}
    made = await r.create("planet", [{"type": "you"}, bot], name="Ann", options=PLANET, clock=TINY)
    tid = made["table"]["id"]
    a = await r.connect(tid, made["token"])
    await a.wait_state()
    await run_out(clock)
    state = await a.wait_state(out(0))
    assert state["version"] == 0 and state["legal"]
    await play_for(r, a, state)  # her late move counts
    await a.wait_state(lambda s: s["version"] >= 1)
    assert a.log[0]["player"] == 0 and a.log[0]["stand_in"] is False
    await a.close()


async def shot(page: Any, name: str) -> None:
    """A screenshot of what the window shows (the time-out box is at the top)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    await page.screenshot(path=str(path))
    assert path.stat().st_size > 5000


# -- the browser: Ann's time runs out; Bo lets a bot play; Ann takes her seat back ------
async def seat_page(
    browser: Any, r: Running, tid: str, seat: int, token: str, size: dict[str, int]
) -> tuple[Any, list[str]]:
    page, problems = await new_page(browser, size)
    await hold_seat(page, r, tid, seat, token, "planet")
    await page.goto(f"{r.base}/t/{tid}")
    return page, problems


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}")
@pytest.mark.parametrize("sizes", [(WIDE, PHONE), (PHONE, WIDE)], ids=["ann-laptop", "ann-phone"])
async def test_time_out_in_two_browsers(
    server: ServerFactory, sqlite_db: Db, chrome: Any, sizes: tuple[dict[str, int], dict[str, int]]
) -> None:
    clock = VirtualClock()
    r = await server(sqlite_db, clock=clock)
    tid, ann_tok, bo_tok = await ann_and_bo(r)
    ann, p1 = await seat_page(chrome, r, tid, 0, ann_tok, sizes[0])
    bo, p2 = await seat_page(chrome, r, tid, 1, bo_tok, sizes[1])
    tag = "laptop" if sizes[0] is WIDE else "phone"
    box_a, box_b = ann.locator("#timeout-box"), bo.locator("#timeout-box")
    await run_out(clock)
    await expect(box_a).to_contain_text(
        "Your time ran out. You can still play your move; the others may let a bot play for you.",
        timeout=15000,
    )
    await expect(box_b).to_contain_text("Ann's time ran out.")
    await expect(bo.get_by_role("button", name="Wait for Ann")).to_be_visible()
    await shot(ann, f"timeout-ran-out-{tag}")
    await shot(bo, f"timeout-choice-{'phone' if tag == 'laptop' else 'laptop'}")
    assert r.manager.tables[tid].state.version == 0  # nobody played for her
    for page, size in ((ann, sizes[0]), (bo, sizes[1])):  # the new parts: clean for axe
        assert (await axe_problems(page))[0] == []
        if size is PHONE:
            assert await phone_problems(page) == []
    await bo.get_by_role("button", name="Let a bot play for Ann").click()
    await expect(box_a).to_contain_text("A bot is playing for you.")
    await expect(box_b).to_contain_text("A bot is playing for Ann")
    await expect(bo.locator("#log")).to_contain_text("(a bot played for Ann)")
    await shot(ann, f"timeout-stand-in-{tag}")
    await ann.get_by_role("button", name="Take my seat back").click()
    await expect(ann.get_by_role("button", name="Take my seat back")).to_have_count(0)
    table = r.manager.tables[tid]
    assert table.seats[0].stand_in is False
    # Ann plays on: when her turn comes (Bo's moves by REST), she clicks her own move
    deadline = asyncio.get_running_loop().time() + 30
    while table.state.active_players() != (0,):
        assert asyncio.get_running_loop().time() < deadline, "Ann's turn never came"
        view = await r.view(tid, bo_tok)
        if view["legal"]:
            texts = [x["text"] for x in view["legal"]]
            await r.act(tid, bo_tok, "end" if "end" in texts else texts[0], view["version"])
        await asyncio.sleep(0.05)
    before = table.state.version
    move = ann.locator('#actions button[data-act]:not([data-act="end"])').first
    await move.click(timeout=15000)
    await expect(ann.locator("#table")).to_have_attribute("data-version", str(before + 1))
    assert table.log[-1].player == 0 and table.log[-1].stand_in is False
    assert not p1 and not p2, p1 + p2


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}")
async def test_lobby_clock_choice_and_table_name(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    page, problems = await new_page(chrome, PHONE)
    await page.goto(r.base + "/")
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", "planet")
    await page.fill("#name", "Ann")
    await page.get_by_label("Table name (optional)").fill("Friday night")
    await page.get_by_label("Clock").select_option("blitz")
    await expect(page.locator("#clock-doc")).to_have_text("5 minutes each, plus 5 seconds a turn.")
    assert (await axe_problems(page))[0] == []
    # the new controls pass the phone checks (the options' checkboxes are another matter)
    tight = [x for x in await phone_problems(page) if "clock" in x or "title" in x]
    assert not tight, tight
    await page.locator("#clock-box").scroll_into_view_if_needed()
    await shot(page, "timeout-lobby-phone")
    await page.click("#create-button")
    await page.wait_for_url("**/t/*")
    tid = page.url.rsplit("/", 1)[-1]
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert table["name"] == "Friday night"
    assert table["clock_setting"] == {"preset": "blitz", "initial": 300, "increment": 5}
    # your own times, in minutes and seconds
    await page.goto(r.base + "/")
    await page.wait_for_selector("#game option", state="attached")
    await page.get_by_label("Clock").select_option("custom")
    await page.get_by_label("Minutes per player").fill("3")
    await page.get_by_label("Extra seconds per turn").fill("2")
    await page.click("#create-button")
    await page.wait_for_url("**/t/*")
    tid = page.url.rsplit("/", 1)[-1]
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert table["clock_setting"] == {"initial": 180, "increment": 2} and table["name"] is None
    assert not problems, problems
