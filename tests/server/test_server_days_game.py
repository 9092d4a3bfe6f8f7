"""A three-person game played over simulated days (the virtual clock): moves on
different days, a turn mail for each turn to whoever is not there, a person whose
days run out, the others ending the game, and the ratings it makes. Also: ending
the game is refused where it has no place."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from days_helpers import days_table, me, signed_in, take_turn
from mail_helpers import PUBLIC, Mailbox, loopback_smtp
from server_helpers import Db, ServerFactory, until

from liftoff.server.clock import VirtualClock
from liftoff.server.tables.clocks import DAY

pytest.importorskip("aiosmtpd.controller")

pytestmark = [pytest.mark.timeout(180)]

EVERY = 600.0
MAILS = ("ann@example.org", "bo@example.org", "cy@example.org")


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, str]]:
    with loopback_smtp() as found:
        yield found


def turn_mails(box: Mailbox, email: str) -> int:
    return len([m for m in box.to(email) if "/t/" in m.get_content()])


@pytest.mark.asyncio
@pytest.mark.rules("API-TIMEOUT")
async def test_three_people_play_over_days_and_end_the_game_when_one_runs_out(
    server: ServerFactory, db: Db, smtp: tuple[Mailbox, str]
) -> None:
    box, where = smtp
    clock = VirtualClock()
    r = await server(db, clock=clock, smtp=where, public_url=PUBLIC, turn_mail_every=EVERY)
    ann, bo, cy = [await signed_in(r, box, m) for m in MAILS]
    people = [(ann, "Ann"), (bo, "Bo"), (cy, "Cy")]
    tid, (ann_t, bo_t, cy_t) = await days_table(r, people, "Three", rated=True)
    # day 0: Ann's turn is mailed to her (to nobody else)
    await clock.advance(EVERY)
    await until("Ann's turn mail", lambda: turn_mails(box, MAILS[0]) == 1)
    # day 1: Ann moves; Bo is told
    await clock.advance(DAY)
    await take_turn(r, tid, ann_t)
    await clock.advance(EVERY)
    await until("Bo's turn mail", lambda: turn_mails(box, MAILS[1]) == 1)
    # day 2: Bo moves; Cy is told, and never comes
    await clock.advance(DAY)
    await take_turn(r, tid, bo_t)
    await clock.advance(EVERY)
    await until("Cy's turn mail", lambda: turn_mails(box, MAILS[2]) == 1)
    assert [turn_mails(box, m) for m in MAILS] == [1, 1, 1]  # one mail a turn
    # three days later (a day for the move, two of reserve) Cy is out of time
    await clock.advance(3 * DAY)
    table = await r.wait_for(tid, lambda t: t["seats"][2]["out_of_time"])
    assert table["status"] == "playing"
    # Cy cannot choose for his own seat; Ann's choice alone does not end it
    res = await r.call("POST", f"/api/tables/{tid}/timeout", {"seat": 2, "choice": "end"}, cy_t)
    assert res.status_code == 403 and res.json()["error"] == "own-seat"
    res = await r.call("POST", f"/api/tables/{tid}/timeout", {"seat": 2, "choice": "end"}, ann_t)
    assert res.status_code == 200, res.text
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert table["status"] == "playing" and table["seats"][2]["ending_by"] == [0]
    # a spectator has no say
    res = await r.call("POST", f"/api/tables/{tid}/timeout", {"seat": 2, "choice": "end"})
    assert res.status_code == 401
    # Bo chooses it too: the game ends, Cy last
    res = await r.call("POST", f"/api/tables/{tid}/timeout", {"seat": 2, "choice": "end"}, bo_t)
    assert res.status_code == 200, res.text
    table = await r.wait_for(tid, lambda t: t["status"] == "over")
    assert table["outcome"]["places"][2] == 3 and table["outcome"]["termination"] == (
        "ended-out-of-time"
    )
    assert table["ending"]["headline"].startswith("Cy ran out of days")
    assert not table["abandoned"]
    # the ratings: all three rated once, Cy below the others
    board = (await r.call("GET", "/api/ratings/planet")).json()["ratings"]
    assert sorted((x["name"], x["games"]) for x in board) == [("Ann", 1), ("Bo", 1), ("Cy", 1)]
    mu = {x["name"]: x["mu"] for x in board}
    assert mu["Cy"] < min(mu["Ann"], mu["Bo"])
    # the game is in nobody's list of games any more; moves are refused
    for person in (ann, bo, cy):
        games = (await r.http.get("/api/my-games", headers=me(person))).json()["games"]
        assert games == []
    res = await r.act(tid, cy_t, "end", table["version"])
    assert res.status_code == 409, res.text
    # the end as it was chosen is kept: a finished table read again from the database
    r.manager.finished.clear()
    again = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert again["outcome"] == table["outcome"] and again["ending"] == table["ending"]


@pytest.mark.asyncio
async def test_ending_the_game_is_only_for_tables_over_days(server: ServerFactory, db: Db) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock)
    made = await r.create(
        "planet",
        [{"type": "you"}, {"type": "open"}],
        name="Ann",
        options={"family": True, "first_player": 0},
        clock={"preset": "blitz"},
    )
    tid = made["table"]["id"]
    bo = (await r.join(tid, name="Bo"))["token"]
    await clock.advance(5 * 60 + 5 + 1)  # five minutes and a turn's five seconds
    await r.wait_for(tid, lambda t: t["seats"][0]["out_of_time"])
    res = await r.call("POST", f"/api/tables/{tid}/timeout", {"seat": 0, "choice": "end"}, bo)
    assert res.status_code == 422 and res.json()["error"] == "bad-choice"
    assert "over days" in res.json()["words"]
    res = await r.call("POST", f"/api/tables/{tid}/timeout", {"seat": 0, "choice": "quit"}, bo)
    assert res.status_code == 422
