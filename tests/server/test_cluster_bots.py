"""Bot bounds and a closed table's searches through a member that does not own the
table (issue 36.2): black-box over HTTP against two real members on loopback (A
owns the tables, requests go through B).

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``; each test works
in a database of its own (the ``database`` fixture of test_cluster).
"""

from __future__ import annotations

import asyncio
import secrets
import subprocess
import time
from collections.abc import Callable

from test_cluster import _member, cluster_marks, database, two_members

from liftoff.bots.seats import parse_spec

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(240)

ADMIN = secrets.token_urlsafe(16)
HEAVY = "expert:iterations=20000,depth=40"  # the heaviest search a client may ask for


def _with_admin(database: str) -> Callable[[int], subprocess.Popen[bytes]]:
    def start(port: int) -> subprocess.Popen[bytes]:
        return _member(database, port, "--max-bot-seconds", "1", env={"LIFTOFF_ADMIN_TOKEN": ADMIN})

    return start


async def test_bounds_and_a_close_through_a_non_owner_hold_on_the_owner(database: str) -> None:
    """Through B: a level name carrying ``depth=0`` is refused; a table made through
    B stores its bot bounded; bot-only tables of the heaviest search, owned by A,
    closed by the operator through B, leave no search waiting on A."""
    start = _with_admin(database)
    async with two_members(database, start, start) as pair:
        ca, cb = pair.ca, pair.cb
        auth = {"Authorization": f"Bearer {ADMIN}"}
        cheat = {
            "game": "planet",
            "players": 2,
            "seats": [{"type": "bot", "bot": "expert:depth=0"}] * 2,
        }
        refused = await cb.post("/api/tables", json=cheat)
        assert refused.status_code == 422 and refused.json()["error"] == "bot-bound", refused.text
        mine = {
            "game": "planet",
            "players": 2,
            "seats": [{"type": "you"}, {"type": "bot", "bot": "hard"}],
        }
        made = (await cb.post("/api/tables", json=mine)).json()
        seats = (await ca.get(f"/api/tables/{made['table']['id']}")).json()["seats"]
        _, params = parse_spec(seats[1]["bot"])
        assert params["time_limit"] <= 1 and 1 <= params["depth"] <= 40, seats
        heavy = {"game": "planet", "players": 2, "seats": [{"type": "bot", "bot": HEAVY}] * 2}
        tids = []
        for _ in range(5):
            res = await ca.post("/api/tables", json=heavy)
            assert res.status_code == 201, res.text
            tids.append(res.json()["table"]["id"])

        async def waiting() -> int:
            return int((await ca.get("/api/admin/tables", headers=auth)).json()["searches_waiting"])

        end = time.monotonic() + 30
        while (queued := await waiting()) < 2:
            assert time.monotonic() < end, f"waited 30 s for searches to queue on A: {queued}"
            await asyncio.sleep(0.1)
        for tid in tids:
            closed = await cb.post(f"/api/admin/tables/{tid}/close", headers=auth)
            assert closed.status_code == 200, closed.text
        assert await waiting() == 0, "the closed tables' searches still wait on their owner"
