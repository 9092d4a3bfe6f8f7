"""Tables played over days: clocks of days per move with a reserve, the time-out
policy when a person's days run out, and the race refused such a clock. Days
pass on a virtual clock the tests advance: a week takes milliseconds."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Db, ServerFactory, migrate_to, until
from sqlalchemy import Connection, inspect

from liftoff.server.clock import VirtualClock
from liftoff.server.cluster.member import _ORPHANS
from liftoff.server.storage import SeatData, Store, TableData
from liftoff.server.storage.days import next_deadline
from liftoff.server.tables.clocks import DAY, Clocks, clock_spec
from liftoff.server.tables.ratings import fresh, rate

pytestmark = [pytest.mark.timeout(120)]

PLANET = {"family": True, "first_player": 0}  # Ann (seat 0) plays first
DAY_MS = int(DAY * 1000)


def test_a_day_clock_gives_each_move_its_days_and_never_banks_them() -> None:
    spec = clock_spec({"preset": "day-1"})
    assert spec["increment"] == DAY and spec["reserve"] == 2 * DAY
    clocks = Clocks.of(spec, 2)
    clocks.switch(0.0, (0,))
    assert clocks.left(0, 0.0) == 3 * DAY_MS  # a day for the move, two in reserve
    clocks.switch(DAY / 2, (1,))  # Ann moved within half a day
    clocks.switch(DAY, (0,))
    # what was left of her move's day is not banked: the reserve, then a new day
    assert clocks.left(0, DAY) == 3 * DAY_MS
    clocks.switch(2.5 * DAY, (1,))  # a day and a half: half a day of reserve used
    clocks.switch(3 * DAY, (0,))
    assert clocks.left(0, 3 * DAY) == int(2.5 * DAY_MS)


def test_a_paused_clock_loses_no_time_and_rings_later() -> None:
    clocks = Clocks.of(clock_spec({"preset": "day-1"}), 2)
    clocks.switch(0.0, (0,))
    clocks.pause(0, DAY, 5 * DAY)  # a vacation from the second day to the sixth
    assert clocks.left(0, 3 * DAY) == 2 * DAY_MS  # only the first day counted
    assert clocks.expires_in(0.0) == pytest.approx(7 * DAY)  # 3 days + 4 paused
    assert clocks.expires_in(3 * DAY) == pytest.approx(4 * DAY)
    clocks.charge(6 * DAY)
    assert clocks.left(0, 6 * DAY) == DAY_MS and not clocks.paused


async def days_table(r: Any, preset: str = "day-1") -> tuple[str, str, str]:
    made = await r.create(
        "planet",
        [{"type": "you"}, {"type": "open"}],
        name="Ann",
        options=PLANET,
        clock={"preset": preset},
    )
    tid = made["table"]["id"]
    joined = await r.join(tid, name="Bo")
    return tid, made["token"], joined["token"]


@pytest.mark.asyncio
async def test_days_run_out_and_the_others_choose_a_stand_in(server: ServerFactory, db: Db) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock)
    tid, _ann, bo = await days_table(r)
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert table["clock_setting"]["preset"] == "day-1"
    assert table["clock"]["remaining"][0] == 3 * DAY_MS and table["clock"]["reserve"] == 2 * DAY
    # two and a half days pass: Ann still has half a day (nobody is out of time)
    await clock.advance(2.5 * DAY)
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert table["clock"]["remaining"][0] == DAY_MS // 2
    assert not table["seats"][0]["out_of_time"]
    # and the idle sweep leaves a table played over days alone
    assert await r.manager.sweep() == 0
    await clock.advance(DAY / 2 + 1)
    table = await r.wait_for(tid, lambda t: t["seats"][0]["out_of_time"])
    assert table["clock"]["remaining"][0] == 0
    res = await r.call("POST", f"/api/tables/{tid}/timeout", {"seat": 0, "choice": "bot"}, bo)
    assert res.status_code == 200, res.text
    # the stand-in plays Ann's move: the turn moves on
    table = await r.wait_for(tid, lambda t: t["version"] > 0 and 0 not in t["active"])
    assert table["seats"][0]["stand_in"]


@pytest.mark.asyncio
async def test_the_race_refuses_a_clock_of_days(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    body = {
        "game": "race",
        "players": 2,
        "seats": [{"type": "you"}, {"type": "open"}],
        "clock": {"preset": "day-3"},
    }
    res = await r.call("POST", "/api/tables", body)
    assert res.status_code == 422, res.text
    assert res.json()["error"] == "day-clock-live"
    assert "played live" in res.json()["words"]
    res = await r.call(
        "POST", "/api/tables", {**body, "game": "planet", "clock": {"preset": "day-9"}}
    )
    assert res.status_code == 422 and "day-7" in res.json()["words"]


@pytest.mark.asyncio
async def test_a_vacation_stops_the_clocks_for_its_days(server: ServerFactory, db: Db) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock, vacation_days=5)
    body = {
        "game": "planet",
        "players": 2,
        "seats": [{"type": "you"}, {"type": "open"}],
        "name": "Ann",
        "options": PLANET,
        "clock": {"preset": "day-1"},
    }
    made = await r.http.post("/api/tables", json=body, headers={"X-Liftoff-Person": "new"})
    assert made.status_code == 201, made.text
    tid, ann_person = made.json()["table"]["id"], made.json()["person"]
    await r.join(tid, name="Bo")
    me = {"X-Liftoff-Person": ann_person}
    assert (await r.http.post("/api/vacation", json={"days": 3})).status_code == 401
    assert (await r.http.get("/api/vacation")).json() == {"known": False}
    res = await r.http.post("/api/vacation", json={"days": 6}, headers=me)
    assert res.status_code == 422 and res.json()["words"] == (
        "You have 5 days of vacation left this year."
    )
    await clock.advance(DAY)  # a day of Ann's three passes, then she goes away
    res = await r.http.post("/api/vacation", json={"days": 4}, headers=me)
    assert res.status_code == 200, res.text
    assert res.json()["left"] == pytest.approx(1) and res.json()["until"] == 4 * DAY
    assert (await r.http.post("/api/vacation", json={"days": 1}, headers=me)).status_code == 409
    # five more days: four of vacation and one of her own; she still has a day
    await clock.advance(5 * DAY)
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert table["clock"]["remaining"][0] == DAY_MS and not table["seats"][0]["out_of_time"]
    await clock.advance(DAY + 1)
    await r.wait_for(tid, lambda t: t["seats"][0]["out_of_time"])


def test_a_win_raises_a_rating_and_every_game_makes_it_surer() -> None:
    ann, bo = fresh("person:a", "planet", "Ann"), fresh("person:b", "planet", "Bo")
    after = rate([ann, bo], [1, 2])
    assert after[0].mu > ann.mu > after[1].mu
    assert all(r.sigma < ann.sigma and r.games == 1 for r in after)


@pytest.mark.asyncio
async def test_rated_tables_rate_people_and_bots_on_one_scale(
    server: ServerFactory, db: Db
) -> None:
    r = await server(db, admin_token="op-secret")
    body = {
        "game": "planet",
        "players": 3,
        "seats": [{"type": "you"}, {"type": "open"}, {"type": "bot", "bot": "medium"}],
        "name": "Ann",
        "options": PLANET,
        "rated": True,
    }
    made = await r.http.post("/api/tables", json=body, headers={"X-Liftoff-Person": "new"})
    assert made.status_code == 201, made.text
    tid, ann = made.json()["table"]["id"], made.json()["token"]
    ann_me = {"X-Liftoff-Person": made.json()["person"]}
    assert made.json()["table"]["rated"]
    # no farming: Ann cannot take the second seat of her own rated table
    res = await r.http.post(f"/api/tables/{tid}/join", json={"name": "Ann2"}, headers=ann_me)
    assert res.status_code == 409 and res.json()["error"] == "seated"
    bo = await r.http.post(
        f"/api/tables/{tid}/join", json={"name": "Bo"}, headers={"X-Liftoff-Person": "new"}
    )
    ended = await r.play_out(tid, ann, bo.json()["token"])
    board = (await r.call("GET", "/api/ratings/planet")).json()["ratings"]
    assert sorted(x["name"] for x in board) == ["Ann", "Bo", "medium"]
    assert all(x["games"] == 1 and x["sigma"] < 8.33 for x in board)
    first = ended["outcome"]["winners"][0]
    best = max(board, key=lambda x: x["mu"])
    assert best["name"] == ["Ann", "Bo", "medium"][first]
    # the operator rates the bot levels by their games among themselves
    levels = {"games": 3, "levels": ["beginner", "medium", "easy"]}
    path = "/api/admin/ratings/planet/bots"
    assert (await r.call("POST", path, levels)).status_code == 403
    res = await r.call("POST", path, levels, "op-secret")
    assert res.status_code == 200, res.text
    board = (await r.call("GET", "/api/ratings/planet")).json()["ratings"]
    bots = {x["bot"]: x["games"] for x in board if x["bot"]}
    assert bots == {"beginner": 3, "easy": 3, "medium": 4}
    mine = (await r.http.get("/api/ratings/planet/me", headers=ann_me)).json()["rating"]
    assert mine["name"] == "Ann" and mine["plays_like"] in ("beginner", "easy", "medium")


@pytest.mark.asyncio
async def test_an_idle_table_over_days_sleeps_and_wakes_when_asked_or_due(
    server: ServerFactory, db: Db
) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock, dormant_after=600, sweep_every=60)
    dormancy = r.manager.dormancy
    tid, _ann, _bo = await days_table(r)
    assert tid in r.manager.tables
    await clock.advance(700)  # nobody watches nor plays: asleep, out of memory
    await until("the table asleep", lambda: dormancy.slept == 1)
    assert tid not in r.manager.tables
    stored = (await r.manager.store.load_tables(ids=[tid]))[0]
    assert stored.clock_state is not None
    deadline = await next_deadline(r.manager.store)  # Ann's 3 days, on the clock's own wall
    assert deadline == pytest.approx(stored.clock_state["at"] + 3 * DAY - 660, abs=61)
    # asked for, it wakes with the time it slept charged
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert tid in r.manager.tables
    asked_at = clock.now()
    assert table["clock"]["remaining"][0] == 3 * DAY_MS - int((asked_at - 1000) * 1000)
    await clock.advance(700)
    await until("the table asleep again", lambda: dormancy.slept == 2)
    # nobody asks: it wakes when Ann's days run out (she is out of time), and sleeps
    # again with no deadline left (nobody else's clock runs)
    await clock.advance(3 * DAY)
    await until("woken when due", lambda: dormancy.woken_by_deadline == 1)
    await clock.advance(700)
    await until("asleep once more", lambda: dormancy.slept == 3)
    assert await next_deadline(r.manager.store) is None
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert table["seats"][0]["out_of_time"] and table["clock"]["remaining"][0] == 0


@pytest.mark.asyncio
async def test_the_days_migration_goes_down_and_up_again(db: Db) -> None:
    store = Store(db.url, schema=db.schema)
    await store.start()
    try:

        def tables(conn: Connection) -> set[str]:
            return set(inspect(conn).get_table_names())

        async with store.engine.begin() as conn:
            await conn.run_sync(migrate_to("0009"))
            assert not {"ratings", "vacations"} & await conn.run_sync(tables)
            await conn.run_sync(migrate_to("head"))
            assert {"ratings", "vacations"} <= await conn.run_sync(tables)
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_table_asleep_is_no_orphan_of_the_cluster(db: Db) -> None:
    if db.schema is None:
        pytest.skip("the cluster's leases are PostgreSQL's")
    store = Store(db.url, schema=db.schema)
    await store.start()
    try:
        for tid, state in (("awake", None), ("asleep", {"remaining": [1], "running": [0]})):
            await store.create_table(
                TableData(
                    tid,
                    "planet",
                    2,
                    1,
                    {},
                    "playing",
                    1.0,
                    1.0,
                    clock={"preset": "day-1"},
                    seats=[SeatData(0, "human"), SeatData(1, "human")],
                )
            )
            if state is not None:
                await store.update_table(tid, clock_state={**state, "at": 1.0}, deadline=9.0)
        async with store.engine.connect() as conn:
            found = {str(r[0]) for r in (await conn.execute(_ORPHANS)).all()}
        assert found == {"awake"}  # only the table awake wants an owner
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_rated_rematch_stays_rated(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    made = await r.create(
        "planet",
        [{"type": "you"}, {"type": "open"}],
        name="Ann",
        options=PLANET,
        clock={"preset": "day-2"},
        rated=True,
    )
    tid, ann = made["table"]["id"], made["token"]
    bo = (await r.join(tid, name="Bo"))["token"]
    await r.play_out(tid, ann, bo)
    res = await r.call("POST", f"/api/tables/{tid}/rematch", None, ann)
    assert res.status_code == 200, res.text
    again = (await r.call("GET", f"/api/tables/{res.json()['table']}")).json()
    assert again["rated"] and again["clock_setting"]["preset"] == "day-2"
