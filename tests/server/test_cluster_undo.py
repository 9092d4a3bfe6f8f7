"""Undo through a member of a cluster that does not own the table: the owner
judges it by the engine's rule, and its refusal (the rule and the words) comes
back through the member asked. Two ``liftoff serve`` processes on one
PostgreSQL database and one Redis, asked over HTTP."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from test_cluster import _seated, cluster_marks, database, two_members

pytestmark = cluster_marks()
__all__ = ["database"]  # the fixture, used by name

#: the planet moves that take cards from a hand, shown to the other player
CARD_MOVES = ("pay ", "play ", "trade ", "roll ")


async def _view(c: httpx.AsyncClient, tid: str, token: str) -> dict[str, Any]:
    res = await c.get(f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {token}"})
    assert res.status_code == 200, res.text
    found: dict[str, Any] = res.json()
    return found


async def _mover(c: httpx.AsyncClient, tid: str, tokens: list[str]) -> tuple[int, dict[str, Any]]:
    """The seat to move and its view."""
    for seat, token in enumerate(tokens):
        view = await _view(c, tid, token)
        if view["legal"]:
            return seat, view
    raise AssertionError("nobody may move")


async def _act(c: httpx.AsyncClient, tid: str, token: str, action: str, version: int) -> None:
    body = {"action": action, "version": version}
    auth = {"Authorization": f"Bearer {token}"}
    res = await c.post(f"/api/tables/{tid}/actions", json=body, headers=auth)
    assert res.status_code == 200, res.text


@pytest.mark.rules("API-UNDO")
async def test_undo_through_a_member_that_does_not_own_the_table(database: str) -> None:
    """A planet table created on A (its owner), played through B: a move of an
    Alien is taken back through B; a card paid or played from the hand, shown
    to the other player, stands — refused through B as A refuses it."""
    async with two_members(database) as pair:
        ca, cb = pair.ca, pair.cb
        tid, tokens = await _seated(ca)
        for _ in range(12):  # turns until someone may show a card (most first turns)
            seat, view = await _mover(cb, tid, tokens)
            texts = [a["text"] for a in view["legal"]]
            shown = next((t for t in texts if t.startswith(CARD_MOVES)), None)
            if shown is not None:
                break
            await _act(cb, tid, tokens[seat], "end", view["version"])
        else:
            raise AssertionError("nobody could play or pay a card in 12 turns")
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        move = next((t for t in texts if t.startswith("move ")), None)
        if move is not None:  # nothing shown: taken back, through B, on A too
            await _act(cb, tid, tokens[seat], move, view["version"])
            res = await cb.post(f"/api/tables/{tid}/undo", headers=auth)
            assert res.status_code == 200, res.text
            assert res.json()["version"] == view["version"]
            for c in (ca, cb):
                assert (await _view(c, tid, tokens[seat]))["view"] == view["view"]
        await _act(cb, tid, tokens[seat], shown, view["version"])
        before = await _view(ca, tid, tokens[seat])
        res = await cb.post(f"/api/tables/{tid}/undo", headers=auth)
        assert res.status_code == 409, f"{shown} taken back through B: {res.text}"
        body = res.json()
        assert (body["error"], body["rule"]) == ("no-undo", "API-UNDO"), body
        assert "cannot be taken back" in body["words"], body
        ja = await cb.post(f"/api/tables/{tid}/undo?lang=ja", headers=auth)
        assert ja.status_code == 409 and "取り消せません" in ja.json()["words"], ja.text
        after = await _view(ca, tid, tokens[seat])  # the owner's game is as it was
        assert (after["version"], after["view"]) == (before["version"], before["view"])
        assert after["version"] == view["version"] + 1
