"""A person plays a whole race by taps, at a person's pace, on the test clock (issue
38, "done when"): a phone (390x844, touch) against two default bots. Every 2.5 s of
the server's (virtual) time the person taps a planet for their top card (Under when
no planet takes it); between rounds they watch the reveals, read the result panel
and tap Ready; the game reaches its end screen. Screenshots of each phase go to
``test-artifacts/``."""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeout
from server_helpers import Db, Running, ServerFactory
from test_server_browser import CHROMIUM, chrome, hold_seat, shot

from liftoff.server.clock import VirtualClock

__all__ = ["chrome"]  # the browser fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.browser,
    pytest.mark.timeout(600),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"needs Chromium at {CHROMIUM}"),
]

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 800}
PACE = 2.5  # seconds of the server's clock a card: a person reading each card
REVEAL = 0.3  # seconds each revealed card is shown (the table's pace)

#: every line the board shows while it reveals (one a revealed card), in order
WATCH_REVEALS = """() => {
  window.revealLines = [];
  new MutationObserver(() => {
    const line = document.querySelector('#board .reveal-line')?.textContent;
    const seen = window.revealLines;
    if (line && seen[seen.length - 1] !== line) seen.push(line);
  }).observe(document.getElementById('board'), { childList: true, subtree: true });
}"""


async def _table(r: Running, tid: str) -> dict[str, Any]:
    res = await r.call("GET", f"/api/tables/{tid}")
    out: dict[str, Any] = res.json()
    return out


async def _my_turn(
    r: Running, page: Any, tid: str, token: str, want: str | None = None
) -> str | None:
    """Tap the planet ``want`` (``"place 3"``), or the first planet that takes the
    top card (Under when none does); the action the server took, once it has it
    (``None``: nothing to tap now)."""
    before = await r.view(tid, token)
    place = page.locator('#board svg .clickable[data-action^="place "]')
    under = page.locator('#board svg .clickable[data-action="under"]')
    wanted = page.locator(f'#board svg .clickable[data-action="{want}"]')
    for _ in range(20):  # the board may redraw between reading it and the tap
        target = place.first if await place.count() else under.first
        if want and await wanted.count():
            target = wanted.first
        if not await target.count():
            return None
        try:
            action = str(await target.get_attribute("data-action", timeout=2000))
            await target.tap(timeout=2000)
            break
        except PlaywrightTimeout:
            # a bot filled the planet, or called Stop: read the board again
            if not (await r.view(tid, token))["view"]["loading"]:
                return None
    else:
        raise AssertionError("nothing on the board stayed tappable for 20 tries")

    def mine(state: dict[str, Any]) -> tuple[Any, ...]:
        m = state["view"]["players"][0]
        return (m["stack"], m["top"], m["known_bottom"], m["unseen"], state["view"]["round"])

    for _ in range(100):  # until the server has it (or the round moved on)
        now = await r.view(tid, token)
        if mine(now) != mine(before) or not now["view"]["loading"]:
            return action
        await page.wait_for_timeout(20)
    raise AssertionError(f"the tap on {action} never reached the server")


async def _between(r: Running, page: Any, clock: VirtualClock, tid: str, rnd: int) -> None:
    """The reveals are shown, then the round's result with Ready: read it, tap Ready."""
    ready = page.locator("#board [data-ready]")
    await ready.wait_for(timeout=60000)  # (after the reveals, on the page's own timers)
    panel = page.locator("#board .round-result")
    assert await panel.locator("li").count() >= 1, await panel.inner_text()
    await shot(page, f"race-people-result-{rnd}")
    await ready.tap()
    await page.locator("#board .ready-you").wait_for()
    await clock.advance(4.0)  # everybody is ready: the next round opens 3 s later


async def paced_server(server: ServerFactory, db: Db, clock: VirtualClock) -> Running:
    """A server on the test clock where people sit at race tables: people's pace for
    the bots, reveals at the table's pace, Ready between rounds (at most 120 s), and
    no one handed to a bot for being away."""
    return await server(
        db,
        clock=clock,
        race_start_pause=3.0,
        race_reveal_pace=REVEAL,
        race_ready_most=120.0,
        race_people_pace=True,
        grace=3600.0,
    )


@pytest.mark.rules("RC-PLAY-3", "RC-STOP-1")
async def test_a_person_plays_a_whole_race_by_taps_on_the_test_clock(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    clock = VirtualClock()
    r = await paced_server(server, sqlite_db, clock)
    bot = {"type": "bot", "bot": "medium", "speed": "normal"}
    made = await r.create(
        "race", [{"type": "you"}, bot, bot], name="Ann", options={"auto_choices": True}
    )
    tid, token = made["table"]["id"], made["token"]
    ctx = await chrome.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = await ctx.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        await hold_seat(page, r, tid, 0, token, "race")
        await page.goto(f"{r.base}/t/{tid}")
        await page.wait_for_selector("#board svg")
        await page.evaluate(WATCH_REVEALS)
        counts = await _play(r, page, clock, tid, token)
        await page.locator("#end").wait_for(timeout=60000)
        await shot(page, "race-people-end")
        reveals = await page.evaluate("window.revealLines.length")
    finally:
        await ctx.close()
    placed, acted = counts["place"], counts["place"] + counts["under"]
    print(f"placed {placed} of 90 cards ({acted} taps); {reveals} reveals shown", flush=True)
    assert counts["results"] == 2  # the result panel and Ready after rounds 1 and 2
    assert placed >= 45, counts  # at least half of the person's cards placed
    assert reveals >= 20, reveals  # the reveals shown one after the other, each round
    assert not problems, problems


async def _play(
    r: Running,
    page: Any,
    clock: VirtualClock,
    tid: str,
    token: str,
    aim: bool = False,
    tag: str = "race-people",
) -> dict[str, int]:
    """Play until the end; how many places, Unders, choices and round results there
    were. ``aim``: each card to the planet :func:`_aim` wants (else the first)."""
    counts = {"place": 0, "under": 0, "results": 0, "pay": 0, "steal": 0}
    shots = set()
    for _ in range(1500):
        table = await _table(r, tid)
        if table["status"] == "over":
            return counts
        live = table.get("live") or {}
        view = (await r.view(tid, token))["view"]
        if "between" in live and view["round"] >= 2:
            if 0 not in live["between"]["ready"]:
                counts["results"] += 1
                await _between(r, page, clock, tid, view["round"] - 1)
            else:
                await clock.advance(1.0)
            continue
        pending = view.get("pending")
        if pending and pending["player"] == 0:
            if pending["choice"] not in shots:
                shots.add(pending["choice"])
                await _shown(clock, page, page.locator("#board svg .clickable[data-tokens].legal"))
                await shot(page, f"{tag}-choice-{pending['choice']}")
            counts[await _choose(r, page, clock, tid, token)] += 1
            continue
        if live.get("paused_for", 0) > 0 or not view["loading"]:
            # (the reveals: a revealed card at a time on the server's clock)
            await clock.advance(min(max(live.get("paused_for", 0), REVEAL), 1.0))
            await page.wait_for_timeout(50)
            continue
        await clock.advance(PACE)
        if view["round"] not in shots:
            shots.add(view["round"])
            await shot(page, f"{tag}-round-{view['round']}")
        want = _aim((await r.view(tid, token))["view"]) if aim else None
        did = await _my_turn(r, page, tid, token, want)
        if did is not None:
            counts["place" if did.startswith("place") else "under"] += 1
    raise AssertionError(f"no end after 1500 steps: {counts}")


# -- at a desk: the choices (pay, steal) made by taps on the board too ----------------------
#: a deal where a person who banks their cards on one planet and aims each Theft at
#: the fullest row without a Security Force pays and steals by choice in every game
#: (the engine against two default bots, 30 orders of play of 30: 3 to 7 choices of
#: how to pay, 1 to 5 of what to steal)
SEED = 29


def _aim(view: dict[str, Any]) -> str | None:
    """The planet the person wants their top card on: a Theft where the other row
    holds the most blue cards and no Security Force, anything else where their own
    row is longest (a bank of energy for their orders); ``None``: no opinion."""
    me = view["players"][0]
    if me["top"] is None:
        return None

    def worth(number: int) -> int:
        pl = view["planets"][number - 1]
        side = pl["players"].index(0)
        mine, other = pl["rows"][side], pl["rows"][1 - side]
        if me["top"] == "theft":
            blue = sum(c in ("tank", "solar", "settlers") for c in other)
            return blue - 5 * ("security" in other)
        return len(mine)

    return f"place {max(me['planets'], key=worth)}"


async def _shown(clock: VirtualClock, page: Any, what: Any) -> None:
    """Wait until ``what`` is on the board (the reveals before it shown on the
    page's timers, the server's clock moved on meanwhile); 60 s at most."""
    for _ in range(600):
        if await what.count():
            return
        await clock.advance(REVEAL)
        await page.wait_for_timeout(100)
    raise AssertionError("the choice's pieces never became tappable on the board")


async def _choose(r: Running, page: Any, clock: VirtualClock, tid: str, token: str) -> str:
    """The game waits for the person's choice: tap its pieces on the board (a card
    to pay with, then another if the price is two; the card to steal) until the
    server has the choice (it takes it once the reveal it is about is on screen, on
    the server's clock). Which choice it was (``pay``, ``steal``)."""
    waiting = (await r.view(tid, token))["view"]["pending"]
    picks = page.locator("#board svg .clickable[data-tokens].legal")
    picked = page.locator("#board svg .clickable[data-tokens].selected")
    for _ in range(20):
        await _shown(clock, page, picks)  # (once its reveal is on screen)
        fresh = page.locator("#board svg .clickable[data-tokens].legal:not(.selected)")
        target = fresh.first if await fresh.count() else picks.first
        try:
            await target.tap(timeout=2000)
        except PlaywrightTimeout:  # the board was drawn again: read it again
            continue
        for _ in range(200):
            if (await r.view(tid, token))["view"]["pending"] != waiting:
                return str(waiting["choice"])
            if await picked.count():
                break  # a first piece picked (a price of two): the next one
            await clock.advance(REVEAL)
            await page.wait_for_timeout(20)
    raise AssertionError(f"the choice {waiting} was not made by 20 taps")


@pytest.mark.timeout(900)  # (a whole game with its choices, on a loaded machine)
@pytest.mark.rules("RC-PLAY-3", "RC-STOP-1", "RC-RED-2", "RC-THEFT-2")
async def test_a_person_at_a_desk_plays_a_whole_race_and_chooses_by_taps(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    clock = VirtualClock()
    r = await paced_server(server, sqlite_db, clock)
    bot = {"type": "bot", "bot": "medium", "speed": "normal"}
    table, _, token = await r.manager.create(
        "race", 3, {}, [{"type": "you"}, bot, bot], None, "Ann", seed=SEED
    )
    tid = table.id
    assert token is not None
    ctx = await chrome.new_context(viewport=DESK, has_touch=True)
    try:
        page = await ctx.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        await hold_seat(page, r, tid, 0, token, "race")
        await page.goto(f"{r.base}/t/{tid}")
        await page.wait_for_selector("#board svg")
        counts = await _play(r, page, clock, tid, token, aim=True, tag="race-desk")
        await page.locator("#end").wait_for(timeout=60000)
        await shot(page, "race-desk-end")
    finally:
        await ctx.close()
    print(f"desk: {counts}", flush=True)
    assert counts["results"] == 2, counts
    assert counts["pay"] >= 1 and counts["steal"] >= 1, counts  # chosen by taps
    assert counts["place"] >= 45, counts
    assert not problems, problems


# -- back in the break: a person who said Ready and reloads the page is still ready --------
async def test_a_person_who_reloads_in_the_break_is_still_ready(
    server: ServerFactory, sqlite_db: Db, chrome: Any
) -> None:
    clock = VirtualClock()  # (frozen: the break lasts while the test looks)
    r = await server(
        sqlite_db,
        clock=clock,
        race_start_pause=0.0,
        race_reveal_pace=REVEAL,
        race_ready_most=120.0,
        grace=3600.0,
    )
    made = await r.create(
        "race", [{"type": "you"}, {"type": "open"}], name="Ann", options={"auto_choices": True}
    )
    tid, ann = made["table"]["id"], made["token"]
    bo = await r.connect(tid, (await r.join(tid, name="Bo"))["token"])  # Bo is there
    ctx = await chrome.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = await ctx.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        await hold_seat(page, r, tid, 0, ann, "race")
        await page.goto(f"{r.base}/t/{tid}")
        await page.wait_for_selector('#board svg [data-action="discard"]')
        for _ in range(60):  # Ann discards her whole stack: Stop, the round resolves
            view = await r.view(tid, ann)
            if view["view"]["round"] > 1:
                break
            assert (await r.act(tid, ann, "discard", view["version"])).status_code == 200
        await clock.advance(60.0)  # the reveals' time on the server's clock
        await page.locator("#board [data-ready]").tap(timeout=60000)
        await page.locator("#board .ready-you").wait_for()
        await r.wait_for(tid, lambda t: t["live"]["between"]["ready"] == [0])
        await page.reload()
        # back at the table in the same break: Ready said, no button to say it again
        await page.locator("#board .round-result .ready-you").wait_for(timeout=20000)
        assert not await page.locator("#board [data-ready]").count()
        said = await page.locator("#board .round-result").inner_text()
        assert "Waiting for Bo" in said, said
        await shot(page, "race-break-reloaded")
        live = (await _table(r, tid))["live"]
        assert live["between"]["ready"] == [0] and live["between"]["counting"], live
        assert not problems, problems
    finally:
        await ctx.close()
        await bo.close()
