"""An account's data: its export (a JSON download) and its deletion.

- :func:`export`: what the account is (email, when made, its settings), every game
  a person of the account played (any status: the table, the game, its name,
  the seat and the name played under, the others' names, the places once over),
  its ratings and its vacations. Only the asking account's: the account is the
  one the asking browser is signed in to (a browser signed in to no account has
  nothing to export: 403 ``no-account``).
- :func:`delete_account`: after the person confirms it by typing the account's
  email (422 ``confirm-delete`` otherwise), the account goes with its sign-in and
  unsubscribe links and its pending turn mails; every browser signed in to it is
  signed out. Games stay: the seats its persons played keep their places, and
  their name becomes "A former player" (:data:`~.people.FORMER`) in the
  database, in the ratings, and at the tables this server holds in memory.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import Connection, delete, select, update

from ..errors import ApiError
from ..storage.models import (
    AccountRow,
    PersonRow,
    RatingRow,
    SeatRow,
    SignInLinkRow,
    TableRow,
    TurnMailRow,
    UnsubscribeLinkRow,
    VacationRow,
)
from .people import FORMER, seat_names
from .ratings import PERSON

if TYPE_CHECKING:
    from .manager import TableManager


async def _account(host: TableManager, person: str) -> dict[str, Any]:
    """The account ``person``'s browser is signed in to (403 ``no-account`` when none)."""
    found = await host.accounts.account_of(person)
    if found is None:
        raise ApiError(403, "no-account", "sign in first: this browser has no account")
    return found


async def _persons(host: TableManager, account: str) -> list[str]:
    q = select(PersonRow.id).where(PersonRow.account_id == account)
    async with host.store.sessions() as session:
        return [str(p) for p in (await session.execute(q)).scalars().all()]


async def export(host: TableManager, person: str) -> dict[str, Any]:
    """Everything the server keeps about the account of ``person``'s browser."""
    account = await _account(host, person)
    persons = await _persons(host, account["id"])
    async with host.store.sessions() as session:
        row = (
            await session.execute(select(AccountRow).where(AccountRow.id == account["id"]))
        ).scalar_one()
        mine = (
            await session.execute(
                select(SeatRow.table_id, SeatRow.seat).where(SeatRow.person_id.in_(persons))
            )
        ).all()
        ids = sorted({str(t) for t, _ in mine})
        tables = (
            (await session.execute(select(TableRow).where(TableRow.id.in_(ids)))).scalars().all()
        )
        seats: dict[str, list[Any]] = defaultdict(list)
        for s in (
            (await session.execute(select(SeatRow).where(SeatRow.table_id.in_(ids))))
            .scalars()
            .all()
        ):
            seats[s.table_id].append(s)
        subjects = [PERSON + p for p in persons]
        ratings = (
            (await session.execute(select(RatingRow).where(RatingRow.subject.in_(subjects))))
            .scalars()
            .all()
        )
        vacations = (
            (await session.execute(select(VacationRow).where(VacationRow.person_id.in_(persons))))
            .scalars()
            .all()
        )
    seat_of = {(str(t), int(s)) for t, s in mine}
    games = []
    for t in sorted(tables, key=lambda t: t.created_at):
        at = sorted(seats[t.id], key=lambda s: s.seat)
        names = seat_names(at)
        outcome = orjson.loads(t.outcome) if t.outcome else None
        for s in at:
            if (t.id, s.seat) not in seat_of:
                continue
            games.append(
                {
                    "table": t.id,
                    "game": t.game,
                    "name": t.title,
                    "status": t.status,
                    "rated": bool(t.rated),
                    "created_at": t.created_at,
                    "updated_at": t.updated_at,
                    "seat": s.seat,
                    "you": names[s.seat],
                    "others": [n for i, n in enumerate(names) if i != s.seat],
                    "place": outcome["places"][s.seat] if outcome else None,
                }
            )
    return {
        "account": {
            "email": row.email,
            "created_at": row.created_at,
            "turn_mails": bool(row.turn_mails),
            "language": row.lang,
            "browsers": len(persons),
        },
        "games": games,
        "ratings": [
            {"game": r.game, "mu": r.mu, "sigma": r.sigma, "games": r.games, "name": r.name}
            for r in ratings
        ],
        "vacations": [{"starts_at": v.starts_at, "ends_at": v.ends_at} for v in vacations],
    }


async def delete_account(host: TableManager, person: str, confirm: str) -> None:
    """Delete the account of ``person``'s browser once ``confirm`` is its email."""
    account = await _account(host, person)
    if confirm.strip().lower() != account["email"]:
        raise ApiError(
            422, "confirm-delete", "type your account's email to confirm that it goes for good"
        )
    ident, email = account["id"], account["email"]
    persons = await _persons(host, ident)

    def write(conn: Connection) -> None:
        conn.execute(update(SeatRow).where(SeatRow.person_id.in_(persons)).values(name=FORMER))
        conn.execute(
            update(RatingRow)
            .where(RatingRow.subject.in_([PERSON + p for p in persons]))
            .values(name=FORMER)
        )
        conn.execute(delete(TurnMailRow).where(TurnMailRow.account_id == ident))
        conn.execute(delete(UnsubscribeLinkRow).where(UnsubscribeLinkRow.account_id == ident))
        conn.execute(delete(SignInLinkRow).where(SignInLinkRow.email == email))
        conn.execute(update(PersonRow).where(PersonRow.account_id == ident).values(account_id=None))
        conn.execute(delete(AccountRow).where(AccountRow.id == ident))

    await host.store.transaction(write)
    mine = set(persons)
    for table in [*host.tables.values(), *host.finished.values()]:
        touched = False
        for s in table.seats:
            if s.person in mine and s.kind == "human":
                s.name, touched = FORMER, True
        if touched:
            host.changed(table)
