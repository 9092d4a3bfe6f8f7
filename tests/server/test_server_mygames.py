""" "My games": one list of a person's tables, the ones where it is their turn first,
with the time left; tables asleep are listed without waking; nothing of another
person's is ever listed. Days pass on a virtual clock."""

from __future__ import annotations

import json
from typing import Any

import pytest
import websockets
from server_helpers import Db, Running, ServerFactory, until

from liftoff.server.clock import VirtualClock
from liftoff.server.tables.clocks import DAY

pytestmark = [pytest.mark.timeout(120), pytest.mark.asyncio]

PLANET = {"family": True, "first_player": 0}  # the creator (seat 0) plays first
DAY_MS = int(DAY * 1000)


async def person_table(
    r: Running, maker: str, joiner: str | None, names: tuple[str, str], preset: str = "day-1"
) -> tuple[str, str, str | None]:
    """A planet table of days made by person ``maker`` (seat 0, who plays first) and
    joined by person ``joiner`` (``None``: left open); the table and both seat tokens."""
    body = {
        "game": "planet",
        "players": 2,
        "seats": [{"type": "you"}, {"type": "open"}],
        "name": names[0],
        "options": PLANET,
        "clock": {"preset": preset},
        "title": f"{names[0]}'s table",
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


async def new_person(r: Running) -> str:
    """A person token, as a browser gets one with its first seat."""
    made = await r.http.post(
        "/api/tables",
        json={"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]},
        headers={"X-Liftoff-Person": "new"},
    )
    assert made.status_code == 201, made.text
    person: str = made.json()["person"]
    tid = made.json()["table"]["id"]
    await r.call("POST", f"/api/tables/{tid}/leave", None, made.json()["token"])
    return person


async def games_of(r: Running, person: str | None, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Liftoff-Person": person} if person else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    res = await r.http.get("/api/my-games", headers=headers)
    assert res.status_code == 200, res.text
    data: dict[str, Any] = res.json()
    return data


async def test_my_games_lists_my_turn_first_with_time_left(server: ServerFactory, db: Db) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock, dormant_after=600, sweep_every=60)
    ann, bo, cy = await new_person(r), await new_person(r), await new_person(r)
    # Bo's table of 3 days a move: Bo moves first, Ann waits
    waiting, _bo_tok, _ann_tok2 = await person_table(r, bo, ann, ("Bo", "Ann"), "day-3")
    # Ann's table of a day a move: her turn
    mine, ann_tok, _bo_tok2 = await person_table(r, ann, bo, ("Ann", "Bo"))
    # Cy's table: Ann only watches it
    theirs, _cy_tok, _ = await person_table(r, cy, None, ("Cy", "Dee"))
    cy_games = (await games_of(r, cy))["games"]
    assert [(g["table"], g["status"], g["others"]) for g in cy_games] == [(theirs, "open", [])]
    watcher = await websockets.connect(
        f"{r.ws_base}/ws/tables/{theirs}", additional_headers={"X-Liftoff-Person": ann}
    )
    await watcher.send(json.dumps({"type": "hello"}))
    assert json.loads(await watcher.recv())["type"] == "state"
    await clock.advance(DAY / 2)
    # (both tables went to sleep meanwhile: nobody watched them)
    await until("both tables asleep", lambda: r.manager.dormancy.slept == 2)
    games = (await games_of(r, ann))["games"]
    assert [g["table"] for g in games] == [mine, waiting], [
        (g["name"], g["status"], g["your_turn"], g["waiting_for"], g["time_left"]) for g in games
    ]
    first, second = games
    assert first["your_turn"] and first["you"] == "Ann" and first["others"] == ["Bo"]
    assert first["time_left"] == 3 * DAY_MS - DAY_MS // 2  # a day and 2 of reserve
    assert first["days"] == 1 and first["name"] == "Ann's table" and first["title"]
    assert not second["your_turn"] and second["waiting_for"] == ["Bo"], games
    assert second["time_left"] == 7 * DAY_MS - DAY_MS // 2 and second["days"] == 3
    # Ann moves: her table now waits for Bo
    view = await r.view(mine, ann_tok)
    res = await r.act(mine, ann_tok, view["legal"][0]["text"], view["version"])
    assert res.status_code == 200, res.text
    await r.wait_for(mine, lambda t: 0 not in t["active"])
    games = (await games_of(r, ann))["games"]
    assert not any(g["your_turn"] for g in games)
    assert {g["table"]: g["waiting_for"] for g in games} == {mine: ["Bo"], waiting: ["Bo"]}
    # Bo's turn at both: both listed as his, the least time left first
    bo_games = (await games_of(r, bo))["games"]
    assert [(g["table"], g["your_turn"]) for g in bo_games] == [(mine, True), (waiting, True)]
    await watcher.close()


async def test_tables_asleep_are_listed_without_waking(server: ServerFactory, db: Db) -> None:
    clock = VirtualClock()
    r = await server(db, clock=clock, dormant_after=600, sweep_every=60)
    dormancy = r.manager.dormancy
    ann, bo = await new_person(r), await new_person(r)
    tid, _ann_tok, _bo_tok = await person_table(r, ann, bo, ("Ann", "Bo"))
    await clock.advance(700)
    await until("the table asleep", lambda: dormancy.slept == 1)
    await clock.advance(DAY)
    games = (await games_of(r, ann))["games"]
    assert tid not in r.manager.tables  # still asleep
    assert len(games) == 1 and games[0]["your_turn"] and games[0]["others"] == ["Bo"]
    # three days less what passed (the deadline task's wake-ups aside)
    assert games[0]["time_left"] == pytest.approx(2 * DAY_MS - 700_000, abs=61_000)
    assert (await games_of(r, bo))["games"][0]["waiting_for"] == ["Ann"]
    # her days run out while it sleeps: the list says so
    await clock.advance(2 * DAY)
    await until("woken when due", lambda: dormancy.woken_by_deadline == 1)
    games = (await games_of(r, ann))["games"]
    assert games[0]["out_of_time"] and games[0]["time_left"] == 0


async def test_nothing_of_another_person_is_listed(server: ServerFactory, db: Db) -> None:
    """A cheater's test: another person's seat token, a spectator's socket, a made-up
    person token or none list nothing of theirs, and no answer carries a token."""
    r = await server(db)
    ann, bo, cy = await new_person(r), await new_person(r), await new_person(r)
    tid, ann_tok, bo_tok = await person_table(r, ann, bo, ("Ann", "Bo"))
    assert ann_tok is not None and bo_tok is not None
    # Cy holds Ann's seat token and watches the table, with her own person or none
    spy = await r.connect(tid)
    assert (await games_of(r, cy, ann_tok))["games"] == []
    assert await games_of(r, None, ann_tok) == {"known": False, "games": []}
    assert await games_of(r, "x" * 32) == {"known": False, "games": []}
    res = await r.http.get("/api/my-games", headers={"Cookie": "liftoff_person=nonsense"})
    assert res.json() == {"known": False, "games": []}
    # Ann's list: her table, its public facts, no token or person id of anyone
    res = await r.http.get("/api/my-games", headers={"X-Liftoff-Person": ann})
    assert [g["table"] for g in res.json()["games"]] == [tid]
    for secret in (ann_tok, bo_tok, ann, bo, cy):
        assert secret not in res.text
    for person_id in (s.person for s in r.manager.tables[tid].seats):
        assert person_id and person_id not in res.text
    await spy.close()


async def test_my_games_page_is_linked_from_every_page(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    for path in ("/", "/my-games"):
        res = await r.http.get(path)
        assert res.status_code == 200 and 'href="/my-games"' in res.text, path
