"""The fair time-out policy against a real server, on a virtual clock: nobody's seat
goes to a bot by itself.

- Against bots alone the game waits for you, however long the phone sleeps (a race
  of bots alone holds still until you are back).
- With other people, a disconnect alone is not an absence: on a clocked table only
  the clock running out on your turn is; on a table without clocks, being away for
  the grace period on your turn (or in a race). Only then may the others choose a
  stand-in, and coming back before they did restores the seat silently.
- The cheats: nobody forces another's seat to a bot early, nor takes it.
"""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Db, Running, ServerFactory, WsClient

from liftoff.server.clock import VirtualClock

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]

PLANET = {"family": True, "first_player": 0}  # Ann (seat 0) plays first
GRACE = 30.0  # the tests' grace period (seconds on the virtual clock)


def seat(state: dict[str, Any], k: int) -> dict[str, Any]:
    return dict(state["table"]["seats"][k])


def decided(k: int) -> Any:
    """A state predicate: the server has done what it does about seat ``k``'s person
    being away (marked them, or, as it must not, let a bot play or take the seat)."""
    return lambda s: (
        seat(s, k).get("away") or seat(s, k)["zombie"] or seat(s, k)["stand_in"] or s["version"] > 0
    )


async def choose(r: Running, tid: str, token: str | None, k: int, choice: str) -> Any:
    return await r.call("POST", f"/api/tables/{tid}/timeout", {"seat": k, "choice": choice}, token)


async def asleep(r: Running, tid: str, token: str) -> WsClient:
    """Ann's page connects, then her phone sleeps (the socket closes); a spectator's
    socket, which sees it, is returned."""
    page = await r.connect(tid, token)
    await page.wait_state(lambda s: seat(s, 0)["connected"])
    watcher = await r.connect(tid)
    await page.close()
    await watcher.wait_state(lambda s: not seat(s, 0)["connected"])
    return watcher


async def test_against_bots_the_game_waits_for_a_sleeping_phone(
    server: ServerFactory, db: Db
) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock, grace=GRACE)
    made = await r.create(
        "planet", [{"type": "you"}, {"type": "bot", "bot": "random"}], name="Ann", options=PLANET
    )
    tid, ann = made["table"]["id"], made["token"]
    watcher = await asleep(r, tid, ann)
    await clock.advance(3600.0)  # an hour asleep: 120 grace periods
    waited = await watcher.wait_state(decided(0))
    # nobody plays for Ann and nobody is asked: the game waits, and says so
    assert waited["version"] == 0 and waited["table"]["status"] == "playing"
    assert not seat(waited, 0)["zombie"] and not seat(waited, 0)["stand_in"]
    assert seat(waited, 0)["out_of_time"]  # (shown as: the game waits for Ann)
    # she comes back: her seat, her turn, silently (nothing to take back)
    page = await r.connect(tid, ann)
    back = await page.wait_state(lambda s: seat(s, 0)["connected"] and not seat(s, 0)["away"])
    assert back["version"] == 0 and back["legal"] and not seat(back, 0)["out_of_time"]
    assert not any(e["stand_in"] for e in page.log)
    res = await r.call("POST", f"/api/tables/{tid}/reclaim", {}, ann)
    assert res.status_code == 409  # no bot ever played for her
    for c in (watcher, page):
        await c.close()


async def test_with_people_only_the_clock_makes_an_absence_and_the_cheats_fail(
    server: ServerFactory, db: Db
) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock, grace=GRACE)
    made = await r.create(
        "planet",
        [{"type": "you"}, {"type": "open"}],
        name="Ann",
        options=PLANET,
        clock={"initial": 600, "increment": 0},
    )
    tid, ann = made["table"]["id"], made["token"]
    bo = (await r.join(tid, name="Bo"))["token"]
    watcher = await asleep(r, tid, ann)
    await clock.advance(4 * GRACE)  # asleep for two minutes: her clock still runs
    away = await watcher.wait_state(decided(0))
    assert away["version"] == 0 and seat(away, 0)["away"]
    assert not seat(away, 0)["out_of_time"] and not seat(away, 0)["stand_in"]
    # the cheats: Bo cannot hand her seat to a bot before her clock says so, nor take
    # it; a spectator and another table's player cannot choose at all
    res = await choose(r, tid, bo, 0, "bot")
    assert res.status_code == 409 and res.json()["error"] == "not-out-of-time"
    res = await r.call("POST", f"/api/tables/{tid}/join", {"seat": 0, "name": "Cy"})
    assert res.status_code in (403, 409), res.text
    assert (await choose(r, tid, None, 0, "bot")).status_code == 401
    other = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    assert (await choose(r, tid, other["token"], 0, "bot")).status_code == 403
    # her clock runs out on her turn: now the others may choose, and Bo lets a bot play
    await clock.advance(600.0)
    out = await watcher.wait_state(lambda s: seat(s, 0)["out_of_time"])
    assert out["version"] == 0 and not seat(out, 0)["stand_in"]
    assert (await choose(r, tid, ann, 0, "bot")).status_code == 403  # never for herself
    assert (await choose(r, tid, bo, 0, "bot")).status_code == 200
    await watcher.wait_state(lambda s: any(e["stand_in"] and e["player"] == 0 for e in watcher.log))
    await watcher.close()


async def test_without_clocks_away_on_your_turn_and_back_before_anyone_chose(
    server: ServerFactory, db: Db
) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock, grace=GRACE)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Ann", options=PLANET)
    tid, ann = made["table"]["id"], made["token"]
    bo = (await r.join(tid, name="Bo"))["token"]
    watcher = await asleep(r, tid, ann)
    await clock.advance(GRACE - 1)
    res = await choose(r, tid, bo, 0, "bot")  # within the grace: not absent
    assert res.status_code == 409
    await clock.advance(2.0)
    out = await watcher.wait_state(decided(0))
    assert out["version"] == 0 and seat(out, 0)["out_of_time"] and not seat(out, 0)["zombie"]
    # she is back before Bo chose: silently her seat again, nobody asked any more
    page = await r.connect(tid, ann)
    back = await watcher.wait_state(lambda s: seat(s, 0)["connected"])
    assert not seat(back, 0)["out_of_time"] and not seat(back, 0)["away"]
    assert back["version"] == 0 and not seat(back, 0)["stand_in"]
    assert (await choose(r, tid, bo, 0, "bot")).status_code == 409
    # away again, and this time Bo lets a bot play her turn
    await page.close()
    await watcher.wait_state(lambda s: not seat(s, 0)["connected"])
    await clock.advance(GRACE + 1)
    await watcher.wait_state(lambda s: seat(s, 0)["out_of_time"])
    assert (await choose(r, tid, bo, 0, "bot")).status_code == 200
    await watcher.wait_state(lambda s: any(e["stand_in"] and e["player"] == 0 for e in watcher.log))
    await watcher.close()


async def test_a_race_of_bots_alone_holds_still_while_you_are_away(
    server: ServerFactory, db: Db
) -> None:
    # the round opens after 20 s of the race's time: its countdown shows whether
    # the race's time runs (no bot acts before it opens)
    clock = VirtualClock()
    r = await server(db, clock=clock, grace=1.0, race_start_pause=20.0)
    made = await r.create(
        "race", [{"type": "you"}, {"type": "bot", "bot": "random", "speed": "slow"}], name="Ann"
    )
    tid, ann = made["table"]["id"], made["token"]
    watcher = await asleep(r, tid, ann)
    await clock.advance(1.5)
    held = await watcher.wait_state(lambda s: seat(s, 0).get("away") or seat(s, 0)["zombie"])
    assert held["table"]["live"]["held"] and not seat(held, 0)["zombie"]
    left = held["table"]["live"]["paused_for"]
    assert 0 < left <= 19.0
    await clock.advance(600.0)  # ten minutes away: the race's time stood still
    page = await r.connect(tid, ann)
    back = await page.wait_state(lambda s: seat(s, 0)["connected"])
    assert not back["table"]["live"]["held"] and not seat(back, 0)["out_of_time"]
    assert back["version"] == 0 and back["table"]["live"]["paused_for"] == pytest.approx(left)
    # and runs on from there once she is back
    await clock.advance(5.0)
    now = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert now["live"]["paused_for"] == pytest.approx(left - 5.0)
    for c in (watcher, page):
        await c.close()


async def test_a_race_with_people_the_others_may_choose_a_stand_in(
    server: ServerFactory, db: Db
) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock, grace=1.0, race_start_pause=20.0)
    made = await r.create("race", [{"type": "you"}, {"type": "open"}], name="Ann")
    tid, ann = made["table"]["id"], made["token"]
    bo = (await r.join(tid, name="Bo"))["token"]
    bo_page = await r.connect(tid, bo)
    watcher = await asleep(r, tid, ann)
    res = await choose(r, tid, bo, 0, "bot")  # within the grace: not absent
    assert res.status_code == 409
    await clock.advance(1.5)
    out = await watcher.wait_state(lambda s: seat(s, 0)["out_of_time"] or seat(s, 0)["zombie"])
    assert not seat(out, 0)["zombie"] and not out["table"]["live"]["held"]  # Bo races on
    assert (await choose(r, tid, bo, 0, "bot")).status_code == 200
    chosen = await watcher.wait_state(lambda s: seat(s, 0)["stand_in"])
    assert not seat(chosen, 0)["out_of_time"]
    # Ann is back: she takes her seat from the stand-in herself
    assert (await r.call("POST", f"/api/tables/{tid}/reclaim", {}, ann)).status_code == 200
    await watcher.wait_state(lambda s: not seat(s, 0)["stand_in"])
    for c in (watcher, bo_page):
        await c.close()
