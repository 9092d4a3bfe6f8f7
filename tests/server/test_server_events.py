"""The game log narrated for each recipient: real games through the real server on
loopback (SQLite, and PostgreSQL with ``LIFTOFF_TEST_POSTGRES_URL``).

Each log entry carries ``lines`` (the sentences its recipient may read) and
``events`` (``event.to_json(recipient)``). A seat's socket and REST log must never
hold another seat's private part of an event (agency draft keeps, planet drawn
cards): every entry is checked against an independent replay of the record."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from server_helpers import Db, Running, ServerFactory

import liftoff
from liftoff import speech
from liftoff.engine import Event
from liftoff.server.tables import LiveTable, TableSeat

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]


def replayed_events(table: LiveTable) -> list[list[Event]]:
    """The events of every action of the table, from a fresh replay of its record."""
    rec = table.state.record()
    game = liftoff.games.get(rec["game"])
    state = game.new_game(rec["players"], rec["seed"], rec["options"])
    return [state.apply(p, text) for p, text in rec["actions"]]


def expected(table: LiveTable, viewer: int | None, events: list[Event]) -> dict[str, Any]:
    """What ``viewer`` may receive of one action's events: the lines and the events."""
    names = table.names()
    shown = [e.to_json(viewer) for e in events]
    lines = [speech.of(table.game).narrate(e, viewer, names) for e in events]
    return {"events": [s for s in shown if s is not None], "lines": [x for x in lines if x]}


async def check_log(
    r: Running, tid: str, viewer: int | None, log: list[dict[str, Any]]
) -> tuple[int, int]:
    """Every entry of ``log`` is exactly ``viewer``'s share; returns (entries, private events
    of other seats that the viewer did not get in full)."""
    table = await r.manager.get(tid)
    game, names = table.game, table.names()
    truth = replayed_events(table)
    hidden = 0
    for entry in log:
        events = truth[entry["n"]]
        want = expected(table, viewer, events)
        assert entry["events"] == want["events"], entry
        assert entry["lines"] == want["lines"], entry
        for e in events:
            if e.full_for(viewer) or e.data == e.public:
                continue
            hidden += 1
            full = json.dumps(dict(e.data), sort_keys=True)
            for got in entry["events"]:
                assert json.dumps(got["data"], sort_keys=True) != full
            owner = next(iter(e.to or ()), None)
            secret = speech.of(game).narrate(e, owner, names)
            mine = speech.of(game).narrate(e, viewer, names)
            if secret != mine:
                # the viewer's own events of this entry may read the same (both drew Fuel)
                own = [
                    speech.of(game).narrate(x, viewer, names) for x in events if x.full_for(viewer)
                ]
                assert entry["lines"].count(secret) <= own.count(secret), entry
    return len(log), hidden


def newer_than(version: int) -> Callable[[dict[str, Any]], bool]:
    """A state predicate: past ``version``."""
    return lambda s: bool(s["version"] > version)


async def play_against_bots(r: Running, game: str, players: int, moves: int) -> tuple[str, Any]:
    """Seat 0 (a person, "Ann") against random bots for ``moves`` own actions; returns the
    table id and seat 0's socket (still open)."""
    seats: list[dict[str, Any]] = [{"type": "you"}]
    seats += [{"type": "bot", "bot": "random"}] * (players - 1)
    made = await r.create(game, seats, name="Ann")
    tid, tok = made["table"]["id"], made["token"]
    ws = await r.connect(tid, tok)
    for _ in range(moves):
        s = await ws.wait_state(
            lambda s: s["table"]["status"] != "playing" or bool(s["legal"]), timeout=30
        )
        if s["table"]["status"] != "playing":
            break
        pick = next((x["text"] for x in s["legal"] if x["text"] != "end"), s["legal"][0]["text"])
        reply = await ws.act(pick, s["version"])
        assert reply["type"] in ("ack", "error"), reply
        await ws.wait_state(newer_than(s["version"]), timeout=30)
    # the socket has caught up: its last frame is the table's version, on Ann's turn
    # (or the game's end), and every frame before it is in
    table = await r.manager.get(tid)
    await ws.wait_state(
        lambda s: (
            s["version"] == table.state.version
            and (s["table"]["status"] != "playing" or bool(s["legal"]))
        ),
        timeout=30,
    )
    return tid, (ws, tok)


@pytest.mark.parametrize(("game", "players"), [("agency", 3), ("planet", 3)])
async def test_a_seat_never_reads_another_seats_private_events(
    server: ServerFactory, db: Db, game: str, players: int
) -> None:
    """Cheater's test: seat 0's socket, its REST log and a spectator's socket each get
    exactly their share of every event, narrated with the players' names."""
    r = await server(db)
    tid, (ws, tok) = await play_against_bots(r, game, players, 12)
    watcher = await r.connect(tid)
    await watcher.wait_state()
    rest = (await r.view(tid, tok))["log"]
    spectator_rest = (await r.view(tid))["log"]
    assert ws.log and rest and watcher.log
    for entry in rest:
        assert "lines" in entry and "events" in entry and "text" in entry and "player" in entry
        assert entry["lines"], entry  # every action says something to everyone
    seen, hidden = await check_log(r, tid, 0, ws.log)
    assert seen >= 3
    await check_log(r, tid, 0, rest)
    await check_log(r, tid, None, watcher.log)
    _, spectator_hidden = await check_log(r, tid, None, spectator_rest)
    if game == "agency":  # secret picks: other seats' actions are private
        assert hidden > 0 and spectator_hidden > 0
    # names, never seat numbers, in the sentences
    text = " ".join(line for entry in rest for line in entry["lines"])
    assert "You" in text
    for p in range(players):
        assert f"p{p} " not in text
    await ws.close()
    await watcher.close()


async def test_the_log_is_narrated_alike_after_a_restart(server: ServerFactory, db: Db) -> None:
    """The events are kept in memory; a restart recomputes them by replaying the stored actions."""
    r = await server(db)
    tid, (ws, tok) = await play_against_bots(r, "agency", 3, 6)
    before = (await r.view(tid, tok))["log"], (await r.view(tid))["log"]
    await ws.close()
    await r.stop()
    r2 = await server(db)
    after = (await r2.view(tid, tok))["log"], (await r2.view(tid))["log"]
    assert before == after
    assert any(e["lines"] for e in after[0])


async def test_race_log_is_narrated_too(server: ServerFactory, db: Db) -> None:
    """Real-time tables: the driver's applied actions come with their events."""
    r = await server(db)
    seats = [{"type": "bot", "bot": "random", "speed": "instant"}] * 2
    made = await r.create("race", seats)
    tid = made["table"]["id"]
    watcher = await r.connect(tid)
    await watcher.wait_state(lambda s: len(s.get("log") or []) > 0 or bool(watcher.log), 30)
    await asyncio.sleep(0.5)
    assert watcher.log
    await check_log(r, tid, None, watcher.log)
    assert all(entry["lines"] for entry in watcher.log)
    await watcher.close()


async def test_log_names_people_and_bots_without_seat_ids() -> None:

    game = liftoff.games.get("planet")
    seats = [
        TableSeat(0, "human", name="Ann"),
        TableSeat(1, "bot", bot="random"),
        TableSeat(2, "bot", bot="ismcts:time_limit=0.3"),
        TableSeat(3, "bot", bot="ismcts"),
        TableSeat(4, "open"),
    ]
    table = LiveTable("t", game, game.new_game(5, 1), seats, "playing", 1, {}, 0.0, 0.0)
    assert table.names() == ["Ann", "Random bot", "Ismcts bot 3", "Ismcts bot 4", "Player 5"]
