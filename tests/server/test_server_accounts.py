"""Sign in by a link sent by email, against a real SMTP server on loopback
(aiosmtpd) whose mails the tests read: the link works once, only in the browser
that asked, until it expires (on the virtual clock); the same answer for known and
unknown emails; limits per email; a second device signed in sees the account's
seats in "My games"; signing out takes them away again."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest
from days_helpers import device
from mail_helpers import PUBLIC, Mailbox, loopback_smtp
from server_helpers import Db, Running, ServerFactory, migrate_to, until
from sqlalchemy import Connection, inspect

from liftoff.server.clock import VirtualClock
from liftoff.server.storage import Store

pytest.importorskip("aiosmtpd.controller")

pytestmark = [pytest.mark.timeout(120)]


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, str]]:
    """An SMTP server on loopback (its own thread); its mailbox and ``host:port``."""
    with loopback_smtp() as found:
        yield found


async def post(r: Running, path: str, person: str, body: Any = None) -> Any:
    return await r.http.post(path, json=body, headers={"X-Liftoff-Person": person})


@pytest.mark.asyncio
async def test_sign_in_by_a_mailed_link_on_two_devices(
    server: ServerFactory, db: Db, smtp: tuple[Mailbox, str]
) -> None:
    box, where = smtp
    clock = VirtualClock()
    r = await server(db, clock=clock, smtp=where, public_url=PUBLIC)
    phone, laptop, stranger = await device(r), await device(r), await device(r)
    # on her phone Ann plays a table with Bo
    made = await r.http.post(
        "/api/tables",
        json={
            "game": "planet",
            "players": 2,
            "seats": [{"type": "you"}, {"type": "open"}],
            "name": "Ann",
            "clock": {"preset": "day-1"},
        },
        headers={"X-Liftoff-Person": phone},
    )
    tid = made.json()["table"]["id"]
    await r.join(tid, name="Bo")
    # she asks for a link on the phone: one mail, to her address
    res = await post(r, "/api/sign-in", phone, {"email": " Ann@Example.org "})
    assert res.status_code == 200 and res.json() == {"sent": True}, res.text
    await until("the mail", lambda: len(box.mails) == 1)
    token = box.link_to("ann@example.org")
    assert token not in res.text
    # the link works only in the browser that asked, and once
    res = await post(r, "/api/sign-in/finish", laptop, {"token": token})
    assert res.status_code == 403 and res.json()["error"] == "bad-link"
    res = await post(r, "/api/sign-in/finish", phone, {"token": token})
    assert res.status_code == 200, res.text
    assert res.json()["account"]["email"] == "ann@example.org"
    res = await post(r, "/api/sign-in/finish", phone, {"token": token})
    assert res.status_code == 403 and res.json()["error"] == "bad-link"
    # the laptop signs in too (its own link), and sees the phone's table
    assert (await r.http.get("/api/my-games", headers={"X-Liftoff-Person": laptop})).json()[
        "games"
    ] == []
    await post(r, "/api/sign-in", laptop, {"email": "ann@example.org"})
    await until("the second mail", lambda: len(box.mails) == 2)
    res = await post(r, "/api/sign-in/finish", laptop, {"token": box.link_to("ann@example.org")})
    assert res.status_code == 200, res.text
    games = (await r.http.get("/api/my-games", headers={"X-Liftoff-Person": laptop})).json()
    assert [(g["table"], g["you"]) for g in games["games"]] == [(tid, "Ann")]
    # nobody else sees them; the email is nobody else's to read
    other = await r.http.get("/api/my-games", headers={"X-Liftoff-Person": stranger})
    assert other.json()["games"] == [] and "ann@example.org" not in other.text
    assert (await r.http.get(f"/api/tables/{tid}")).text.count("example.org") == 0
    # the laptop signs out: the phone's table is not its any more
    assert (await post(r, "/api/sign-out", laptop)).status_code == 200
    games = (await r.http.get("/api/my-games", headers={"X-Liftoff-Person": laptop})).json()
    assert games["games"] == []
    acct = await r.http.get("/api/account", headers={"X-Liftoff-Person": laptop})
    assert acct.json() == {"account": None, "mail": True}


@pytest.mark.asyncio
async def test_sign_in_links_say_nothing_expire_and_are_limited(
    server: ServerFactory, db: Db, smtp: tuple[Mailbox, str]
) -> None:
    box, where = smtp
    clock = VirtualClock()
    r = await server(db, clock=clock, smtp=where, public_url=PUBLIC, sign_in_minutes=15)
    ann, cy = await device(r), await device(r)
    await post(r, "/api/sign-in", ann, {"email": "ann@example.org"})
    await until("the mail", lambda: len(box.mails) == 1)
    first = await post(r, "/api/sign-in/finish", ann, {"token": box.link_to("ann@example.org")})
    assert first.status_code == 200, first.text
    # a known email and an unknown one get the same answer
    known = await post(r, "/api/sign-in", cy, {"email": "ann@example.org"})
    unknown = await post(r, "/api/sign-in", cy, {"email": "nobody@example.org"})
    assert (known.status_code, known.content) == (unknown.status_code, unknown.content)
    assert known.status_code == 200
    await until("both mails", lambda: len(box.mails) == 3)
    # a link expires
    await post(r, "/api/sign-in", ann, {"email": "dee@example.org"})
    await until("Dee's mail", lambda: len(box.mails) == 4)
    late = box.link_to("dee@example.org")
    await clock.advance(16 * 60)
    res = await post(r, "/api/sign-in/finish", ann, {"token": late})
    assert res.status_code == 403 and res.json()["error"] == "bad-link"
    # three links an hour per email, whoever asks
    assert (await post(r, "/api/sign-in", ann, {"email": "ann@example.org"})).status_code == 200
    res = await post(r, "/api/sign-in", ann, {"email": "ann@example.org"})
    assert res.status_code == 429 and res.json()["error"] == "sign-in-limit", res.text
    assert "wait an hour" in res.json()["words"]
    # nonsense is refused in words; no person, no link
    res = await post(r, "/api/sign-in", ann, {"email": "not an address"})
    assert res.status_code == 422 and res.json()["error"] == "bad-email"
    res = await r.http.post("/api/sign-in", json={"email": "ann@example.org"})
    assert res.status_code == 401


@pytest.mark.asyncio
async def test_a_server_without_mail_says_so(server: ServerFactory, db: Db) -> None:
    r = await server(db)
    res = await post(r, "/api/sign-in", await device(r), {"email": "ann@example.org"})
    assert res.status_code == 503 and res.json()["error"] == "no-mail"
    assert res.json()["words"] == "This server sends no mail."


@pytest.mark.asyncio
async def test_the_accounts_migration_goes_down_and_up_again(db: Db) -> None:
    store = Store(db.url, schema=db.schema)
    await store.start()
    try:

        def shape(conn: Connection) -> tuple[set[str], set[str]]:
            found = inspect(conn)
            return set(found.get_table_names()), {c["name"] for c in found.get_columns("persons")}

        async with store.engine.begin() as conn:
            await conn.run_sync(migrate_to("0010"))
            tables, persons = await conn.run_sync(shape)
            assert not {"accounts", "sign_in_links"} & tables and "account_id" not in persons
            await conn.run_sync(migrate_to("head"))
            tables, persons = await conn.run_sync(shape)
            assert {"accounts", "sign_in_links"} <= tables and "account_id" in persons
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_mail_server_that_is_not_there_is_said(server: ServerFactory, db: Db) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    r = await server(db, smtp=f"127.0.0.1:{closed}", public_url=PUBLIC)
    res = await post(r, "/api/sign-in", await device(r), {"email": "ann@example.org"})
    assert res.status_code == 503 and res.json()["error"] == "no-mail"
    assert res.json()["words"] == "The mail could not be sent just now: try again later."
