"""Crash test: ``kill -9`` the server process during live games, restart it on
the same database, and check that every acknowledged action is there.

The server runs as a subprocess (``liftoff serve``) on a loopback port. Human
seats are driven over REST as fast as they are answered (an answer is the
acknowledgement); bot-only tables are watched over WebSockets (a pushed state
is an acknowledgement of every action in it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import no_cookies

from processes import end, spawn

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(240)]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def launch(db: Path, port: int) -> subprocess.Popen[bytes]:
    code = "import sys; from liftoff.cli.main import main; sys.argv[0] = 'liftoff'; main()"
    args = ["serve", "--port", str(port), "--db", f"sqlite:///{db}", "--bot-delay", "0"]
    return spawn(
        [sys.executable, "-c", code, *args, "--grace", "600"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


async def wait_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient(cookies=no_cookies(), base_url=base) as c:
        for _ in range(300):
            if proc.poll() is not None:
                raise AssertionError(f"server exited: {proc.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            with contextlib.suppress(httpx.HTTPError):
                if (await c.get("/api/health")).status_code == 200:
                    return
            await asyncio.sleep(0.05)
    raise AssertionError("server did not come up")


async def drive_humans(
    c: httpx.AsyncClient, tid: str, tokens: list[str], acked: dict[str, dict[int, str]]
) -> None:
    """Play both seats as fast as the server answers; record every acknowledged action."""
    k = 0
    while True:
        for tok in tokens:
            try:
                v = (
                    await c.get(
                        f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {tok}"}
                    )
                ).json()
                if not v["legal"]:
                    continue
                text = v["legal"][k % len(v["legal"])]["text"]
                k += 1
                res = await c.post(
                    f"/api/tables/{tid}/actions",
                    json={"action": text, "version": v["version"]},
                    headers={"Authorization": f"Bearer {tok}"},
                )
            except (httpx.HTTPError, ValueError):
                return  # the server is gone
            if res.status_code == 200:
                acked[tid][res.json()["version"] - 1] = text
            if v["table"]["status"] == "over":
                return


async def watch(ws_base: str, tid: str, seen: dict[str, int]) -> None:
    """A spectator: remembers the highest version pushed."""
    try:
        async with websockets.connect(f"{ws_base}/ws/tables/{tid}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            async for frame in ws:
                msg = json.loads(frame)
                if msg["type"] == "state":
                    seen[tid] = max(seen.get(tid, 0), msg["version"])
    except (websockets.ConnectionClosed, OSError):
        return


def logged(db: Path) -> dict[str, dict[int, str]]:
    out: dict[str, dict[int, str]] = {}
    with contextlib.closing(sqlite3.connect(db)) as conn:
        for tid, idx, text in conn.execute("SELECT table_id, idx, text FROM action_log"):
            out.setdefault(tid, {})[idx] = text
    return out


async def test_kill_9_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    port = free_port()
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    proc = launch(db, port)
    figures: list[dict[str, Any]] = []
    try:
        await wait_up(base, proc)
        humans: dict[str, list[str]] = {}
        bots: list[str] = []
        async with httpx.AsyncClient(cookies=no_cookies(), base_url=base, timeout=10) as c:
            for game in ("planet", "planet", "agency", "agency", "planet", "agency"):
                made = (
                    await c.post(
                        "/api/tables",
                        json={
                            "game": game,
                            "players": 2,
                            "seats": [{"type": "you"}, {"type": "open"}],
                        },
                    )
                ).json()
                tid = made["table"]["id"]
                joined = (await c.post(f"/api/tables/{tid}/join", json={"name": "B"})).json()
                humans[tid] = [made["token"], joined["token"]]
            for game in ("planet", "race", "agency"):
                seat = {"type": "bot", "bot": "random", "speed": "fast"}
                made = (
                    await c.post(
                        "/api/tables", json={"game": game, "players": 3, "seats": [seat] * 3}
                    )
                ).json()
                bots.append(made["table"]["id"])
        acked: dict[str, dict[int, str]] = {t: {} for t in humans}
        for cycle in range(3):
            seen: dict[str, int] = {}
            async with httpx.AsyncClient(cookies=no_cookies(), base_url=base, timeout=10) as c:
                tasks = [
                    asyncio.create_task(drive_humans(c, t, toks, acked))
                    for t, toks in humans.items()
                ]
                tasks += [asyncio.create_task(watch(ws_base, t, seen)) for t in bots]
                await asyncio.sleep(1.5 + 0.4 * cycle)
                before = sum(len(v) for v in acked.values())
                os.killpg(proc.pid, signal.SIGKILL)  # mid-game, requests in flight
                proc.wait(10)
                await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 20)
            # restart on the same database
            proc = launch(db, port)
            t0 = time.monotonic()
            await wait_up(base, proc)
            restart = time.monotonic() - t0
            rows = logged(db)
            lost = [
                (t, i, text)
                for t, acts in acked.items()
                for i, text in acts.items()
                if rows.get(t, {}).get(i) != text
            ]
            lost_bot = [t for t in bots if len(rows.get(t, {})) < seen.get(t, 0)]
            async with httpx.AsyncClient(cookies=no_cookies(), base_url=base, timeout=10) as c:
                for t, toks in humans.items():
                    v = (
                        await c.get(
                            f"/api/tables/{t}/view", headers={"Authorization": f"Bearer {toks[0]}"}
                        )
                    ).json()
                    assert v["version"] == len(rows.get(t, {}))
                    assert v["version"] >= max(acked[t], default=-1) + 1
                for t in bots:
                    data = (await c.get(f"/api/tables/{t}")).json()
                    assert data["version"] >= seen.get(t, 0)
            acked_total = sum(len(v) for v in acked.values())
            figures.append(
                {
                    "cycle": cycle,
                    "acknowledged_human_actions": acked_total,
                    "acknowledged_bot_versions": sum(seen.values()),
                    "acked_at_kill": before,
                    "lost": len(lost) + len(lost_bot),
                    "restart_seconds": round(restart, 2),
                }
            )
            assert not lost, lost[:5]
            assert not lost_bot
        assert figures[-1]["acknowledged_human_actions"] > 50
    finally:
        end(proc)  # its whole group, with its bot and replay workers
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "crash-test.json").write_text(json.dumps(figures, indent=1))
        print("crash test:", json.dumps(figures))
