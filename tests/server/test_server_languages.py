"""Each reader's frames speak their own language: the narrated log, refusals and
the ending, in Japanese for a socket that says ``lang: ja``, in English for the
others at the same table (and for a language without a catalogue)."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, ServerFactory, WsClient
from test_server_browser import CHROMIUM, chrome, new_page, shot

__all__ = ["chrome"]

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def lines(client: WsClient) -> list[str]:
    """Every narrated log line the socket was sent."""
    out: list[str] = []
    for raw in client.frames:
        frame = json.loads(raw)
        if frame.get("type") == "state":
            out += [x for e in frame.get("log", []) for x in e.get("lines", [])]
    return out


async def test_two_readers_of_one_table_each_read_their_language(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db, bot_delay=0.0)
    made = await r.create("planet", [{"type": "you"}, {"type": "bot", "bot": "random"}], name="Ann")
    tid, tok = made["table"]["id"], made["token"]
    ja = await r.connect(tid, tok, lang="ja")
    watcher = await r.connect(tid)  # no language: English
    odd = await r.connect(tid, lang="xx" * 40)  # nonsense: English, not an error
    state = await ja.wait_state(lambda s: bool(s["legal"]))
    # a refusal in Japanese words (the rule's id stays), while the English one stays English
    bad = await ja.act("move core S3", state["version"])
    assert bad["type"] == "error"
    refused = await ja.wait_state(lambda s: s["refusal"] is not None)
    assert JAPANESE.search(refused["refusal"]["words"]) and refused["refusal"]["rule"]
    assert "said" not in refused["refusal"]  # internal
    ended = await ja.act("end", refused["version"])
    assert ended["type"] == "ack"
    await ja.wait_state(lambda s: s["version"] > refused["version"] + 1)
    await watcher.wait_state(lambda s: s["version"] > refused["version"] + 1)
    mine, theirs, odds = lines(ja), lines(watcher), lines(odd)
    assert mine and theirs and odds
    assert all(JAPANESE.search(x) for x in mine), mine
    assert not any(JAPANESE.search(x) for x in theirs + odds), theirs
    # REST asks by parameter; English by default
    view = (await r.call("GET", f"/api/tables/{tid}/view?lang=ja", token=tok)).json()
    assert any(JAPANESE.search(x) for e in view["log"] for x in e["lines"])
    plain = (await r.call("GET", f"/api/tables/{tid}/view", token=tok)).json()
    assert not any(JAPANESE.search(x) for e in plain["log"] for x in e["lines"])
    assert (await r.call("GET", f"/api/tables/{tid}/view?lang={'x' * 99}")).status_code == 422
    for c in (ja, watcher, odd):
        await c.close()


async def test_the_ending_is_told_in_each_readers_language(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db, bot_delay=0.0)
    made = await r.create("agency", [{"type": "bot", "bot": "random"}] * 2)
    tid = made["table"]["id"]
    await r.wait_for(tid, lambda t: t["status"] == "over", timeout=120)
    ja, en = await r.connect(tid, lang="ja"), await r.connect(tid)
    ending_ja = (await ja.wait_state())["table"]["ending"]
    ending_en = (await en.wait_state())["table"]["ending"]
    assert JAPANESE.search(ending_ja["headline"]) and not JAPANESE.search(ending_en["headline"])
    labels = [x["label"] for p in ending_ja["players"] for x in p["sources"]]
    assert all(JAPANESE.search(x) for x in labels), labels
    for c in (ja, en):
        await c.close()


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}")
async def test_a_reader_chooses_japanese_at_the_table(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    r = await server(sqlite_db, bot_delay=0.05)
    made = await r.create("planet", [{"type": "bot", "bot": "random"}] * 2)
    tid = made["table"]["id"]
    await r.wait_for(tid, lambda t: t["version"] > 3, timeout=30)
    page, problems = await new_page(chrome)
    await page.goto(f"{r.base}/t/{tid}")
    await expect(page.locator("#log li").first).to_be_visible()
    assert not JAPANESE.search(await page.locator("#log").inner_text())
    await page.select_option("#lang", "ja")
    await expect(page.locator("#log li").first).to_contain_text(JAPANESE)
    await page.reload()  # remembered
    await expect(page.locator("#lang")).to_have_value("ja")
    await expect(page.locator("#log li").first).to_contain_text(JAPANESE)
    await shot(page, "table-log-japanese")
    assert not problems, problems
