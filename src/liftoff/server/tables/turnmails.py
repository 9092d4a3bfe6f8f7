"""Turn mails: when it becomes your turn at a table played over days and you are
not there, one mail tells you — batched, never one per move.

- When a person's clock of days starts (the place its deadline is computed:
  :meth:`.ClockKeeper.arm`), :meth:`TurnMails.note` marks the table; a worker then
  stores one ``turn_mails`` row for each seat whose turn it is, whose person is
  signed in to an account that wants turn mails and holds no WebSocket to the
  table, and deletes the rows of the seats whose turn ended. A row stands for one
  turn: it is mailed at most once however often the table is looked at again
  (a restart, a table waking from sleep).
- Every ``turn_mail_every`` seconds (server clock) the rows not yet mailed are
  claimed — each by one member of a cluster, by a conditional update — and each
  account gets **one** mail listing all its tables where it is now its turn,
  in the account's language, with a link to "My games" and an unsubscribe link
  that works without signing in (``List-Unsubscribe`` with one-click ``POST``,
  RFC 8058). A person who came back (connected here) before the batch is not
  mailed. A mail the SMTP server did not take is tried again at the next batch.
- The unsubscribe link's token is stored as its SHA-256 only; it turns off turn
  mails of its own account and nothing else (403 ``bad-link`` otherwise).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import smtplib
from collections import defaultdict
from typing import TYPE_CHECKING

from sqlalchemy import Connection, delete, insert, select, update

import liftoff
from liftoff.engine.messages import render, speaking
from liftoff.engine.words import title

from ..clock import wall_time
from ..errors import ApiError
from ..storage.models import (
    AccountRow,
    PersonRow,
    TableRow,
    TurnMailRow,
    UnsubscribeLinkRow,
)
from .accounts import send_mail
from .clocks import is_day_clock
from .model import LiveTable, hash_token, new_token

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("liftoff.server")


def _waiting(table: LiveTable) -> tuple[set[int], dict[int, str]]:
    """The seats whose clock runs, and of those the persons to tell (seat → person):
    a person's seat, not connected, no bot playing it."""
    clocks = table.clocks
    running = set(clocks.running) if clocks is not None and table.status == "playing" else set()
    tell = {
        s.seat: s.person
        for s in table.seats
        if s.seat in running
        and s.kind == "human"
        and s.person
        and not s.connected
        and not s.zombie
        and not s.stand_in
    }
    return running, tell


class TurnMails:
    """The turn mails of the tables held here, and the batches this member sends."""

    def __init__(self, host: TableManager) -> None:
        self.host = host
        self.dirty: dict[str, LiveTable] = {}  # tables to look at again
        self.seen: dict[str, tuple[frozenset[int], frozenset[int]]] = {}
        # seats whose turn ended since the table was last stored (a turn that ends and
        # comes again before then is a new turn all the same)
        self.ended: dict[str, set[int]] = {}
        self.lock = asyncio.Lock()
        self.kick = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []

    @property
    def on(self) -> bool:
        st = self.host.settings
        return bool(st.smtp and st.public_url and st.turn_mail_every > 0)

    def start(self) -> None:
        if self.on and not self.tasks:
            self.tasks = [
                asyncio.create_task(self._worker(), name="liftoff-turn-mail-rows"),
                asyncio.create_task(self._batches(), name="liftoff-turn-mails"),
            ]

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks = []

    def note(self, table: LiveTable) -> None:
        """A clock of ``table`` may have started or stopped: look at it again soon."""
        if not self.on or not is_day_clock(table.clock_spec) or table.id in self.host.replicas:
            return
        running, tell = _waiting(table)
        key = (frozenset(running), frozenset(tell))
        before = self.seen.get(table.id)
        if before == key:
            return
        if before is not None:
            self.ended.setdefault(table.id, set()).update(before[0] - key[0])
        self.seen[table.id] = key
        if not running:
            self.seen.pop(table.id, None)
        self.dirty[table.id] = table
        self.kick.set()

    async def _worker(self) -> None:
        while True:
            await self.kick.wait()
            self.kick.clear()
            try:
                await self.flush()
            except Exception:
                self.host.errors.error("turn-mails", "storing whose turn it is failed")

    async def flush(self) -> None:
        """Store what the tables marked by :meth:`note` say now."""
        async with self.lock:
            while self.dirty:
                _, table = self.dirty.popitem()
                await self._store(table)

    async def _store(self, table: LiveTable) -> None:
        running, tell = _waiting(table)
        ended = self.ended.pop(table.id, set())
        now = wall_time(self.host.settings.clock)

        def write(conn: Connection) -> None:
            conn.execute(
                delete(TurnMailRow).where(
                    TurnMailRow.table_id == table.id,
                    TurnMailRow.seat.not_in(list(running)) | TurnMailRow.seat.in_(list(ended)),
                )
            )
            for seat, person in tell.items():
                have = select(TurnMailRow.seat).where(
                    TurnMailRow.table_id == table.id, TurnMailRow.seat == seat
                )
                if conn.execute(have).first() is not None:
                    continue  # this turn is told already (or will be)
                account = conn.execute(
                    select(AccountRow.id)
                    .join(PersonRow, PersonRow.account_id == AccountRow.id)
                    .where(PersonRow.id == person, AccountRow.turn_mails.is_(True))
                ).scalar()
                if account is not None:
                    conn.execute(
                        insert(TurnMailRow).values(
                            table_id=table.id, seat=seat, account_id=account, created_at=now
                        )
                    )

        await self.host.store.transaction(write)

    async def _batches(self) -> None:
        clock = self.host.settings.clock
        while True:
            await clock.sleep(self.host.settings.turn_mail_every)
            try:
                await self.send_due()
            except Exception:
                self.host.errors.error("turn-mails", "sending turn mails failed")

    async def send_due(self) -> int:
        """Claim the turns not mailed yet and send one mail per account; how many
        mails went out."""
        await self.flush()
        now = wall_time(self.host.settings.clock)
        async with self.host.store.sessions() as session:
            rows = (
                (await session.execute(select(TurnMailRow).where(TurnMailRow.sent_at.is_(None))))
                .scalars()
                .all()
            )
            due = [(r.table_id, r.seat, r.account_id) for r in rows]
        claimed: list[tuple[str, int, str]] = []

        def claim(conn: Connection) -> None:
            for table_id, seat, account in due:
                done = conn.execute(
                    update(TurnMailRow)
                    .where(
                        TurnMailRow.table_id == table_id,
                        TurnMailRow.seat == seat,
                        TurnMailRow.sent_at.is_(None),
                    )
                    .values(sent_at=now)
                )
                if done.rowcount == 1 and not self._back(table_id, seat):
                    claimed.append((table_id, seat, account))

        await self.host.store.transaction(claim)
        mine: dict[str, list[str]] = defaultdict(list)
        for table_id, _seat, account in claimed:
            mine[account].append(table_id)
        sent = 0
        for account, tables in mine.items():
            if await self._mail(account, tables, now):
                sent += 1
        return sent

    def _back(self, table_id: str, seat: int) -> bool:
        """Whether the seat's person came back (holds a WebSocket here) since."""
        table = self.host.tables.get(table_id)
        return table is not None and seat < len(table.seats) and table.seats[seat].connected

    async def _mail(self, account: str, tables: list[str], now: float) -> bool:
        """One mail to ``account`` about ``tables``; ``False`` (and the turns to be
        claimed again) when it could not go."""
        async with self.host.store.sessions() as session:
            found = (
                await session.execute(
                    select(AccountRow.email, AccountRow.lang, AccountRow.turn_mails).where(
                        AccountRow.id == account
                    )
                )
            ).first()
            rows = (
                await session.execute(
                    select(TableRow.id, TableRow.game, TableRow.title).where(
                        TableRow.id.in_(tables)
                    )
                )
            ).all()
        if found is None or not found[2] or not rows:
            return False
        email, lang = str(found[0]), found[1] or "en"
        token = new_token()

        def write(conn: Connection) -> None:
            conn.execute(
                insert(UnsubscribeLinkRow).values(
                    token_hash=hash_token(token), account_id=account, created_at=now
                )
            )

        await self.host.store.transaction(write)
        st = self.host.settings
        base = str(st.public_url).rstrip("/")
        with speaking(lang):
            lines = [
                f"- {_title(game, title)}: {base}/t/{tid}" for tid, game, title in sorted(rows)
            ]
            n = len(lines)
            subject = render(
                "web.mail.turn.subject" + (".one" if n == 1 else ".other"), {"count": n}
            )
            body = "\n".join(
                [
                    render("web.mail.turn.body", {"count": n}),
                    "",
                    *lines,
                    "",
                    render("web.mail.turn.mine", {"link": f"{base}/my-games"}),
                    "",
                    render("web.mail.turn.stop", {"link": f"{base}/unsubscribe#{token}"}),
                ]
            )
        headers = {
            "List-Unsubscribe": f"<{base}/api/unsubscribe/{token}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
        try:
            await asyncio.to_thread(
                send_mail, str(st.smtp), st.mail_from, email, subject, body, headers
            )
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("the SMTP server did not take a turn mail: %s", exc)
            await self._unclaim(account, tables)
            return False
        return True

    async def _unclaim(self, account: str, tables: list[str]) -> None:
        def write(conn: Connection) -> None:
            conn.execute(
                update(TurnMailRow)
                .where(TurnMailRow.account_id == account, TurnMailRow.table_id.in_(tables))
                .values(sent_at=None)
            )

        await self.host.store.transaction(write)

    async def unsubscribe(self, token: str) -> None:
        """An unsubscribe link: its account gets no more turn mails."""
        found = select(UnsubscribeLinkRow.account_id).where(
            UnsubscribeLinkRow.token_hash == hash_token(token)
        )
        async with self.host.store.sessions() as session:
            account = (await session.execute(found)).scalar()
        if account is None:
            raise ApiError(403, "bad-link", say="api.error.bad-link.unsubscribe")
        await self.set(str(account), False)

    async def set(self, account: str, on: bool) -> None:
        """Turn an account's turn mails on or off (off: its turns not mailed yet go)."""

        def write(conn: Connection) -> None:
            conn.execute(update(AccountRow).where(AccountRow.id == account).values(turn_mails=on))
            if not on:
                conn.execute(
                    delete(TurnMailRow).where(
                        TurnMailRow.account_id == account, TurnMailRow.sent_at.is_(None)
                    )
                )

        await self.host.store.transaction(write)


def _title(game: str, name: str | None) -> str:
    """A table as a mail names it: its name, else its game's title (in the language
    spoken now)."""
    if name:
        return name
    try:
        return title(liftoff.games.get(game).info)
    except liftoff.UnknownGame:
        return game
