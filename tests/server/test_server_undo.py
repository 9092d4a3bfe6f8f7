"""Undo never takes back a move that showed something hidden: attacks over HTTP
on a real server on loopback, on SQLite and on PostgreSQL.

The cheater takes a move that shows them new cards (agency: the move that ends
a round deals them specialists; planet: the last ``pledge 0`` at the Teleport
closes its window and the next turn's cards are drawn), reads them, and asks
for the move back — hoping to play it differently and to see the same cards
dealt again. The refusal names the rule (``API-UNDO``) and says why in the
reader's language, and the game is as it was.

The tables are dealt from known seeds so the test can find those moves on a
copy of the game of its own (the server offers no seed to its clients).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from server_helpers import Db, Running, ServerFactory

import liftoff
from liftoff.engine import Action, Rng, State

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]

#: picks the next move of a two-person game: (the game as the test holds it) → (seat, move)
Policy = Callable[[State], tuple[int, Action]]


def first_of_lowest_seat(state: State) -> tuple[int, Action]:
    seat = min(state.active_players())
    return seat, state.legal_actions(seat)[0]


def seeded(seed: int) -> Policy:
    rng = Rng(seed)

    def choose(state: State) -> tuple[int, Action]:
        seat = state.active_players()[0]
        legal = state.legal_actions(seat)
        return seat, legal[rng.below(len(legal))]

    return choose


async def two_people(r: Running, game: str, seed: int) -> tuple[str, tuple[str, str]]:
    """A two-person table of ``game`` dealt from ``seed``: its id and both tokens."""
    seats = [{"type": "you"}, {"type": "open"}]
    table, _, tok0 = await r.manager.create(game, 2, {}, seats, None, "Ann", seed=seed)
    assert tok0 is not None
    tok1 = (await r.join(table.id, 1, name="Bo"))["token"]
    return table.id, (tok0, tok1)


async def play_to(
    r: Running, tid: str, tokens: tuple[str, str], mine: State, policy: Policy, moves: int
) -> tuple[int, Action, list[dict[str, Any]]]:
    """Play ``moves`` moves over HTTP as ``policy`` picks them on ``mine`` (the
    test's own copy of the game); returns the last one, its seat and what the
    log told that seat of it."""
    for _ in range(moves):
        seat, action = policy(mine)
        version = (await r.view(tid, tokens[seat]))["version"]
        res = await r.act(tid, tokens[seat], str(action), version)
        assert res.status_code == 200, res.text
        mine.apply(seat, action)
    seen = await r.view(tid, tokens[seat])
    told = [e for entry in seen["log"] if entry["n"] == mine.version - 1 for e in entry["events"]]
    return seat, action, told


async def assert_it_stands(r: Running, tid: str, token: str, why: str) -> None:
    """The move just taken cannot be taken back: refused (409) naming the rule,
    in words in English and in Japanese, and nothing changed."""
    before = await r.view(tid, token)
    res = await r.call("POST", f"/api/tables/{tid}/undo", token=token)
    assert res.status_code == 409, f"taken back ({res.status_code}): {res.text}"
    assert before["undo"] is False, "the table offers to take back a move that showed cards"
    body = res.json()
    assert (body["error"], body["rule"]) == ("no-undo", "API-UNDO"), body
    assert why in body["words"] and "cannot be taken back" in body["words"], body
    ja = await r.call("POST", f"/api/tables/{tid}/undo?lang=ja", token=token)
    assert ja.status_code == 409 and "取り消せません" in ja.json()["words"], ja.text
    after = await r.view(tid, token)
    assert (after["version"], after["view"]) == (before["version"], before["view"])


@pytest.mark.rules("API-UNDO")
@pytest.mark.parametrize(("seed", "moves", "ending"), [(1, 26, "launch"), (2, 26, "tech")])
async def test_agency_a_move_that_ends_the_round_deals_cards_and_stands(
    server: ServerFactory, db: Db, seed: int, moves: int, ending: str
) -> None:
    """The move that ends a round (a launch, a technology colour chosen, …) deals
    its player new specialists: once read, they cannot be un-dealt."""
    r = await server(db)
    tid, tokens = await two_people(r, "agency", seed)
    mine = liftoff.games.get("agency").new_game(2, seed)
    hand = (await r.view(tid, tokens[1]))["view"]
    seat, action, told = await play_to(r, tid, tokens, mine, first_of_lowest_seat, moves)
    assert str(action).startswith(ending), f"move {moves} is {action}, not the round's end"
    dealt = [e for e in told if e["kind"].startswith("agency.ev.draw-specialists") and e["full"]]
    assert dealt and dealt[0]["data"]["cards"], told  # the new hand, read
    assert hand != (await r.view(tid, tokens[seat]))["view"]
    await assert_it_stands(r, tid, tokens[seat], "The cards it showed you are now known")


@pytest.mark.rules("API-UNDO", "PL-TELE-4")
async def test_planet_the_last_pledge_at_the_teleport_draws_cards_and_stands(
    server: ServerFactory, db: Db
) -> None:
    """Planet seed 16, moves picked by ``Rng(16)``: the 8th is the last ``pledge 0``
    of a Teleport window; it closes the window, and the next turn's two cards
    are drawn (found by search)."""
    r = await server(db)
    tid, tokens = await two_people(r, "planet", 16)
    mine = liftoff.games.get("planet").new_game(2, 16)
    seat, action, told = await play_to(r, tid, tokens, mine, seeded(16), 8)
    assert str(action) == "pledge 0", f"move 8 is {action}"
    assert any(e["kind"] == "planet.ev.draw" for e in told), told
    await assert_it_stands(r, tid, tokens[seat], "now known")


@pytest.mark.rules("API-UNDO")
async def test_planet_a_card_played_from_the_hand_stands_but_a_move_is_taken_back(
    server: ServerFactory, db: Db
) -> None:
    """Paying a card from a hand shows it to the other player: it stands. Moving
    an Alien shows nothing: it is taken back, and the game is as it was."""
    r = await server(db)
    tid, tokens = await two_people(r, "planet", 16)
    view = await r.view(tid, tokens[0])
    move = next(a["text"] for a in view["legal"] if a["text"].startswith("move "))
    assert (await r.act(tid, tokens[0], move, view["version"])).status_code == 200
    assert (await r.view(tid, tokens[0]))["undo"] is True
    res = await r.call("POST", f"/api/tables/{tid}/undo", token=tokens[0])
    assert res.status_code == 200, res.text
    back = await r.view(tid, tokens[0])
    assert (back["version"], back["view"]) == (view["version"], view["view"])
    pay = next(a["text"] for a in view["legal"] if a["text"].startswith(("pay ", "play ")))
    assert (await r.act(tid, tokens[0], pay, view["version"])).status_code == 200
    await assert_it_stands(r, tid, tokens[0], "What it showed the other players is now known")


@pytest.mark.rules("API-UNDO")
async def test_moves_are_taken_back_one_by_one_after_a_restart_too(
    server: ServerFactory, db: Db
) -> None:
    """Two moves, a restart, both taken back in turn: the positions come back
    (every seat's view and the log), and the rows are gone from the database."""
    r = await server(db)
    tid, tokens = await two_people(r, "planet", 16)
    seen = [await r.view(tid, tokens[0])]
    for move in ("move core S0", "move core S2"):
        res = await r.act(tid, tokens[0], move, seen[-1]["version"])
        assert res.status_code == 200, res.text
        seen.append(await r.view(tid, tokens[0]))
    spectator = (await r.view(tid))["view"]
    await r.stop()
    r2 = await server(db)
    assert (await r2.view(tid, tokens[0]))["undo"] is True  # kept again from the record
    for back in (seen[1], seen[0]):
        res = await r2.call("POST", f"/api/tables/{tid}/undo", token=tokens[0])
        assert res.status_code == 200 and res.json()["version"] == back["version"], res.text
        now = await r2.view(tid, tokens[0])
        assert (now["view"], now["log"], now["legal"]) == (back["view"], back["log"], back["legal"])
    assert (await r2.view(tid, tokens[0]))["undo"] is False
    assert spectator != (await r2.view(tid))["view"]
    await r2.stop()
    r3 = await server(db)
    assert (await r3.view(tid, tokens[0]))["version"] == 0


@pytest.mark.rules("API-UNDO")
@pytest.mark.parametrize(("game", "seed", "moves"), [("planet", 3, 40), ("agency", 4, 40)])
async def test_a_cheater_asking_back_every_move_gets_back_only_what_showed_nothing(
    server: ServerFactory, db: Db, game: str, seed: int, moves: int
) -> None:
    """A random game over HTTP where the player who moved asks for the move back
    every time, and when it is taken back plays what a fresh pick gives (and
    keeps that one, so that the game goes on): the
    server takes back exactly the moves the engine's rule allows (on the test's
    own copy of the game, keeping undo), offers undo exactly then, gives both
    seats back the very view, legal moves and log they had before, and for
    every other move refuses and changes nothing."""
    r = await server(db)
    tid, tokens = await two_people(r, game, seed)
    mine = liftoff.games.get(game).new_game(2, seed)
    mine.keep_undo()
    policy, taken, refused, ask = seeded(seed), 0, 0, True

    async def both() -> list[dict[str, Any]]:
        return [await r.view(tid, token) for token in tokens]

    for _ in range(moves):
        if mine.is_over():
            break
        seat, action = policy(mine)
        before = await both()
        res = await r.act(tid, tokens[seat], str(action), before[seat]["version"])
        assert res.status_code == 200, res.text
        mine.apply(seat, action)
        if not ask:
            ask = True
            continue
        allowed = mine.undo_refusal() is None
        assert (await r.view(tid, tokens[seat]))["undo"] is allowed, action
        after = await both()
        back = await r.call("POST", f"/api/tables/{tid}/undo", token=tokens[seat])
        now = await both()
        if not allowed:
            assert back.status_code == 409 and back.json()["rule"] == "API-UNDO", back.text
            assert now == after, f"a refused undo of {action} changed what the seats see"
            refused += 1
            continue
        assert back.status_code == 200, f"{action} revealed nothing, yet: {back.text}"
        for then, seen in zip(before, now, strict=True):
            assert (seen["version"], seen["view"], seen["legal"], seen["log"]) == (
                then["version"],
                then["view"],
                then["legal"],
                then["log"],
            ), f"taking back {action} did not give the position back"
        mine.undo()
        taken, ask = taken + 1, False
    assert taken >= 5 and refused >= 3, (taken, refused)  # both kinds were tried
