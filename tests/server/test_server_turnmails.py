"""Turn mails, against a real SMTP server on loopback (aiosmtpd) and the virtual
clock: when it becomes a signed-in person's turn at a table over days and they are
not there, one mail a batch tells them about all such tables, once a turn, in
their language, with an unsubscribe link that works without signing in — and only
for its own account."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from days_helpers import days_table, me, signed_in, take_turn
from mail_helpers import PUBLIC, Mailbox, loopback_smtp
from server_helpers import Db, ServerFactory, migrate_to, until
from sqlalchemy import Connection, inspect

from liftoff.server.clock import VirtualClock
from liftoff.server.storage import Store

pytest.importorskip("aiosmtpd.controller")

pytestmark = [pytest.mark.timeout(180)]

EVERY = 600.0  # seconds between batches of turn mails
ANN, BO = "ann@example.org", "bo@example.org"


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, str]]:
    with loopback_smtp() as found:
        yield found


def tables_in(mail: object) -> list[str]:
    """The table ids a turn mail links to, in its order."""
    text = mail.get_content()  # type: ignore[attr-defined]
    return [line.rsplit("/t/", 1)[1] for line in text.splitlines() if "/t/" in line]


@pytest.mark.asyncio
async def test_turn_mails_come_once_a_turn_in_one_batch_and_stop_when_asked(
    server: ServerFactory, db: Db, smtp: tuple[Mailbox, str]
) -> None:
    box, where = smtp
    clock = VirtualClock()
    r = await server(db, clock=clock, smtp=where, public_url=PUBLIC, turn_mail_every=EVERY)
    ann = await signed_in(r, box, ANN, lang="ja")  # Ann reads Japanese
    bo = await signed_in(r, box, BO)
    # the sign-in mails speak their reader's language
    assert box.to(ANN)[0]["Subject"] == "liftoffにサインイン"
    assert box.to(BO)[0]["Subject"] == "Sign in to liftoff"
    first, (ann1, bo1) = await days_table(r, [(ann, "Ann"), (bo, "Bo")], "Moon")
    second, (ann2, bo2) = await days_table(r, [(ann, "Ann"), (bo, "Bo")], "Sun")
    # Ann's turn at both: one mail for both, in Japanese, at the next batch
    await clock.advance(EVERY)
    await until("Ann's turn mail", lambda: len(box.to(ANN)) == 2)
    mail = box.to(ANN)[1]
    assert sorted(tables_in(mail)) == sorted([first, second])
    assert "2" in mail["Subject"] and "番" in mail["Subject"], mail["Subject"]
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail["List-Unsubscribe"].strip().startswith(f"<{PUBLIC}/api/unsubscribe/")
    # she moves at both, several actions a turn: Bo's turn at both, one mail
    await take_turn(r, first, ann1)
    await take_turn(r, second, ann2)
    await clock.advance(EVERY)
    await until("Bo's turn mail", lambda: len(box.to(BO)) == 2)
    assert sorted(tables_in(box.to(BO)[1])) == sorted([first, second])
    assert box.to(BO)[1]["Subject"] == "liftoff: it is your turn at 2 tables"
    # Ann watches the second table now: only the first is mailed to her
    watching = await r.connect(second, ann2)
    try:
        await r.wait_for(second, lambda t: t["seats"][0]["connected"])
        await take_turn(r, first, bo1)
        await take_turn(r, second, bo2)
        await clock.advance(EVERY)
        await until("Ann's second turn mail", lambda: len(box.to(ANN)) == 3)
        assert tables_in(box.to(ANN)[2]) == [first]
    finally:
        await watching.close()
    # the batch that mailed Ann had nothing for Bo: his turn was told once
    assert len(box.to(BO)) == 2
    # a made-up link does nothing; Bo's own link turns off his mails and nobody else's
    bo_link = box.link_to(BO, "unsubscribe")
    ann_link = box.link_to(ANN, "unsubscribe")
    res = await r.http.post("/api/unsubscribe/" + "x" * 43)
    assert res.status_code == 403 and res.json()["error"] == "bad-link"
    res = await r.http.post(f"/api/unsubscribe/{bo_link}")
    assert res.status_code == 200, res.text
    acct = (await r.http.get("/api/account", headers=me(ann))).json()["account"]
    assert acct["turn_mails"] is True
    acct = (await r.http.get("/api/account", headers=me(bo))).json()["account"]
    assert acct["turn_mails"] is False
    # a mail program's one-click POST turns Ann's off too (no sign-in, a form body)
    res = await r.http.post(
        f"/api/unsubscribe/{ann_link}",
        content=b"List-Unsubscribe=One-Click",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert res.status_code == 200, res.text
    # Bo turns his back on where he is signed in; nobody else can
    res = await r.http.post("/api/account/mails", json={"turn_mails": True})
    assert res.status_code == 401
    stranger = await signed_in(r, box, "cy@example.org")
    await r.http.post("/api/sign-out", headers=me(stranger))
    res = await r.http.post("/api/account/mails", json={"turn_mails": True}, headers=me(stranger))
    assert res.status_code == 403 and res.json()["error"] == "no-account"
    res = await r.http.post("/api/account/mails", json={"turn_mails": True}, headers=me(bo))
    assert res.status_code == 200 and res.json()["account"]["turn_mails"] is True
    # Ann moves at the first table, and Bo at the second: both turns come, and only
    # Bo, who wants them, is mailed
    await take_turn(r, first, ann1)
    await take_turn(r, second, bo2)
    await clock.advance(EVERY)
    await until("Bo's third mail", lambda: len(box.to(BO)) == 3)
    assert tables_in(box.to(BO)[2]) == [first]
    assert len(box.to(ANN)) == 3


@pytest.mark.asyncio
async def test_a_turn_is_mailed_again_only_when_the_smtp_server_did_not_take_it(
    server: ServerFactory, db: Db
) -> None:
    clock = VirtualClock()
    with loopback_smtp() as (box, where):
        r = await server(db, clock=clock, smtp=where, public_url=PUBLIC, turn_mail_every=EVERY)
        ann, bo = await signed_in(r, box, ANN), await signed_in(r, box, BO)
        tid, _tokens = await days_table(r, [(ann, "Ann"), (bo, "Bo")], "Moon")
        await r.manager.turn_mails.flush()
    # the SMTP server is gone: the turn stays to be told
    assert await r.manager.turn_mails.send_due() == 0
    with loopback_smtp() as (box2, where2):
        r.manager.settings.smtp = where2
        assert await r.manager.turn_mails.send_due() == 1
        assert [tables_in(m) for m in box2.to(ANN)] == [[tid]]
        assert await r.manager.turn_mails.send_due() == 0  # once a turn


@pytest.mark.asyncio
async def test_the_turn_mails_migration_goes_down_and_up_again(db: Db) -> None:
    store = Store(db.url, schema=db.schema)
    await store.start()
    try:

        def shape(conn: Connection) -> tuple[set[str], set[str]]:
            found = inspect(conn)
            return set(found.get_table_names()), {c["name"] for c in found.get_columns("accounts")}

        async with store.engine.begin() as conn:
            await conn.run_sync(migrate_to("0011"))
            tables, accounts = await conn.run_sync(shape)
            assert not {"turn_mails", "unsubscribe_links"} & tables
            assert "turn_mails" not in accounts
            await conn.run_sync(migrate_to("head"))
            tables, accounts = await conn.run_sync(shape)
            assert {"turn_mails", "unsubscribe_links"} <= tables
            assert {"turn_mails", "lang"} <= accounts
    finally:
        await store.close()
