"""Endings that explain and a way on: the end screen checked against the engine,
finished games listed with winners and dates, the replay narrated and leading
back to the table, rematch invitations live for everyone at the table."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_browser import CHROMIUM, PHONE, chrome, hold_seat, new_page, shot

import liftoff
from liftoff import speech

__all__ = ["chrome"]  # the fixture, imported for the tests below

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(240)]

BOTS = {
    "planet": [{"type": "bot", "bot": "random"}] * 2,
    "race": [{"type": "bot", "bot": "random", "speed": "fast"}] * 2,
    "agency": [{"type": "bot", "bot": "random"}] * 2,
}
needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"
)


async def two_people_finished(r: Running) -> tuple[str, str, str, dict[str, Any]]:
    """A planet game Ann and Bo played out (over REST)."""
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Ann")
    tid = made["table"]["id"]
    bo = await r.join(tid, 1, name="Bo")
    over = await r.play_out(tid, made["token"], bo["token"])
    return tid, made["token"], bo["token"], over


async def seated(chrome: Any, r: Running, tid: str, seat: int | None, token: str | None) -> Any:
    page, problems = await new_page(chrome)
    if token is not None and seat is not None:
        await hold_seat(page, r, tid, seat, token, "planet")
    await page.goto(f"{r.base}/t/{tid}")
    page.problems = problems
    return page


async def test_finished_games_say_who_won_and_when(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db, bot_delay=0.0)
    tid, _ann, _bo, over = await two_people_finished(r)
    listed = (await r.call("GET", "/api/tables?status=over")).json()["tables"]
    item = next(t for t in listed if t["id"] == tid)
    assert item["names"] == ["Ann", "Bo"]
    won = [["Ann", "Bo"][w] for w in over["outcome"]["winners"]]
    assert item["winners"] == won and won
    assert item["winning_score"] == over["outcome"]["scores"][over["outcome"]["winners"][0]]
    assert item["created_at"] <= item["ended_at"]


async def test_the_replay_is_narrated_for_the_seat_that_watches(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db, bot_delay=0.0)
    made = await r.create("planet", BOTS["planet"])
    tid = made["table"]["id"]
    await r.wait_for(tid, lambda t: t["status"] == "over", timeout=60)
    rep = (await r.call("GET", f"/api/tables/{tid}/replay?step=5&seat=0")).json()
    narrated = rep["narrated"]
    assert len(narrated) == rep["steps"] == len(rep["actions"])
    assert rep["lines"] == narrated[4]
    assert sum(1 for lines in narrated if lines) > len(narrated) // 2  # most steps are told
    assert all(isinstance(x, str) and x and not x.startswith("p0") for s in narrated for x in s)
    # a spectator is told what a spectator saw (no card drawn in another's hand)
    spectator = (await r.call("GET", f"/api/tables/{tid}/replay?step=5")).json()["narrated"]
    assert len(spectator) == len(narrated)
    # a game still in play has no replay: refused in words
    running = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    res = await r.call("GET", f"/api/tables/{running['table']['id']}/replay")
    assert res.status_code == 403 and res.json()["error"] == "in-play"


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize("game", sorted(BOTS))
async def test_end_screen_shows_every_source_and_hidden_card(
    server: ServerFactory, sqlite_db: Db, chrome: Any, game: str
) -> None:
    r = await server(sqlite_db, bot_delay=0.0, race_start_pause=0.2, race_round_pause=0.2)
    tid = (await r.create(game, BOTS[game]))["table"]["id"]
    over = await r.wait_for(tid, lambda t: t["status"] == "over", timeout=150)
    record = (await r.call("GET", f"/api/tables/{tid}/record")).json()
    engine = liftoff.games.get(game)
    state = engine.replay(record)  # the engine's own word on the ending
    outcome = state.outcome()
    assert outcome is not None and list(outcome.scores) == over["outcome"]["scores"]
    shown = state.revealed()
    page = await seated(chrome, r, tid, None, None)
    await page.wait_for_selector("#end[open]")
    rows = page.locator("#end-body .end-scores tbody tr")
    await expect(rows).to_have_count(state.num_players)
    names = [s["name"] for s in over["seats"]]
    for place, p in enumerate(outcome.ranking):
        row = await rows.nth(place).inner_text()
        assert names[p] in row and f"{outcome.scores[p]:g}" in row
        sources = state.score_breakdown()[p]
        for key, points in sources.items():
            if points or not any(sources.values()):
                assert f"{speech.of(engine).score_label(key)} {points:g}" in row, (game, key, row)
        for key, cards in shown["seats"][p].items():
            if cards:
                assert speech.of(engine).reveal_label(key) in row and all(c in row for c in cards)
    piles = {k: v for k, v in shown.get("table", {}).items() if v}
    if piles:
        await page.click("#end-body .piles summary")
        text = await page.locator("#end-body .piles").inner_text()
        for key, cards in piles.items():
            assert speech.of(engine).reveal_label(key) in text and all(c in text for c in cards)
    await shot(page, f"end-{game}-laptop")
    assert not page.problems, page.problems


@pytest.mark.browser
@needs_chromium
async def test_a_rematch_invitation_reaches_the_open_end_screen(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=0.0)
    tid, ann_token, bo_token, _over = await two_people_finished(r)
    ann = await seated(chrome, r, tid, 0, ann_token)
    bo = await seated(chrome, r, tid, 1, bo_token)
    for page in (ann, bo):
        await page.wait_for_selector("#end[open]")
        await expect(page.locator("#rematch")).to_have_text("Rematch")
    await ann.click("#rematch")
    await ann.wait_for_url(re.compile(r".*/t/(?!" + re.escape(tid) + r")[\w-]+$"))
    new_id = ann.url.rsplit("/", 1)[-1]
    # Bo's dialog, still open, changes without a reload
    await expect(bo.locator("#rematch")).to_have_text("Join the rematch")
    await expect(bo.locator("#rematch-note")).to_have_text("A rematch has started: join it.")
    await expect(bo.locator("#banner")).to_contain_text("A rematch has started.")
    await shot(bo, "rematch-invitation")
    await bo.click("#rematch")
    await bo.wait_for_url(f"**/t/{new_id}")
    await expect(bo.locator("#players")).to_contain_text("Bo (you)")
    # back at the old table, Bo is offered to go back to the rematch, not a new one
    await bo.goto(f"{r.base}/t/{tid}")
    await bo.wait_for_selector("#end[open]")
    await expect(bo.locator("#rematch")).to_have_text("Go to the rematch")
    new = (await r.call("GET", f"/api/tables/{new_id}")).json()
    assert [s["name"] for s in new["seats"]] == ["Ann", "Bo"]
    assert not ann.problems and not bo.problems, ann.problems + bo.problems


@pytest.mark.browser
@needs_chromium
async def test_replay_leads_back_to_the_table_and_lobby_lists_winners(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=0.0)
    running = await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Ann")
    rid = running["table"]["id"]
    page, problems = await new_page(chrome, PHONE)
    await page.goto(f"{r.base}/t/{rid}/replay")
    wait = page.locator("#replay-wait")
    await expect(wait).to_contain_text("its replay opens when it ends")
    await wait.get_by_role("link", name="Back to the table").click()
    await page.wait_for_url(f"**/t/{rid}")
    # a finished game: narrated steps, the way back, and the lobby's line
    tid = (await r.create("planet", BOTS["planet"]))["table"]["id"]
    over = await r.wait_for(tid, lambda t: t["status"] == "over", timeout=60)
    await page.goto(f"{r.base}/t/{tid}/replay")
    first = page.locator("#replay-actions li").first
    # the replay is computed in the replay worker: on a busy machine it takes seconds
    await expect(first).to_be_visible(timeout=30000)
    rep = (await r.call("GET", f"/api/tables/{tid}/replay")).json()
    told = next(lines for lines in rep["narrated"] if lines)
    await expect(page.locator("#replay-actions")).to_contain_text(told[0])
    await shot(page, "replay-narrated-phone")
    await page.click("#back-to-table")
    await page.wait_for_url(f"**/t/{tid}")
    await page.goto(r.base + "/")
    won = [over["seats"][w]["name"] for w in over["outcome"]["winners"]]
    said = f"{won[0]} won" if len(won) == 1 else f"{' and '.join(won)} shared the win"
    line = page.locator("#over li", has_text=said)
    await expect(line.first).to_be_visible()
    assert await line.first.locator("time[datetime]").count() == 1
    await shot(page, "lobby-finished-phone")
    assert not problems, problems


async def test_a_finished_games_seats_are_known_read_again(server: ServerFactory, db: Db) -> None:
    """A finished game read again from the database (after a restart, or on another
    member of a cluster) still knows its seats' tokens, as the server that played
    it does: a player sees their own seat's view, not a refusal."""
    r = await server(db, bot_delay=0.0)
    tid, ann, bo, _over = await two_people_finished(r)
    assert (await r.view(tid, ann))["you"] == 0
    await r.stop()
    again = await server(db)
    assert (await again.view(tid, ann))["you"] == 0
    assert (await again.view(tid, bo))["you"] == 1
    refused = await again.call("GET", f"/api/tables/{tid}/view", token="not-a-seat-token")
    assert refused.status_code == 403
