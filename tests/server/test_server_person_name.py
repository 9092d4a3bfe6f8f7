"""A name asked once: the server remembers the name a person chose at a table
(with their person token), gives it to their later joins without a name, and
tells the lobby it (``GET /api/person``)."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Db, Running, ServerFactory

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]
TWO: list[dict[str, Any]] = [{"type": "you"}, {"type": "open"}]


async def as_person(r: Running, person: str, method: str, path: str, body: Any = None) -> Any:
    headers = {"X-Liftoff-Person": person}
    res = await r.http.request(method, path, json=body, headers=headers)
    assert res.status_code < 300, res.text
    return res.json()


async def test_a_person_names_themself_once(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db)
    assert await as_person(r, "new", "GET", "/api/person") == {"known": False, "name": None}
    first = (await r.create("planet", TWO, name="Ann"))["table"]["id"]
    joined = await as_person(r, "new", "POST", f"/api/tables/{first}/join", {"name": None})
    person = joined["person"]
    table = (await r.call("GET", f"/api/tables/{first}")).json()
    assert table["seats"][1]["name"] == "Player 2"
    # ``Player 2`` is no name chosen: the person is known, but not by a name
    assert await as_person(r, person, "GET", "/api/person") == {"known": True, "name": None}
    renamed = await r.call("POST", f"/api/tables/{first}/name", {"name": "Bo"}, joined["token"])
    assert renamed.json()["name"] == "Bo"
    assert await as_person(r, person, "GET", "/api/person") == {"known": True, "name": "Bo"}
    # the next join without a name (another browser of the same person) takes it
    second = (await r.create("planet", TWO, name="Cy"))["table"]["id"]
    await as_person(r, person, "POST", f"/api/tables/{second}/join", {"name": None})
    table = (await r.call("GET", f"/api/tables/{second}")).json()
    assert [s["name"] for s in table["seats"]] == ["Cy", "Bo"]
    # a name given wins over the remembered one
    third = (await r.create("planet", TWO, name="Di"))["table"]["id"]
    await as_person(r, person, "POST", f"/api/tables/{third}/join", {"name": "Bobby"})
    assert await as_person(r, person, "GET", "/api/person") == {"known": True, "name": "Bobby"}


async def test_a_remembered_name_that_looks_taken_falls_back(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    first = (await r.create("planet", TWO, name="Ann"))["table"]["id"]
    person = (await as_person(r, "new", "POST", f"/api/tables/{first}/join", {"name": "Bo"}))[
        "person"
    ]
    # someone called Bo already sits at the next table: the person is Player 2 there
    second = (await r.create("planet", TWO, name="Bo"))["table"]["id"]
    await as_person(r, person, "POST", f"/api/tables/{second}/join", {"name": None})
    table = (await r.call("GET", f"/api/tables/{second}")).json()
    assert [s["name"] for s in table["seats"]] == ["Bo", "Player 2"]
