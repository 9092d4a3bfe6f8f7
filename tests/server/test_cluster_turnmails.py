"""Play over days through a cluster: two ``liftoff serve --redis`` members on
PostgreSQL, both sending turn mails to a real SMTP server on loopback, mail each
turn once; sign-in, a move, *Play here*, the export and the unsubscribe link work
through the member that does not own the table."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from mail_helpers import PUBLIC, Mailbox, loopback_smtp
from server_helpers import answer_when, until
from test_cluster import _member, cluster_marks, database, two_members

__all__ = ["database"]  # the fixture

pytest.importorskip("aiosmtpd.controller")

pytestmark = cluster_marks()

ANN, BO = "ann@example.org", "bo@example.org"


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, str]]:
    with loopback_smtp() as found:
        yield found


def turn_mails(box: Mailbox, email: str) -> int:
    return len([m for m in box.to(email) if "/t/" in m.get_content()])


async def person(c: httpx.AsyncClient) -> str:
    """A browser that took a seat once (through member ``c``)."""
    made = await c.post(
        "/api/tables",
        json={"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]},
        headers={"X-Liftoff-Person": "new"},
    )
    assert made.status_code == 201, made.text
    tid, token = made.json()["table"]["id"], made.json()["token"]
    await c.post(f"/api/tables/{tid}/leave", headers={"Authorization": f"Bearer {token}"})
    found: str = made.json()["person"]
    return found


async def sign_in(
    asks: httpx.AsyncClient, opens: httpx.AsyncClient, box: Mailbox, who: str, email: str
) -> None:
    """``who`` asks for a link through one member and opens it through the other."""
    before = len(box.to(email))
    res = await asks.post("/api/sign-in", json={"email": email}, headers={"X-Liftoff-Person": who})
    assert res.status_code == 200, res.text
    await until(f"the sign-in mail to {email}", lambda: len(box.to(email)) > before, 30)
    res = await opens.post(
        "/api/sign-in/finish",
        json={"token": box.link_to(email)},
        headers={"X-Liftoff-Person": who},
    )
    assert res.status_code == 200, res.text


async def test_two_members_mail_each_turn_once_and_serve_accounts_alike(
    database: str, smtp: tuple[Mailbox, str]
) -> None:
    box, where = smtp
    mail = ("--smtp", where, "--public-url", PUBLIC, "--turn-mail-every", "0.5")
    async with two_members(
        database,
        start_a=lambda port: _member(database, port, *mail),
        start_b=lambda port: _member(database, port, *mail),
    ) as p:
        ann, bo, laptop = await person(p.ca), await person(p.cb), await person(p.cb)
        await sign_in(p.cb, p.ca, box, ann, ANN)
        await sign_in(p.ca, p.cb, box, bo, BO)
        # Ann's table of a day a move, made on A; Bo joins through B
        body = {
            "game": "planet",
            "players": 2,
            "seats": [{"type": "you"}, {"type": "open"}],
            "name": "Ann",
            "title": "Moon",
            "options": {"family": True, "first_player": 0},
            "clock": {"preset": "day-1"},
        }
        made = await p.ca.post("/api/tables", json=body, headers={"X-Liftoff-Person": ann})
        assert made.status_code == 201, made.text
        tid, ann_t = made.json()["table"]["id"], made.json()["token"]
        joined = await p.cb.post(
            f"/api/tables/{tid}/join", json={"name": "Bo"}, headers={"X-Liftoff-Person": bo}
        )
        assert joined.status_code == 200, joined.text
        # both members send batches: Ann's turn is mailed once
        await until("Ann's turn mail", lambda: turn_mails(box, ANN) >= 1, 60)
        # her laptop signs in and plays here through B (the owner, A, moves the seat)
        await sign_in(p.cb, p.cb, box, laptop, ANN)
        res = await p.cb.post(f"/api/tables/{tid}/play-here", headers={"X-Liftoff-Person": laptop})
        assert res.status_code == 200, res.text
        here = {"Authorization": f"Bearer {res.json()['token']}"}
        old = await p.cb.get(
            f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {ann_t}"}
        )
        assert old.status_code == 403, old.text
        # she moves through B: Bo's turn comes, mailed once
        for _ in range(60):
            view = (await p.cb.get(f"/api/tables/{tid}/view", headers=here)).json()
            texts = [a["text"] for a in view.get("legal") or []]
            if not texts:
                break
            move = "end" if "end" in texts else texts[0]
            res = await p.cb.post(
                f"/api/tables/{tid}/actions",
                json={"action": move, "version": view["version"]},
                headers=here,
            )
            assert res.status_code == 200, res.text
        await until("Bo's turn mail", lambda: turn_mails(box, BO) >= 1, 60)
        # by then many batches ran on both members: each turn was mailed once
        assert (turn_mails(box, ANN), turn_mails(box, BO)) == (1, 1)
        # the export and the unsubscribe link through either member
        data = (await p.cb.get("/api/account/export", headers={"X-Liftoff-Person": laptop})).json()
        assert [g["table"] for g in data["games"]] == [tid]
        link = box.link_to(BO, "unsubscribe")
        assert (await p.ca.post(f"/api/unsubscribe/{link}")).status_code == 200
        acct = await answer_when(
            lambda: p.cb.get("/api/account", headers={"X-Liftoff-Person": bo}),
            lambda res: res.json()["account"]["turn_mails"] is False,
            "Bo's turn mails off",
        )
        assert acct.status_code == 200
