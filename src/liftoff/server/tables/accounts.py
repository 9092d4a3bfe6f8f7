"""Accounts: a person signs in by a link sent by email; the account owns the seats
of every person (browser) signed in to it.

- ``POST /api/sign-in {email}`` from a browser the server knows (a person): a
  one-time link, valid ``Settings.sign_in_minutes``, is mailed to that address
  through the operator's SMTP server (``--smtp``), at ``--public-url``. The
  answer is the same whether an account has that email or not. At most
  ``SIGN_IN_PER_EMAIL`` links per email and ``SIGN_IN_PER_PERSON`` per person
  an hour (429 ``sign-in-limit``); the per-address budget of every request
  applies too.
- The link is ``/sign-in#token``: the token is in the fragment, never sent in a
  request line; the page posts it (``POST /api/sign-in/finish``). It works once,
  before it expires, and only in the browser that asked for it (the same
  person): anything else is 403 ``bad-link``, the same for every cause.
- ``POST /api/sign-out``: this browser is no longer signed in (its seats stay its
  person's).

Only the SHA-256 of a link's token is stored; emails are shown to nobody but
their account's own browsers.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import smtplib
from collections import deque
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, func, insert, select, update

from liftoff.engine.messages import ENGLISH, render, speaking

from ..clock import wall_time
from ..errors import ApiError
from ..storage import Store
from ..storage.models import AccountRow, PersonRow, SignInLinkRow
from .model import hash_token, new_token

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("liftoff.server")

EMAIL_SHAPE = re.compile(r"^[^@\s]{1,64}@[^@\s]{1,189}\.[^@\s]{1,60}$")
SIGN_IN_PER_EMAIL = 3  # links mailed to one address an hour
SIGN_IN_PER_PERSON = 5  # links one browser may ask for an hour
HOUR = 3600.0


def clean_email(text: str) -> str:
    """An email address as stored (trimmed, lower-case); 422 ``bad-email`` for one
    that cannot be an address."""
    email = text.strip().lower()
    if len(email) > 254 or not EMAIL_SHAPE.match(email):
        raise ApiError(422, "bad-email", "that is not an email address")
    return email


def send_mail(
    smtp: str,
    sender: str,
    to: str,
    subject: str,
    body: str,
    headers: dict[str, str] | None = None,
) -> None:
    """Send one plain-text mail through the SMTP server at ``host:port`` (blocking)."""
    host, _, port = smtp.rpartition(":")
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, to, subject
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    with smtplib.SMTP(host or "localhost", int(port or 25), timeout=20) as client:
        client.send_message(msg)


class Accounts:
    """Sign-in links, accounts and the persons signed in to them."""

    def __init__(self, host: TableManager) -> None:
        self.host = host
        self.asked: dict[str, deque[float]] = {}  # person -> when they asked (wall)

    @property
    def store(self) -> Store:
        return self.host.store

    def _limit_person(self, person: str, now: float) -> None:
        times = self.asked.setdefault(person, deque())
        while times and times[0] < now - HOUR:
            times.popleft()
        if len(times) >= SIGN_IN_PER_PERSON:
            raise ApiError(429, "sign-in-limit", "too many sign-in links asked for: wait an hour")
        times.append(now)

    async def ask(self, person: str, email_text: str, lang: str = ENGLISH) -> None:
        """Mail a one-time sign-in link for ``email_text`` bound to ``person``, in
        ``lang`` (the asking reader's language)."""
        settings = self.host.settings
        if not settings.smtp or not settings.public_url:
            raise ApiError(503, "no-mail", "this server sends no mail")
        email = clean_email(email_text)
        now = wall_time(self.host.settings.clock)
        self._limit_person(person, now)
        recent = select(func.count()).where(
            SignInLinkRow.email == email, SignInLinkRow.created_at > now - HOUR
        )
        async with self.store.sessions() as session:
            if (await session.execute(recent)).scalar_one() >= SIGN_IN_PER_EMAIL:
                raise ApiError(
                    429, "sign-in-limit", "too many sign-in links asked for: wait an hour"
                )
        token = new_token()
        row = {
            "token_hash": hash_token(token),
            "email": email,
            "person_id": person,
            "created_at": now,
            "expires_at": now + settings.sign_in_minutes * 60,
        }

        def write(conn: Connection) -> None:
            conn.execute(insert(SignInLinkRow).values(**row))

        await self.store.transaction(write)
        link = f"{settings.public_url.rstrip('/')}/sign-in#{token}"
        with speaking(lang):
            subject = render("web.mail.sign-in.subject")
            minutes = f"{settings.sign_in_minutes:g}"
            body = "\n\n".join(
                [
                    render("web.mail.sign-in.body", {"minutes": minutes}),
                    link,
                    render("web.mail.sign-in.ignore"),
                ]
            )
        try:
            await asyncio.to_thread(
                send_mail, settings.smtp, settings.mail_from, email, subject, body
            )
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("the SMTP server did not take a sign-in mail: %s", exc)
            raise ApiError(
                503,
                "no-mail",
                "the mail could not be sent just now: try again later",
                say="api.error.no-mail.failed",
            ) from None

    async def finish(self, person: str, token: str, lang: str = ENGLISH) -> str:
        """Open a sign-in link in ``person``'s browser: it is signed in to the link's
        account (made at its first sign-in; its mails are in ``lang`` from now on);
        the account's id."""
        now = wall_time(self.host.settings.clock)
        found = select(SignInLinkRow).where(SignInLinkRow.token_hash == hash_token(token))
        async with self.store.sessions() as session:
            link = (await session.execute(found)).scalar_one_or_none()
        if link is None or link.used_at is not None or link.expires_at < now:
            raise ApiError(403, "bad-link", "this sign-in link cannot be used")
        if link.person_id != person:
            raise ApiError(403, "bad-link", "this sign-in link cannot be used")
        email, account = link.email, secrets.token_hex(16)
        used: list[bool] = []

        def write(conn: Connection) -> None:
            done = conn.execute(
                update(SignInLinkRow)
                .where(SignInLinkRow.token_hash == link.token_hash, SignInLinkRow.used_at.is_(None))
                .values(used_at=now)
            )
            used.append(done.rowcount == 1)
            if not used[0]:
                return
            have = conn.execute(select(AccountRow.id).where(AccountRow.email == email)).scalar()
            if have is None:
                conn.execute(
                    insert(AccountRow).values(id=account, email=email, created_at=now, lang=lang)
                )
            else:
                conn.execute(update(AccountRow).where(AccountRow.id == have).values(lang=lang))
            conn.execute(
                update(PersonRow).where(PersonRow.id == person).values(account_id=have or account)
            )
            used.append(have or account)  # type: ignore[arg-type]

        await self.store.transaction(write)
        if not used[0]:  # opened twice at once: the other one signed in
            raise ApiError(403, "bad-link", "this sign-in link cannot be used")
        return str(used[1])

    async def sign_out(self, person: str) -> None:
        """This browser is signed in to no account any more."""
        stmt = update(PersonRow).where(PersonRow.id == person).values(account_id=None)

        def write(conn: Connection) -> None:
            conn.execute(stmt)

        await self.store.transaction(write)

    async def account_of(self, person: str) -> dict[str, Any] | None:
        """The account ``person`` is signed in to (its email), if any."""
        q = (
            select(AccountRow.id, AccountRow.email, AccountRow.turn_mails)
            .join(PersonRow, PersonRow.account_id == AccountRow.id)
            .where(PersonRow.id == person)
        )
        async with self.store.sessions() as session:
            found = (await session.execute(q)).first()
        if found is None:
            return None
        return {"id": str(found[0]), "email": str(found[1]), "turn_mails": bool(found[2])}

    async def persons_of(self, person: str) -> list[str]:
        """Every person of ``person``'s account (itself alone when signed out)."""
        mine = select(PersonRow.account_id).where(PersonRow.id == person).scalar_subquery()
        q = select(PersonRow.id).where(PersonRow.account_id == mine)
        async with self.store.sessions() as session:
            found = [str(p) for p in (await session.execute(q)).scalars().all()]
        return found or [person]
