"""Every route that changes a table reaches the table's owner, whichever member
the client reached: a cheater's tests, black-box over HTTP and WebSocket on
loopback against two real members (A owns every table here, requests go through
B): stopping old seat links, the operator's close and delete, renaming a seat,
the choice about a player out of time and taking a seat back.

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL``; each test
works in a database of its own (the ``database`` fixture of test_cluster).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import subprocess
from collections.abc import Callable
from typing import Any

import websockets
from server_helpers import answer_when
from test_cluster import _member, _seated, _Watcher, cluster_marks, database, two_members

__all__ = ["database"]  # the fixture, used by name

pytestmark = cluster_marks(240)

ADMIN = secrets.token_urlsafe(16)  # the operator's token of this module's members
ANN_FIRST = {"family": True, "first_player": 0}  # planet: Ann (seat 0) moves first


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _with_admin(database: str) -> Callable[[int], subprocess.Popen[bytes]]:
    def start(port: int) -> subprocess.Popen[bytes]:
        return _member(database, port, env={"LIFTOFF_ADMIN_TOKEN": ADMIN})

    return start


async def _watch(port: int, tid: str, token: str | None) -> _Watcher:
    ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}")
    hello: dict[str, Any] = {"type": "hello"}
    if token is not None:
        hello["token"] = token
    await ws.send(json.dumps(hello))
    return _Watcher(ws)


async def _hello_refused(port: int, tid: str, token: str) -> int | None:
    """The close code of a socket whose hello holds ``token`` (``None``: it was served)."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if first["type"] == "state":
            return None
        assert first["type"] == "error", first
        with contextlib.suppress(websockets.ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)
        return ws.close_code


async def test_stop_old_links_through_a_non_owner_revokes_the_stolen_token(
    database: str,
) -> None:
    """A thief holds Ann's seat link; Ann presses "Stop old links" on B, a member
    that does not own the table. On the owner A and on B the thief can no longer
    view, act, open a socket nor renew, and the sockets the thief held lose the
    seat; Ann's new token plays through either member."""
    async with two_members(database) as pair:
        ca, cb, pa, pb = pair.ca, pair.cb, pair.pa, pair.pb
        tid, (ann, _bea) = await _seated(ca, options=ANN_FIRST)
        stolen = [await _watch(pa, tid, ann), await _watch(pb, tid, ann)]
        try:
            for w in stolen:
                await w.until(lambda f: f["you"] == 0)
            renewed = await cb.post(f"/api/tables/{tid}/seat-link/renew", headers=_auth(ann))
            assert renewed.status_code == 200, renewed.text
            fresh = renewed.json()["token"]
            assert fresh != ann and renewed.json()["seat"] == 0
            for c, port in ((ca, pa), (cb, pb)):
                view = await c.get(f"/api/tables/{tid}/view", headers=_auth(ann))
                assert view.status_code == 403, (port, view.text)
                mine = (await c.get(f"/api/tables/{tid}/view", headers=_auth(fresh))).json()
                assert mine["you"] == 0 and mine["legal"], mine
                move = {"action": mine["legal"][0]["text"], "version": mine["version"]}
                act = await c.post(f"/api/tables/{tid}/actions", json=move, headers=_auth(ann))
                assert act.status_code == 403, (port, act.text)
                again = await c.post(f"/api/tables/{tid}/seat-link/renew", headers=_auth(ann))
                assert again.status_code == 403, (port, again.text)
                assert await _hello_refused(port, tid, ann) == 4403
            # the sockets the thief opened before watch as spectators now
            for w in stolen:
                await w.until(lambda f: f["you"] is None)
            # Ann plays with her new token, through the member that does not own the table
            mine = (await cb.get(f"/api/tables/{tid}/view", headers=_auth(fresh))).json()
            move = {"action": mine["legal"][0]["text"], "version": mine["version"]}
            act = await cb.post(f"/api/tables/{tid}/actions", json=move, headers=_auth(fresh))
            assert act.status_code == 200, act.text
            owner = (await ca.get(f"/api/tables/{tid}/view", headers=_auth(fresh))).json()
            assert owner["version"] == mine["version"] + 1
        finally:
            for w in stolen:
                await w.ws.close()


async def test_admin_close_and_delete_through_a_non_owner_end_the_game_on_the_owner(
    database: str,
) -> None:
    """The operator closes a table through B: on its owner A the game stops (no
    action is taken any more, the admin list no longer holds it); a table deleted
    through B is gone on A."""
    start = _with_admin(database)
    async with two_members(database, start, start) as pair:
        ca, cb = pair.ca, pair.cb
        tid, (ann, _bea) = await _seated(ca, options=ANN_FIRST)
        gone, _ = await _seated(ca, options=ANN_FIRST)
        admin = _auth(ADMIN)
        view = (await ca.get(f"/api/tables/{tid}/view", headers=_auth(ann))).json()
        move = {"action": view["legal"][0]["text"], "version": view["version"]}
        closed = await cb.post(f"/api/admin/tables/{tid}/close", headers=admin)
        assert closed.status_code == 200, closed.text
        table = (await ca.get(f"/api/tables/{tid}")).json()
        assert table["status"] == "closed", table
        # Ann's move, legal before the close, is refused by the owner now
        act = await ca.post(f"/api/tables/{tid}/actions", json=move, headers=_auth(ann))
        assert act.status_code in (403, 409), act.text
        listed = (await ca.get("/api/admin/tables", headers=admin)).json()["tables"]
        assert tid not in [t["id"] for t in listed] and gone in [t["id"] for t in listed]
        deleted = await cb.delete(f"/api/admin/tables/{gone}", headers=admin)
        assert deleted.status_code == 200, deleted.text
        assert (await ca.get(f"/api/tables/{gone}")).status_code == 404
        listed = (await ca.get("/api/admin/tables", headers=admin)).json()["tables"]
        assert gone not in [t["id"] for t in listed]
        # a stranger without the operator's token is refused through B as on A
        refused = await cb.post(f"/api/admin/tables/{tid}/close", headers=_auth("guess"))
        assert refused.status_code == 403, refused.text


async def test_rename_through_a_non_owner_is_the_owners_name(database: str) -> None:
    """Bea renames her seat through B: the owner A shows the new name, in its
    table and in the frames of a socket held on A."""
    async with two_members(database) as pair:
        ca, cb, pa = pair.ca, pair.cb, pair.pa
        tid, (_ann, bea) = await _seated(ca)
        watcher = await _watch(pa, tid, None)
        try:
            renamed = await cb.post(
                f"/api/tables/{tid}/name", json={"name": "Beatrix"}, headers=_auth(bea)
            )
            assert renamed.status_code == 200, renamed.text
            assert renamed.json()["name"] == "Beatrix"
            table = (await ca.get(f"/api/tables/{tid}")).json()
            assert table["seats"][1]["name"] == "Beatrix", table["seats"]
            await watcher.until(lambda f: f["table"]["seats"][1]["name"] == "Beatrix")
            # the request's cookies travel with it: the owner's refusal (passed on as
            # it came) speaks the language this browser's cookie chose
            refused = await cb.post(
                f"/api/tables/{tid}/name",
                json={"name": "Mallory"},
                headers={**_auth("not-a-seat-token"), "Cookie": "liftoff_lang=ja"},
            )
            assert refused.status_code == 403, refused.text
            assert not refused.json()["words"].isascii(), refused.json()
        finally:
            await watcher.ws.close()


async def test_time_out_choice_and_reclaim_through_a_non_owner_act_on_the_owner(
    database: str,
) -> None:
    """Ann runs out of time on the owner A. Bea, through B, lets a bot play for
    her: A's stand-in plays. Ann, through B, takes her seat back: A stops it."""
    async with two_members(database) as pair:
        ca, cb = pair.ca, pair.cb
        clock = {"initial": 1, "increment": 0}
        tid, (ann, bea) = await _seated(ca, options=ANN_FIRST, clock=clock)

        async def on_a() -> dict[str, Any]:
            seats: dict[str, Any] = (await ca.get(f"/api/tables/{tid}")).json()["seats"][0]
            return seats

        await answer_when(on_a, lambda s: s["out_of_time"], "Ann out of time on the owner")
        chosen = await cb.post(
            f"/api/tables/{tid}/timeout", json={"seat": 0, "choice": "bot"}, headers=_auth(bea)
        )
        assert chosen.status_code == 200, chosen.text
        seat = await on_a()
        assert seat["stand_in"] and not seat["out_of_time"], seat
        back = await cb.post(f"/api/tables/{tid}/reclaim", json={"seat": 0}, headers=_auth(ann))
        assert back.status_code == 200, back.text
        assert not (await on_a())["stand_in"]


async def test_a_socket_through_a_non_owner_is_answered_as_on_the_owner(database: str) -> None:
    """A move refused over a socket to B (sent on to the owner A) is refused in the
    words, and the language, of the same socket on A; a move accepted through B is
    acknowledged with the owner's version."""
    async with two_members(database) as pair:
        ca, pa, pb = pair.ca, pair.pa, pair.pb
        tid, (ann, _bea) = await _seated(ca, options=ANN_FIRST)
        sockets = []
        for port in (pa, pb):
            ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}")
            await ws.send(json.dumps({"type": "hello", "token": ann, "lang": "ja"}))
            sockets.append(_Watcher(ws))
        try:
            for w in sockets:
                await w.until(lambda f: f["version"] == 0 and bool(f["legal"]))
            refused = []
            for w in sockets:
                await w.ws.send(
                    json.dumps({"type": "act", "action": "fly away", "version": 0, "id": "x"})
                )
                refused.append(await asyncio.wait_for(w.answers.get(), 10))
            on_a, on_b = refused
            assert on_b == on_a and on_b["type"] == "error" and on_b["status"] == 422, refused
            assert on_b["words"] and not on_b["words"].isascii()  # Japanese words
            state = sockets[1].states[-1]
            move = {"type": "act", "action": state["legal"][0]["text"], "version": 0, "id": 7}
            await sockets[1].ws.send(json.dumps(move))
            ack = await asyncio.wait_for(sockets[1].answers.get(), 10)
            assert ack == {"type": "ack", "id": 7, "ok": True, "version": 1}, ack
        finally:
            for w in sockets:
                await w.ws.close()
