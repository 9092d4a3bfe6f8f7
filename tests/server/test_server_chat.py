"""Table chat over real WebSockets on loopback, and its panel in headless Chromium:
who hears a message, what is refused, the rate, the recent chat on reconnecting,
reports in the operator's log; chat never enters the game's log or record."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory, WsClient
from test_server_browser import ARTIFACTS, CHROMIUM, PHONE, chrome, hold_seat, new_page, shot

from liftoff.server.tables.chat import CHAT_KEEP, MAX_TEXT, RATE_COUNT

__all__ = ["chrome"]  # the browser fixture, used by the last test

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def chats(client: WsClient, kind: str = "chat") -> list[dict[str, Any]]:
    """The frames of one type a client received, in order."""
    found = [json.loads(f) for f in client.frames]
    return [m for m in found if m["type"] == kind]


async def heard(client: WsClient, count: int, timeout: float = 10.0) -> list[dict[str, Any]]:
    """The client's chat messages once it has ``count`` of them."""
    deadline = asyncio.get_running_loop().time() + timeout
    while len(got := chats(client)) < count:
        assert asyncio.get_running_loop().time() < deadline, f"heard only {got}"
        await asyncio.sleep(0.02)
    return got


BO_TOKENS: dict[str, str] = {}  # table -> the token of Bo's seat


async def two_seats_and_a_spectator(r: Running) -> tuple[str, list[WsClient]]:
    """A planet table with Ann and Bo seated and a spectator, all three connected."""
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Ann")
    tid = made["table"]["id"]
    bo = await r.join(tid, 1, name="Bo")
    BO_TOKENS[tid] = bo["token"]
    clients = [
        await r.connect(tid, made["token"]),
        await r.connect(tid, bo["token"]),
        await r.connect(tid),
    ]
    for c in clients:
        await c.wait_state()
    return tid, clients


async def say(client: WsClient, text: Any) -> dict[str, Any]:
    return await client.request({"type": "chat", "text": text})


async def test_a_message_reaches_everyone_and_never_the_game(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    tid, (ann, bo, watcher) = await two_seats_and_a_spectator(r)
    assert (await say(ann, "  hello\x07 <b>there</b>\n")) == {"type": "ack", "id": 1, "n": 1}
    assert (await say(watcher, "nice opening"))["type"] == "ack"
    for c in (ann, bo, watcher):
        first, second = await heard(c, 2)
        assert first["from"] == {"seat": 0, "name": "Ann"}
        assert first["text"] == "hello <b>there</b>"  # control characters gone, trimmed
        assert first["n"] == 1 and abs(first["at"] - second["at"]) < 30
        assert second["from"] == {"seat": None, "name": "Spectator"}
        assert second["n"] == 2
    # the game goes on: chat is in no state frame, log line, stored action or record
    state = await ann.wait_state()
    legal = state["legal"] or (await bo.wait_state())["legal"]
    mover = ann if state["legal"] else bo
    assert (await mover.act(legal[0]["text"], state["version"]))["type"] == "ack"
    await watcher.wait_state(lambda s: s["version"] > state["version"])
    table = r.manager.tables[tid]
    assert table.log and all("there" not in e.text for e in table.log)
    for c in (ann, bo, watcher):
        assert all("there" not in f for f in c.frames if json.loads(f)["type"] == "state")
    stored = await r.manager.store.load_tables(ids=[tid])
    assert stored and stored[0].actions and "there" not in repr(stored[0])
    assert "nice opening" not in (await r.call("GET", f"/api/tables/{tid}/view")).text


async def test_empty_long_and_fast_messages_are_refused_in_words(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    _, (ann, bo, _watcher) = await two_seats_and_a_spectator(r)
    empty = await say(ann, " \n\t\x00 ")
    assert empty["type"] == "error" and empty["status"] == 422
    assert empty["message"] == "Write something before sending."
    long = await say(ann, "x" * (MAX_TEXT + 1))
    assert long["type"] == "error" and long["status"] == 422
    assert f"at most {MAX_TEXT} characters" in long["message"]
    assert (await say(ann, "x" * MAX_TEXT))["type"] == "ack"
    assert (await say(ann, {"not": "a text"}))["status"] == 422
    # the rate: five messages in ten seconds per connection, then a sentence
    for i in range(RATE_COUNT - 1):
        assert (await say(ann, f"message {i}"))["type"] == "ack"
    fast = await say(ann, "one too many")
    assert fast["type"] == "error" and fast["status"] == 429
    assert fast["message"].startswith(f"You can send {RATE_COUNT} messages every 10 seconds")
    assert (await say(bo, "my own rate"))["type"] == "ack"  # another connection may speak
    texts = [m["text"] for m in await heard(bo, RATE_COUNT + 1)]
    assert "one too many" not in texts and texts[-1] == "my own rate"
    assert len(texts) == RATE_COUNT + 1  # the refused messages reached nobody


async def test_a_reconnecting_browser_gets_the_recent_chat(
    server: ServerFactory, sqlite_db: Db
) -> None:
    # many speakers from one address are limited together (test_cheating_people): here
    # loopback is exempt, as for the load generator, so that they fill the history
    r = await server(sqlite_db, exempt_loopback=True)
    tid, (ann, bo, _watcher) = await two_seats_and_a_spectator(r)
    await say(ann, "first")
    await say(bo, "second")
    assert not chats(ann, "chat_history")  # nothing had been said when Ann came
    await bo.close()
    # Bo comes back (the same seat) and reads what was said
    back = await r.connect(tid, BO_TOKENS[tid])
    history = await wait_history(back)
    # a connection's first frame is its state; the recent chat follows it
    assert json.loads(back.frames[0])["type"] == "state"
    assert (await back.wait_state())["you"] == 1
    assert [(m["from"]["name"], m["text"]) for m in history] == [("Ann", "first"), ("Bo", "second")]
    # many speakers: only the last CHAT_KEEP messages are kept
    speakers = [await r.connect(tid) for _ in range(CHAT_KEEP // RATE_COUNT + 1)]
    for s in speakers:
        for i in range(RATE_COUNT):
            assert (await say(s, f"line {i}"))["type"] == "ack"
    late = await r.connect(tid)
    kept = await wait_history(late)
    assert len(kept) == CHAT_KEEP
    assert kept[-1]["n"] == 2 + len(speakers) * RATE_COUNT
    assert [m["n"] for m in kept] == list(range(kept[0]["n"], kept[-1]["n"] + 1))


async def wait_history(client: WsClient, timeout: float = 10.0) -> list[dict[str, Any]]:
    """The messages of the ``chat_history`` frame a new connection gets."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not (got := chats(client, "chat_history")):
        assert asyncio.get_running_loop().time() < deadline, client.frames
        await asyncio.sleep(0.02)
    messages: list[dict[str, Any]] = got[0]["messages"]
    return messages


async def test_a_report_keeps_the_message_in_the_operators_log(
    server: ServerFactory, sqlite_db: Db, caplog: pytest.LogCaptureFixture
) -> None:
    r = await server(sqlite_db)
    tid, (ann, bo, watcher) = await two_seats_and_a_spectator(r)
    n = (await say(bo, "something rude"))["n"]
    with caplog.at_level(logging.WARNING, logger="liftoff.server"):
        answer = await watcher.request({"type": "report", "n": n})
        assert answer["type"] == "ack" and answer["reported"] == n
        assert answer["message"] == "Thank you. The message was reported to the operator."
        gone = await ann.request({"type": "report", "n": n + 40})
    assert gone["type"] == "error" and gone["status"] == 404
    assert gone["message"] == "That message is no longer kept; it cannot be reported."
    reports = [rec.getMessage() for rec in caplog.records if "chat report" in rec.getMessage()]
    assert len(reports) == 1, reports
    assert tid in reports[0] and "something rude" in reports[0] and "Bo" in reports[0]


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}")
async def test_chat_panel_shows_markup_as_text_and_mutes_a_person(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Ann")
    tid = made["table"]["id"]
    bo_seat = await r.join(tid, 1, name="Bo")
    pages, problems = [], []
    for token, seat in ((made["token"], 0), (bo_seat["token"], 1), (None, None)):
        page, seen = await new_page(chrome)
        if token is not None and seat is not None:
            await hold_seat(page, r, tid, seat, token, "planet")
        await page.goto(f"{r.base}/t/{tid}")
        await expect(page.locator("#chat-send")).to_be_enabled()  # the socket is open
        pages.append(page)
        problems.append(seen)
    ann, bo, watcher = pages
    await ann.fill("#chat-text", "<b>markup</b>")
    await ann.click("#chat-form button")
    for page in pages:
        line = page.locator("#chat-list li").last
        await expect(line.locator(".chat-text")).to_have_text("<b>markup</b>")
        assert await page.locator("#chat-list b").count() == 0
    await expect(ann.locator("#chat-text")).to_have_value("")
    await expect(watcher.locator("#chat-news")).to_have_text("Ann says: <b>markup</b>")
    await expect(bo.locator("#chat-list li .chat-who")).to_have_text("Ann")
    await expect(ann.locator("#chat-list li .chat-who")).to_have_text("Ann (you)")
    await shot(watcher, "chat-spectator")
    # Bo mutes Ann: her messages go from Bo's page (and stay gone after a reload)
    mute = bo.locator('#chat-mute button[data-mute="seat:0"]')
    await expect(mute).to_have_text("Mute Ann")
    await mute.click()
    await expect(mute).to_have_attribute("aria-pressed", "true")
    await expect(bo.locator("#chat-list li")).to_have_count(0)
    await ann.fill("#chat-text", "can you hear me?")
    await ann.press("#chat-text", "Enter")
    await expect(watcher.locator("#chat-list li")).to_have_count(2)
    await watcher.fill("#chat-text", "spectator here")
    await watcher.click("#chat-form button")
    await expect(bo.locator("#chat-list li .chat-text")).to_have_text(["spectator here"])
    # the spectator's own message is theirs (no Report on it), though every spectator
    # speaks as "Spectator"
    own = watcher.locator("#chat-list li").last
    await expect(own.locator(".chat-who")).to_have_text("Spectator (you)")
    assert await own.locator("button.chat-report").count() == 0
    assert await bo.locator("#chat-list li button.chat-report").count() == 1
    await bo.reload()
    await expect(bo.locator("#chat-list li .chat-text")).to_have_text(["spectator here"])
    # the spectator's own message is theirs (no Report on it), though every spectator
    # speaks as "Spectator"
    own = watcher.locator("#chat-list li").last
    await expect(own.locator(".chat-who")).to_have_text("Spectator (you)")
    assert await own.locator("button.chat-report").count() == 0
    assert await bo.locator("#chat-list li button.chat-report").count() == 1
    await expect(bo.locator('#chat-mute button[data-mute="seat:0"]')).to_have_text("Unmute Ann")
    await shot(bo, "chat-bo-muted-ann")
    # a report from the page gets the server's thanks
    await watcher.locator("#chat-list li").first.locator("button.chat-report").click()
    await expect(watcher.locator("#chat-error")).to_have_text(
        "Thank you. The message was reported to the operator."
    )
    # a refusal shows in the chat panel, not as a refused move
    error = watcher.locator("#chat-error")
    for _ in range(3 * RATE_COUNT):  # within ten seconds, however slow the machine
        await watcher.fill("#chat-text", "again")
        await watcher.click("#chat-form button")
        await watcher.wait_for_function(
            "() => !document.getElementById('chat-text').value"
            " || document.getElementById('chat-error').textContent.includes('every 10 seconds')"
        )
        if "every 10 seconds" in await error.text_content():
            break
    await expect(error).to_contain_text("You can send 5 messages every 10 seconds")
    await expect(watcher.locator("#chat-text")).to_have_value("again")  # kept to send later
    await expect(watcher.locator("#refusal .refusal")).to_have_count(0)
    await shot(watcher, "chat-refused")
    await watcher.set_viewport_size(PHONE)
    await watcher.locator("#chat-panel").scroll_into_view_if_needed()
    await watcher.locator("#chat-panel").screenshot(path=str(ARTIFACTS / "chat-phone.png"))
    assert not any(problems), problems
