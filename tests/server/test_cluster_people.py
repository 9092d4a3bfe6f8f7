"""Persons through a cluster: joins, leaves, seat links and rematches sent to a
member that does not own the table are forwarded to its owner, which keeps one
seat per person, gives a seat left mid-game to nobody else and a rematch seat to
its player only; a read there with another seat's token is bound (or refused) by
the owner; the person cookie is Secure through it exactly over HTTPS. Two
``liftoff serve --redis`` members on PostgreSQL; each browser keeps its cookie
whichever member it reaches."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import answer_when, no_cookies
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from test_cluster import _member, _stop, cluster_marks, database, two_members, wait_up
from test_server_crash import free_port

__all__ = ["database"]  # the fixture

pytestmark = cluster_marks()


async def play_out(people: tuple[tuple[Browser, str], ...], tid: str) -> None:
    """The people play the game to its end through B (each ends their turn as soon as
    they may): nobody's seat goes to a bot by itself."""
    for _ in range(3000):
        for browser, token in people:
            view = (await browser.get("b", f"/api/tables/{tid}/view", token=token)).json()
            texts = [a["text"] for a in view.get("legal") or []]
            if texts:
                move = "end" if "end" in texts else texts[0]
                body = {"action": move, "version": view["version"]}
                await browser.post("b", f"/api/tables/{tid}/actions", body, token=token)
        if (await people[0][0].get("b", f"/api/tables/{tid}")).json()["status"] == "over":
            return
    raise AssertionError("the game did not end")


class Browser:
    """One browser that reaches either member (a proxy in front would pick one): the
    same cookies go to both."""

    def __init__(self, pa: int, pb: int) -> None:
        self.cookies: dict[str, str] = {}
        self.on = {
            m: httpx.AsyncClient(
                base_url=f"http://127.0.0.1:{port}", timeout=15, cookies=no_cookies()
            )
            for m, port in (("a", pa), ("b", pb))
        }

    def headers(self, token: str | None = None) -> dict[str, str]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return headers

    async def post(
        self, member: str, path: str, body: Any = None, token: str | None = None
    ) -> httpx.Response:
        res = await self.on[member].post(path, json=body, headers=self.headers(token))
        self.cookies.update(res.cookies)  # whichever member set it, the browser keeps it
        return res

    async def get(self, member: str, path: str, token: str | None = None) -> httpx.Response:
        return await self.on[member].get(path, headers=self.headers(token))

    async def hello(self, port: int, tid: str, token: str) -> int | None:
        """The close code of this browser's socket whose hello holds ``token``
        (``None``: it was served, as the seat's player)."""
        url = f"ws://127.0.0.1:{port}/ws/tables/{tid}"
        async with websockets.connect(url, additional_headers=self.headers()) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if first["type"] == "state":
                return None
            assert first["type"] == "error", first
            with contextlib.suppress(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
            return ws.close_code

    async def close(self) -> None:
        for c in self.on.values():
            await c.aclose()


async def person_of(database: str, tid: str, seat: int) -> str | None:
    """The person a seat is stored as held by."""
    engine = create_async_engine(database)
    try:
        async with engine.connect() as conn:
            found = await conn.execute(
                text("SELECT person_id FROM seats WHERE table_id = :t AND seat = :s"),
                {"t": tid, "s": seat},
            )
            return found.scalar_one_or_none()
    finally:
        await engine.dispose()


@pytest.mark.asyncio
async def test_seats_stay_fair_through_a_member_that_does_not_own_the_table(
    database: str,
) -> None:
    async with two_members(database) as pair:
        ann, bo, cy, dee = (Browser(pair.pa, pair.pb) for _ in range(4))
        try:
            body = {
                "game": "planet",
                "players": 3,
                "seats": [{"type": "you"}] + [{"type": "open"}] * 2,
            }
            made = await ann.post("a", "/api/tables", {**body, "name": "Ann"})  # A owns it
            assert made.status_code == 201, made.text
            tid = made.json()["table"]["id"]
            # Ann's second seat, asked through B: forwarded, refused by the owner
            second = await ann.post("b", f"/api/tables/{tid}/join", {"seat": 1, "name": "Ann 2"})
            assert second.status_code == 409 and second.json()["error"] == "seated", second.text
            bo_seat = await bo.post("b", f"/api/tables/{tid}/join", {"seat": 1, "name": "Bo"})
            assert bo_seat.status_code == 200, bo_seat.text
            cy_seat = await cy.post("b", f"/api/tables/{tid}/join", {"seat": 2, "name": "Cy"})
            assert cy_seat.status_code == 200, cy_seat.text
            # Cy leaves the game through B; nobody else takes the seat, through either
            left = await cy.post("b", f"/api/tables/{tid}/leave", token=cy_seat.json()["token"])
            assert left.status_code == 200, left.text
            for member in ("a", "b"):
                taken = await dee.post(
                    member, f"/api/tables/{tid}/join", {"seat": 2, "name": "Dee"}
                )
                assert taken.status_code == 409, taken.text
                assert taken.json()["error"] == "left-seat"
            back = await cy.post("b", f"/api/tables/{tid}/join", {"seat": 2, "name": "Cy"})
            assert back.status_code == 200, back.text
            # Bo's seat link opened in Ann's browser, through B: refused
            bound = await ann.post(
                "b", f"/api/tables/{tid}/seat-link/bind", token=bo_seat.json()["token"]
            )
            assert bound.status_code == 409 and bound.json()["error"] == "seated", bound.text
            # ... and in Dee's, which holds no seat here: bound by the owner, and stored
            before = await person_of(database, tid, 1)
            moved = await dee.post(
                "b", f"/api/tables/{tid}/seat-link/bind", token=bo_seat.json()["token"]
            )
            assert moved.status_code == 200 and moved.json()["seat"] == 1, moved.text
            after = await person_of(database, tid, 1)
            assert before is not None and after is not None and after != before
        finally:
            for browser in (ann, bo, cy, dee):
                await browser.close()


THREE = {"game": "planet", "players": 3, "seats": [{"type": "you"}] + [{"type": "open"}] * 2}


@pytest.mark.asyncio
async def test_a_read_through_a_non_owner_is_bound_by_the_owner(database: str) -> None:
    """Another seat's token read through B, the member that does not own the table:
    a browser holding a seat there is refused (the view 409, the socket 4409), and
    one that holds none there is bound to it by the owner A (stored)."""
    async with two_members(database) as pair:
        ann, bo, dee = (Browser(pair.pa, pair.pb) for _ in range(3))
        try:
            made = await ann.post("a", "/api/tables", {**THREE, "name": "Ann"})  # A owns it
            assert made.status_code == 201, made.text
            tid = made.json()["table"]["id"]
            bo_seat = await bo.post("b", f"/api/tables/{tid}/join", {"seat": 1, "name": "Bo"})
            assert bo_seat.status_code == 200, bo_seat.text
            link = bo_seat.json()["token"]
            view = await ann.get("b", f"/api/tables/{tid}/view", token=link)
            assert view.status_code == 409 and view.json()["error"] == "seated", view.text
            assert "Ann" in view.json()["words"]
            assert await ann.hello(pair.pb, tid, link) == 4409
            # Dee is a person (a seat at a table of her own), none at this table
            own = await dee.post("b", "/api/tables", {**THREE, "name": "Dee"})
            assert own.status_code == 201 and "liftoff_person" in dee.cookies, own.text
            before = await person_of(database, tid, 1)
            seen = await dee.get("b", f"/api/tables/{tid}/view", token=link)
            assert seen.status_code == 200 and seen.json()["you"] == 1, seen.text
            after = await person_of(database, tid, 1)
            assert before is not None and after is not None and after != before
            # the seat is Dee's person's now: Bo's browser, which holds no other seat
            # here, takes it back the same way, through a socket's hello
            assert await bo.hello(pair.pb, tid, link) is None
            assert await person_of(database, tid, 1) == before
            # Ann still holds her own seat; the refusals changed nothing
            assert await person_of(database, tid, 0) not in (None, before, after)
        finally:
            for browser in (ann, bo, dee):
                await browser.close()


async def leased(database: str, tid: str) -> bool:
    """Whether a member holds a live lease on the table."""
    engine = create_async_engine(database)
    try:
        async with engine.connect() as conn:
            found = await conn.execute(
                text("SELECT expires_at > now() FROM table_leases WHERE table_id = :t"),
                {"t": tid},
            )
            return bool(found.scalar_one_or_none())
    finally:
        await engine.dispose()


@pytest.mark.asyncio
async def test_a_rematch_is_joined_at_the_rematch_s_owner(database: str) -> None:
    """Ann starts the rematch on A, its owner; a stranger's join through B finds Bo's
    seat kept. A stops, B takes the rematch over, and Bo asks a new member C for
    his seat with his seat of the game before (a game nobody owns now): C sends
    the request to B, the rematch's owner, and makes no second rematch."""

    def start(port: int) -> Any:
        return _member(database, port)

    async with two_members(database, start, start) as pair:
        ann, bo, mallory = (Browser(pair.pa, pair.pb) for _ in range(3))
        pc = free_port()
        c = start(pc)
        try:
            body = {"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]}
            made = await ann.post("a", "/api/tables", {**body, "name": "Ann"})
            assert made.status_code == 201, made.text
            tid = made.json()["table"]["id"]
            bo_seat = await bo.post("b", f"/api/tables/{tid}/join", {"seat": 1, "name": "Bo"})
            assert bo_seat.status_code == 200, bo_seat.text
            old_token = bo_seat.json()["token"]
            await play_out(((ann, made.json()["token"]), (bo, old_token)), tid)
            started = await ann.post("a", f"/api/tables/{tid}/rematch", token=made.json()["token"])
            assert started.status_code == 200, started.text
            new = started.json()["table"]
            res = await mallory.post("b", f"/api/tables/{new}/join", {"seat": 1, "name": "M"})
            assert res.status_code == 409 and res.json()["error"] == "kept-seat", res.text
            _stop(pair.a)  # a clean stop lets its leases go: B takes the rematch over
            await answer_when(lambda: leased(database, new), bool, "B to take the rematch over", 90)
            await wait_up(f"http://127.0.0.1:{pc}", c)
            async with httpx.AsyncClient(
                base_url=f"http://127.0.0.1:{pc}", timeout=15, cookies=no_cookies()
            ) as on_c:
                bo.on["c"] = on_c
                mine = await bo.post("c", f"/api/tables/{tid}/rematch", token=old_token)
                assert mine.status_code == 200, mine.text
                assert mine.json()["table"] == new and mine.json()["seat"] == 1, mine.text
                again = await bo.post("c", f"/api/tables/{tid}/rematch", token=old_token)
                assert again.status_code == 409, again.text
                seats = (await bo.get("b", f"/api/tables/{new}")).json()["seats"]
                assert [s["name"] for s in seats] == ["Ann", "Bo"], seats
                view = await bo.get("c", f"/api/tables/{new}/view", token=mine.json()["token"])
                assert view.status_code == 200 and view.json()["you"] == 1, view.text
                del bo.on["c"]
        finally:
            _stop(c)
            for browser in (ann, bo, mallory):
                await browser.close()


@pytest.mark.asyncio
async def test_the_person_cookie_through_a_non_owner_is_secure_over_https_only(
    database: str,
) -> None:
    """B sits behind a TLS proxy it trusts (loopback here), A trusts nobody: a join
    sent on from B to the owner A gets a Secure cookie when the client came over
    HTTPS, and a plain one otherwise; a client cannot make A believe it directly."""

    def start_b(port: int) -> Any:
        return _member(database, port, "--trusted-proxy", "127.0.0.1")

    async with two_members(database, start_b=start_b) as pair:
        body = {"game": "planet", "players": 3, "seats": [{"type": "you"}] + [{"type": "open"}] * 2}
        made = await pair.ca.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        tid = made.json()["table"]["id"]
        https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.7"}
        behind = await pair.cb.post(f"/api/tables/{tid}/join", json={}, headers=https)
        plain = await pair.cb.post(f"/api/tables/{tid}/join", json={})
        for res, secure in ((behind, True), (plain, False)):
            assert res.status_code == 200, res.text
            cookie = res.headers["set-cookie"].lower()
            assert "liftoff_person=" in cookie and "httponly" in cookie, cookie
            assert ("secure" in cookie.replace("samesite", "")) is secure, cookie
        # said to the owner directly, by a client that is no trusted proxy: not believed
        spoofed = await pair.ca.post(
            "/api/tables", json=body, headers={"X-Forwarded-Proto": "https"}
        )
        assert spoofed.status_code == 201, spoofed.text
        assert "secure" not in spoofed.headers["set-cookie"].lower().replace("samesite", "")
