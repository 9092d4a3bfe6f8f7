"""Helpers for the server tests: an in-process uvicorn server on a loopback
port, a REST client and a WebSocket client that records every frame."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any

import httpx
import uvicorn
import websockets
from websockets.asyncio.client import ClientConnection

from liftoff.server.app import create_app
from liftoff.server.protocol import protocol_class
from liftoff.server.tables import Settings, TableManager


@dataclass(frozen=True)
class Db:
    """A database URL and, for PostgreSQL, the schema the test owns."""

    url: str
    schema: str | None


FAST = {
    "bot_delay": 0.0,
    "race_start_pause": 0.0,
    "race_round_pause": 0.0,
    "race_people_pace": False,
    "race_ready_most": 0.0,
    "grace": 30.0,
    "http_rate": 10_000.0,
    "http_burst": 10_000.0,
    "ws_rate": 10_000.0,
    "ws_burst": 10_000.0,
}


@dataclass
class Running:
    """A server running in this event loop."""

    base: str
    ws_base: str
    server: uvicorn.Server
    task: asyncio.Task[None]
    manager: TableManager
    http: httpx.AsyncClient
    traffic: list[tuple[str, str, int, str]] = field(default_factory=list)  # REST log

    async def stop(self) -> None:
        """Stop the server (its lifespan closes the store)."""
        await self.http.aclose()
        self.server.should_exit = True
        try:
            await asyncio.wait_for(asyncio.shield(self.task), 20)
        except TimeoutError:  # a busy machine: stop waiting for open connections
            self.server.force_exit = True
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(self.task, 20)

    # -- REST ---------------------------------------------------------------------
    async def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> httpx.Response:
        """A REST call (recorded in ``traffic``)."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        res = await self.http.request(method, path, json=body, headers=headers)
        self.traffic.append((method, path, res.status_code, res.text))
        return res

    async def create(self, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        """Create a table; returns the JSON answer (``table``, maybe ``seat``/``token``)."""
        body = {"game": game, "players": len(seats), "seats": seats, **extra}
        res = await self.call("POST", "/api/tables", body)
        assert res.status_code == 201, res.text
        data: dict[str, Any] = res.json()
        return data

    async def join(self, table: str, seat: int | None = None, name: str = "Bo") -> dict[str, Any]:
        """Take a seat; returns ``{table, seat, token}``."""
        res = await self.call("POST", f"/api/tables/{table}/join", {"seat": seat, "name": name})
        assert res.status_code == 200, res.text
        data: dict[str, Any] = res.json()
        return data

    async def view(self, table: str, token: str | None = None) -> dict[str, Any]:
        """The REST view of a table for a seat (or a spectator)."""
        res = await self.call("GET", f"/api/tables/{table}/view", token=token)
        assert res.status_code == 200, res.text
        data: dict[str, Any] = res.json()
        return data

    async def act(
        self, table: str, token: str | None, action: str, version: int | None
    ) -> httpx.Response:
        """POST an action."""
        return await self.call(
            "POST", f"/api/tables/{table}/actions", {"action": action, "version": version}, token
        )

    async def connect(self, table: str, token: str | None = None, lang: Any = None) -> WsClient:
        """Open the table's WebSocket as a seat (or spectator) and say hello (in
        ``lang`` when given)."""
        ws = await websockets.connect(f"{self.ws_base}/ws/tables/{table}", max_size=2**22)
        client = WsClient(ws)
        hello: dict[str, Any] = {"type": "hello", "token": token}
        if lang is not None:
            hello["lang"] = lang
        await ws.send(json.dumps(hello))
        client.start()
        return client

    async def play_out(self, table: str, *tokens: str, timeout: float = 90.0) -> dict[str, Any]:
        """The people holding ``tokens`` play a turn-based game to its end over REST
        (each ends their turn as soon as they may, else makes their first legal move;
        nobody's seat goes to a bot by itself); the finished public table."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for token in tokens:
                view = await self.view(table, token)
                texts = [a["text"] for a in view.get("legal") or []]
                if texts:
                    move = next((t for t in texts if t in ("end", "done")), texts[0])
                    await self.act(table, token, move, view["version"])
            data: dict[str, Any] = (await self.call("GET", f"/api/tables/{table}")).json()
            if data["status"] == "over":
                return data
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"the game did not end; table is {data}")
            await asyncio.sleep(0.01)

    async def wait_for(
        self, table: str, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0
    ) -> dict[str, Any]:
        """Poll the public table until ``pred`` holds."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            res = await self.call("GET", f"/api/tables/{table}")
            data: dict[str, Any] = res.json()
            if pred(data):
                return data
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"timed out; table is {data}")
            await asyncio.sleep(0.05)


class WsClient:
    """A WebSocket client that keeps every frame and the last state."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[str] = []
        self.state: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []
        self.replies: dict[Any, asyncio.Future[dict[str, Any]]] = {}
        self.errors: list[dict[str, Any]] = []
        self.changed = asyncio.Condition()
        self.closed: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        self._task: asyncio.Task[None] | None = None
        self._next = 0

    def start(self) -> None:
        """Start reading frames."""
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                text = frame if isinstance(frame, str) else frame.decode()
                self.frames.append(text)
                msg = json.loads(text)
                if msg["type"] == "state":
                    self.state = msg
                    if msg["log_reset"]:
                        self.log = list(msg["log"])
                    else:
                        self.log.extend(msg["log"])
                    async with self.changed:
                        self.changed.notify_all()
                elif msg.get("id") in self.replies:
                    fut = self.replies.pop(msg["id"])
                    if not fut.done():
                        fut.set_result(msg)
                else:
                    self.errors.append(msg)
        except websockets.ConnectionClosed:
            pass
        finally:
            if not self.closed.done():
                self.closed.set_result(self.ws.close_code)
            async with self.changed:
                self.changed.notify_all()

    async def wait_state(
        self, pred: Callable[[dict[str, Any]], bool] = lambda s: True, timeout: float = 10.0
    ) -> dict[str, Any]:
        """The first state (the current one included) for which ``pred`` holds."""

        def ok() -> bool:
            return self.state is not None and pred(self.state)

        try:
            async with self.changed:
                await asyncio.wait_for(self.changed.wait_for(ok), timeout)
        except TimeoutError:
            last = json.dumps(self.state)[:600] if self.state is not None else "none"
            raise AssertionError(
                f"no state frame matched within {timeout} s; the last state: {last}"
            ) from None
        assert self.state is not None
        return self.state

    async def request(self, msg: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send a message with an id; the ack or error answering it."""
        self._next += 1
        msg = {**msg, "id": self._next}
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[self._next] = fut
        await self.ws.send(json.dumps(msg))
        return await asyncio.wait_for(fut, timeout)

    async def act(self, action: str, version: int | None) -> dict[str, Any]:
        """Act over the socket; the ack or error."""
        return await self.request({"type": "act", "action": action, "version": version})

    async def close(self) -> None:
        """Close the connection."""
        await self.ws.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


async def start_server(db: Db, **overrides: Any) -> Running:
    """Start the app on a free loopback port in this event loop."""
    values = {**FAST, **overrides}
    settings = Settings(**values)
    app = create_app(db.url, settings=settings, db_schema=db.schema)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app,
        http=protocol_class(settings.header_timeout),
        proxy_headers=False,  # the server's own --trusted-proxy setting decides
        ws="websockets-sansio",
        ws_max_size=settings.max_body,
        log_level="warning",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    for _ in range(400):
        if server.started:
            break
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    else:
        raise RuntimeError("server did not start")
    base = f"http://127.0.0.1:{port}"
    return Running(
        base=base,
        ws_base=f"ws://127.0.0.1:{port}",
        server=server,
        task=task,
        manager=app.state.manager,
        http=httpx.AsyncClient(base_url=base, timeout=20, cookies=no_cookies()),
    )


def no_cookies() -> CookieJar:
    """A cookie jar that keeps nothing: the tests' REST client plays many people at
    once, so it must not carry one browser's person cookie from seat to seat."""
    return CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))


ServerFactory = Callable[..., Awaitable[Running]]


async def until(what: str, ok: Callable[[], Any], timeout: float = 10.0) -> None:
    """Poll ``ok()`` (a plain or a coroutine function) until it is true, at most
    ``timeout`` seconds; a failure says ``what`` was waited for."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        done = ok()
        if asyncio.iscoroutine(done):
            done = await done
        if done:
            return
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(0.02)


async def answer_when(
    ask: Callable[[], Awaitable[Any]], ok: Callable[[Any], Any], what: str, timeout: float = 20.0
) -> Any:
    """Ask until the answer is ``ok``, at most ``timeout`` seconds; the answer, or a
    failure that says what was awaited and the last answer."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    last = None
    while loop.time() < end:
        last = await ask()
        if ok(last):
            return last
        await asyncio.sleep(0.05)
    raise AssertionError(f"waited {timeout:g} s for {what}; the last answer: {last}")


def migrate_to(revision: str) -> Callable[[Any], None]:
    """A step for ``connection.run_sync``: the database's schema moved to ``revision``
    of the project's migrations (down to it, or up for ``"head"``)."""
    from importlib import resources

    from alembic import command
    from alembic.config import Config

    def run(conn: Any) -> None:
        cfg = Config()
        cfg.set_main_option(
            "script_location", str(resources.files("liftoff.server") / "migrations")
        )
        cfg.attributes["connection"] = conn
        (command.downgrade if revision != "head" else command.upgrade)(cfg, revision)

    return run
