"""Developer words off player screens (issue 39, item 5): what a person reads
on a table's page — shown text, tooltips and screen-reader labels — says the
game in people's words, never an option's name, a step's code, an engine
phase or a place's id."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_browser import CHROMIUM, LAPTOP, chrome, hold_seat, new_page, shot
from test_server_japanese import PAGE_TEXTS, japanese_page

__all__ = ["chrome"]

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(240),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

#: every text a reader meets, the board's drawn words (SVG text) included
READ = PAGE_TEXTS.replace(
    "return out.join",
    'for (const el of document.querySelectorAll("svg text")) out.push(el.textContent);\n'
    "  return out.join",
)


async def read_table(r: Running, tid: str, seat: int, token: str, game: str, lang: str) -> str:
    """Everything a person at seat ``seat`` reads on the table's page."""
    if lang == "ja":
        page, problems = await japanese_page(chrome_of[0], r, LAPTOP)
    else:
        page, problems = await new_page(chrome_of[0], LAPTOP)
    await hold_seat(page, r, tid, seat, token, game)
    await page.goto(f"{r.base}/t/{tid}")
    await expect(page.locator("#board svg").first).to_be_visible(timeout=20_000)
    text: str = await page.evaluate(READ)
    await shot(page, f"words-{game}-{lang}")
    assert not problems, problems
    await page.context.close()
    return text


chrome_of: list[Any] = []


@pytest.fixture(autouse=True)
def _browser(chrome: Any) -> None:
    chrome_of[:] = [chrome]


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_agency_header_says_the_step_in_words(
    server: ServerFactory, sqlite_db: Db, lang: str
) -> None:
    r = await server(sqlite_db, bot_delay=0.05)
    made = await r.create("agency", [{"type": "you"}, {"type": "bot", "bot": "random"}])
    text = await read_table(r, made["table"]["id"], made["seat"], made["token"], "agency", lang)
    assert "obj draft" not in text and "obj_draft" not in text
    assert ("objective draft" if lang == "en" else "目標カードのドラフト") in text


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_planet_says_its_variants_and_the_moon_in_words(
    server: ServerFactory, sqlite_db: Db, lang: str
) -> None:
    r = await server(sqlite_db, bot_delay=0.05)
    made = await r.create(
        "planet", [{"type": "you"}, {"type": "bot", "bot": "random"}], options={"first_game": True}
    )
    text = await read_table(r, made["table"]["id"], made["seat"], made["token"], "planet", lang)
    assert "first_game" not in text
    assert ("First game" if lang == "en" else "はじめてのゲーム") in text
    # the Moon's label says where it is as a person says it (it starts on the star)
    assert not re.search(r"\bslot\d|\bexit\d|at star\b", text)


async def test_race_header_says_the_phase_in_words(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db, bot_delay=0.0)
    bot = {"type": "bot", "bot": "random", "speed": "instant"}
    made = await r.create("race", [bot, bot])
    tid = made["table"]["id"]
    await r.wait_for(tid, lambda t: t["status"] == "over", timeout=150)
    page, problems = await new_page(chrome_of[0], LAPTOP)
    await page.goto(f"{r.base}/t/{tid}")
    await expect(page.locator("#board svg").first).to_be_visible(timeout=20_000)
    text: str = await page.evaluate(READ)
    await shot(page, "words-race-over")
    assert "Phase:" not in text and "resolving" not in text
    assert "Game over" in text
    assert not problems, problems


# -- refusals name the players (issue 38, item 4) -----------------------------------
@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Random bot's turn, not yours"), ("ja", "今はRandom bot")]
)
async def test_a_refusal_over_the_api_names_the_player(
    server: ServerFactory, sqlite_db: Db, lang: str, said: str
) -> None:
    """Acting out of turn is refused naming whose turn it is, not a seat number."""
    r = await server(sqlite_db, bot_delay=60.0)  # the bot keeps its turn while we ask
    made = await r.create("planet", [{"type": "you"}, {"type": "bot", "bot": "random"}])
    tid, token = made["table"]["id"], made["token"]
    view = await r.view(tid, token)
    if made["seat"] in view.get("active", [made["seat"]]) and view["legal"]:
        done = await r.act(tid, token, "end", view["version"])
        assert done.status_code == 200, done.text
        view = await r.view(tid, token)
    body = {"action": "end", "version": view["version"]}
    res = await r.call("POST", f"/api/tables/{tid}/actions?lang={lang}", body, token)
    assert res.status_code == 422, res.text
    words = res.json()["words"]
    assert said in words and not re.search(r"\bp\d|player \d|プレイヤー\d", words, re.I), words
