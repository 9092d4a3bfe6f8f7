"""A Japanese reader meets no English: the lobby, a table of each game (seated,
at desktop and phone sizes), a finished game's ending and its replay, in real
Chromium with the page language chosen as a person does (the header's menu
remembers it in a cookie). Every visible text and every title, label and
placeholder is scanned for Latin-script words outside an allow-list of proper
names and action texts, and every Japanese character on the page is checked
to be drawn by a font (no missing-glyph boxes). Screenshots are kept in
``test-artifacts/`` (``ja-<game>-<size>.png``) for people to look at."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory
from test_server_browser import CHROMIUM, LAPTOP, PHONE, chrome, hold_seat, new_page, shot

from liftoff import bots
from liftoff.engine.messages import known

__all__ = ["chrome"]

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(240),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
#: a Latin-script word: two letters or more, not part of a code with digits (S01, M1)
LATIN_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z'’]+(?![\w-])")
#: rule ids (PL-MOON-3) and card or place codes (S01, L2-M3, W=F) are names, not words
CODES = re.compile(r"\b[A-Z]{2}-[A-Z0-9-]+\b|\b\w*\d\w*\b|\b[A-Z](?:[=+][A-Z])+\b")
#: proper names a Japanese page keeps in Latin letters: the project, the other
#: language's own name, the player's chosen names, and names the Japanese edition keeps
PROPER_NAMES = {"liftoff", "English", "UFO", "Beta", "Minor", "Pios", "Proxima"}
NAMES = {"ja-seat": "アン"}


def latin_words(text: str, allowed: set[str]) -> list[str]:
    """The Latin-script words of ``text`` that are not in ``allowed``.

    >>> latin_words("手札 PL-MOON-3 S01 board rocket F S Ann", {"board", "rocket"})
    ['Ann']
    """
    plain = CODES.sub(" ", text)
    return [w for w in LATIN_WORD.findall(plain) if w not in allowed and w.lower() not in allowed]


#: every text a reader meets on the page: what is shown, and the titles, labels and
#: placeholders of elements (tooltips and screen-reader words)
PAGE_TEXTS = """() => {
  const out = [document.body.innerText, document.title];
  for (const el of document.querySelectorAll("[title],[aria-label],[placeholder],[alt]")) {
    for (const a of ["title", "aria-label", "placeholder", "alt"]) {
      const v = el.getAttribute(a);
      if (v) out.push(v);
    }
  }
  return out.join("\\n");
}"""

#: the characters of ``chars`` the page's font draws as the missing-glyph box
#: (drawn as an unassigned code point is drawn)
MISSING_GLYPHS = """(chars) => {
  const font = getComputedStyle(document.body).fontFamily;
  const c = document.createElement("canvas");
  c.width = 48; c.height = 48;
  const g = c.getContext("2d", { willReadFrequently: true });
  const draw = (ch) => {
    g.clearRect(0, 0, 48, 48);
    g.font = `32px ${font}`;
    g.fillText(ch, 4, 38);
    return g.getImageData(0, 0, 48, 48).data.join(",");
  };
  const box = draw("\\u0378");
  return chars.filter((ch) => draw(ch) === box);
}"""


async def japanese_page(chrome: Any, r: Running, viewport: dict[str, int]) -> tuple[Any, list[str]]:
    page, problems = await new_page(chrome, viewport)
    await page.context.add_cookies([{"name": "liftoff_lang", "value": "ja", "url": r.base}])
    return page, problems


async def check_page(page: Any, allowed: set[str], name: str) -> None:
    """No English on the page, every Japanese character drawn, a screenshot kept."""
    await expect(page.locator("html")).to_have_attribute("lang", "ja")
    text = await page.evaluate(PAGE_TEXTS)
    assert JAPANESE.search(text)
    english = latin_words(text, allowed)
    assert not english, (name, sorted(set(english))[:30])
    chars = sorted({ch for ch in text if JAPANESE.match(ch)})
    missing = await page.evaluate(MISSING_GLYPHS, chars)
    assert not missing, (name, missing[:20])
    await shot(page, name)


def bot(game: str, speed: str) -> dict[str, Any]:
    """A random bot's seat (at ``speed`` in the real-time game)."""
    return {"type": "bot", "bot": "random", **({"speed": speed} if game == "race" else {})}


async def action_words(r: Running, tid: str, token: str) -> set[str]:
    """The words of the actions a player types (kept as they are in every language)."""
    view = (await r.call("GET", f"/api/tables/{tid}/view?lang=ja", token=token)).json()
    words: set[str] = set()
    for a in view.get("legal", []):
        words |= set(re.findall(r"[A-Za-z]+", a["text"]))
    return words


async def test_the_missing_glyph_check_can_fail(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    """The glyph check tells a drawn character from one no font has."""
    r = await server(sqlite_db)
    page, _ = await japanese_page(chrome, r, LAPTOP)
    await page.goto(r.base + "/")
    assert await page.evaluate(MISSING_GLYPHS, ["\u0379", "\U0010fffd"]) == ["\u0379", "\U0010fffd"]
    assert await page.evaluate(MISSING_GLYPHS, ["手", "あ", "ア"]) == []


async def test_the_lobby_in_japanese(server: ServerFactory, sqlite_db: Db, chrome: Any) -> None:
    r = await server(sqlite_db)
    # bots registered by add-ons (another test may have registered one) keep their own names
    addons = {k.capitalize() for k in bots.names() if not known(f"web.server.level.{k}")}
    for size, viewport in (("desktop", LAPTOP), ("phone", PHONE)):
        page, problems = await japanese_page(chrome, r, viewport)
        await page.goto(r.base + "/")
        await page.wait_for_selector("#game option", state="attached")
        await check_page(page, PROPER_NAMES | addons, f"ja-lobby-{size}")
        assert not problems, problems


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
async def test_a_table_in_japanese(
    server: ServerFactory, sqlite_db: Db, chrome: Any, game: str
) -> None:
    r = await server(sqlite_db, bot_delay=0.05)
    made = await r.create(game, [{"type": "you"}, bot(game, "slow")], name=NAMES["ja-seat"])
    tid, token, seat = made["table"]["id"], made["token"], made["seat"]
    allowed = PROPER_NAMES | await action_words(r, tid, token)
    view = await r.view(tid, token)
    if not view["log"] and view["legal"]:  # the person moves first: one move, so the log speaks
        played = await r.act(tid, token, view["legal"][0]["text"], view["version"])
        assert played.status_code == 200, played.text
    for size, viewport in (("desktop", LAPTOP), ("phone", PHONE)):
        page, problems = await japanese_page(chrome, r, viewport)
        await hold_seat(page, r, tid, seat, token, game)
        await page.goto(f"{r.base}/t/{tid}")
        await expect(page.locator("#log li").first).to_be_visible(timeout=20_000)
        allowed |= await action_words(r, tid, token)
        await check_page(page, allowed, f"ja-{game}-{size}")
        assert not problems, problems


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
async def test_an_ending_and_its_replay_in_japanese(
    server: ServerFactory, sqlite_db: Db, chrome: Any, game: str
) -> None:
    r = await server(sqlite_db, bot_delay=0.0)
    made = await r.create(game, [bot(game, "instant")] * 2)
    tid = made["table"]["id"]
    await r.wait_for(tid, lambda t: t["status"] == "over", timeout=150)
    page, problems = await japanese_page(chrome, r, LAPTOP)
    await page.goto(f"{r.base}/t/{tid}")
    await expect(page.locator("#log li").first).to_be_visible()
    await check_page(page, PROPER_NAMES, f"ja-{game}-ending")
    await page.goto(f"{r.base}/t/{tid}/replay")
    await page.wait_for_load_state("networkidle")
    await check_page(page, PROPER_NAMES, f"ja-{game}-replay")
    assert not problems, problems


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
async def test_the_first_game_teaches_in_japanese(
    server: ServerFactory, sqlite_db: Db, chrome: Any, game: str
) -> None:
    """A guided first game in Japanese: the coach's tips, the board and the table
    speak Japanese at phone size."""
    r = await server(sqlite_db, bot_delay=0.05)
    made = (await r.call("POST", f"/api/tutorials/{game}", {"name": NAMES["ja-seat"]})).json()
    tid, token, seat = made["table"], made["token"], made["seat"]
    page, problems = await japanese_page(chrome, r, PHONE)
    await hold_seat(page, r, tid, seat, token, game)
    await page.goto(f"{r.base}/t/{tid}")
    await expect(page.locator(".coach-new").first).to_be_visible(timeout=20_000)
    allowed = PROPER_NAMES | await action_words(r, tid, token)
    await check_page(page, allowed, f"ja-{game}-tutorial")
    assert not problems, problems
