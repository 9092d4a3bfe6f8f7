"""Load test: many WebSocket clients on loopback playing legal random actions.

Each client holds one seat. It waits for a pushed state in which it has legal
actions, sends one (with the state's version) and measures the time until the
acknowledgement. At the end it reports moves per second, latency percentiles,
refusals, and lost moves: acknowledged actions missing from the server's log.

The clients run in ``procs`` worker processes (one asyncio loop each) so the
load generator is not the bottleneck on a small machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing as mp
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets


@dataclass
class Seat:
    """One client's seat."""

    table: str
    seat: int
    token: str
    base: str = ""  # the server (member) the table was created on, and its clients use


@dataclass
class Result:
    """What one worker measured."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    acked: dict[str, int] = field(default_factory=dict)  # table -> highest acknowledged version
    connect_failures: int = 0


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, db_url: str) -> subprocess.Popen[bytes]:
    """``liftoff serve`` as a subprocess, without per-client rate limits."""
    code = "import sys; from liftoff.cli.main import main; sys.argv[0] = 'liftoff'; main()"
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            code,
            "serve",
            "--port",
            str(port),
            "--db",
            db_url,
            "--grace",
            "3600",
            "--http-rate",
            "0",
            "--ws-rate",
            "0",
            "--exempt-loopback",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


class LoadTestError(RuntimeError):
    """The load test cannot run: no server answers, or the one it started stopped."""


async def wait_up(
    base: str, timeout: float = 60.0, proc: subprocess.Popen[bytes] | None = None
) -> None:
    """Wait for ``/api/health``; :class:`LoadTestError` when no server answers
    within ``timeout`` seconds or the server ``proc`` stops first."""
    deadline = time.monotonic() + timeout
    problem = "it does not answer"
    async with httpx.AsyncClient(base_url=base) as c:
        while time.monotonic() < deadline:
            if proc is not None and proc.poll() is not None:
                raise LoadTestError(f"the server it started stopped: {_last_line(proc)}")
            try:
                if (await c.get("/api/health")).status_code == 200:
                    return
            except httpx.HTTPError as exc:
                problem = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            await asyncio.sleep(0.1)
    raise LoadTestError(f"cannot reach the server at {base}: {problem}")


def _last_line(proc: subprocess.Popen[bytes]) -> str:
    """The last line a stopped server wrote on standard error."""
    err = proc.stderr.read().decode(errors="replace") if proc.stderr is not None else ""
    lines = [line.strip() for line in err.splitlines() if line.strip()]
    return lines[-1].removeprefix("error: ") if lines else f"exit code {proc.returncode}"


def no_cookies() -> CookieJar:
    """A cookie jar that keeps nothing (see :func:`make_tables`)."""
    return CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))


async def _post(c: httpx.AsyncClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    for _ in range(100):
        res = await c.post(path, json=body)
        if res.status_code == 429:
            await asyncio.sleep(float(res.headers.get("retry-after", "1")))
            continue
        res.raise_for_status()
        data: dict[str, Any] = res.json()
        return data
    raise RuntimeError("rate-limited for too long")


def table_sizes(clients: int, tables: int, lo: int, hi: int) -> list[int]:
    """Seat counts of the tables: ``clients`` split as evenly as the player limits allow.

    >>> table_sizes(8, 3, 2, 5)
    [3, 3, 2]
    >>> table_sizes(1000, 100, 2, 5)[:2]
    [5, 5]
    """
    n = max(1, min(tables, clients // lo))
    n = max(n, -(-clients // hi))
    base, extra = divmod(clients, n)
    return [base + (1 if i < extra else 0) for i in range(n)]


SETUP_AT_ONCE = 16  # tables made at once while setting up


async def make_tables(base: str | list[str], game: str, clients: int, tables: int) -> list[Seat]:
    """Tables with every seat taken by a client; with several servers (members of a
    cluster), the tables are created on each in turn."""
    bases = [base] if isinstance(base, str) else base
    with_info = bases[0]
    async with httpx.AsyncClient(base_url=with_info, timeout=60) as c:
        info = next(g for g in (await c.get("/api/games")).json()["games"] if g["name"] == game)
    sizes = table_sizes(clients, tables, info["min_players"], info["max_players"])
    limits = httpx.Limits(max_connections=SETUP_AT_ONCE)
    made: list[list[Seat]] = [[] for _ in sizes]
    gate = asyncio.Semaphore(SETUP_AT_ONCE)
    # no cookies: one client seats many people (a browser's person cookie would make
    # them one person, who holds one seat per table)
    clients_of = {
        b: httpx.AsyncClient(base_url=b, timeout=60, limits=limits, cookies=no_cookies())
        for b in bases
    }
    try:

        async def seat_one(k: int, n: int) -> None:
            here = bases[k % len(bases)]
            async with gate:
                made[k] = await _seat_table(clients_of[here], here, game, n)

        await asyncio.gather(*(seat_one(k, n) for k, n in enumerate(sizes)))
    finally:
        for c in clients_of.values():
            await c.aclose()
    return [s for table in made for s in table]


async def _seat_table(c: httpx.AsyncClient, here: str, game: str, n: int) -> list[Seat]:
    """One table of ``n`` seats made and every seat taken (its creator's, then joins)."""
    body = {"game": game, "players": n, "seats": [{"type": "you"}] + [{"type": "open"}] * (n - 1)}
    made = await _post(c, "/api/tables", body)
    tid = made["table"]["id"]
    seats = [Seat(tid, made["seat"], made["token"], here)]
    for i in range(1, n):
        j = await _post(c, f"/api/tables/{tid}/join", {"name": f"load {i + 1}"})
        seats.append(Seat(tid, j["seat"], j["token"], here))
    return seats


class _Player:
    """One seat's side of the socket: what it sent, what it waits for, and its
    choice of a random legal action."""

    def __init__(
        self, ws: Any, seat: Seat, result: Result, rng: random.Random, think: float
    ) -> None:
        self.ws, self.seat, self.result, self.rng, self.think = ws, seat, result, rng, think
        self.expect: int | None = None  # the version our last accepted action produced
        self.pending = False  # an action sent and not yet answered
        self.sent_at = 0.0
        self.state: dict[str, Any] | None = None  # a state not acted on yet
        self.latest: dict[str, Any] | None = None  # the newest state, for a thinker
        self.n = 0
        self.thinking: asyncio.Task[None] | None = None

    async def act(self, state: dict[str, Any]) -> None:
        """Send a random legal action of ``state``."""
        legal = state["legal"]
        text = legal[self.rng.randrange(len(legal))]["text"]
        self.n += 1
        self.sent_at = time.perf_counter()
        self.pending = True
        self.state = None
        frame = {"type": "act", "action": text, "version": state["version"], "id": self.n}
        await self.ws.send(orjson.dumps(frame).decode())

    async def act_later(self, delay: float) -> None:
        """Think ``delay`` seconds, then act on the newest state (if still asked)."""
        await asyncio.sleep(delay)
        now = self.latest
        if now is not None and now["legal"] and not self.pending:
            await self.act(now)

    async def on_frame(self, msg: dict[str, Any]) -> None:
        """Count an answer, keep a state, and act when the state asks us to."""
        kind, result = msg["type"], self.result
        if kind == "ack":
            result.latencies.append(time.perf_counter() - self.sent_at)
            result.moves += 1
            self.expect = int(msg["version"])
            self.pending = False
            if self.expect > result.acked.get(self.seat.table, 0):
                result.acked[self.seat.table] = self.expect
        elif kind == "error":
            code = str(msg.get("error", "?"))
            result.errors[code] = result.errors.get(code, 0) + 1
            self.pending = False
            self.expect = None
        elif kind == "state":
            self.state = self.latest = msg
        state = self.state
        if self.pending or state is None or not state["legal"]:
            return
        if self.expect is not None and state["version"] < self.expect:
            return  # our own move is not in this picture yet
        if self.think <= 0:
            await self.act(state)
        elif self.thinking is None or self.thinking.done():
            delay = self.rng.expovariate(1.0 / self.think)
            self.thinking = asyncio.create_task(self.act_later(delay))


async def _client(
    ws_base: str,
    seat: Seat,
    result: Result,
    rng: random.Random,
    ready: asyncio.Event,
    think: float = 0.0,
) -> None:
    """One seat's client: acts on every state that offers it something, at once or
    (``think`` > 0) after a random think time of that mean (open loop)."""
    if seat.base:
        ws_base = "ws" + seat.base[4:]
    try:
        ws = await websockets.connect(
            f"{ws_base}/ws/tables/{seat.table}", max_size=2**22, compression=None, open_timeout=60
        )
    except (OSError, websockets.WebSocketException, TimeoutError):
        result.connect_failures += 1
        return
    player = _Player(ws, seat, result, rng, think)
    try:
        await ws.send(orjson.dumps({"type": "hello", "token": seat.token}).decode())
        await ready.wait()
        async for frame in ws:  # the worker cancels this task when time is up
            await player.on_frame(orjson.loads(frame))
    except (websockets.ConnectionClosed, asyncio.CancelledError):
        pass
    finally:
        if player.thinking is not None:
            player.thinking.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(ws.close(), 2)


async def _worker_main(
    ws_base: str, seats: list[Seat], seconds: float, seed: int, think: float = 0.0
) -> Result:
    result = Result()
    ready = asyncio.Event()
    tasks = []
    rng = random.Random(seed)

    async def run(seat: Seat) -> None:
        await _client(ws_base, seat, result, random.Random(rng.random()), ready, think)

    for seat in seats:
        tasks.append(asyncio.create_task(run(seat)))
        await asyncio.sleep(0)
    await asyncio.sleep(min(10.0, 1.0 + len(seats) / 200))  # let everyone connect
    result.latencies.clear()
    result.moves = 0
    ready.set()
    await asyncio.sleep(seconds)
    measured = Result(
        moves=result.moves,
        latencies=list(result.latencies),
        errors=dict(result.errors),
        acked=dict(result.acked),
        connect_failures=result.connect_failures,
    )
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    # actions acknowledged while closing count for the lost-moves check too
    measured.acked = dict(result.acked)
    return measured


def _worker(args: tuple[str, list[Seat], float, int, float, Any]) -> None:
    ws_base, seats, seconds, seed, think, queue = args
    try:
        res = asyncio.run(_worker_main(ws_base, seats, seconds, seed, think))
    except BaseException as exc:
        res = Result(errors={f"worker failed: {exc!r}": 1})
    queue.put(res)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process (Linux ``/proc``), if readable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank)."""
    if not values:
        return float("nan")
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return s[k]


def _latency_ms(lat: list[float]) -> dict[str, float | None]:
    """Median, 90th and 99th percentiles and maximum of latencies, in milliseconds."""
    return {
        "p50": round(1000 * percentile(lat, 0.50), 2),
        "p90": round(1000 * percentile(lat, 0.90), 2),
        "p99": round(1000 * percentile(lat, 0.99), 2),
        "max": round(1000 * max(lat), 2) if lat else None,
    }


def _combine(results: list[Result]) -> Result:
    """The results of every client process as one."""
    total = Result()
    for r in results:
        total.moves += r.moves
        total.latencies.extend(r.latencies)
        total.connect_failures += r.connect_failures
        for k, v in r.errors.items():
            total.errors[k] = total.errors.get(k, 0) + v
        for t, v in r.acked.items():
            total.acked[t] = max(total.acked.get(t, 0), v)
    return total


def run(
    *,
    clients: int,
    tables: int,
    seconds: float,
    game: str = "planet",
    url: str | list[str] | None = None,
    db: str | None = None,
    procs: int = 1,
    seed: int = 1,
    think: float = 0.0,
    server_pids: Sequence[int] = (),
    database_cpu: Callable[[], float] | None = None,
) -> dict[str, Any]:
    """Run the load test (starting a server unless ``url`` is given); the figures.

    ``url``: one running server, or several (members of a cluster: tables are made
    on each in turn, and their clients connect there). ``think``: the mean think
    time in seconds (0: act at once). ``server_pids``: server processes on this
    machine whose CPU time while the clients play is reported per move (the server
    this starts is measured by itself); ``database_cpu``: the CPU seconds the
    databases have used so far, read before and after the clients play."""
    proc: subprocess.Popen[bytes] | None = None
    tmp: tempfile.TemporaryDirectory[str] | None = None
    db_file: Path | None = None
    if url is None:
        port = free_port()
        if db is None:
            tmp = tempfile.TemporaryDirectory(prefix="liftoff-load-")
            db_file = Path(tmp.name) / "load.db"
            db = f"sqlite:///{db_file}"
        proc = start_server(port, db)
        url = f"http://127.0.0.1:{port}"
    bases = [u.rstrip("/") for u in ([url] if isinstance(url, str) else url)]
    base = bases[0]
    ws_base = "ws" + base[4:]
    try:
        for b in bases:  # a server given by its address is running: it answers at once
            asyncio.run(wait_up(b, 60.0 if proc is not None else 5.0, proc))
        t0 = time.monotonic()
        seats = asyncio.run(make_tables(bases, game, clients, tables))
        setup = time.monotonic() - t0
        pids = [proc.pid] if proc is not None else list(server_pids)
        meters = [lambda: _cpu_of(pids), database_cpu]
        total, cpu = _drive(ws_base, seats, seconds, seed, think, procs, meters)
        where = {s.table: s.base or base for s in seats}
        lost = asyncio.run(_lost(base, total.acked, db_file, where))
        lat = total.latencies
        return {
            "game": game,
            "clients": len(seats),
            "tables": len({s.table for s in seats}),
            "seconds": seconds,
            "setup_seconds": round(setup, 1),
            "moves": total.moves,
            "moves_per_second": round(total.moves / seconds, 1),
            "latency_ms": _latency_ms(lat),
            "refusals": total.errors,
            "connect_failures": total.connect_failures,
            "lost_moves": lost,
            "server_cpu_ms_per_move": _per_move(cpu[0], total.moves),
            "database_cpu_ms_per_move": _per_move(cpu[1], total.moves),
            "client_processes": procs,
            "think_seconds": think,
            "servers": len(bases),
            "cpus": os.cpu_count(),
        }
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            if proc.stderr is not None:
                proc.stderr.close()
        if tmp is not None:
            tmp.cleanup()


def _drive(
    ws_base: str,
    seats: list[Seat],
    seconds: float,
    seed: int,
    think: float,
    procs: int,
    meters: list[Callable[[], float | None] | None],
) -> tuple[Result, list[float | None]]:
    """Play ``seats`` from ``procs`` client processes for ``seconds``: their figures
    combined, and the CPU seconds each of ``meters`` (a reading of CPU seconds used
    so far) went up by meanwhile (``None``: no meter, or unreadable)."""
    ctx: Any = mp.get_context("spawn" if sys.platform == "darwin" else "fork")
    queue: Any = ctx.Queue()
    chunks = [seats[i::procs] for i in range(procs)]
    workers = [
        ctx.Process(target=_worker, args=((ws_base, chunk, seconds, seed + i, think, queue),))
        for i, chunk in enumerate(chunks)
    ]
    before = [m() if m is not None else None for m in meters]
    for w in workers:
        w.start()
    results: list[Result] = [queue.get(timeout=seconds + 120) for _ in workers]
    after = [m() if m is not None else None for m in meters]
    for w in workers:
        w.join(30)
    spent = [None if b is None or a is None else a - b for b, a in zip(before, after, strict=True)]
    return _combine(results), spent


def _cpu_of(pids: Sequence[int]) -> float | None:
    """The CPU seconds processes have used together (``None``: none given, or one
    cannot be read)."""
    found = [cpu_seconds(p) for p in pids]
    return sum(c for c in found if c is not None) if pids and None not in found else None


def _per_move(cpu: float | None, moves: int) -> float | None:
    return round(1000 * cpu / moves, 3) if cpu is not None and moves else None


async def _lost(
    base: str, acked: dict[str, int], db_file: Path | None, where: dict[str, str] | None = None
) -> int:
    """Acknowledged actions that the server's log does not hold."""
    if db_file is not None:
        counts: dict[str, int] = {}
        with contextlib.closing(sqlite3.connect(db_file)) as conn:
            for tid, n in conn.execute(
                "SELECT table_id, COUNT(*) FROM action_log GROUP BY table_id"
            ):
                counts[tid] = n
        return sum(max(0, v - counts.get(t, 0)) for t, v in acked.items())
    lost = 0
    async with httpx.AsyncClient(timeout=30) as c:
        for t, v in acked.items():
            data = (await c.get(f"{(where or {}).get(t, base)}/api/tables/{t}")).json()
            lost += max(0, v - int(data["version"]))
    return lost


# -- fairness of the bot budget --------------------------------------------------------------
async def _bot_fairness(
    heavy_tables: int, seconds: float, game: str, folder: Path, bot_processes: int
) -> dict[str, Any]:
    from .storage import Store
    from .tables import Settings, TableManager

    settings = Settings(bot_delay=0.0, grace=3600.0, bot_processes=bot_processes)
    store = Store(f"sqlite+aiosqlite:///{folder / 'fairness.db'}")
    await store.start()
    manager = TableManager(store, settings)
    await manager.start()
    light = [{"type": "bot", "bot": "heuristic"}] * 2
    heavy_spec = (
        f"ismcts:time_limit={settings.max_bot_seconds:g},iterations={settings.max_bot_iterations}"
    )
    heavy = [{"type": "bot", "bot": heavy_spec}] * 2

    async def heuristic_latencies() -> list[float]:
        manager.decisions.clear()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            table, _, _ = await manager.create(game, 2, {}, light, None, None)
            while table.status != "over" and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            await manager.close_table(table.id)
        return [s for g, bot, s in manager.decisions if bot == "heuristic"]

    try:
        idle = await heuristic_latencies()
        for _ in range(heavy_tables):
            await manager.create(game, 2, {}, heavy, None, None)
        await asyncio.sleep(2.0)  # the worker processes start and the heavy bots think
        busy = await heuristic_latencies()
        heavy_decisions = sum(1 for _, bot, _ in manager.decisions if bot == "ismcts")
    finally:
        await manager.close()
        await store.close()
    p_idle = percentile(idle, 0.95) * 1000
    p_busy = percentile(busy, 0.95) * 1000
    return {
        "game": game,
        "heavy_tables": heavy_tables,
        "heavy_bot": heavy_spec,
        "bot_processes": settings.bot_processes,
        "idle": {
            "decisions": len(idle),
            "p50_ms": round(percentile(idle, 0.5) * 1000, 2),
            "p95_ms": round(p_idle, 2),
        },
        "busy": {
            "decisions": len(busy),
            "p50_ms": round(percentile(busy, 0.5) * 1000, 2),
            "p95_ms": round(p_busy, 2),
        },
        "heavy_decisions_during_busy": heavy_decisions,
        "p95_ratio": round(p_busy / p_idle, 2) if p_idle > 0 else None,
    }


def bot_fairness(
    heavy_tables: int = 10, seconds: float = 20.0, game: str = "planet", bot_processes: int = 1
) -> dict[str, Any]:
    """p95 decision latency of a heuristic bot on an idle server, then with
    ``heavy_tables`` tables of maximum-budget search bots running (in process, on a
    temporary SQLite file)."""
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_bot_fairness(heavy_tables, seconds, game, Path(folder), bot_processes))
