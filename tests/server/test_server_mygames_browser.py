""" "My games" in a real Chromium: a person's tables with their turn first and the
time left, on a laptop and a phone, in English and Japanese; the list updates
by itself when another player moves; the header links to it from every page; the
table page says how many days a move and that the game is rated. Screenshots go
to ``test-artifacts/``."""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.async_api import expect
from server_helpers import Db, Running, ServerFactory, until
from test_server_a11y import axe_problems
from test_server_accounts import PUBLIC, Mailbox, smtp
from test_server_browser import ARTIFACTS, CHROMIUM, LAPTOP, PHONE, chrome, new_page, shot

from liftoff.server.clock import VirtualClock

__all__ = ["ARTIFACTS", "chrome", "smtp"]

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(240),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

LOOKS = [
    ("en", LAPTOP, "laptop"),
    ("en", PHONE, "phone"),
    ("ja", LAPTOP, "laptop"),
    ("ja", PHONE, "phone"),
]
YOUR_TURN = {"en": "Your turn", "ja": "あなたの手番"}
WAITING = {"en": "Waiting for Bo", "ja": "Boの手番を待っています"}
PLANET = {"family": True, "first_player": 0}


async def table_of(
    r: Running, maker: str, joiner: str | None, names: tuple[str, str], **extra: Any
) -> tuple[str, str, str | None]:
    """A planet table made by person ``maker`` (who plays first), joined by
    ``joiner`` (or left open); the table and the seat tokens."""
    body = {
        "game": "planet",
        "players": 2,
        "seats": [{"type": "you"}, {"type": "open"}],
        "name": names[0],
        "options": PLANET,
        **extra,
    }
    made = await r.http.post("/api/tables", json=body, headers={"X-Liftoff-Person": maker})
    assert made.status_code == 201, made.text
    tid = made.json()["table"]["id"]
    if joiner is None:
        return tid, made.json()["token"], None
    joined = await r.http.post(
        f"/api/tables/{tid}/join", json={"name": names[1]}, headers={"X-Liftoff-Person": joiner}
    )
    assert joined.status_code == 200, joined.text
    return tid, made.json()["token"], joined.json()["token"]


async def person(r: Running) -> str:
    made = await r.http.post(
        "/api/tables",
        json={"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]},
        headers={"X-Liftoff-Person": "new"},
    )
    tid, token = made.json()["table"]["id"], made.json()["token"]
    await r.call("POST", f"/api/tables/{tid}/leave", None, token)
    token_of_person: str = made.json()["person"]
    return token_of_person


async def test_my_games_as_people_see_it(chrome: Any, server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db, clock=VirtualClock(), dormant_after=0)
    ann, bo = await person(r), await person(r)
    mine, _ann_tok, _ = await table_of(
        r, ann, bo, ("Ann", "Bo"), clock={"preset": "day-1"}, title="Sunday game"
    )
    theirs, bo_tok, _ = await table_of(
        r, bo, ann, ("Bo", "Ann"), clock={"preset": "day-3"}, rated=True
    )
    await table_of(r, ann, None, ("Ann", ""), clock={"preset": "day-7"})
    problems: list[str] = []
    for lang, size, kind in LOOKS:
        page, seen = await new_page(chrome, size)
        await page.context.add_cookies(
            [
                {"name": "liftoff_person", "value": ann, "url": r.base},
                {"name": "liftoff_lang", "value": lang, "url": r.base},
            ]
        )
        await page.goto(r.base + "/")
        await page.click("a.my-games-link")
        await page.wait_for_url("**/my-games")
        items = page.locator("#games .my-game")
        await expect(items).to_have_count(3)
        await expect(items.nth(0)).to_contain_text(YOUR_TURN[lang])
        await expect(items.nth(0)).to_have_class("my-game turn")
        await expect(items.nth(1)).to_contain_text(WAITING[lang])
        await shot(page, f"mygames-{lang}-{kind}")
        assert (await axe_problems(page))[0] == [], (lang, kind)
        wide = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert wide <= 0, (lang, kind, wide)
        problems += seen
        # the table page says its days a move (and rated, at Bo's table)
        await page.goto(f"{r.base}/t/{theirs}")
        await expect(page.locator("#players li")).to_have_count(2)
        facts = page.locator(".table-facts")
        await expect(facts).to_contain_text("3")
        await expect(facts.locator(".tag.rated")).to_have_count(1)
        await shot(page, f"mygames-table-facts-{lang}-{kind}")
        await page.goto(f"{r.base}/t/{mine}")
        await expect(page.locator(".table-facts .tag.rated")).to_have_count(0)
        if (lang, kind) == LOOKS[-1][::2]:
            # the last look stays open: Bo moves at his table, and the list shows
            # Ann's two turns without her doing anything
            await page.goto(f"{r.base}/my-games")
            await expect(page.locator("#games .my-game.turn")).to_have_count(1)
            view = await r.view(theirs, bo_tok)
            res = await r.act(theirs, bo_tok, view["legal"][0]["text"], view["version"])
            assert res.status_code == 200, res.text
            await expect(page.locator("#games .my-game.turn")).to_have_count(2, timeout=15_000)
            await expect(page.locator("#turns")).to_have_text("2卓であなたの手番です。")
            await shot(page, f"mygames-{lang}-{kind}-updated")
        await page.context.close()
    assert not problems, problems


SIGNED_IN = {"en": "Signed in as", "ja": "でサインインしています"}


async def test_signing_in_by_a_mailed_link_as_people_see_it(
    chrome: Any, server: ServerFactory, sqlite_db: Db, smtp: tuple[Mailbox, str]
) -> None:
    box, where = smtp
    r = await server(sqlite_db, clock=VirtualClock(), smtp=where, public_url=PUBLIC)
    bo = await person(r)
    problems: list[str] = []
    for lang, size, kind in LOOKS:
        ann = await person(r)  # a browser of Ann's: each look another device
        await table_of(r, ann, bo, ("Ann", "Bo"), clock={"preset": "day-2"})
        page, seen = await new_page(chrome, size)
        await page.context.add_cookies(
            [
                {"name": "liftoff_person", "value": ann, "url": r.base},
                {"name": "liftoff_lang", "value": lang, "url": r.base},
            ]
        )
        await page.goto(r.base + "/my-games")
        await expect(page.locator("#signed-out")).to_be_visible()
        await page.fill("#email", "ann@example.org")
        mails = len(box.mails)
        await page.click("#sign-in button")
        await expect(page.locator("#account-said")).to_contain_text("ann@example.org")
        await shot(page, f"signin-asked-{lang}-{kind}")
        assert (await axe_problems(page))[0] == [], (lang, kind)
        await until("the mail", lambda n=mails: len(box.mails) == n + 1)  # type: ignore[misc]
        await page.goto(f"{r.base}/sign-in#{box.link_to('ann@example.org')}")
        await expect(page.locator("#said")).to_contain_text("ann@example.org")
        assert "#" not in page.url  # the token left the address bar
        await shot(page, f"signin-done-{lang}-{kind}")
        await page.click("a[href='/my-games'].button")
        await expect(page.locator("#who")).to_contain_text(SIGNED_IN[lang])
        # every device signed in so far lists the tables of all of them
        await expect(page.locator("#games .my-game")).to_have_count(
            LOOKS.index((lang, size, kind)) + 1
        )
        await shot(page, f"signin-mygames-{lang}-{kind}")
        wide = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert wide <= 0, (lang, kind, wide)
        problems += seen
        await page.context.close()
        # (each device asks for its own link: three an hour per email, so the next
        # look's mail goes out an hour later)
        await r.manager.settings.clock.advance(3600)  # type: ignore[attr-defined]
    assert not problems, problems


ELSEWHERE = {"en": "on another of your devices", "ja": "別の端末"}
PLAY_HERE = {"en": "Play here", "ja": "この端末で遊ぶ"}


async def test_a_second_device_says_it_watches_and_plays_here_when_asked(
    chrome: Any, server: ServerFactory, sqlite_db: Db, smtp: tuple[Mailbox, str]
) -> None:
    from days_helpers import sign_in, signed_in

    box, where = smtp
    r = await server(sqlite_db, clock=VirtualClock(), smtp=where, public_url=PUBLIC)
    bo = await person(r)
    problems: list[str] = []
    for lang, size, kind in (LOOKS[0], LOOKS[3]):
        phone = await signed_in(r, box, f"ann-{lang}@example.org")
        tid, phone_token, _ = await table_of(r, phone, bo, ("Ann", "Bo"), clock={"preset": "day-2"})
        laptop = await person(r)
        await sign_in(r, box, laptop, f"ann-{lang}@example.org")
        page, seen = await new_page(chrome, size)
        await page.context.add_cookies(
            [
                {"name": "liftoff_person", "value": laptop, "url": r.base},
                {"name": "liftoff_lang", "value": lang, "url": r.base},
            ]
        )
        await page.goto(r.base + "/my-games")
        note = page.locator("#games .my-game .elsewhere")
        await expect(note).to_contain_text(ELSEWHERE[lang])
        await expect(page.locator("#turn-mails")).to_be_checked()
        await shot(page, f"play-here-asked-{lang}-{kind}")
        assert (await axe_problems(page))[0] == [], (lang, kind)
        wide = await page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert wide <= 0, (lang, kind, wide)
        await page.get_by_role("button", name=PLAY_HERE[lang]).click()
        # the table page opens with the seat: this device plays, the phone's link is dead
        await page.wait_for_url(f"**/t/{tid}")
        await r.wait_for(tid, lambda t: t["seats"][0]["connected"])
        old = await r.call("GET", f"/api/tables/{tid}/view", token=phone_token)
        assert old.status_code == 403, old.text
        await shot(page, f"play-here-table-{lang}-{kind}")
        await page.goto(r.base + "/my-games")
        await expect(page.locator("#games .my-game")).to_have_count(1)
        await expect(note).to_have_count(0)
        problems += seen
        await page.context.close()
    assert not problems, problems
