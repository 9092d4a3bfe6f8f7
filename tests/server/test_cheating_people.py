"""Attacks on fairness between people, black-box over HTTP and WebSocket on a real
server on loopback, on SQLite and on PostgreSQL: two seats from one browser, a
seat given up mid-game, the rematch seat of another player, invisible characters
and lookalike names, chat floods from one address.

A *browser* here is an HTTP client that keeps cookies (and sends them on its
WebSocket handshakes), as a browser does; a second address on loopback is
127.0.0.2.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import Db, Running, ServerFactory, WsClient

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]

INVISIBLE = "\u202e\u200b\u2066"  # right-to-left override, zero-width space, left-to-right isolate


class Browser:
    """One browser: its cookies go with every request and WebSocket handshake."""

    def __init__(self, r: Running, address: str = "127.0.0.1") -> None:
        self.r = r
        self.address = address
        transport = httpx.AsyncHTTPTransport(local_address=address)
        self.http = httpx.AsyncClient(base_url=r.base, timeout=20, transport=transport)

    async def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return await self.http.request(method, path, json=body, headers=headers)

    async def connect(self, table: str, token: str | None = None) -> WsClient:
        """The table's WebSocket with this browser's cookies, from its address."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        ws = await websockets.connect(
            f"{self.r.ws_base}/ws/tables/{table}",
            additional_headers={"Cookie": cookie} if cookie else None,
            local_addr=(self.address, 0),
        )
        client = WsClient(ws)
        await ws.send(json.dumps({"type": "hello", "token": token}))
        client.start()
        return client

    async def close(self) -> None:
        await self.http.aclose()


@asynccontextmanager
async def browsers(r: Running, *addresses: str) -> AsyncIterator[list[Browser]]:
    made = [Browser(r, a) for a in addresses]
    try:
        yield made
    finally:
        for b in made:
            await b.close()


async def create(b: Browser, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": "planet", "players": len(seats), "seats": seats, **extra}
    res = await b.call("POST", "/api/tables", body)
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    return data


async def said(client: WsClient, text: str) -> dict[str, Any]:
    return await client.request({"type": "chat", "text": text})


async def test_invisible_characters_leave_chat_names_and_titles(
    server: ServerFactory, db: Db
) -> None:
    """Bidi overrides and zero-width characters could turn a message or a name
    around on everyone's screen, or hide one name inside another."""
    r = await server(db)
    async with browsers(r, "127.0.0.1", "127.0.0.2") as (ann, bo):
        made = await create(
            ann,
            [{"type": "you"}, {"type": "open"}],
            name=f"A{INVISIBLE}nn",
            title=f"Fr{INVISIBLE}iday",
        )
        tid = made["table"]["id"]
        joined = await bo.call("POST", f"/api/tables/{tid}/join", {"name": f"B{INVISIBLE}o"})
        assert joined.status_code == 200, joined.text
        table = (await r.call("GET", f"/api/tables/{tid}")).json()
        assert [s["name"] for s in table["seats"]] == ["Ann", "Bo"]
        assert table["name"] == "Friday"
        renamed = await bo.call(
            "POST", f"/api/tables/{tid}/name", {"name": f"Bo{INVISIBLE}b"}, joined.json()["token"]
        )
        assert renamed.json()["name"] == "Bob"
        talker = await ann.connect(tid, made["token"])
        await talker.wait_state()
        assert (await said(talker, f"gg{INVISIBLE} \u2067wp\u2069!"))["type"] == "ack"
        late = await bo.connect(tid)  # the recent chat as stored
        await late.wait_state()
        for client in (talker, late):
            for _ in range(200):
                texts = [
                    m["text"]
                    for f in client.frames
                    for m in [json.loads(f)]
                    for m in (m.get("messages", [m]) if m["type"] == "chat_history" else [m])
                    if m["type"] == "chat"
                ]
                if texts:
                    break
                await asyncio.sleep(0.02)
            assert texts == ["gg wp!"], texts
        await talker.close()
        await late.close()


async def test_a_lookalike_name_is_refused_in_words(server: ServerFactory, db: Db) -> None:
    """A Cyrillic "аlice" beside "alice" lets one pass for the other in chat and the log."""
    r = await server(db)
    made = await r.create(
        "planet", [{"type": "you"}, {"type": "open"}, {"type": "open"}], name="alice"
    )
    tid = made["table"]["id"]
    for lookalike in ("\u0430lice", "ALICE", "a\u200blice", "alice", "ａｌｉｃｅ"):
        res = await r.call(
            "POST", f"/api/tables/{tid}/join?lang=en", {"seat": 1, "name": lookalike}
        )
        assert res.status_code == 409, (lookalike, res.text)
        body = res.json()
        assert body["error"] == "lookalike-name"
        assert "alice" in body["words"] and "looks like" in body["words"]
        ja = await r.call("POST", f"/api/tables/{tid}/join?lang=ja", {"seat": 1, "name": lookalike})
        assert ja.json()["words"] != body["words"] and "alice" in ja.json()["words"]
    assert [s["kind"] for s in (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]] == [
        "human",
        "open",
        "open",
    ]
    bo = await r.join(tid, 1, name="Bo")
    # renaming into a lookalike is refused too, and changes nothing
    res = await r.call("POST", f"/api/tables/{tid}/name", {"name": "ali\u0441e"}, bo["token"])
    assert res.status_code == 409 and res.json()["error"] == "lookalike-name"
    seats = (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]
    assert [s["name"] for s in seats][:2] == ["alice", "Bo"]
    # a name unlike the others is fine
    assert (
        await r.call("POST", f"/api/tables/{tid}/join", {"seat": 2, "name": "Alicia"})
    ).status_code == 200


async def take(b: Browser, tid: str, seat: int | None, name: str, **headers: str) -> httpx.Response:
    return await b.http.post(
        f"/api/tables/{tid}/join", json={"seat": seat, "name": name}, headers=headers
    )


async def test_one_browser_holds_one_seat_at_a_table(server: ServerFactory, db: Db) -> None:
    """Take a second seat from the same browser — by joining, by a seat link, by
    sending another seat's token — to see two hands and play both."""
    r = await server(db)
    async with browsers(r, "127.0.0.1", "127.0.0.2") as (ann, bo):
        made = await create(ann, [{"type": "you"}, {"type": "open"}, {"type": "open"}], name="Ann")
        tid = made["table"]["id"]
        second = await take(ann, tid, 1, "Ann's friend")
        assert second.status_code == 409, second.text
        assert "liftoff_person" in ann.http.cookies  # the browser's person, as a cookie
        cookie = next(c for c in ann.http.cookies.jar if c.name == "liftoff_person")
        assert cookie.has_nonstandard_attr("HttpOnly") and not cookie.secure
        assert "person" not in made  # a browser's scripts never see the token
        assert second.json()["error"] == "seated"
        assert "Ann" in second.json()["words"] and "one seat" in second.json()["words"]
        assert (await take(ann, tid, None, "Ann again")).status_code == 409
        seats = (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]
        assert [s["kind"] for s in seats] == ["human", "open", "open"]  # nothing changed
        # another browser is another person
        joined = await take(bo, tid, 1, "Bo")
        assert joined.status_code == 200, joined.text
        bo_token = joined.json()["token"]
        # Bo's seat link opened in Ann's browser: refused, in words, and nothing moves
        bound = await ann.call("POST", f"/api/tables/{tid}/seat-link/bind", token=bo_token)
        assert bound.status_code == 409 and bound.json()["error"] == "seated", bound.text
        # ... nor can Ann's browser read or play Bo's seat with Bo's token
        peek = await ann.call("GET", f"/api/tables/{tid}/view", token=bo_token)
        assert peek.status_code == 409 and peek.json()["error"] == "seated"
        ghost = await ann.connect(tid, bo_token)
        assert await asyncio.wait_for(ghost.closed, 10) == 4409
        refusals = [json.loads(f) for f in ghost.frames]
        assert [m["error"] for m in refusals] == ["seated"]
        assert all(m["type"] == "error" for m in refusals)  # never a state of Bo's seat
        # Bo's own browser keeps playing the seat
        own = await bo.connect(tid, bo_token)
        assert (await own.wait_state())["you"] == 1
        await own.close()
    # an API client keeps its person in a header: one seat per person there too
    api = httpx.AsyncClient(base_url=r.base, timeout=20)
    try:
        first = await api.post(
            f"/api/tables/{tid}/join", json={"name": "Cy"}, headers={"X-Liftoff-Person": "new"}
        )
        assert first.status_code == 200, first.text
        person = first.json()["person"]
        again = await r.call("POST", f"/api/tables/{tid}/join", {"name": "Cy two"})
        assert again.status_code == 409  # the table is full now (a join without a person)
        other = await create_with(api, person)
        extra = await api.post(
            f"/api/tables/{other}/join", json={"name": "Cy"}, headers={"X-Liftoff-Person": person}
        )
        assert extra.status_code == 409 and extra.json()["error"] == "seated", extra.text
    finally:
        await api.aclose()


async def create_with(api: httpx.AsyncClient, person: str) -> str:
    """A three-seat table whose creator's seat is ``person``'s; its id."""
    body = {
        "game": "planet",
        "players": 3,
        "seats": [{"type": "you"}, {"type": "open"}, {"type": "open"}],
    }
    res = await api.post("/api/tables", json=body, headers={"X-Liftoff-Person": person})
    assert res.status_code == 201, res.text
    assert res.json()["person"] == person
    return str(res.json()["table"]["id"])


async def test_a_seat_left_mid_game_goes_to_nobody_else(server: ServerFactory, db: Db) -> None:
    """Leave a seat in the middle of a game and take it again from another browser
    (or from a seat of your own) to read the hand it held."""
    r = await server(db)
    async with browsers(r, "127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.2") as people:
        ann, bo, cy, stranger = people
        made = await create(ann, [{"type": "you"}, {"type": "open"}, {"type": "open"}], name="Ann")
        tid = made["table"]["id"]
        assert (await take(bo, tid, 1, "Bo")).status_code == 200
        cy_seat = await take(cy, tid, 2, "Cy")
        await r.wait_for(tid, lambda t: t["status"] == "playing")
        left = await cy.call("POST", f"/api/tables/{tid}/leave", token=cy_seat.json()["token"])
        assert left.status_code == 200
        for who, seat in ((stranger, 2), (stranger, None), (ann, 2), (bo, None)):
            res = await take(who, tid, seat, "Dee")
            assert res.status_code == 409, res.text
            assert res.json()["error"] in ("left-seat", "seated"), res.text
        seats = (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]
        assert seats[2]["kind"] == "open" and not seats[2]["joinable"]
        refused = await take(stranger, tid, 2, "Dee")
        assert refused.json()["error"] == "left-seat" and refused.json()["words"]
        # a client that keeps no cookie at all is refused alike
        assert (await r.call("POST", f"/api/tables/{tid}/join", {"seat": 2})).status_code == 409
        # the person who left may come back to their own seat
        back = await take(cy, tid, 2, "Cy")
        assert back.status_code == 200, back.text
        seats = (await r.call("GET", f"/api/tables/{tid}")).json()["seats"]
        assert [s["name"] for s in seats] == ["Ann", "Bo", "Cy"]


async def test_the_rematch_seat_is_kept_for_its_player(server: ServerFactory, db: Db) -> None:
    """Start a rematch and let a stranger (or the starter, twice) take the seat meant
    for the other player; rematch tables count against the starter's quota."""
    r = await server(db, max_tables_per_address=1)
    async with browsers(r, "127.0.0.1", "127.0.0.2", "127.0.0.3") as (ann, bo, stranger):
        made = await create(ann, [{"type": "you"}, {"type": "open"}], name="Ann")
        tid = made["table"]["id"]
        bo_seat = (await take(bo, tid, 1, "Bo")).json()
        await r.play_out(tid, made["token"], bo_seat["token"])
        started = await ann.call("POST", f"/api/tables/{tid}/rematch", token=made["token"])
        assert started.status_code == 200, started.text
        new = started.json()["table"]
        for seat in (1, None):
            res = await take(stranger, new, seat, "Mallory")
            assert res.status_code == 409, res.text
            assert res.json()["error"] == "kept-seat" and "Bo" in res.json()["words"]
        seats = (await r.call("GET", f"/api/tables/{new}")).json()["seats"]
        assert seats[1]["kind"] == "open" and not seats[1]["joinable"]
        assert seats[1]["name"] == "Bo"  # kept for Bo, by name
        assert (await r.call("POST", f"/api/tables/{new}/join", {"seat": 1})).status_code == 409
        assert (await take(ann, new, 1, "Ann two")).status_code == 409  # Ann sits there already
        # the rematch is Ann's table: her address holds its one unfinished table now
        body = {"game": "planet", "players": 2}
        quota = await ann.call("POST", "/api/tables", body)
        assert quota.status_code == 429 and quota.json()["error"] == "quota", quota.text
        # Bo takes his seat: by the rematch button, or by joining from his browser
        mine = await bo.call("POST", f"/api/tables/{tid}/rematch", token=bo_seat["token"])
        assert mine.status_code == 200 and mine.json()["seat"] == 1, mine.text
        await r.wait_for(new, lambda t: t["status"] == "playing")


def chat_texts(client: WsClient) -> list[str]:
    """The chat a client heard, the recent chat it was sent on connecting first."""
    out: list[str] = []
    for frame in client.frames:
        m = json.loads(frame)
        if m["type"] == "chat_history":
            out += [x["text"] for x in m["messages"]]
        elif m["type"] == "chat":
            out.append(m["text"])
    return out


async def test_many_sockets_cannot_push_out_the_chat(server: ServerFactory, db: Db) -> None:
    """47 sockets from one address, 5 messages each in a burst, to push the table's
    recent chat out of what newcomers see (50 messages are kept); and many sockets of
    one browser, to get more than one person's share."""
    r = await server(db)
    async with browsers(r, "127.0.0.1", "127.0.0.2", "127.0.0.3") as (ann, flood, one):
        made = await create(ann, [{"type": "you"}, {"type": "open"}], name="Ann")
        tid = made["table"]["id"]
        talker = await ann.connect(tid, made["token"])
        await talker.wait_state()
        for i in range(3):
            assert (await said(talker, f"before {i}"))["type"] == "ack"
        sockets = [await flood.connect(tid) for _ in range(47)]
        for s in sockets:
            await s.wait_state()

        async def burst(s: WsClient) -> list[str]:
            return [(await said(s, f"spam {k}"))["type"] for k in range(5)]

        answers = [a for got in await asyncio.gather(*(burst(s) for s in sockets)) for a in got]
        assert answers.count("ack") <= 10, answers.count("ack")  # the address's share
        assert answers.count("error") == len(answers) - answers.count("ack")
        late = await ann.connect(tid)
        await late.wait_state()
        for _ in range(200):  # the recent chat follows the first state
            if chat_texts(late):
                break
            await asyncio.sleep(0.02)
        assert chat_texts(late)[:3] == ["before 0", "before 1", "before 2"]
        # one browser's sockets share one person's share (5 in 10 s), whatever their number
        await one.call("POST", f"/api/tables/{tid}/join", {"seat": 1, "name": "Bo"})
        mine = [await one.connect(tid) for _ in range(4)]
        for s in mine:
            await s.wait_state()
        kinds = [(await said(s, f"one {k}"))["type"] for s in mine for k in range(3)]
        assert kinds.count("ack") == 5, kinds
        for s in (talker, late, *sockets, *mine):
            await s.close()


async def test_the_person_cookie_is_secure_over_https_only(server: ServerFactory, db: Db) -> None:
    """Behind a TLS proxy (trusted, saying X-Forwarded-Proto: https) the cookie is
    Secure; on a home network's plain HTTP it is not, and still works."""
    r = await server(db, trusted_proxies=frozenset({"127.0.0.1"}))
    body = {"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]}
    behind = await r.http.post(
        "/api/tables",
        json=body,
        headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.7"},
    )
    plain = await r.http.post("/api/tables", json=body)
    for res, secure in ((behind, True), (plain, False)):
        assert res.status_code == 201, res.text
        cookie = res.headers["set-cookie"].lower()
        assert "liftoff_person=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
        assert ("secure" in cookie.replace("samesite", "")) is secure, cookie
    # a spoofed header from a client that is no trusted proxy changes nothing
    async with browsers(r, "127.0.0.2") as (other,):
        spoofed = await other.http.post(
            "/api/tables", json=body, headers={"X-Forwarded-Proto": "https"}
        )
        assert "secure" not in spoofed.headers["set-cookie"].lower().replace("samesite", "")
