"""Hints at the server: ``POST /api/tables/{id}/hint`` as a cheater would try it
(another seat's token, a spectator, hints off), one search per seat and version,
legal suggestions, and no dependence on what the asking seat cannot see."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_helpers import Db, Running, ServerFactory

import liftoff
from liftoff import speech
from liftoff.engine import Rng, State, derive_seed
from liftoff.server.tables.hints import HINT_ITERATIONS, search

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]

SOLO = [{"type": "you"}, {"type": "bot", "bot": "random"}]
PAIR = [{"type": "you"}, {"type": "open"}]


async def ask(r: Running, tid: str, token: str | None) -> Any:
    return await r.call("POST", f"/api/tables/{tid}/hint", token=token)


async def my_turn(r: Running, tid: str, token: str, seat: int) -> dict[str, Any]:
    """The seat's view once it may act (the bot has played)."""
    for _ in range(200):
        view = await r.view(tid, token)
        if view["table"]["status"] == "playing" and seat in view["table"]["active"]:
            return view
        await asyncio.sleep(0.05)
    raise AssertionError("never my turn")


async def test_hints_default_on_alone_off_with_two_people(server: ServerFactory, db: Db) -> None:
    r = await server(db, bot_processes=0)
    solo = await r.create("planet", SOLO, name="Ann")
    pair = await r.create("planet", PAIR, name="Ann")
    chosen = await r.create("planet", PAIR, name="Ann", hints=True)
    assert solo["table"]["hints"] is True
    assert pair["table"]["hints"] is False
    assert chosen["table"]["hints"] is True
    # everyone sees the setting, spectators too
    assert (await r.call("GET", f"/api/tables/{pair['table']['id']}")).json()["hints"] is False


async def test_hints_off_at_two_person_table_are_refused(server: ServerFactory, db: Db) -> None:
    r = await server(db, bot_processes=0)
    made = await r.create("planet", PAIR, name="Ann")
    tid = made["table"]["id"]
    await r.join(tid, 1, name="Bo")
    res = await ask(r, tid, made["token"])
    assert res.status_code == 403
    assert res.json()["error"] == "hints-off"
    assert res.json()["words"] == "Hints are off at this table."


async def test_spectator_and_other_seats_token_get_no_hint(server: ServerFactory, db: Db) -> None:
    r = await server(db, bot_processes=0)
    made = await r.create("planet", PAIR, name="Ann", hints=True)
    tid = made["table"]["id"]
    bo = await r.join(tid, 1, name="Bo")
    tokens = {0: made["token"], 1: bo["token"]}
    mover = (await r.view(tid))["table"]["active"][0]
    idle_token = tokens[1 - mover]
    spectator = await ask(r, tid, None)
    assert spectator.status_code == 403 and spectator.json()["words"]
    # the seat that may not act cannot get the mover's hint with its own token
    idle = await ask(r, tid, idle_token)
    assert idle.status_code == 409 and idle.json()["error"] == "not-your-turn"
    assert "not your turn" in idle.json()["words"]
    # nor with a made-up or another table's token
    other = await r.create("planet", SOLO, name="Cy")
    assert (await ask(r, tid, other["token"])).status_code == 403
    assert (await ask(r, tid, "not-a-token")).status_code == 403
    assert r.manager.tables[tid].hints_given == {}  # nothing was searched for anyone


async def test_hint_is_legal_and_repeats_at_the_same_version(server: ServerFactory, db: Db) -> None:
    r = await server(db)  # the search runs in the bot worker process
    made = await r.create("planet", SOLO, name="Ann")
    tid, token = made["table"]["id"], made["token"]
    view = await my_turn(r, tid, token, 0)
    first, again = await asyncio.gather(ask(r, tid, token), ask(r, tid, token))
    assert first.status_code == 200, first.text
    body = first.json()
    assert again.json() == body and (await ask(r, tid, token)).json() == body
    assert body["version"] == view["version"]
    assert body["action"] in [a["text"] for a in view["legal"]]
    table = r.manager.tables[tid]
    action = table.game.parse_action(table.state, 0, body["action"])
    assert body["said"] == speech.of(table.game).describe(table.state, 0, action)
    assert isinstance(body["reason"], str)
    assert (await r.view(tid, token))["version"] == view["version"]  # not played
    # the next position gets a new search, and again a legal suggestion
    assert (await r.act(tid, token, body["action"], view["version"])).status_code == 200
    if table.status == "playing":
        view = await my_turn(r, tid, token, 0)
        nxt = (await ask(r, tid, token)).json()
        assert nxt["version"] == view["version"] != body["version"]
        assert nxt["action"] in [a["text"] for a in view["legal"]]


async def test_no_hint_in_a_real_time_or_finished_game(server: ServerFactory, db: Db) -> None:
    r = await server(db, bot_processes=0)
    made = await r.create("race", SOLO, name="Ann")
    res = await ask(r, made["table"]["id"], made["token"])
    assert res.status_code == 409 and "real-time" in res.json()["words"]


async def test_no_hint_after_the_end_and_a_rematch_keeps_the_setting(
    server: ServerFactory, db: Db
) -> None:
    r = await server(db, bot_processes=0)
    on = await r.create("planet", SOLO, name="Ann", hints=True)
    off = await r.create("planet", SOLO, name="Ann", hints=False)
    for made in (on, off):
        await r.play_out(made["table"]["id"], made["token"])
    res = await ask(r, on["table"]["id"], on["token"])
    assert res.status_code == 409 and res.json()["words"] == "The game is over."
    res = await r.call("POST", f"/api/tables/{off['table']['id']}/rematch", token=off["token"])
    again = (await r.call("GET", f"/api/tables/{res.json()['table']}")).json()
    assert again["hints"] is False  # the creator's choice, not the default for one person


async def test_the_setting_survives_a_restart(server: ServerFactory, db: Db) -> None:
    r = await server(db, bot_processes=0)
    on = await r.create("planet", PAIR, name="Ann", hints=True)
    off = await r.create("planet", SOLO, name="Ann", hints=False)
    await r.stop()
    r2 = await server(db, bot_processes=0)
    assert r2.manager.tables[on["table"]["id"]].hints is True
    assert r2.manager.tables[off["table"]["id"]].hints is False


def position(game: str, seed: int) -> State:
    """A two-player state after some random play (not finished)."""
    state = liftoff.games.get(game).new_game(2, derive_seed(seed, "pos"))
    rng = Rng(derive_seed(seed, "walk"))
    for _ in range(12):
        active = state.active_players()
        if state.is_over() or not active:
            break
        p = active[0]
        legal = state.legal_actions(p)
        state.apply_legal(p, legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize("game", ["planet", "agency"])
async def test_the_hint_never_depends_on_hidden_information(game: str) -> None:
    spec = f"hard:iterations={HINT_ITERATIONS}"
    for seed in (3, 4):
        state = position(game, seed)
        assert not state.is_over()
        p = state.active_players()[0]
        # the same visible position, other hidden cards for the others
        a, b = state.determinize(p, 11), state.determinize(p, 22)
        assert a.view(p) == b.view(p) == state.view(p)
        assert search(a, p, 5, spec) == search(b, p, 5, spec) == search(state, p, 5, spec)


@pytest.mark.browser
@pytest.mark.timeout(180)
async def test_hint_button_in_the_browser(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    """Click Hint on a laptop and on a phone: the words and the reason show under the
    actions, the suggested action is highlighted, and nothing is played."""
    browser = pytest.importorskip("test_server_browser")
    from playwright.async_api import expect

    r = await server(sqlite_db, bot_delay=0.05)
    page, problems = await browser.new_page(chrome, {"width": 1366, "height": 800})
    tid = await browser.create_in_lobby(page, r, "planet", ["you", "bot:random"])
    await expect(page.locator("#hints-setting")).to_have_text("Hints are on at this table.")
    for size, name in (((1366, 800), "laptop"), ((390, 844), "phone")):
        await page.set_viewport_size({"width": size[0], "height": size[1]})
        button = page.locator("#hint-button")
        await expect(button).to_be_visible(timeout=20000)
        version = await browser.version_of(r, tid)
        await button.click()
        box = page.locator("#hint-box")
        await expect(box).to_contain_text("Hint:", timeout=30000)
        table = r.manager.tables[tid]
        searched, text, _, _ = table.hints_given[0][1].result()
        move = table.game.parse_action(searched, 0, text)
        answer = {"said": speech.of(table.game).describe(searched, 0, move), "action": text}
        await expect(box).to_contain_text(answer["said"])
        hinted = page.locator("#actions button.hinted")
        await expect(hinted).to_have_count(1)
        assert await hinted.get_attribute("data-act") == answer["action"]
        assert await browser.version_of(r, tid) == version  # not played
        await browser.shot(page, f"hint-{name}")
        await hinted.click()  # play it: the next turn asks again
        sure = page.locator("#movebar [data-sure]")  # a hint to end the turn is asked
        if await sure.count():  # about first, like any turn-ending move
            await sure.click()
        await expect(page.locator("#table")).not_to_have_attribute(
            "data-version", str(version), timeout=20000
        )
        await expect(box).to_be_hidden()
    assert not problems, problems


@pytest.mark.browser
@pytest.mark.timeout(180)
async def test_the_lobby_sets_hints_for_the_table(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    """The lobby's hints box: on for one person with bots, off once a seat is open
    for a friend, and what the creator chose is the table's setting."""
    browser = pytest.importorskip("test_server_browser")
    from playwright.async_api import expect

    r = await server(sqlite_db, bot_delay=0.05)
    page, problems = await browser.new_page(chrome, {"width": 1366, "height": 800})
    await page.goto(r.base + "/")
    await page.wait_for_selector("#game option", state="attached")
    await page.select_option("#game", "planet")
    await page.select_option("#players", "2")
    await expect(page.locator("#hints")).to_be_checked()
    await page.locator("#seats .kind").nth(1).select_option("open")
    await expect(page.locator("#hints")).not_to_be_checked()
    await page.select_option("#game", "race")
    await expect(page.locator("#hints-box")).to_be_hidden()
    # a friend's seat, and hints turned on by hand: the table has them
    await page.select_option("#game", "planet")
    await page.select_option("#players", "2")
    await page.locator("#seats .kind").nth(1).select_option("open")
    await page.check("#hints")
    await page.locator("#seats .kind").nth(1).select_option("open")
    await expect(page.locator("#hints")).to_be_checked()  # the choice is kept
    await page.fill("#name", "Ann")
    await page.click("#create-button")
    await page.wait_for_url("**/t/*")
    tid = page.url.rsplit("/", 1)[-1]
    assert (await r.call("GET", f"/api/tables/{tid}")).json()["hints"] is True
    await expect(page.locator("#hints-setting")).to_have_text("Hints are on at this table.")
    assert not problems, problems
