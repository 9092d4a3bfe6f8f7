"""Repeated submissions across a restart: the key of a submission with a message id
(seat, id, version, action) is stored with its action, so a server killed with
``kill -9`` and started again on the same database (SQLite or PostgreSQL) answers
a repetition as it answered the first time, and applies nothing twice; a stored
key does not make another action, version or seat with the same id a repetition.

The takeover by another member of a cluster is tested in test_cluster.py.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Db, ServerFactory, no_cookies
from sqlalchemy import text
from test_cluster import PG, database, wait_up
from test_server_crash import free_port

from liftoff.server.storage import Store
from processes import end, spawn

__all__ = ["database"]  # the fixture, used by name

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a new database: an SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'keys.db'}"
    if not PG:
        pytest.skip("needs PostgreSQL (LIFTOFF_TEST_POSTGRES_URL)")
    return str(request.getfixturevalue("database"))


def _serve(url: str, port: int) -> subprocess.Popen[bytes]:
    code = "import sys; from liftoff.cli.main import main; sys.argv[0] = 'liftoff'; main()"
    args = ["serve", "--port", str(port), "--db", url, "--bot-delay", "0", "--grace", "600"]
    return spawn(
        [sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def _logged(url: str, tid: str) -> list[tuple[int, str, str | None]]:
    """The table's action log: index, action, stored submission key."""
    store = Store(url)
    try:
        async with store.engine.connect() as conn:
            rows = await conn.execute(
                text(
                    "SELECT idx, text, submission FROM action_log WHERE table_id = :t ORDER BY idx"
                ),
                {"t": tid},
            )
            return [(int(i), str(t), s) for i, t, s in rows.all()]
    finally:
        await store.engine.dispose()


async def _moves(c: httpx.AsyncClient, tid: str, tokens: list[str], n: int) -> list[dict[str, Any]]:
    """Play ``n`` accepted actions (each with an id but the second): for each, the
    token, the request body, the answer and the other legal actions of that moment."""
    sent: list[dict[str, Any]] = []
    while len(sent) < n:
        for tok in tokens:
            v = (await c.get(f"/api/tables/{tid}/view", headers=_auth(tok))).json()
            if not v["legal"] or len(sent) >= n:
                continue
            texts = [a["text"] for a in v["legal"]]
            body: dict[str, Any] = {"action": texts[0], "version": v["version"]}
            if len(sent) != 1:
                body["id"] = f"k{len(sent)}"
            res = await c.post(f"/api/tables/{tid}/actions", json=body, headers=_auth(tok))
            assert res.status_code == 200, res.text
            sent.append({"token": tok, "body": body, "answer": res.json(), "others": texts[1:]})
    return sent


async def test_kill_9_then_a_repeated_submission_gets_its_first_answer(db_url: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _serve(db_url, port)
    try:
        await wait_up(base, proc)
        async with httpx.AsyncClient(cookies=no_cookies(), base_url=base, timeout=10) as c:
            made = await c.post(
                "/api/tables",
                json={"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]},
            )
            tid = made.json()["table"]["id"]
            joined = (await c.post(f"/api/tables/{tid}/join", json={"name": "Bea"})).json()
            tokens = [made.json()["token"], joined["token"]]
            sent = await _moves(c, tid, tokens, 6)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        proc = _serve(db_url, port)  # on the same database
        await wait_up(base, proc)
        async with httpx.AsyncClient(cookies=no_cookies(), base_url=base, timeout=10) as c:
            path = f"/api/tables/{tid}/actions"
            for move in (sent[-1], sent[2]):  # the last one, and an older one
                again = await c.post(path, json=move["body"], headers=_auth(move["token"]))
                assert again.status_code == 200, again.text
                assert again.json() == move["answer"]
            # the same id with another action, or from the other seat: no repetition
            # (refused as stale, or as not that seat's turn)
            last = sent[-1]
            other_seat = next(t for t in tokens if t != last["token"])
            for body, tok in (
                ({**last["body"], "action": last["others"][0]}, last["token"]),
                (last["body"], other_seat),
            ):
                res = await c.post(path, json=body, headers=_auth(tok))
                assert res.status_code in (409, 422), res.text
            # nor a new action on the current version: applied
            version = last["answer"]["version"]
            for tok in tokens:
                view = (await c.get(f"/api/tables/{tid}/view", headers=_auth(tok))).json()
                if view["legal"]:
                    body = {"action": view["legal"][0]["text"], "version": version, "id": "k0"}
                    res = await c.post(path, json=body, headers=_auth(tok))
                    assert res.status_code == 200 and res.json()["version"] == version + 1
                    break
            else:
                raise AssertionError("nobody to move")
        logged = await _logged(db_url, tid)
        assert [(i, t) for i, t, _ in logged[:6]] == [
            (m["answer"]["version"] - 1, m["body"]["action"]) for m in sent
        ]
        assert len(logged) == 7  # every action once
        keys = [k for _, _, k in logged]
        assert keys[1] is None  # the one sent without an id
        assert None not in keys[:1] + keys[2:] and len(set(keys)) == len(keys)
    finally:
        end(proc)  # its whole group, with its bot and replay workers


async def test_a_race_submission_is_answered_again_after_a_restart(
    server: ServerFactory, db: Db
) -> None:
    """A real-time table: the key goes with the row its driver applied; after a
    restart the repetition gets the first answer, and another seat's action with
    the same id is its own."""
    r = await server(db)
    made = await r.create("race", [{"type": "you"}, {"type": "open"}], name="Ann")
    tid, tok0 = made["table"]["id"], made["token"]
    tok1 = (await r.join(tid, name="Bo"))["token"]
    view = await r.view(tid, tok0)
    body = {"action": view["legal"][0]["text"], "version": view["version"], "id": "m-1"}
    path = f"/api/tables/{tid}/actions"
    first = await r.call("POST", path, body, tok0)
    assert first.status_code == 200, first.text
    version = r.manager.tables[tid].state.version
    await r.stop()
    r2 = await server(db)
    again = await r2.call("POST", path, body, tok0)
    assert again.status_code == 200 and again.json() == first.json(), again.text
    assert r2.manager.tables[tid].state.version == version  # not applied twice
    view = await r2.view(tid, tok1)
    theirs = {"action": view["legal"][0]["text"], "version": view["version"], "id": "m-1"}
    res = await r2.call("POST", path, theirs, tok1)
    assert res.status_code == 200 and res.json()["version"] == version + 1, res.text
    table = r2.manager.tables[tid]
    assert len(table.answered) == 2 and len(table.state.history) == version + 1
