"""Several servers on one PostgreSQL database and one Redis: leases per table,
fencing, any member serving any table (actions forwarded to the owner, frames
from each member's replica), and taking a table over after its owner is killed.

Needs ``LIFTOFF_TEST_POSTGRES_URL`` and ``LIFTOFF_TEST_REDIS_URL`` (``.ci/run``
starts both); each test works in a database of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import pytest_asyncio
import websockets
from server_helpers import no_cookies
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from test_server_crash import free_port

from liftoff.server.storage import ActionData, Store
from liftoff.server.storage.leases import Fence, StaleLease
from processes import end, spawn

PG = os.environ.get("LIFTOFF_TEST_POSTGRES_URL")
REDIS = os.environ.get("LIFTOFF_TEST_REDIS_URL")

needs_redis = pytest.mark.skipif(not REDIS, reason="needs Redis (LIFTOFF_TEST_REDIS_URL)")


def cluster_marks(timeout: int = 240, redis: bool = True) -> list[pytest.MarkDecorator]:
    """The marks of a module of cluster tests: asyncio, a ``timeout`` per test, and
    skipped without PostgreSQL (and, with ``redis``, without Redis)."""
    # no xdist_group: the clusters of two workers run side by side, each test on a
    # database of its own, its cluster named after it, and each worker on a Redis
    # database of its own (what one test reads of Redis is its cluster's alone)
    marks = [
        pytest.mark.asyncio,
        pytest.mark.timeout(timeout),
        pytest.mark.skipif(not PG, reason="needs PostgreSQL (LIFTOFF_TEST_POSTGRES_URL)"),
    ]
    return [*marks, needs_redis] if redis else marks


pytestmark = cluster_marks(redis=False)


@pytest_asyncio.fixture
async def database() -> AsyncIterator[str]:
    """The URL of a new, empty PostgreSQL database (dropped after the test)."""
    assert PG is not None
    name = f"liftoff_cluster_{secrets.token_hex(5)}"
    admin = create_async_engine(PG, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(PG).set(database=name).render_as_string(hide_password=False)
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


async def _table(store: Store, tid: str) -> None:
    async with store.engine.begin() as conn:
        await conn.execute(
            text(
                "INSERT INTO game_tables (id, game, players, seed, options, status, "
                "created_at, updated_at) VALUES (:t, 'planet', 2, 1, '{}', 'playing', 0, 0)"
            ),
            {"t": tid},
        )


def _row(idx: int) -> ActionData:
    return ActionData(idx, 0, f"action {idx}", idx, time.time())


async def test_a_stale_owner_cannot_write(database: str) -> None:
    a, b = Store(database), Store(database)
    await a.start()
    await b.start()
    try:
        a.fence, b.fence = Fence("member-a", 5.0), Fence("member-b", 5.0)
        await _table(a, "t1")
        assert await a.fence.claim(a.engine, "t1") == 1
        assert await b.fence.claim(b.engine, "t1") is None  # held, not expired
        await a.append("t1", _row(0))
        # a's lease runs out (it paused, or lost the database for a while)
        async with a.engine.begin() as conn:
            await conn.execute(text("UPDATE table_leases SET expires_at = now() - interval '1s'"))
        assert await b.fence.claim(b.engine, "t1") == 2  # a new epoch
        with pytest.raises(StaleLease):
            await a.append("t1", _row(1))  # the old owner is fenced off
        await b.append("t1", _row(1))
        with pytest.raises(StaleLease):  # nor can it take back the new owner's action
            await a.delete_action("t1", 1)
        assert "t1" not in a.fence.epochs
        # a renewing finds nothing of its own to renew
        assert await a.fence.renew(a.engine) == set()
        async with a.engine.connect() as conn:
            rows = (await conn.execute(text("SELECT idx, text FROM action_log"))).all()
        assert sorted(rows) == [(0, "action 0"), (1, "action 1")]
    finally:
        await a.close()
        await b.close()


async def test_a_lease_claimed_while_renewing_is_not_taken_for_lost(database: str) -> None:
    """Tables made while the leases are renewed: a claim that lands between the
    renewal's snapshot and its answer is no lost lease (it was, now and then)."""
    store = Store(database)
    await store.start()
    try:
        fence = Fence("member-a", 30.0)
        for i in range(150):
            await _table(store, f"t{i}")
            _, lost = await asyncio.gather(
                fence.claim(store.engine, f"t{i}"), fence.renew(store.engine)
            )
            assert not lost, (i, lost)
        assert len(fence.epochs) == 150
    finally:
        await store.close()


async def wait_up(base: str, proc: subprocess.Popen[bytes], within: float = 90.0) -> None:
    """Wait until a member answers its health check (a busy machine starts slowly)."""
    async with httpx.AsyncClient(cookies=no_cookies(), base_url=base) as c:
        end = time.monotonic() + within
        while time.monotonic() < end:
            if proc.poll() is not None:
                raise AssertionError(f"member exited: {member_log(proc)[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if (await c.get("/api/health")).status_code == 200:
                    return
            await asyncio.sleep(0.1)
    raise AssertionError("member did not come up")


def _member(
    database: str,
    port: int,
    *extra: str,
    grace: float = 600.0,
    env: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    """A member started as ``liftoff serve --redis`` (``extra``: more options;
    ``env``: more environment variables, e.g. the operator's admin token), of the
    cluster named after its database: each test's members hear only each other,
    whatever other tests share the Redis server (``extra`` may name it otherwise)."""
    assert REDIS is not None
    code = "import sys; from liftoff.cli.main import main; sys.argv[0] = 'liftoff'; main()"
    cluster = make_url(database).database or "liftoff"
    args = ["serve", "--port", str(port), "--db", database, "--redis", REDIS]
    args += ["--cluster-name", cluster, *extra]
    # what it logs goes to a file, read when a test fails (a pipe nobody reads would
    # stop a member that logs more than the pipe holds)
    with tempfile.NamedTemporaryFile(prefix="member-", suffix=".log", delete=False) as log:
        proc = spawn(
            [sys.executable, "-c", code, *args, "--bot-delay", "0", "--grace", str(grace)],
            stdout=subprocess.DEVNULL,
            stderr=log,
            env={**os.environ, **(env or {})},
        )
    MEMBER_LOGS[proc.pid] = log.name
    return proc


#: the file each member started by :func:`_member` logs to, by process id
MEMBER_LOGS: dict[int, str] = {}


def member_log(proc: subprocess.Popen[bytes]) -> str:
    """What a member started by :func:`_member` logged so far ("" for another process)."""
    path = MEMBER_LOGS.get(proc.pid)
    if path is None:
        return ""
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def _stop(*procs: subprocess.Popen[bytes] | None) -> None:
    """Stop members and their process groups (SIGTERM, then SIGKILL after 10 s), and
    remove the files they logged to."""
    end(*procs)
    for proc in procs:
        if proc is not None and (path := MEMBER_LOGS.pop(proc.pid, None)):
            with contextlib.suppress(OSError):
                os.unlink(path)


@dataclass
class Pair:
    """Two running members, A and B, their ports and a client of each."""

    a: subprocess.Popen[bytes]
    b: subprocess.Popen[bytes]
    pa: int
    pb: int
    ca: httpx.AsyncClient
    cb: httpx.AsyncClient


Start = Callable[[int], "subprocess.Popen[bytes]"]


@contextlib.asynccontextmanager
async def two_members(
    database: str, start_a: Start | None = None, start_b: Start | None = None
) -> AsyncIterator[Pair]:
    """Members A and B (``start_*(port)``: how to start one; default ``_member``),
    started together (the first to migrate the new database holds its migration
    lock, the other waits for it: a start-up's seconds on a busy machine are spent
    once, not twice), the test going on once both answer; both stopped afterwards
    (one the test killed is left as it is)."""
    pa, pb = free_port(), free_port()
    a = (start_a or (lambda port: _member(database, port)))(pa)
    b = None
    try:
        b = (start_b or (lambda port: _member(database, port)))(pb)
        await wait_up(f"http://127.0.0.1:{pa}", a)
        await wait_up(f"http://127.0.0.1:{pb}", b)
        async with (
            httpx.AsyncClient(
                cookies=no_cookies(), base_url=f"http://127.0.0.1:{pa}", timeout=10
            ) as ca,
            httpx.AsyncClient(
                cookies=no_cookies(), base_url=f"http://127.0.0.1:{pb}", timeout=10
            ) as cb,
        ):
            yield Pair(a, b, pa, pb, ca, cb)
    except BaseException:
        for name, proc in (("A", a), ("B", b)):  # shown with the failure
            if proc is not None:
                print(f"--- member {name} logged:\n{member_log(proc)[-6000:]}")
        raise
    finally:
        _stop(a, b)


async def _logged(database: str, tid: str) -> dict[int, str]:
    """Table ``tid``'s action log as stored: action text by index."""
    store = Store(database)
    try:
        async with store.engine.connect() as conn:
            rows = (
                await conn.execute(
                    text("SELECT idx, text FROM action_log WHERE table_id = :t ORDER BY idx"),
                    {"t": tid},
                )
            ).all()
    finally:
        await store.engine.dispose()
    return {int(i): str(t) for i, t in rows}


async def _seated(
    c: httpx.AsyncClient, game: str = "planet", **extra: Any
) -> tuple[str, list[str]]:
    """A new two-player table of ``game`` (``extra``: more of the request), its
    second seat joined by Bea: the table's id and both seats' tokens."""
    body = {"game": game, "players": 2, "seats": [{"type": "you"}, {"type": "open"}], **extra}
    made = (await c.post("/api/tables", json=body)).json()
    tid = made["table"]["id"]
    joined = (await c.post(f"/api/tables/{tid}/join", json={"name": "Bea"})).json()
    return tid, [made["token"], joined["token"]]


async def _play(
    c: httpx.AsyncClient,
    tid: str,
    tokens: list[str],
    acked: dict[int, str],
    moves: int,
    movers: dict[int, str] | None = None,
) -> None:
    """Play the two seats in turn for ``moves`` accepted actions (each with an id,
    ``m`` and the version it was chosen on); ``movers``: each one's token."""
    done = 0
    while done < moves:
        for tok in tokens:
            auth = {"Authorization": f"Bearer {tok}"}
            v = (await c.get(f"/api/tables/{tid}/view", headers=auth)).json()
            if not v["legal"] or done == moves:  # exactly ``moves``, whoever is next
                continue
            act = v["legal"][done % len(v["legal"])]["text"]
            res = await c.post(
                f"/api/tables/{tid}/actions",
                json={"action": act, "version": v["version"], "id": f"m{v['version']}"},
                headers=auth,
            )
            assert res.status_code == 200, res.text
            acked[res.json()["version"] - 1] = act
            if movers is not None:
                movers[res.json()["version"] - 1] = tok
            done += 1


@needs_redis
async def test_kill_9_of_the_owner_the_other_member_takes_over(database: str) -> None:
    acked: dict[int, str] = {}
    async with two_members(database) as pair:
        a, ca, cb = pair.a, pair.ca, pair.cb
        tid, tokens = await _seated(ca)
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        # a spectator on B, watching A's table (from B's replica) through the takeover
        ws = await websockets.connect(f"ws://127.0.0.1:{pair.pb}/ws/tables/{tid}")
        await ws.send(json.dumps({"type": "hello"}))
        watcher = _Watcher(ws)
        movers: dict[int, str] = {}
        await _play(ca, tid, tokens, acked, 12, movers)
        await watcher.until(lambda f: f["version"] == 12)
        os.kill(a.pid, signal.SIGKILL)
        a.wait(10)
        killed = time.monotonic()
        # B takes the table over once A's lease runs out, from the action log; a
        # repeated submission gets A's answer (its key is in the log), and is not
        # applied twice
        last = max(acked)
        again = None
        while time.monotonic() - killed < 30:
            again = await cb.post(
                f"/api/tables/{tid}/actions",
                json={"action": acked[last], "version": last, "id": f"m{last}"},
                headers={"Authorization": f"Bearer {movers[last]}"},
            )
            if again.status_code != 503:
                break
            # A's lease still runs: B cannot reach A, or A's lease is not out yet
            assert again.json()["error"] in ("unreachable", "elsewhere"), again.text
            await asyncio.sleep(0.2)
        took = time.monotonic() - killed
        assert again is not None and again.status_code != 503, "no takeover"
        assert again.status_code == 200, again.text
        assert again.json() == {"ok": True, "version": last + 1}
        older = {"action": acked[3], "version": 3, "id": "m3"}
        again = await cb.post(
            f"/api/tables/{tid}/actions",
            json=older,
            headers={"Authorization": f"Bearer {movers[3]}"},
        )
        assert again.status_code == 200 and again.json() == {"ok": True, "version": 4}
        view = (await cb.get(f"/api/tables/{tid}/view", headers=auth)).json()
        assert view["version"] == len(acked)  # nothing acknowledged lost
        await _play(cb, tid, tokens, acked, 4)  # and play goes on on B
        assert took < 15
        # the spectator's socket carried on: B's replica became its table
        await watcher.until(lambda f: f["version"] == len(acked))
        versions = [f["version"] for f in watcher.states]
        assert versions == sorted(versions) and versions[-1] == 16
        await ws.close()
        assert await _logged(database, tid) == acked  # every acknowledged action once


@needs_redis
async def test_loadtest_spreads_thinking_clients_over_two_members(database: str) -> None:
    from liftoff.server.loadtest import run

    async with two_members(database) as pair:
        urls = [str(pair.ca.base_url), str(pair.cb.base_url)]
        figures = await asyncio.to_thread(run, clients=16, tables=4, seconds=4, url=urls, think=0.2)
        assert figures["servers"] == 2 and figures["think_seconds"] == 0.2
        assert figures["lost_moves"] == 0 and figures["connect_failures"] == 0
        # with 0.2 s of thinking per move, 4 s hold few moves per seat
        assert 0 < figures["moves"] < 16 * 4 / 0.2 * 2
        assert not figures["refusals"], figures["refusals"]


def action_of(w: _Watcher) -> str:
    """The first legal action in the watcher's last frame."""
    text: str = w.states[-1]["legal"][0]["text"]
    return text


def compared(frames: list[dict[str, Any]], after: int, upto: int) -> list[dict[str, Any]]:
    """The frames of the versions after ``after`` up to ``upto``."""
    return [f for f in frames if after < f["version"] <= upto]


class _Watcher:
    """One WebSocket to a member: the state frames it was sent, and its other answers."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.states: list[dict[str, Any]] = []
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        # a member that dies ends its sockets without a close frame: the end of the frames
        with contextlib.suppress(websockets.ConnectionClosed):
            async for frame in self.ws:
                msg = json.loads(frame)
                if msg["type"] == "state":
                    self.states.append(msg)
                elif msg["type"] in ("ack", "error"):
                    await self.answers.put(msg)

    async def until(self, ok: Any, within: float = 20.0) -> dict[str, Any]:
        end = time.monotonic() + within
        while time.monotonic() < end:
            if self.states and ok(self.states[-1]):
                return self.states[-1]
            await asyncio.sleep(0.02)
        raise AssertionError(f"no such frame; the last: {self.states[-1:]}")


@needs_redis
async def test_any_member_serves_any_table(database: str) -> None:
    """A table created on A, joined and played through B (REST and WebSocket), watched
    on both: each seat (and a spectator) gets the same frames on A and on B, one per
    change, in order."""
    sockets: list[Any] = []
    async with two_members(database) as pair:
        ca, cb, pa, pb = pair.ca, pair.cb, pair.pa, pair.pb
        try:
            made = await ca.post(
                "/api/tables",
                json={"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]},
            )
            tid = made.json()["table"]["id"]
            joined = await cb.post(f"/api/tables/{tid}/join", json={"name": "Bea"})
            assert joined.status_code == 200, joined.text  # through B, applied by A
            tokens = [made.json()["token"], joined.json()["token"]]
            seen = (await ca.get(f"/api/tables/{tid}")).json()
            assert [s["name"] for s in seen["seats"]][1] == "Bea"
            watchers: dict[tuple[str, int | None], _Watcher] = {}
            for member, port in (("A", pa), ("B", pb)):
                for seat in (0, 1, None):
                    ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}")
                    sockets.append(ws)
                    hello: dict[str, Any] = {"type": "hello"}
                    if seat is not None:
                        hello["token"] = tokens[seat]
                    await ws.send(json.dumps(hello))
                    watchers[member, seat] = _Watcher(ws)

            def everyone_here(f: dict[str, Any]) -> bool:
                return all(s["connected"] for s in f["table"]["seats"])

            for w in watchers.values():
                await w.until(everyone_here)
            # presence frames may still come at this version: the frames compared are
            # those of the versions after it
            first = version = watchers["A", 0].states[-1]["version"]
            for n in range(8):
                mover = next(s for s in (0, 1) if watchers["B", s].states[-1]["legal"])
                action = watchers["B", mover].states[-1]["legal"][0]["text"]
                body = {"action": action, "version": version, "id": f"n{n}"}
                if n % 2 == 0:  # REST through B
                    auth = {"Authorization": f"Bearer {tokens[mover]}"}
                    res = await cb.post(f"/api/tables/{tid}/actions", json=body, headers=auth)
                    assert res.status_code == 200, res.text
                    answer = res.json()
                else:  # WebSocket through B
                    w = watchers["B", mover]
                    await w.ws.send(json.dumps({"type": "act", **body}))
                    answer = await asyncio.wait_for(w.answers.get(), 10)
                    assert answer["type"] == "ack", answer
                assert answer["version"] == version + 1
                version += 1
                for w in watchers.values():
                    await w.until(lambda f, v=version: f["version"] >= v)
            # the same submission again (same id): the first answer, not applied twice
            again = await cb.post(
                f"/api/tables/{tid}/actions",
                json=body,
                headers={"Authorization": f"Bearer {tokens[mover]}"},
            )
            assert again.status_code == 200 and again.json()["version"] == version, again.text
            # a refusal through B: the owner's, and the seat's frames show it on A and B
            mover = next(s for s in (0, 1) if watchers["B", s].states[-1]["legal"])
            auth = {"Authorization": f"Bearer {tokens[mover]}"}
            wrong = {"action": "pay rocket nothing", "version": version, "id": "bad"}
            refused = await cb.post(f"/api/tables/{tid}/actions", json=wrong, headers=auth)
            assert refused.status_code == 422, refused.text
            assert refused.json()["words"]
            for m in ("A", "B"):
                await watchers[m, mover].until(lambda f: f["refusal"] is not None)
            # one more move: its frame, last on every socket, comes after any frame of
            # the versions compared (no frame of theirs can arrive later)
            body = {"action": action_of(watchers["B", mover]), "version": version, "id": "end"}
            res = await cb.post(f"/api/tables/{tid}/actions", json=body, headers=auth)
            assert res.status_code == 200, res.text
            for w in watchers.values():
                await w.until(lambda f, v=version + 1: f["version"] >= v)
            for seat in (0, 1, None):
                on_a = compared(watchers["A", seat].states, first, version)
                on_b = compared(watchers["B", seat].states, first, version)
                # a frame per version, and one more for the refusal (at the mover's seat)
                versions = [f["version"] for f in on_a]
                assert versions == [*range(first + 1, version + 1), version]
                assert (on_a[-1]["refusal"] is not None) == (seat == mover)
                assert on_b == on_a, f"seat {seat}: frames differ between A and B:\n" + "\n".join(
                    difflib.unified_diff(
                        json.dumps(on_a, indent=1, sort_keys=True).splitlines(),
                        json.dumps(on_b, indent=1, sort_keys=True).splitlines(),
                        "on A",
                        "on B",
                        lineterm="",
                    )
                )
        finally:
            for ws in sockets:
                with contextlib.suppress(Exception):
                    await ws.close()


async def test_renewals_at_once_lock_in_one_order_and_never_deadlock(database: str) -> None:
    """Many renewals of one member's 80 leases at once (as health checks made them),
    beside fenced writes and a release: each one renews every lease, none deadlocks."""
    store = Store(database)
    await store.start()
    try:
        owner = Fence("member-a", 30.0)
        ids = [f"t{i:02d}" for i in range(80)]
        for tid in ids:
            await _table(store, tid)
            assert await owner.claim(store.engine, tid) == 1
        # renewers that share the member's name and epochs but not its one-at-a-time lock
        renewers = [Fence("member-a", 30.0) for _ in range(12)]
        for f in renewers:
            f.epochs = dict(owner.epochs)

        async def write(n: int) -> None:
            async with store.engine.begin() as conn:
                await owner.check(conn, reversed(ids[n::7]))

        for _ in range(5):
            found = await asyncio.gather(
                *(f.renew(store.engine) for f in renewers), *(write(n) for n in range(7))
            )
            assert all(not lost for lost in found[: len(renewers)])
        await renewers[0].release(store.engine, ids[:40])
        assert sorted(owner.epochs) == ids
        assert await owner.renew(store.engine) == set(ids[:40])  # released: gone for all
    finally:
        await store.close()


async def test_a_deadlocked_lease_statement_is_tried_again() -> None:
    from sqlalchemy.exc import DBAPIError

    from liftoff.server.storage.leases import retried

    class Deadlock(Exception):
        sqlstate = "40P01"

    tries: list[int] = []

    async def attempt() -> str:
        tries.append(1)
        if len(tries) < 3:
            raise DBAPIError("UPDATE table_leases …", None, Deadlock())
        return "renewed"

    assert await retried(attempt) == "renewed" and len(tries) == 3

    async def refused() -> str:
        raise DBAPIError("UPDATE table_leases …", None, Exception("permission denied"))

    with pytest.raises(DBAPIError):  # any other error is not tried again
        await retried(refused)
