"""The REST API and the WebSockets against a real server, on SQLite and on
PostgreSQL (``LIFTOFF_TEST_POSTGRES_URL``)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from server_helpers import Db, Running, ServerFactory

import liftoff
from liftoff import speech
from liftoff.server.clock import VirtualClock

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


async def two_humans(r: Running, game: str = "planet", **extra: Any) -> tuple[str, str, str]:
    """A table with two people seated (the game starts); returns id and both tokens."""
    made = await r.create(game, [{"type": "you"}, {"type": "open"}], name="Ann", **extra)
    tid = made["table"]["id"]
    assert made["table"]["status"] == "open"
    joined = await r.join(tid, name="Bo")
    assert joined["seat"] == 1
    return tid, made["token"], joined["token"]


async def test_games_lobby_and_seats(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    games = (await r.call("GET", "/api/games")).json()
    assert [g["name"] for g in games["games"]] == liftoff.games.names()
    assert "random" in games["bots"]
    planet = next(g for g in games["games"] if g["name"] == "planet")
    assert any(o["name"] == "family" for o in planet["options"])

    made = await r.create(
        "planet", [{"type": "you"}, {"type": "open"}, {"type": "bot", "bot": "random"}]
    )
    tid = made["table"]["id"]
    assert made["seat"] == 0 and len(made["token"]) >= 30
    lobby = (await r.call("GET", "/api/tables")).json()["tables"]
    assert [t["id"] for t in lobby] == [tid]
    assert [s["kind"] for s in lobby[0]["seats"]] == ["human", "open", "bot"]
    # no actions before every seat is filled
    res = await r.act(tid, made["token"], "end", 0)
    assert res.status_code == 409 and res.json()["error"] == "not-started"
    # seat 0 is taken; joining it is refused, the open one is given
    res = await r.call("POST", f"/api/tables/{tid}/join", {"seat": 0, "name": "X"})
    assert res.status_code == 409 and res.json()["error"] == "taken"
    joined = await r.join(tid, name="Bo")
    assert joined["seat"] == 1 and joined["token"] != made["token"]
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert table["status"] == "playing"
    res = await r.call("POST", f"/api/tables/{tid}/join", {"name": "Late"})
    assert res.status_code == 409 and res.json()["error"] == "full"
    # bad requests are 4xx with a message
    res = await r.call("POST", "/api/tables", {"game": "nope", "players": 2})
    assert res.status_code == 404 and "known games" in res.json()["message"]
    res = await r.call("POST", "/api/tables", {"game": "planet", "players": 9})
    assert res.status_code == 422
    res = await r.call(
        "POST", "/api/tables", {"game": "planet", "players": 2, "options": {"nope": 1}}
    )
    assert res.status_code == 422 and res.json()["error"] == "bad-options"
    res = await r.call("GET", "/api/tables/doesnotexist")
    assert res.status_code == 404


async def test_views_are_per_seat(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    tid, tok0, tok1 = await two_humans(r)
    v0, v1, spec = await r.view(tid, tok0), await r.view(tid, tok1), await r.view(tid)
    assert v0["you"] == 0 and v1["you"] == 1 and spec["you"] is None
    assert "hand" in v0["view"]["players"][0] and "hand" not in v0["view"]["players"][1]
    assert "hand" in v1["view"]["players"][1] and "hand" not in v1["view"]["players"][0]
    assert all("hand" not in p for p in spec["view"]["players"])
    active = v0["view"]["active"]
    assert active == [0]
    assert v0["legal"] and all({"text", "description"} <= set(a) for a in v0["legal"])
    assert v1["legal"] == [] and spec["legal"] == []
    res = await r.call("GET", f"/api/tables/{tid}/record")
    assert res.status_code == 403  # never the record of a game in play


async def test_refusals_change_nothing(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    tid, tok0, tok1 = await two_humans(r)
    v = await r.view(tid, tok0)
    good = v["legal"][0]["text"]
    # no token, a wrong token, another table's token
    assert (await r.act(tid, None, good, 0)).status_code == 401
    assert (await r.act(tid, "x" * 32, good, 0)).status_code == 403
    other = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    res = await r.act(tid, other["token"], good, 0)
    assert res.status_code == 403 and res.json()["error"] == "bad-token"
    # seat 1's token cannot play seat 0's turn: it acts for seat 1 only
    res = await r.act(tid, tok1, good, 0)
    assert res.status_code == 422
    body = res.json()
    assert body["rule"].startswith("PL-") or body["rule"].startswith("API-")
    # garbage: the rule and a message
    res = await r.act(tid, tok0, "fly to the moon", 0)
    assert res.status_code == 422 and res.json()["rule"] == "API-PARSE"
    # a version the game never had (from the future)
    res = await r.act(tid, tok0, good, 5)
    assert res.status_code == 422 and res.json()["error"] == "bad-version"
    assert (await r.view(tid, tok0))["version"] == 0
    # the last refusal is shown to its seat with the rule text
    seen = await r.view(tid, tok0)
    assert seen["refusal"]["error"] == "bad-version"
    # an accepted action, then the same version again is stale
    res = await r.act(tid, tok0, good, 0)
    assert res.status_code == 200 and res.json() == {"ok": True, "version": 1}
    res = await r.act(tid, tok0, good, 0)
    assert res.status_code == 409
    assert (await r.view(tid, tok0))["refusal"]["error"] == "stale"


async def test_illegal_action_names_its_rule(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    tid, tok0, _ = await two_humans(r)
    v = await r.view(tid, tok0)
    legal = {a["text"] for a in v["legal"]}
    game = liftoff.games.get("planet")
    # a well-formed planet action that is not legal now
    for text in ("move core S1", "move S0 S2", "end", "roll bonfire F"):
        if text not in legal:
            res = await r.act(tid, tok0, text, 0)
            assert res.status_code == 422, res.text
            body = res.json()
            assert body["error"] == "illegal" and body["rule"] and body["message"]
            assert body["rule_text"] == game.rule_text(body["rule"])
            break
    else:  # pragma: no cover - every one of them legal at once cannot happen
        raise AssertionError("no illegal probe")
    rule = (await r.call("GET", "/api/games/planet/rules/PL-END-2")).json()
    assert rule["text"] == game.rule_text("PL-END-2")
    words = (await r.call("GET", "/api/games/agency/glossary")).json()["glossary"]
    assert words == dict(speech.of(liftoff.games.get("agency")).glossary())
    assert words["S08"].startswith("Mission Planner:") and len(words) == 36 + 96 + 16 + 4
    assert words["red"].startswith("Fuel (red technology):")
    planet_words = (await r.call("GET", "/api/games/planet/glossary")).json()["glossary"]
    assert planet_words == dict(speech.of(game).glossary()) and planet_words["bonfire"].startswith(
        "Bonfire:"
    )
    missing = await r.call("GET", "/api/games/chess/glossary")
    assert missing.status_code == 404 and missing.json()["error"] == "no-game"


async def test_websocket_pushes_every_change(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    tid, tok0, tok1 = await two_humans(r)
    a, b, watcher = await r.connect(tid, tok0), await r.connect(tid, tok1), await r.connect(tid)
    s0 = await a.wait_state(lambda s: s["version"] == 0)
    await b.wait_state()
    await watcher.wait_state()
    assert s0["legal"] and s0["you"] == 0
    versions = []
    for _ in range(6):
        state = await a.wait_state()
        if not state["legal"]:
            break
        text = next(
            (x["text"] for x in state["legal"] if x["text"] != "end"), state["legal"][0]["text"]
        )
        reply = await a.act(text, state["version"])
        assert reply["type"] == "ack" and reply["version"] == state["version"] + 1
        versions.append(reply["version"])
        await a.wait_state(lambda s, v=reply["version"]: s["version"] == v)
        sb = await b.wait_state(lambda s, v=reply["version"]: s["version"] == v)
        sw = await watcher.wait_state(lambda s, v=reply["version"]: s["version"] == v)
        assert sb["view"]["you"] == 1 and sw["view"]["you"] is None
        assert sw["legal"] == []
    assert versions
    # the game log: own actions with text, and each recipient's event lines
    assert [e["n"] for e in a.log] == list(range(len(versions)))
    assert all(e["text"] for e in a.log)
    assert all(e["text"] for e in b.log)  # planet actions are played in the open
    assert all(e["events"] for e in b.log)
    # a spectator cannot act
    reply = await watcher.act("end", None)
    assert reply["type"] == "error" and reply["status"] == 403
    # a stale act over the socket
    reply = await a.act("end", 0)
    assert reply["type"] == "error" and reply["error"] == "stale"
    for c in (a, b, watcher):
        await c.close()


async def test_restart_rebuilds_every_game(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    tid, tok0, tok1 = await two_humans(r)
    for _ in range(12):
        for tok in (tok0, tok1):
            v = await r.view(tid, tok)
            if v["legal"]:
                res = await r.act(tid, tok, v["legal"][-1]["text"], v["version"])
                assert res.status_code == 200
    before = (await r.view(tid, tok0), await r.view(tid, tok1))
    assert before[0]["version"] >= 12
    await r.stop()
    r2 = await server(db)
    after = (await r2.view(tid, tok0), await r2.view(tid, tok1))
    for x, y in zip(before, after, strict=True):
        assert x["version"] == y["version"]
        assert x["view"] == y["view"]
        assert x["legal"] == y["legal"]
    # and play goes on
    v = after[0] if after[0]["legal"] else after[1]
    tok = tok0 if after[0]["legal"] else tok1
    res = await r2.act(tid, tok, v["legal"][0]["text"], v["version"])
    assert res.status_code == 200


async def test_undo_own_last_action_only_when_nothing_was_revealed(
    server: ServerFactory, db: Db
) -> None:
    r = await server(db)
    tid, tok0, tok1 = await two_humans(r)
    v = await r.view(tid, tok0)
    assert v["undo"] is False
    res = await r.call("POST", f"/api/tables/{tid}/undo", token=tok0)
    assert res.status_code == 409
    move = next(a["text"] for a in v["legal"] if a["text"].startswith("move "))
    assert (await r.act(tid, tok0, move, 0)).status_code == 200
    v1 = await r.view(tid, tok0)
    assert v1["undo"] is True
    # the other seat cannot take it back
    res = await r.call("POST", f"/api/tables/{tid}/undo", token=tok1)
    assert res.status_code == 409
    res = await r.call("POST", f"/api/tables/{tid}/undo", token=tok0)
    assert res.status_code == 200 and res.json()["version"] == 0
    back = await r.view(tid, tok0)
    assert back["version"] == 0 and back["view"] == v["view"]
    # ending the turn draws cards: it stands
    assert (await r.act(tid, tok0, "end", 0)).status_code == 200
    assert (await r.view(tid, tok0))["undo"] is False
    res = await r.call("POST", f"/api/tables/{tid}/undo", token=tok0)
    assert res.status_code == 409 and "now known" in res.json()["message"]
    # the undone action is gone from the database too
    await r.stop()
    r2 = await server(db)
    again = await r2.view(tid, tok0)
    assert again["version"] == 1
    assert [e["text"] for e in again["log"]] == ["end"]


async def test_bots_play_their_seats(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    made = await r.create(
        "planet",
        [{"type": "you"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}],
    )
    tid, tok = made["table"]["id"], made["token"]
    ws = await r.connect(tid, tok)
    state = await ws.wait_state(lambda s: bool(s["legal"]))
    assert (await ws.act("end", state["version"]))["type"] == "ack"
    # both bots play their turns; then it is our turn again
    back = await ws.wait_state(lambda s: bool(s["legal"]) and s["version"] > 1, timeout=20)
    players = {e["player"] for e in ws.log}
    assert players == {0, 1, 2}
    assert back["view"]["active"] == [0]
    await ws.close()


async def test_away_seat_and_return(server: ServerFactory, db: Db) -> None:
    """A disconnect on your turn: after the grace you are away and the game waits
    (nobody plays for you unless the others choose it); back, the seat is yours."""
    clock = VirtualClock()
    r = await server(db, grace=30.0, clock=clock)
    tid, tok0, tok1 = await two_humans(r)
    a = await r.connect(tid, tok0)
    b = await r.connect(tid, tok1)
    await a.wait_state(lambda s: bool(s["legal"]))
    await a.close()  # seat 0 leaves while it is its turn
    gone = await b.wait_state(lambda s: s["table"]["seats"][0]["connected"] is False)
    assert gone["table"]["seats"][0]["away"] is False  # its grace period runs
    await clock.advance(29.9)
    assert not r.manager.tables[tid].seats[0].away  # not a moment early
    await clock.advance(0.2)
    state = await b.wait_state(
        lambda s: s["table"]["seats"][0]["away"] or s["version"] > 0, timeout=10
    )
    seat = state["table"]["seats"][0]
    assert state["version"] == 0 and seat["out_of_time"] and not seat["zombie"]
    assert seat["connected"] is False
    a2 = await r.connect(tid, tok0)
    back = await a2.wait_state(lambda s: not s["table"]["seats"][0]["away"])
    assert back["table"]["seats"][0]["connected"] is True and back["version"] == 0
    for c in (a2, b):
        await c.close()


async def test_clock_runs_out_and_the_game_waits(server: ServerFactory, db: Db) -> None:
    time = VirtualClock()
    r = await server(db, clock=time)
    tid, tok0, tok1 = await two_humans(r, clock={"initial": 1, "increment": 5})
    a = await r.connect(tid, tok0)
    b = await r.connect(tid, tok1)
    first = await a.wait_state(lambda s: bool(s["legal"]))
    clock = first["table"]["clock"]
    assert clock["running"] == [0] and clock["remaining"][1] == 1000
    # seat 0 does nothing: after its second and its 5 s for the turn it is out of time,
    # and nobody plays for it (the time-out policy: tests/server/test_server_timeouts.py)
    assert clock["remaining"][0] == 6000
    await time.advance(5.9)
    assert not r.manager.tables[tid].seats[0].out_of_time  # not a moment early
    await time.advance(0.2)
    state = await b.wait_state(lambda s: s["table"]["seats"][0]["out_of_time"])
    assert state["version"] == 0 and state["table"]["clock"]["remaining"][0] == 0
    late = await a.wait_state(lambda s: s["table"]["seats"][0]["out_of_time"])
    assert late["legal"]  # the late player may still play
    text = late["legal"][0]["text"]
    assert (await a.act(text, 0))["type"] == "ack"
    for c in (a, b):
        await c.close()


async def test_leave_rematch_and_replay(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    made = await r.create("planet", [{"type": "you"}, {"type": "bot", "bot": "random"}])
    tid, tok = made["table"]["id"], made["token"]
    over = await r.play_out(tid, tok)
    assert over["outcome"]["winners"]
    assert (await r.call("POST", f"/api/tables/{tid}/leave", token=tok)).status_code == 409
    record = (await r.call("GET", f"/api/tables/{tid}/record")).json()
    state = liftoff.games.get("planet").replay(record)
    assert state.is_over() and state.version == over["version"]
    assert list(state.outcome().scores) == over["outcome"]["scores"]  # type: ignore[union-attr]
    rep = (await r.call("GET", f"/api/tables/{tid}/replay?step=3&seat=1")).json()
    assert rep["step"] == 3 and rep["steps"] == over["version"] and rep["view"]["you"] == 1
    assert (await r.call("GET", f"/api/tables/{tid}/replay?step=3&seat=5")).status_code == 422
    finished = (await r.call("GET", "/api/tables?status=over")).json()["tables"]
    assert tid in [t["id"] for t in finished]
    # rematch: a new table with the same settings, the caller seated at seat 0
    res = await r.call("POST", f"/api/tables/{tid}/rematch", token=tok)
    assert res.status_code == 200
    again = res.json()
    assert again["table"] != tid and again["seat"] == 0
    new = (await r.call("GET", f"/api/tables/{again['table']}")).json()
    assert new["rematch_of"] == tid and [s["kind"] for s in new["seats"]] == ["human", "bot"]
    assert (await r.call("GET", f"/api/tables/{tid}")).json()["rematch_id"] == again["table"]
    # leaving before the game starts opens the seat again
    made2 = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    res = await r.call("POST", f"/api/tables/{made2['table']['id']}/leave", token=made2["token"])
    assert res.status_code == 200
    seats = (await r.call("GET", f"/api/tables/{made2['table']['id']}")).json()["seats"]
    assert [s["kind"] for s in seats] == ["open", "open"]
    assert (await r.act(made2["table"]["id"], made2["token"], "end", 0)).status_code == 403


def _walk(data: Any) -> Any:
    if isinstance(data, dict):
        yield data
        for v in data.values():
            yield from _walk(v)
    elif isinstance(data, list):
        for v in data:
            yield from _walk(v)


@pytest.mark.parametrize("game", ["planet", "agency"])
async def test_no_hidden_information_reaches_the_wrong_seat(
    server: ServerFactory, db: Db, game: str
) -> None:
    """Everything seat 0 receives (WebSocket and REST) is checked against the full
    state: seat 1's hand, objectives or drawn cards and the deck order never appear."""
    r = await server(db)
    tid, tok0, tok1 = await two_humans(r, game)
    a = await r.connect(tid, tok0)
    b = await r.connect(tid, tok1)
    table = r.manager.tables[tid]
    secrets_seen: list[str] = []
    for step in range(40):
        full = table.state
        if full.is_over():
            break
        if game == "planet":
            draw = full.to_json()["state"]["draw"]
            secrets_seen.append(json.dumps(draw[:12]))
        active = full.active_players()
        tok, client = (tok0, a) if 0 in active else (tok1, b)
        state = await client.wait_state(
            lambda s, v=full.version: s["version"] == v and bool(s["legal"])
        )
        pick = state["legal"][step % len(state["legal"])]["text"]
        if step % 3 == 0:
            res = await r.act(tid, tok, pick, state["version"])
            assert res.status_code == 200, res.text
        else:
            assert (await client.act(pick, state["version"]))["type"] == "ack"
        await r.view(tid, tok0)
    seat0_traffic = [json.loads(f) for f in a.frames]
    seat0_traffic += [
        json.loads(body)
        for method, path, status, body in r.traffic
        if status == 200 and path.endswith("/view")
    ]
    assert len(seat0_traffic) > 20
    secret_keys = {"hand", "objectives", "drawn", "kept"}
    seen_texts: list[str] = []
    for msg in seat0_traffic:
        if msg.get("you") not in (0, None) and "view" in msg:
            continue  # seat 1's own REST views are in the traffic log too
        for d in _walk(msg.get("view", {})):
            owner = d.get("player", d.get("seat"))
            if owner == 1 and isinstance(d, dict):
                assert not secret_keys & set(d), f"seat 1's secret reached seat 0: {d}"
        if msg.get("you") == 0:
            for e in msg.get("log", []):
                if e["player"] == 1 and e["text"]:
                    seen_texts.append(e["text"])
                    # agency keeps and sales name secret cards (Game.action_is_public)
                    assert game == "planet" or not e["text"].startswith(("keep", "sell")), (
                        f"seat 1's secret action {e['text']!r} reached seat 0 during play"
                    )
    assert seen_texts, "public actions of seat 1 should be readable in seat 0's log"
    raw = "\n".join(a.frames)
    for deck in secrets_seen:
        assert deck not in raw
    for c in (a, b):
        await c.close()


async def test_request_size_and_rate_limits(server: ServerFactory, db: Db) -> None:
    r = await server(db, http_rate=5.0, http_burst=20.0, ws_rate=2.0, ws_burst=5.0, max_body=4096)
    res = await r.http.post(
        "/api/tables",
        content=b"{" + b" " * 8000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert res.status_code == 413
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    ws = await r.connect(made["table"]["id"], made["token"])
    await ws.wait_state()
    replies = [await ws.request({"type": "ping"}) for _ in range(12)]
    kinds = [m["type"] for m in replies]
    assert kinds[:5] == ["pong"] * 5 and "error" in kinds
    assert next(m for m in replies if m["type"] == "error")["status"] == 429
    await ws.ws.send("x" * 5000)  # over max_body: the connection is closed
    code = await asyncio.wait_for(ws.closed, 5)
    assert code == 1009
    statuses = [(await r.call("GET", "/api/tables")).status_code for _ in range(40)]
    assert 429 in statuses and statuses[0] == 200
    retry = next(x for x in r.traffic if x[2] == 429)
    assert "rate" in retry[3]


async def test_race_runs_live_with_two_people(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    made = await r.create("race", [{"type": "you"}, {"type": "open"}], name="Ann")
    tid, tok0 = made["table"]["id"], made["token"]
    tok1 = (await r.join(tid, name="Bo"))["token"]
    a, b = await r.connect(tid, tok0), await r.connect(tid, tok1)
    sa = await a.wait_state(lambda s: bool(s["legal"]))
    sb = await b.wait_state(lambda s: bool(s["legal"]))
    assert sa["view"]["active"] == [0, 1] and sa["table"]["realtime"]
    # both act on the same version: both are applied, in arrival order
    ra, rb = await asyncio.gather(
        a.act(sa["legal"][0]["text"], sa["version"]), b.act(sb["legal"][0]["text"], sb["version"])
    )
    assert ra["type"] == "ack" and rb["type"] == "ack"
    assert sorted([ra["version"], rb["version"]]) == [1, 2]
    # play on with both until a Stop ends loading (or 60 actions)
    for _ in range(60):
        sa = await a.wait_state()
        if not sa["view"]["loading"]:
            break
        for client in (a, b):
            st = client.state
            assert st is not None
            if st["legal"]:
                reply = await client.act(st["legal"][0]["text"], st["version"])
                assert reply["type"] in ("ack", "error")
                if reply["type"] == "error":
                    assert reply["error"] in ("stale", "illegal") and reply.get("rule")
    table = await r.wait_for(tid, lambda t: t["version"] >= 4)
    assert table["status"] in ("playing", "over")
    # a real-time game has no undo
    res = await r.call("POST", f"/api/tables/{tid}/undo", token=tok0)
    assert res.status_code == 409
    for c in (a, b):
        await c.close()
    # everything acknowledged is in the database: a restart rebuilds the same state
    version = (await r.view(tid, tok0))["version"]
    await r.stop()
    r2 = await server(db)
    assert (await r2.view(tid, tok0))["version"] == version


async def test_bot_games_of_every_game_finish(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    tables = []
    for name in liftoff.games.names():
        seat = {"type": "bot", "bot": "random", "speed": "instant"}
        made = await r.create(name, [seat, seat])
        tables.append(made["table"]["id"])
    for tid in tables:
        done = await r.wait_for(tid, lambda t: t["status"] == "over", timeout=90)
        assert done["outcome"] is not None
        record = (await r.call("GET", f"/api/tables/{tid}/record")).json()
        state = liftoff.games.get(done["game"]).replay(record)
        assert state.is_over() and state.version == done["version"]


async def test_race_absent_player_holds_a_race_of_bots(server: ServerFactory, db: Db) -> None:
    """A race seat whose person never connects: after the grace period no bot plays
    it; a race of bots alone holds still until the person is there."""
    r = await server(db, grace=0.2)
    made = await r.create(
        "race", [{"type": "you"}, {"type": "bot", "bot": "random", "speed": "slow"}]
    )
    tid = made["table"]["id"]
    held = await r.wait_for(tid, lambda t: t["seats"][0]["away"] or t["seats"][0]["zombie"])
    assert held["status"] == "playing" and not held["seats"][0]["zombie"]
    assert held["live"]["held"]
    # the person comes back: the race runs
    ws = await r.connect(tid, made["token"])
    back = await ws.wait_state(lambda s: not s["table"]["live"]["held"])
    assert back["table"]["seats"][0]["connected"] and not back["table"]["seats"][0]["away"]
    await ws.close()


async def test_pages_are_served_with_a_strict_policy(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    tid = made["table"]["id"]
    for path in ("/", f"/t/{tid}", "/docs"):
        res = await r.call("GET", path)
        assert res.status_code == 200, path
        csp = res.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "default-src 'self'" in csp
        assert res.headers["x-content-type-options"] == "nosniff"
    res = await r.call("GET", "/t/nosuchtable")
    assert res.status_code == 404 and "No such table" in res.text
    js = await r.call("GET", "/static/js/games/planet.js")
    assert js.status_code == 200 and "export function render" in js.text
    assert (await r.call("GET", f"/t/{tid}/replay")).status_code == 200


async def test_a_failed_write_is_not_acknowledged_and_changes_nothing(
    server: ServerFactory, db: Db
) -> None:
    r = await server(db)
    tid, tok0, _ = await two_humans(r)
    before = await r.view(tid, tok0)
    store = r.manager.store
    real = store._insert

    async def broken(batch: Any) -> None:
        raise RuntimeError("disk on fire")

    store._insert = broken  # type: ignore[method-assign]
    try:
        res = await r.act(tid, tok0, before["legal"][0]["text"], 0)
    finally:
        store._insert = real  # type: ignore[method-assign]
    assert res.status_code == 503 and res.json()["error"] == "storage"
    after = await r.view(tid, tok0)
    assert after["version"] == 0 and after["view"] == before["view"]
    res = await r.act(tid, tok0, before["legal"][0]["text"], 0)
    assert res.status_code == 200 and res.json()["version"] == 1


@pytest.mark.rules("PL-GAP-31")
async def test_creating_a_table_reports_the_option_warnings(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    seats = [{"type": "you"}, {"type": "open"}]
    made = await r.create("planet", seats, options={"cutthroat": True, "family": True})
    assert len(made["warnings"]) == 1 and "Family Fun" in made["warnings"][0]
    assert (await r.create("planet", seats))["warnings"] == []


async def test_a_bot_waits_its_pacing_on_the_server_clock(
    server: ServerFactory, sqlite_db: Db
) -> None:
    """Bots act ``bot_delay`` after their turn comes, as the server's clock counts."""
    clock = VirtualClock()
    r = await server(sqlite_db, bot_delay=2.0, clock=clock)
    bot = {"type": "bot", "bot": "random"}
    made = await r.create(
        "planet", [bot, {"type": "you"}], options={"family": True, "first_player": 0}
    )
    tid = made["table"]["id"]
    await clock.advance(1.9)
    assert r.manager.tables[tid].state.version == 0  # time stands still: no move yet
    await clock.advance(0.2)
    await r.wait_for(tid, lambda t: t["version"] >= 1)
