"""People with accounts at tables played over days, for the tests of turn mails, the
end of a game by time-out and accounts' data: each a browser (a person token)
signed in by a link mailed to the loopback SMTP server."""

from __future__ import annotations

from typing import Any

from mail_helpers import Mailbox
from server_helpers import Running, until

PLANET = {"family": True, "first_player": 0}  # the maker (seat 0) plays first


def me(person: str, lang: str | None = None) -> dict[str, str]:
    """The headers of a request from ``person``'s browser (in ``lang``)."""
    headers = {"X-Liftoff-Person": person}
    if lang is not None:
        headers["Accept-Language"] = lang
    return headers


async def device(r: Running) -> str:
    """A browser (a person token) that took a seat once."""
    made = await r.http.post(
        "/api/tables",
        json={"game": "planet", "players": 2, "seats": [{"type": "you"}, {"type": "open"}]},
        headers={"X-Liftoff-Person": "new"},
    )
    assert made.status_code == 201, made.text
    tid, token = made.json()["table"]["id"], made.json()["token"]
    await r.call("POST", f"/api/tables/{tid}/leave", None, token)
    person: str = made.json()["person"]
    return person


async def sign_in(r: Running, box: Mailbox, person: str, email: str, lang: str = "en") -> None:
    """Sign ``person``'s browser in to the account of ``email`` (by its mailed link)."""
    before = len(box.to(email))
    res = await r.http.post("/api/sign-in", json={"email": email}, headers=me(person, lang))
    assert res.status_code == 200, res.text
    await until(f"the sign-in mail to {email}", lambda: len(box.to(email)) > before)
    token = box.link_to(email)
    res = await r.http.post("/api/sign-in/finish", json={"token": token}, headers=me(person, lang))
    assert res.status_code == 200, res.text


async def signed_in(r: Running, box: Mailbox, email: str, lang: str = "en") -> str:
    """A new browser signed in to the account of ``email``; its person."""
    person = await device(r)
    await sign_in(r, box, person, email, lang)
    return person


async def days_table(
    r: Running, people: list[tuple[str, str]], title: str, **extra: Any
) -> tuple[str, list[str]]:
    """A planet table of a day a move named ``title`` where ``people`` (person, name)
    sit in order, the first to play first; its id and their seat tokens."""
    maker, name = people[0]
    body = {
        "game": "planet",
        "players": len(people),
        "seats": [{"type": "you"}] + [{"type": "open"}] * (len(people) - 1),
        "name": name,
        "title": title,
        "options": PLANET,
        "clock": {"preset": "day-1"},
        **extra,
    }
    made = await r.http.post("/api/tables", json=body, headers=me(maker))
    assert made.status_code == 201, made.text
    tid, tokens = made.json()["table"]["id"], [made.json()["token"]]
    for person, who in people[1:]:
        res = await r.http.post(f"/api/tables/{tid}/join", json={"name": who}, headers=me(person))
        assert res.status_code == 200, res.text
        tokens.append(res.json()["token"])
    return tid, tokens


async def take_turn(r: Running, tid: str, token: str) -> None:
    """The seat of ``token`` plays its turn to its end (its first legal moves, ending
    as soon as it may)."""
    for _ in range(60):
        view = await r.view(tid, token)
        texts = [a["text"] for a in view.get("legal") or []]
        if not texts:
            return
        move = next((t for t in texts if t in ("end", "done")), texts[0])
        res = await r.act(tid, token, move, view["version"])
        assert res.status_code == 200, res.text
    raise AssertionError("the turn did not end")
