"""A live race table where a person sits, between two rounds (issue 38, item 3):
the reveals' time, "ready", the countdown, on the injectable server clock."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Db, Running, ServerFactory

from liftoff.server.clock import VirtualClock

pytestmark = pytest.mark.asyncio


async def _live(r: Running, tid: str) -> dict[str, Any]:
    res = await r.call("GET", f"/api/tables/{tid}")
    live: dict[str, Any] = res.json()["live"]
    return live


async def _end_round_one(r: Running, tid: str, token: str) -> None:
    """The person discards their whole stack (the bot waits on the frozen clock):
    Stop, and the resolution resolves by itself (``auto_choices``)."""
    for _ in range(60):
        view = await r.view(tid, token)
        if view["view"]["round"] > 1:
            return
        res = await r.act(tid, token, "discard", view["version"])
        assert res.status_code == 200, res.text
    raise AssertionError("round 1 did not end after 60 discards")


async def test_the_next_round_waits_until_the_person_is_ready(
    server: ServerFactory, sqlite_db: Db
) -> None:
    clock = VirtualClock()
    r = await server(
        sqlite_db, clock=clock, race_start_pause=0.0, race_ready_most=120.0, race_reveal_pace=1.0
    )
    made = await r.create(
        "race",
        [{"type": "you"}, {"type": "bot", "bot": "random", "speed": "fast"}],
        name="Ann",
        options={"auto_choices": True},
    )
    tid, token = made["table"]["id"], made["token"]
    ws = await r.connect(tid, token)  # the person is at the table (no stand-in bot)
    try:
        await _play_it(r, clock, tid, token)
    finally:
        await ws.close()


async def _play_it(r: Running, clock: VirtualClock, tid: str, token: str) -> None:
    early = await r.act(tid, token, "ready", 0)
    assert early.status_code == 409 and early.json()["error"] == "not-between-rounds"
    await _end_round_one(r, tid, token)
    live = await _live(r, tid)
    between = live["between"]
    reveals = between["reveals_for"]
    assert between["ready"] == [] and not between["counting"]
    assert live["reveal_pace"] == 1.0
    assert live["paused_for"] == pytest.approx(reveals + 120.0)
    await clock.advance(reveals + 60.0)  # a minute reading the result: still waiting
    assert (await _live(r, tid)).get("between") is not None
    version = (await r.view(tid, token))["version"]
    said = await r.act(tid, token, "ready", version)
    assert said.status_code == 200 and said.json()["ready"] == [0], said.text
    live = await _live(r, tid)
    assert live["between"]["counting"] and live["paused_for"] == pytest.approx(3.0)
    await clock.settle()
    await clock.advance(3.0)
    opened = await r.wait_for(tid, lambda t: "between" not in t["live"], timeout=10)
    assert opened["live"]["paused_for"] == 0.0
    late = await r.act(tid, token, "ready", version)
    assert late.status_code == 409 and late.json()["error"] == "not-between-rounds"


# -- the time-out policy between rounds: an absent person counts as ready ---------------
GRACE = 1.0  # the tests' grace period (seconds on the virtual clock)


async def _two_people(server: ServerFactory, db: Db) -> tuple[Running, VirtualClock, str, str, str]:
    """A race of Ann and Bo (people); Ann's page is open. Returns the server, its
    clock, the table, Ann's and Bo's tokens."""
    clock = VirtualClock()
    r = await server(
        db,
        clock=clock,
        grace=GRACE,
        race_start_pause=0.0,
        race_ready_most=120.0,
        race_reveal_pace=1.0,
    )
    made = await r.create(
        "race", [{"type": "you"}, {"type": "open"}], name="Ann", options={"auto_choices": True}
    )
    tid, ann = made["table"]["id"], made["token"]
    bo = (await r.join(tid, name="Bo"))["token"]
    return r, clock, tid, ann, bo


def _seat(state: dict[str, Any], k: int) -> dict[str, Any]:
    return dict(state["table"]["seats"][k])


async def test_a_person_who_left_counts_as_ready_and_starts_no_countdown(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r, clock, tid, ann, _bo = await _two_people(server, sqlite_db)
    page = await r.connect(tid, ann)
    try:
        # Bo never opens the table: after the grace he is absent by the policy
        await clock.advance(GRACE + 0.5)
        await page.wait_state(lambda s: _seat(s, 1)["out_of_time"])
        await _end_round_one(r, tid, ann)
        live = await _live(r, tid)
        # Bo counts as ready, but Ann, still reading the result, is not hurried
        assert live["between"]["ready"] == [1] and not live["between"]["counting"]
        assert live["paused_for"] == pytest.approx(live["between"]["reveals_for"] + 120.0)
        said = await r.act(tid, ann, "ready", (await r.view(tid, ann))["version"])
        assert said.status_code == 200 and said.json()["ready"] == [0, 1], said.text
        # everybody is ready: the round opens shortly, no 20 s countdown for Bo
        live = await _live(r, tid)
        assert live["paused_for"] == pytest.approx(live["between"]["reveals_for"] + 3.0)
    finally:
        await page.close()


async def test_a_person_who_leaves_during_the_break_counts_as_ready(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r, clock, tid, ann, bo = await _two_people(server, sqlite_db)
    page = await r.connect(tid, ann)
    bo_page = await r.connect(tid, bo)
    try:
        await _end_round_one(r, tid, ann)
        reveals = (await _live(r, tid))["between"]["reveals_for"]
        await clock.advance(reveals + 10.0)  # both read the result; then Bo leaves
        await bo_page.close()
        await page.wait_state(lambda s: not _seat(s, 1)["connected"])
        before = await _live(r, tid)
        assert before["between"]["ready"] == []  # within his grace: not absent yet
        await clock.advance(GRACE + 0.5)
        counted = await page.wait_state(lambda s: s["table"]["live"]["between"]["ready"] == [1])
        assert not counted["table"]["live"]["between"]["counting"]  # Ann is not hurried
        said = await r.act(tid, ann, "ready", counted["version"])
        assert said.status_code == 200 and said.json()["ready"] == [0, 1], said.text
        assert (await _live(r, tid))["paused_for"] == pytest.approx(3.0)
    finally:
        await page.close()


async def test_a_slow_person_waits_for_the_countdown_and_nobody_readies_another(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r, clock, tid, ann, bo = await _two_people(server, sqlite_db)
    page = await r.connect(tid, ann)
    bo_page = await r.connect(tid, bo)
    try:
        await _end_round_one(r, tid, ann)
        version = (await r.view(tid, bo))["version"]
        # the cheats: Bo cannot say Ann is ready, nor can a spectator say anyone is
        forged = await r.act(tid, bo, "ready 0", version)
        assert 400 <= forged.status_code < 500, forged.text
        spectator = await r.act(tid, None, "ready", version)
        assert spectator.status_code == 401, spectator.text
        assert (await _live(r, tid))["between"]["ready"] == []
        said = await r.act(tid, bo, "ready", version)
        assert said.status_code == 200 and said.json()["ready"] == [1], said.text
        # Ann, present and slow, has the whole countdown; only then the round opens
        live = await _live(r, tid)
        assert live["between"]["counting"]
        countdown = live["paused_for"]
        assert countdown == pytest.approx(live["between"]["reveals_for"] + 20.0)
        await clock.advance(countdown - 0.5)
        late = await _live(r, tid)
        assert late["between"]["ready"] == [1] and late["paused_for"] == pytest.approx(0.5)
        await clock.settle()
        await clock.advance(1.0)
        await r.wait_for(tid, lambda t: "between" not in t["live"], timeout=10)
    finally:
        for c in (page, bo_page):
            await c.close()


# -- the race's pace, a lobby option ---------------------------------------------------------
async def test_the_makers_reveal_pace_and_round_pause_are_the_tables(
    server: ServerFactory, sqlite_db: Db
) -> None:
    clock = VirtualClock()
    r = await server(sqlite_db, clock=clock, race_start_pause=0.0, race_ready_most=120.0)
    made = await r.create(
        "race",
        [{"type": "you"}, {"type": "bot", "bot": "random", "speed": "fast"}],
        name="Ann",
        options={"auto_choices": True},
        race={"reveal_pace": 2.0, "round_pause": 10},
    )
    tid, token = made["table"]["id"], made["token"]
    assert made["table"]["race_pace"] == {"reveal_pace": 2.0, "round_pause": 10.0}
    assert made["table"]["clock_setting"] is None  # a race has no clocks
    ws = await r.connect(tid, token)
    try:
        await _end_round_one(r, tid, token)
        live = await _live(r, tid)
        assert live["reveal_pace"] == 2.0
        reveals = live["between"]["reveals_for"]
        view = await r.view(tid, token)
        said = await r.act(tid, token, "ready", view["version"])
        assert said.status_code == 200, said.text
        assert (await _live(r, tid))["paused_for"] == pytest.approx(reveals + 10.0)
    finally:
        await ws.close()


@pytest.mark.parametrize(
    ("pace", "words"),
    [
        ({"reveal_pace": 0.1}, "Each revealed card is shown between 0.3 and 5 seconds."),
        ({"reveal_pace": 60}, "Each revealed card is shown between 0.3 and 5 seconds."),
        ({"round_pause": 0}, "The pause before the next round is between 1 and 30 seconds."),
        ({"round_pause": 3600}, "The pause before the next round is between 1 and 30 seconds."),
    ],
)
async def test_a_pace_out_of_bounds_is_refused_in_words(
    server: ServerFactory, sqlite_db: Db, pace: dict[str, Any], words: str
) -> None:
    r = await server(sqlite_db)
    body = {
        "game": "race",
        "players": 2,
        "seats": [{"type": "you"}, {"type": "bot", "bot": "random"}],
        "race": pace,
    }
    res = await r.call("POST", "/api/tables", body)
    assert res.status_code == 422, res.text
    assert res.json()["error"] == "bad-race-pace" and words in res.json()["words"]
    bad = await r.call("POST", "/api/tables", {**body, "race": {"reveal_pace": "slow"}})
    assert bad.status_code == 422, bad.text
