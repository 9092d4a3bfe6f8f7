"""Attacks on the server as a cheating player (or a careless client) would try them,
each asserting that the attack fails; on SQLite and on PostgreSQL
(``LIFTOFF_TEST_POSTGRES_URL``)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Db, Running, ServerFactory, until

from liftoff.server.clock import VirtualClock

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def hand_of(r: Running, tid: str, seat: int) -> Any:
    """Seat ``seat``'s private view as the server holds it (the secret to protect)."""
    return r.manager.tables[tid].state.view(seat)


async def test_ghost_socket_loses_the_seat_it_gave_up(server: ServerFactory, db: Db) -> None:
    """Leave a seat but keep its socket open, hoping to read the next occupant's hand."""
    r = await server(db)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Cheat")
    tid, tok_a = made["table"]["id"], made["token"]
    ghost = await r.connect(tid, tok_a)
    await ghost.wait_state(lambda s: s["you"] == 0)
    assert (await r.call("POST", f"/api/tables/{tid}/leave", token=tok_a)).status_code == 200
    moved = await r.join(tid, 1, name="Cheat")  # the cheater sits at seat 1 now
    victim = await r.join(tid, 0, name="Victim")
    assert victim["seat"] == 0
    state = await ghost.wait_state(lambda s: s["table"]["status"] == "playing")
    assert state["you"] is None and state["legal"] == []
    assert state["view"] == (await r.view(tid))["view"]  # exactly a spectator's view
    secret = json.dumps(hand_of(r, tid, 0))
    spectator = json.dumps(r.manager.tables[tid].state.view(None))
    assert secret != spectator  # seat 0 has something to hide
    # the victim plays; the ghost keeps reading and must never see seat 0's view
    v = await r.connect(tid, victim["token"])
    for _ in range(4):
        s = await v.wait_state(lambda s: s["table"]["status"] == "playing")
        if 0 not in r.manager.tables[tid].state.active_players():
            break
        pick = s["legal"][0]["text"]
        assert (await v.act(pick, s["version"]))["type"] == "ack"
    # the ghost's last frame is the table's last version: every frame before it is in
    last = r.manager.tables[tid].state.version
    await ghost.wait_state(lambda s: s["version"] >= last)
    for frame in ghost.frames[1:]:
        msg = json.loads(frame)
        if msg["type"] == "state" and msg["table"]["status"] == "playing":
            assert msg["you"] is None
    # the ghost cannot act for anyone, and the seat's presence follows the victim only
    assert (await ghost.act("end", None))["status"] in (403,)
    seat0 = r.manager.tables[tid].seats[0]
    assert seat0.connections == 1
    await v.close()
    # the ghost does not keep the seat "connected"
    await until("the seat's last connection to close", lambda: seat0.connections == 0)
    assert moved["seat"] == 1
    await ghost.close()


async def test_file_options_are_refused_alike_whatever_the_path(
    server: ServerFactory, db: Db, tmp_path: Any
) -> None:
    """Name files in a game option to read them, exhaust memory or probe the disk."""
    from liftoff.games.race import data as race_data

    shipped = str(Path(race_data.__file__).parent / "planets.toml")
    r = await server(db, content_sets={"race.planets": {"classic": shipped}})
    (tmp_path / "dir").mkdir()
    answers = set()
    for path in ("/dev/zero", "/etc/shadow", "/no/such/file", str(tmp_path / "dir"), shipped):
        body = {"game": "race", "players": 2, "options": {"planets": path}}
        res = await r.call("POST", "/api/tables", body)
        assert res.status_code == 422, (path, res.text)
        answers.add(res.text)
    assert len(answers) == 1  # the same answer for every path: no file-system probe
    assert "default" in answers.pop()
    assert len(r.manager.tables) == 0
    # the operator's content sets are chosen by name, and the default always works
    for name in ("classic", "default"):
        body = {"game": "race", "players": 2, "options": {"planets": name}}
        assert (await r.call("POST", "/api/tables", body)).status_code == 201
    games = (await r.call("GET", "/api/games")).json()["games"]
    race = next(g for g in games if g["name"] == "race")
    assert next(o for o in race["options"] if o["name"] == "planets")["choices"] == [
        "default",
        "classic",
    ]
    # options the game sets itself (agency's content fingerprint) are not the client's
    body = {"game": "agency", "players": 2, "options": {"content": "0" * 16}}
    res = await r.call("POST", "/api/tables", body)
    assert res.status_code == 422 and "set by the server" in res.text


async def two_people(r: Running, game: str) -> tuple[str, str, str]:
    made = await r.create(game, [{"type": "you"}, {"type": "open"}], name="Ann")
    tid = made["table"]["id"]
    return tid, made["token"], (await r.join(tid, name="Bo"))["token"]


@pytest.mark.rules("RC-STOP-3")
async def test_duplicate_and_versionless_submissions_apply_once(
    server: ServerFactory, db: Db
) -> None:
    """Send the same race action twice (same message id), or without a version to skip
    the stale check."""
    r = await server(db)
    tid, tok0, _tok1 = await two_people(r, "race")
    a = await r.connect(tid, tok0)
    st = await a.wait_state(lambda s: bool(s["legal"]))
    action, version = st["legal"][0]["text"], st["version"]
    # without a version: refused over both WebSocket and REST, nothing applied
    reply = await a.request({"type": "act", "action": action})
    assert reply["type"] == "error" and reply["error"] == "bad-version"
    res = await r.call("POST", f"/api/tables/{tid}/actions", {"action": action}, tok0)
    assert res.status_code == 422
    for bad in (2**40, -1, 1.5, "3", True):
        res = await r.call(
            "POST", f"/api/tables/{tid}/actions", {"action": action, "version": bad}, tok0
        )
        assert res.status_code == 422, (bad, res.text)
        assert "SQL" not in res.text and "Traceback" not in res.text
    assert r.manager.tables[tid].state.version == version
    # the same message twice (a resend): both answered alike, applied once
    msg = {"type": "act", "action": action, "version": version, "id": "m-1"}
    await a.ws.send(json.dumps(msg))
    await a.ws.send(json.dumps(msg))
    await asyncio.sleep(0.5)
    acks = [json.loads(f) for f in a.frames if '"ack"' in f]
    assert len(acks) == 2 and acks[0] == acks[1]
    mine = [h for h in r.manager.tables[tid].state.history if h[0] == 0]
    assert len(mine) == 1
    # over REST, the same id likewise
    st = await a.wait_state(lambda s: bool(s["legal"]) and s["version"] > version)
    body = {"action": st["legal"][0]["text"], "version": st["version"], "id": 42}
    first = await r.call("POST", f"/api/tables/{tid}/actions", body, tok0)
    again = await r.call("POST", f"/api/tables/{tid}/actions", body, tok0)
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert len([h for h in r.manager.tables[tid].state.history if h[0] == 0]) == 2
    await a.close()


async def test_stale_turn_based_submission_is_refused(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    tid, tok0, tok1 = await two_people(r, "planet")
    state = r.manager.tables[tid].state
    p = state.active_players()[0]
    tok = tok0 if p == 0 else tok1
    view = await r.view(tid, tok)
    assert (await r.act(tid, tok, view["legal"][0]["text"], 0)).status_code == 200
    q = r.manager.tables[tid].state.active_players()[0]
    tok = tok0 if q == 0 else tok1
    res = await r.act(tid, tok, (await r.view(tid, tok))["legal"][0]["text"], 0)
    assert res.status_code == 409 and res.json()["rule"] == "API-STALE"
    assert r.manager.tables[tid].state.version == 1


async def test_bot_seeds_do_not_come_from_the_game_seed(server: ServerFactory, db: Db) -> None:
    """Watch a random bot's choices to recover the game seed: its seed must not be
    derived from it. Two tables forced to the same game seed get different bot seeds,
    kept privately across a restart."""
    r = await server(db)
    seats = [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    tables = [
        (await r.manager.create("planet", 2, {}, seats, None, None, seed=1234))[0] for _ in range(2)
    ]
    a, b = tables
    assert a.seed == b.seed == 1234
    assert a.bot_seed != b.bot_seed
    agents = [r.manager.bot_seats.agent(t, 0) for t in tables]
    state = a.state.clone()
    picks = [[str(ag.choose(state, state.active_players()[0])) for _ in range(20)] for ag in agents]
    assert picks[0] != picks[1]  # same game, same position, different bot choices
    for t in tables:  # nothing public carries the bot seed
        shown = json.dumps([t.public(), t.state.view(None), t.state.view(0)])
        assert str(t.bot_seed) not in shown
    seeds = {t.id: t.bot_seed for t in tables}
    await r.stop()
    r2 = await server(db)
    for tid, seed in seeds.items():
        assert (await r2.manager.get(tid)).bot_seed == seed


async def test_undo_cycles_give_no_clock_time(server: ServerFactory, db: Db) -> None:
    """Take back and repeat an action that passes the turn, hoping each new turn
    brings the extra time again."""
    r = await server(db)
    m = r.manager
    seats = [{"type": "you"}, {"type": "open"}]
    clock = {"initial": 600, "increment": 60}
    table, _, tok0 = await m.create("planet", 2, {}, seats, clock, "Ann", seed=3)
    assert tok0 is not None
    _, tok1 = await m.join(table.id, 1, "Bo")
    tokens = [tok0, tok1]
    chosen = None
    for _ in range(300):  # play to an action that passes the turn and may be taken back
        state = table.state
        p = state.active_players()[0]
        for a in state.legal_actions(p):
            trial = state.clone()
            trial.apply(p, a)
            if trial.last_action_undoable() and trial.active_players() != (p,):
                chosen = (p, str(a))
                break
        if chosen is not None:
            break
        await m.act(table.id, tokens[p], str(state.legal_actions(p)[-1]), state.version)
    assert chosen is not None
    p, text = chosen
    assert table.clocks is not None
    before = list(table.clocks.remaining)
    for _ in range(4):
        await m.act(table.id, tokens[p], text, table.state.version)
        await m.undo(table.id, tokens[p])
        now = list(table.clocks.remaining)
        assert all(n <= b for n, b in zip(now, before, strict=True)), (before, now)
    assert table.clocks.running == (p,)


async def test_rematch_gives_one_seat_per_person(server: ServerFactory, db: Db) -> None:
    """Call rematch twice with the same token to take every seat of the rematch."""
    r = await server(db)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Ann")
    tid, tok0 = made["table"]["id"], made["token"]
    tok1 = (await r.join(tid, name="Bo"))["token"]
    await r.play_out(tid, tok0, tok1)
    first = await r.call("POST", f"/api/tables/{tid}/rematch", token=tok0)
    assert first.status_code == 200 and first.json()["seat"] == 0
    again = await r.call("POST", f"/api/tables/{tid}/rematch", token=tok0)
    assert again.status_code == 409, again.text
    new = first.json()["table"]
    seats = (await r.call("GET", f"/api/tables/{new}")).json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "open"]
    other = await r.call("POST", f"/api/tables/{tid}/rematch", token=tok1)
    assert other.status_code == 200 and other.json()["seat"] == 1
    twice = await r.call("POST", f"/api/tables/{tid}/rematch", token=tok1)
    assert twice.status_code == 409


async def test_bot_parameter_bombs_are_refused(server: ServerFactory, db: Db) -> None:
    """Ask for bots that think forever, to stall every bot on the server."""
    r = await server(db, max_bot_seconds=0.3, bot_delay=0.0)
    bombs = [
        ("planet", "ismcts:time_limit=1000000", "time_limit"),
        ("planet", "ismcts:iterations=1000000000", "iterations"),
        ("agency", "ismcts:depth=100000,iterations=10", "depth"),
        ("race", "ismcts:time_limit=1", "time_limit"),  # real-time bots get far less
        ("planet", "ismcts:time_limit=nan", "time_limit"),
    ]
    for game, bot, bound in bombs:
        seats = [{"type": "you"}, {"type": "bot", "bot": bot}]
        res = await r.call("POST", "/api/tables", {"game": game, "players": 2, "seats": seats})
        assert res.status_code == 422, (bot, res.text)
        assert bound in res.json()["message"], res.text
    # within the bounds a search bot is fine; six of them do not stall a light bot
    heavy = [{"type": "bot", "bot": "ismcts:time_limit=0.3"}] * 2
    for _ in range(6):
        res = await r.call("POST", "/api/tables", {"game": "planet", "players": 2, "seats": heavy})
        assert res.status_code == 201
    light = [{"type": "bot", "bot": "heuristic"}] * 2
    made = await r.call("POST", "/api/tables", {"game": "planet", "players": 2, "seats": light})
    tid = made.json()["table"]["id"]
    await r.wait_for(tid, lambda t: t["version"] >= 30, timeout=60)


async def test_stored_bot_bombs_are_clamped_after_a_restart(server: ServerFactory, db: Db) -> None:
    """A table stored with an unbounded bot (before the bounds existed) stays bounded."""
    from liftoff.server.storage import SeatData

    r = await server(db, max_bot_seconds=0.2)
    seats = [{"type": "you"}, {"type": "open"}]
    made = await r.create("planet", seats)
    tid = made["table"]["id"]
    await r.manager.store.save_seat(tid, SeatData(1, "bot", "ismcts:time_limit=1000000"))
    await r.stop()
    r2 = await server(db, max_bot_seconds=0.2)
    table = await r2.manager.get(tid)
    agent = r2.manager.bot_seats.agent(table, 1)
    assert agent.time_limit == 0.2


async def test_table_spam_meets_quotas_expiry_and_the_operator(
    server: ServerFactory, db: Db
) -> None:
    """Fill the server with tables nobody joins, hoping to lock everyone out."""
    r = await server(
        db,
        max_tables_per_address=3,
        max_live_tables=4,
        sweep_every=0.1,
        admin_token="op-secret",
    )
    spam = [await r.create("planet", [{"type": "you"}, {"type": "open"}]) for _ in range(3)]
    res = await r.call("POST", "/api/tables", {"game": "planet", "players": 2})
    assert res.status_code == 429 and res.json()["error"] == "quota"
    # nobody joined or watched: the spam expires and the quota is free again
    r.manager.settings.open_table_ttl = 0.0

    async def all_closed() -> bool:
        for made in spam:
            t = (await r.call("GET", f"/api/tables/{made['table']['id']}")).json()
            if t["status"] != "closed":
                return False
        return True

    await until("the spam tables to expire", all_closed, timeout=30)
    r.manager.settings.open_table_ttl = 3600.0
    for made in spam:
        res = await r.act(made["table"]["id"], made["token"], "end", 0)
        assert res.status_code in (403, 409)
    assert (await r.call("GET", "/api/tables")).json()["tables"] == []
    # finished tables do not count against the cap
    bots = [{"type": "bot", "bot": "random"}] * 2
    done = [(await r.create("planet", bots))["table"]["id"] for _ in range(3)]
    for tid in done:
        await r.wait_for(tid, lambda t: t["status"] == "over", timeout=60)
    kept = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    watcher = await r.connect(kept["table"]["id"], kept["token"])
    await watcher.wait_state()
    fresh = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    lobby = (await r.call("GET", "/api/tables")).json()["tables"]
    # a table with someone present comes first, though the other is newer
    assert [t["id"] for t in lobby][:2] == [kept["table"]["id"], fresh["table"]["id"]]
    # the operator closes and deletes tables; nobody else may
    tid = kept["table"]["id"]
    assert (
        await r.call("POST", f"/api/admin/tables/{tid}/close", token="guess")
    ).status_code == 403
    assert (
        await r.call("POST", f"/api/admin/tables/{tid}/close", token=kept["token"])
    ).status_code == 403
    listed = (await r.call("GET", "/api/admin/tables", token="op-secret")).json()["tables"]
    assert {t["id"] for t in listed} == {tid, fresh["table"]["id"]}
    assert all(t["creator"] == "127.0.0.1" for t in listed)
    assert (
        await r.call("POST", f"/api/admin/tables/{tid}/close", token="op-secret")
    ).status_code == 200
    state = await watcher.wait_state(lambda s: s["table"]["status"] == "closed")
    assert state["legal"] == []
    fid = fresh["table"]["id"]
    assert (
        await r.call("DELETE", f"/api/admin/tables/{fid}", token="op-secret")
    ).status_code == 200
    assert (await r.call("GET", f"/api/tables/{fid}")).status_code == 404
    await watcher.close()
    # after a restart, nothing expired or closed comes back
    await r.stop()
    r2 = await server(db, admin_token=None)
    assert (await r2.call("GET", "/api/tables")).json()["tables"] == []
    assert (await r2.call("GET", "/api/admin/tables", token="op-secret")).status_code == 404


async def test_loopback_exemption_for_the_load_generator(server: ServerFactory, db: Db) -> None:
    r = await server(db, max_tables_per_address=1, exempt_loopback=True)
    for _ in range(3):
        await r.create("planet", [{"type": "you"}, {"type": "open"}])


@pytest.mark.rules("RC-PLAY-1", "RC-PLAY-2")
async def test_race_stacks_stay_face_down_during_the_countdown(
    server: ServerFactory, db: Db
) -> None:
    """Read the top cards (and plan) during the countdown before "Lift Off!"."""
    clock = VirtualClock()
    r = await server(db, race_start_pause=1.5, clock=clock)
    tid, tok0, _tok1 = await two_people(r, "race")
    a = await r.connect(tid, tok0)
    first = await a.wait_state(lambda s: s["table"]["status"] == "playing")
    assert first["view"].get("countdown") is True
    assert all(p["top"] is None for p in first["view"]["players"])
    assert first["legal"] == []
    spectator = await r.view(tid)
    assert all(p["top"] is None for p in spectator["view"]["players"])
    res = await r.act(tid, tok0, "discard", first["version"])
    assert res.status_code == 422 and res.json()["rule"] == "RC-PLAY-2"
    await clock.advance(1.4)
    assert r.manager.tables[tid].race.counting_down()  # type: ignore[union-attr]
    await clock.advance(0.2)  # "Lift Off!"
    live = await a.wait_state(lambda s: bool(s["legal"]))
    assert all(p["top"] is not None for p in live["view"]["players"])
    assert "countdown" not in live["view"]
    await a.close()


async def test_rest_players_are_present_while_they_poll(server: ServerFactory, db: Db) -> None:
    """A player who only polls and acts over REST is not made "away"."""
    clock = VirtualClock()
    r = await server(db, grace=1.0, clock=clock)
    tid, tok0, tok1 = await two_people(r, "planet")
    for _ in range(30):  # 3 s: three grace periods
        await r.view(tid, tok0)
        await r.view(tid, tok1)
        await clock.advance(0.1)
    seats = (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]
    assert [s["away"] for s in seats] == [False, False]
    # seat 0 stops: away after the grace period (the public table is no presence)
    for _ in range(11):
        await r.view(tid, tok1)
        await clock.advance(0.1)
    seats = (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]
    assert seats[0]["away"] and not seats[1]["away"] and not seats[0]["zombie"]
    await r.view(tid, tok0)  # back: present again
    seats = (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]
    assert seats[0]["away"] is False


async def test_undo_works_after_a_restart(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    tid, tok0, tok1 = await two_people(r, "planet")
    p = r.manager.tables[tid].state.active_players()[0]
    tok = (tok0, tok1)[p]
    view = await r.view(tid, tok)
    move = next(a["text"] for a in view["legal"] if a["text"].startswith("move "))
    assert (await r.act(tid, tok, move, view["version"])).status_code == 200
    await r.stop()
    r2 = await server(db)
    assert (
        await r2.call("POST", f"/api/tables/{tid}/undo", token=(tok0, tok1)[1 - p])
    ).status_code == 409
    res = await r2.call("POST", f"/api/tables/{tid}/undo", token=tok)
    assert res.status_code == 200 and res.json()["version"] == view["version"]


async def test_a_table_of_other_rules_is_refused_not_replayed_differently(
    server: ServerFactory, db: Db, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each table keeps its game's rules and content version; after a restart under
    other rules it is refused with both versions named, never silently played on."""
    import liftoff
    from liftoff.engine.game import GameVersion

    r = await server(db)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}])
    tid = made["table"]["id"]
    stored = (await r.manager.store.load_tables(ids=[tid]))[0].game_version
    game = liftoff.games.get("planet")
    assert stored == game.version.to_json()
    await r.stop()
    r2 = await server(db)  # same rules: it comes back
    assert (await r2.call("GET", f"/api/tables/{tid}")).status_code == 200
    await r2.stop()
    newer = GameVersion("99", game.version.content)
    monkeypatch.setattr(type(game), "version", property(lambda self: newer))
    r3 = await server(db)
    res = await r3.call("GET", f"/api/tables/{tid}")
    assert res.status_code == 409, res.text
    text = res.json()["message"]
    assert "99" in text and f"rules {stored['rules']}" in text, text
