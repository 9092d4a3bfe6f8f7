"""An account's data: its JSON export (only the asking browser's account, never
another's) and its deletion (confirmed by typing the email; games stay, with the
name shown as a former player), against a real SMTP server on loopback."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from days_helpers import days_table, device, me, sign_in, signed_in, take_turn
from mail_helpers import PUBLIC, Mailbox, loopback_smtp
from server_helpers import Db, ServerFactory, until
from sqlalchemy import select

from liftoff.server.clock import VirtualClock
from liftoff.server.storage.models import AccountRow, SeatRow, SignInLinkRow

pytest.importorskip("aiosmtpd.controller")

pytestmark = [pytest.mark.timeout(180)]

ANN, BO = "ann@example.org", "bo@example.org"


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, str]]:
    with loopback_smtp() as found:
        yield found


@pytest.mark.asyncio
async def test_an_account_exports_its_own_data_and_nobody_elses(
    server: ServerFactory, db: Db, smtp: tuple[Mailbox, str]
) -> None:
    box, where = smtp
    r = await server(db, clock=VirtualClock(), smtp=where, public_url=PUBLIC)
    phone, bo = await signed_in(r, box, ANN), await signed_in(r, box, BO)
    laptop = await device(r)
    await sign_in(r, box, laptop, ANN)
    tid, _ = await days_table(r, [(phone, "Ann"), (bo, "Bo")], "Moon", rated=True)
    # the cheaters first: no person, a person with no account
    assert (await r.http.get("/api/account/export")).status_code == 401
    stranger = await device(r)
    res = await r.http.get("/api/account/export", headers=me(stranger))
    assert res.status_code == 403 and res.json()["error"] == "no-account"
    assert ANN not in res.text
    # Bo's export is Bo's: not a word of Ann's email
    theirs = await r.http.get("/api/account/export", headers=me(bo))
    assert theirs.status_code == 200 and ANN not in theirs.text
    assert theirs.json()["account"]["email"] == BO
    # Ann's, from her laptop, has the phone's game too: a download of JSON
    res = await r.http.get("/api/account/export", headers=me(laptop))
    assert res.status_code == 200, res.text
    assert "attachment" in res.headers["content-disposition"]
    data = res.json()
    assert data["account"]["email"] == ANN and data["account"]["turn_mails"] is True
    assert data["account"]["browsers"] == 2
    assert [(g["table"], g["you"], g["others"], g["name"]) for g in data["games"]] == [
        (tid, "Ann", ["Bo"], "Moon")
    ]
    assert set(data) == {"account", "games", "ratings", "vacations"}
    assert phone not in res.text and laptop not in res.text  # no person tokens or ids


@pytest.mark.asyncio
async def test_a_deleted_account_leaves_its_games_to_a_former_player(
    server: ServerFactory, db: Db, smtp: tuple[Mailbox, str]
) -> None:
    box, where = smtp
    clock = VirtualClock()
    r = await server(db, clock=clock, smtp=where, public_url=PUBLIC, turn_mail_every=600)
    phone, bo = await signed_in(r, box, ANN), await signed_in(r, box, BO)
    laptop = await device(r)
    await sign_in(r, box, laptop, ANN)
    tid, (ann_t, bo_t) = await days_table(r, [(phone, "Ann"), (bo, "Bo")], "Moon")
    await clock.advance(600)
    await until("Ann's turn mail", lambda: len(box.to(ANN)) == 3)
    link = box.link_to(ANN, "unsubscribe")
    # Bo cannot delete Ann's account: he is asked for his own email, and only his
    res = await r.http.post("/api/account/delete", json={"email": ANN}, headers=me(bo))
    assert res.status_code == 422 and res.json()["error"] == "confirm-delete"
    assert (await r.http.post("/api/account/delete", json={"email": ANN})).status_code == 401
    # Ann mistypes, then confirms
    res = await r.http.post(
        "/api/account/delete", json={"email": "an@example.org"}, headers=me(laptop)
    )
    assert res.status_code == 422 and "email" in res.json()["words"]
    res = await r.http.post(
        "/api/account/delete", json={"email": " ANN@example.org "}, headers=me(laptop)
    )
    assert res.status_code == 200, res.text
    # both her browsers are signed out; her unsubscribe link is dead
    for person in (phone, laptop):
        assert (await r.http.get("/api/account", headers=me(person))).json()["account"] is None
    res = await r.http.post(f"/api/unsubscribe/{link}")
    assert res.status_code == 403
    # the game stays, and goes on: her seat is a former player's, in every language
    table = (await r.call("GET", f"/api/tables/{tid}")).json()
    assert table["seats"][0]["name"] == "A former player" and table["status"] == "playing"
    view = (await r.call("GET", f"/api/tables/{tid}/view?lang=ja", token=bo_t)).json()
    assert "以前のプレイヤー" in str(view)
    assert "Ann" not in str(table["seats"])
    await take_turn(r, tid, ann_t)
    await r.wait_for(tid, lambda t: 1 in t["active"])
    # the database keeps no trace of her email; Bo's account is untouched
    async with r.manager.store.sessions() as session:
        emails = (await session.execute(select(AccountRow.email))).scalars().all()
        links = (await session.execute(select(SignInLinkRow.email))).scalars().all()
        names = (
            (await session.execute(select(SeatRow.name).where(SeatRow.table_id == tid)))
            .scalars()
            .all()
        )
    assert ANN not in emails and ANN not in links and BO in emails
    assert "Ann" not in names
    acct = (await r.http.get("/api/account", headers=me(bo))).json()["account"]
    assert acct["email"] == BO


@pytest.mark.asyncio
async def test_a_second_device_watches_until_it_plays_here(
    server: ServerFactory, db: Db, smtp: tuple[Mailbox, str]
) -> None:
    box, where = smtp
    r = await server(db, clock=VirtualClock(), smtp=where, public_url=PUBLIC)
    phone, bo = await signed_in(r, box, ANN), await signed_in(r, box, BO)
    tid, (ann_t, _bo_t) = await days_table(r, [(phone, "Ann"), (bo, "Bo")], "Moon")
    laptop = await device(r)
    # the cheaters first: nobody, a stranger, Bo's account take nothing of Ann's
    assert (await r.http.post(f"/api/tables/{tid}/play-here")).status_code == 401
    stranger = await signed_in(r, box, "cy@example.org")
    for who in (stranger, laptop):
        res = await r.http.post(f"/api/tables/{tid}/play-here", headers=me(who))
        assert res.status_code == 403 and res.json()["error"] == "not-your-seat", res.text
    # signed in, the laptop lists the table as played on another device
    await sign_in(r, box, laptop, ANN)
    games = (await r.http.get("/api/my-games", headers=me(laptop))).json()["games"]
    assert [(g["table"], g["here"]) for g in games] == [(tid, False)]
    mine = (await r.http.get("/api/my-games", headers=me(phone))).json()["games"]
    assert [(g["table"], g["here"]) for g in mine] == [(tid, True)]
    # it plays here: a new seat link; the phone's is dead and it watches
    res = await r.http.post(f"/api/tables/{tid}/play-here", headers=me(laptop))
    assert res.status_code == 200, res.text
    assert res.json()["seat"] == 0
    here = res.json()["token"]
    old = await r.call("GET", f"/api/tables/{tid}/view", token=ann_t)
    assert old.status_code == 403, old.text
    await take_turn(r, tid, here)
    games = (await r.http.get("/api/my-games", headers=me(laptop))).json()["games"]
    assert [(g["table"], g["here"]) for g in games] == [(tid, True)]
