"""The payloads the pages read speak to people: names (never seat ids), option
labels and folds, bot levels, refusals in words, and the end of a game in
words, sent only once the game is over."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Db, ServerFactory

import liftoff
from liftoff.bots.levels import levels

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


async def test_seat_payloads_carry_names(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db)
    made = await r.create(
        "planet",
        [{"type": "you"}, {"type": "bot", "bot": "medium"}, {"type": "open"}],
        name="Ann",
    )
    tid = made["table"]["id"]
    names = [s["name"] for s in made["table"]["seats"]]
    assert names == ["Ann", "Medium bot", "Player 3"]
    await r.join(tid, name="Bea")
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert [s["name"] for s in table["seats"]] == ["Ann", "Medium bot", "Bea"]
    lobby = (await r.call("GET", "/api/tables")).json()["tables"]
    assert [s["name"] for s in lobby[0]["seats"]] == ["Ann", "Medium bot", "Bea"]


async def test_games_offer_option_labels_folds_and_bot_levels(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    answer = (await r.call("GET", "/api/games")).json()
    by_game = {g["name"]: {o["name"]: o for o in g["options"]} for g in answer["games"]}
    for name, options in by_game.items():
        declared = {o.name: o for o in liftoff.games.get(name).options.public()}
        assert set(options) == set(declared)
        for o in options.values():
            assert o["label"] == declared[o["name"]].label and o["label"]  # every one has words
            assert not o["doc"][0].islower() and o["doc"].endswith((".", "!", "?", ")"))
    planet = by_game["planet"]
    assert planet["first_game"]["label"] == "First game" and not planet["first_game"]["advanced"]
    assert all(planet[n]["advanced"] for n in ("moon_model", "lift_die", "days", "day_track"))
    assert planet["jetpack_costs"]["advanced"]
    # a file-naming option offers the shipped content only: never a path field
    race_planets = by_game["race"]["planets"]
    assert race_planets["content"] and race_planets["choices"] == ["default"]
    # bot levels, weakest first, each with a line; medium is the default
    got = answer["levels"]
    assert [x["name"] for x in got] == levels()
    assert all(x["doc"] and x["label"].endswith(" bot") for x in got)
    assert [x["name"] for x in got if x["default"]] == ["medium"]


async def test_option_warnings_come_with_the_new_table(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    seats: list[dict[str, Any]] = [{"type": "you"}, {"type": "open"}]
    made = await r.create("planet", seats, options={"family": True, "cutthroat": True})
    assert made["warnings"] and all(w[0].isupper() for w in made["warnings"])
    assert (await r.create("planet", seats))["warnings"] == []


async def test_refusals_carry_words(server: ServerFactory, sqlite_db: Db) -> None:
    r = await server(sqlite_db)
    made = await r.create("planet", [{"type": "you"}, {"type": "open"}], name="Ann")
    tid, tok0 = made["table"]["id"], made["token"]
    await r.join(tid, name="Bea")
    legal = [a["text"] for a in (await r.view(tid, tok0))["legal"]]
    game = liftoff.games.get("planet")
    # a game rule: the engine's message as a sentence and the rule's text
    probe = next(t for t in ("move core S1", "move S0 S2", "roll bonfire F") if t not in legal)
    body = (await r.act(tid, tok0, probe, 0)).json()
    assert body["error"] == "illegal" and body["words"][0].isupper()
    assert body["words"].rstrip(".") == body["message"][0].upper() + body["message"][1:]
    assert body["rule_text"] == game.rule_text(body["rule"]) and body["rule_text"]
    # a stale action: words only, no rule text, nothing done
    assert (await r.act(tid, tok0, legal[0], 0)).status_code == 200
    res = await r.act(tid, tok0, legal[0], 0)
    body = res.json()
    assert res.status_code == 409 and body["rule"] == "API-STALE"
    assert body["words"] == "The game moved on before your move arrived; nothing was done."
    assert body["rule_text"] is None and "version" not in body["words"]
    assert (await r.view(tid, tok0))["refusal"]["words"] == body["words"]
    # over the socket too
    ws = await r.connect(tid, tok0)
    await ws.wait_state()
    reply = await ws.request({"type": "act", "action": legal[0], "version": 0, "id": 7})
    assert reply["type"] == "error" and reply["words"] == body["words"]
    await ws.close()
    # a refusal that is not the engine's says a sentence too
    res = await r.call("POST", f"/api/tables/{tid}/join", {"name": "Cy"})
    assert res.status_code == 409 and res.json()["words"][0].isupper()


async def test_the_end_in_words_only_once_the_game_is_over(
    server: ServerFactory, sqlite_db: Db
) -> None:
    r = await server(sqlite_db)
    seats: list[dict[str, Any]] = [{"type": "you"}, {"type": "bot", "bot": "random"}]
    made = await r.create("planet", seats, name="Ann")
    tid, tok = made["table"]["id"], made["token"]
    # in play: no breakdown and nothing hidden, to anyone
    assert "ending" not in made["table"]
    assert "ending" not in (await r.call("GET", f"/api/tables/{tid}")).json()
    assert "ending" not in (await r.view(tid, tok))["table"]
    # play the game out (the first legal action each time)
    for _ in range(2000):
        table = (await r.call("GET", f"/api/tables/{tid}")).json()
        if table["status"] == "over":
            break
        view = await r.view(tid, tok)
        if view["legal"]:
            await r.act(tid, tok, view["legal"][-1]["text"], view["version"])
        else:
            await r.wait_for(
                tid, lambda t, v=view["version"]: t["version"] > v or t["status"] == "over"
            )
    end = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert end["status"] == "over"
    ending = end["ending"]
    out = end["outcome"]
    winner = ending["players"][0]
    assert winner["name"] in ending["headline"] and " win" in ending["headline"]
    for p in ending["players"]:
        assert sum(x["points"] for x in p["sources"]) == out["scores"][p["seat"]]
        assert all(x["label"][0].isupper() for x in p["sources"])
        assert p["name"] in ("Ann", "Random bot")
    hands = [x for p in ending["players"] for x in p["revealed"]]
    assert any(x["label"] and x["cards"] is not None for x in hands)
