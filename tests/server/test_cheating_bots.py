"""Bots a cheater or an abuser asks for: black-box over HTTP on a real server on
loopback, on SQLite and PostgreSQL (issue 36, items 2 and 8).

- Every bot, by any name or level, is normalised to one parameter set and bounded
  (time per decision, iterations, depth — ``depth=0`` is "search to the end" —,
  rollout kind) before it is stored: a level name carries no way around a bound.
- A closed table's searches leave the bot workers' queue.
- The bot workers are shared fairly between the addresses that created tables: ten
  bot-only search tables from one address do not make another address's bot or
  hint wait for all of theirs. (Latencies are measured by
  ``benchmarks/bench_bots_fair.py``, not here: this counts turns.)
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from server_helpers import Db, Running, ServerFactory, answer_when

from liftoff.bots.seats import parse_spec

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]

ANN_FIRST = {"family": True, "first_player": 0}  # planet: seat 0 moves first

#: specs that dodged a bound through a level name or a "no limit" value
CHEATS = [
    "expert:iterations=20000,depth=0,rollout=full",
    "expert:depth=0",
    "hard:depth=0",
    "ismcts:depth=0",
    "expert:rollout=full",
    "hard:depth=41",
    "expert:iterations=20001",
    "hard:time_limit=5.5",
]


def client(r: Running, address: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=r.base, timeout=60, transport=transport)


def bots(game: str, specs: list[str]) -> dict[str, Any]:
    return {
        "game": game,
        "players": len(specs),
        "seats": [{"type": "bot", "bot": s} for s in specs],
    }


@pytest.mark.parametrize("spec", CHEATS)
async def test_a_level_name_carries_no_way_around_a_bot_bound(
    server: ServerFactory, db: Db, spec: str
) -> None:
    """Rule (issue 36.2): ``depth=0``, a full-policy rollout, or a budget beyond the
    ceiling is refused with a 422 naming the bound, whatever the bot is called."""
    r = await server(db)
    res = await r.call("POST", "/api/tables", bots("planet", [spec, "random"]))
    assert res.status_code == 422, (spec, res.status_code, res.text)
    body = res.json()
    assert body["error"] == "bot-bound", body
    assert body["words"] and "Traceback" not in res.text


async def test_every_search_bot_is_stored_bounded(server: ServerFactory, db: Db) -> None:
    """Levels and search specs are stored as one parameter set within the bounds:
    a time per decision at most the ceiling (the real-time one in the race), a
    depth from 1 to the ceiling, an allowed rollout, iterations within the ceiling."""
    r = await server(db, max_bot_seconds=2.0, max_realtime_bot_seconds=0.05)
    made = await r.create(
        "planet",
        [{"type": "bot", "bot": b} for b in ("expert", "hard", "ismcts", "expert:iterations=500")],
    )
    race = await r.create(
        "race", [{"type": "you"}] + [{"type": "bot", "bot": b} for b in ("expert", "hard")]
    )
    for table, ceiling in ((made, 2.0), (race, 0.05)):
        tid = table["table"]["id"]
        seats = (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]
        stored = [s["bot"] for s in seats if s["kind"] == "bot"]
        assert stored, seats
        for text in stored:
            _, params = parse_spec(text)
            assert 0 < params.get("time_limit", float("inf")) <= ceiling, text
            assert 1 <= params["depth"] <= 40, text
            assert params["rollout"] in ("random", "heuristic"), text
            assert params["iterations"] <= 20_000, text
            assert params.get("clock", "wall") == "wall", text
    # the people's word for the bot is still its level
    seats = (await r.call("GET", f"/api/tables/{made['table']['id']}")).json()["seats"]
    assert [s["bot"].split(":")[0] for s in seats] == ["expert", "hard", "ismcts", "expert"]


async def test_a_closed_tables_searches_leave_the_bot_workers(
    server: ServerFactory, db: Db
) -> None:
    """Bot-only tables of the heaviest search a client may ask for fill the queue;
    the operator closes them: none of their searches waits for a worker any more,
    and a hint at another table is answered (by the one worker there is)."""
    r = await server(db, bot_processes=1, admin_token="op-secret", max_bot_seconds=1.0)
    heavy = "expert:iterations=20000,depth=40"
    tids = [
        (await r.create("planet", [{"type": "bot", "bot": heavy}] * 2))["table"]["id"]
        for _ in range(6)
    ]
    admin = "op-secret"

    async def waiting() -> int:
        listed = await r.call("GET", "/api/admin/tables", token=admin)
        return int(listed.json()["searches_waiting"])

    await answer_when(waiting, lambda n: n >= 3, "searches waiting for the worker", 60)
    for tid in tids:
        res = await r.call("POST", f"/api/admin/tables/{tid}/close", token="op-secret")
        assert res.status_code == 200, res.text
    assert await waiting() == 0, "a closed table's searches still wait for a worker"
    mine = await r.create(
        "planet", [{"type": "you"}, {"type": "bot", "bot": "random"}], options=ANN_FIRST, name="Ann"
    )
    # the one worker answers it after the search it had begun: on a busy machine
    # the two together take longer than the client's usual 20 s
    hint = await r.http.post(
        f"/api/tables/{mine['table']['id']}/hint",
        headers={"Authorization": f"Bearer {mine['token']}"},
        timeout=120,
    )
    assert hint.status_code == 200, hint.text


async def versions(c: httpx.AsyncClient, tids: list[str]) -> int:
    """The sum of the tables' state versions (one per action taken)."""
    answers = await asyncio.gather(*(c.get(f"/api/tables/{t}") for t in tids))
    return sum(int(a.json()["version"]) for a in answers)


async def test_ten_bot_only_tables_of_one_address_do_not_starve_anothers_bot(
    server: ServerFactory, db: Db
) -> None:
    """Rule (issue 36.8): one worker, ten bot-only search tables from one address
    and an honest player at another address. While the honest player's bot and
    then their hint wait, the ten tables together take only a few turns of the
    worker (first come, first served gave them one each: ten or more)."""
    r = await server(db, bot_processes=1, max_tables_per_address=30)
    search = "expert:iterations=40"
    abuser, honest = client(r, "127.0.0.2"), client(r, "127.0.0.3")
    try:
        tids = []
        for _ in range(10):
            res = await abuser.post("/api/tables", json=bots("planet", [search, search]))
            assert res.status_code == 201, res.text
            tids.append(res.json()["table"]["id"])
        seats = [{"type": "you"}, {"type": "bot", "bot": search}]
        body = {"game": "planet", "players": 2, "seats": seats, "options": ANN_FIRST, "name": "Ann"}
        made = (await honest.post("/api/tables", json=body)).json()
        tid, auth = made["table"]["id"], {"Authorization": f"Bearer {made['token']}"}
        await answer_when(
            lambda: versions(honest, tids), lambda n: n >= 10, "the ten tables to play", 120
        )
        view = (await honest.get(f"/api/tables/{tid}/view", headers=auth)).json()
        move = {"action": view["legal"][0]["text"], "version": view["version"]}
        assert (await honest.post(f"/api/tables/{tid}/actions", json=move, headers=auth)).is_success
        before = await versions(honest, tids)

        async def mine() -> Any:
            return (await honest.get(f"/api/tables/{tid}/view", headers=auth)).json()

        view = await answer_when(
            mine, lambda v: 0 in v["table"]["active"], "the honest player's bot", 60
        )
        waited = await versions(honest, tids) - before
        decided = view["version"] - move["version"] - 1  # the honest bot's moves
        assert waited <= 2 * max(decided, 1) + 1, (
            f"the ten tables moved {waited} times while the honest bot moved {decided} times"
        )
        before = await versions(honest, tids)
        hint = await honest.post(f"/api/tables/{tid}/hint", headers=auth)
        assert hint.status_code == 200, hint.text
        waited = await versions(honest, tids) - before
        assert waited <= 4, f"the ten tables moved {waited} times while the hint was searched"
    finally:
        await abuser.aclose()
        await honest.aclose()
