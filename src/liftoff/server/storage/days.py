"""What play over days keeps: persons' vacations, the ratings of persons and bots
(see ``tables.vacations`` and ``tables.ratings``), and the tables a person plays
("My games", ``tables.mygames``)."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import Connection, delete, func, insert, select

from .db import SeatData, Store
from .models import RatingRow, SeatRow, TableRow, VacationRow


@dataclass
class Rating:
    """A subject's rating at one game (openskill's ``mu`` and ``sigma``)."""

    subject: str  # person:<id> or bot:<level>
    game: str
    mu: float
    sigma: float
    games: int = 0
    name: str | None = None


class DaysStore:
    """Vacations and ratings in the server's database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def vacations(
        self, person_ids: Iterable[str], since: float
    ) -> list[tuple[str, float, float]]:
        """(person, starts_at, ends_at) of the vacations of ``person_ids`` ending after
        ``since`` (epoch seconds)."""
        wanted = list(set(person_ids))
        if not wanted:
            return []
        q = select(VacationRow.person_id, VacationRow.starts_at, VacationRow.ends_at).where(
            VacationRow.person_id.in_(wanted), VacationRow.ends_at > since
        )
        async with self.store.sessions() as session:
            return [(str(p), float(a), float(b)) for p, a, b in (await session.execute(q)).all()]

    async def add_vacation(self, person_id: str, starts_at: float, ends_at: float) -> None:
        """Store a vacation of ``person_id``."""
        stmt = insert(VacationRow).values(person_id=person_id, starts_at=starts_at, ends_at=ends_at)

        def write(conn: Connection) -> None:
            conn.execute(stmt)

        await self.store.transaction(write)

    async def ratings(self, game: str, subjects: Sequence[str] | None = None) -> list[Rating]:
        """The ratings at ``game`` (of ``subjects`` only, when given)."""
        q = select(RatingRow).where(RatingRow.game == game)
        if subjects is not None:
            q = q.where(RatingRow.subject.in_(list(subjects)))
        async with self.store.sessions() as session:
            rows = (await session.execute(q)).scalars().all()
        return [Rating(r.subject, r.game, r.mu, r.sigma, r.games, r.name) for r in rows]

    async def save_ratings(self, ratings: Sequence[Rating]) -> None:
        """Store new ratings (each replaces the subject's rating at its game)."""
        now = time.time()
        rows = [
            {
                "subject": r.subject,
                "game": r.game,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "name": r.name,
                "updated_at": now,
            }
            for r in ratings
        ]

        def write(conn: Connection) -> None:
            for r in rows:
                conn.execute(
                    delete(RatingRow).where(
                        RatingRow.subject == r["subject"], RatingRow.game == r["game"]
                    )
                )
            if rows:
                conn.execute(insert(RatingRow), rows)

        await self.store.transaction(write)


async def next_deadline(store: Store) -> float | None:
    """The earliest deadline of a table asleep (epoch seconds), if any."""
    q = select(func.min(TableRow.deadline)).where(
        TableRow.status == "playing", TableRow.clock_state.is_not(None)
    )
    async with store.sessions() as session:
        found = (await session.execute(q)).scalar_one_or_none()
    return None if found is None else float(found)


async def due_tables(store: Store, now: float, limit: int = 100) -> list[str]:
    """Tables asleep whose deadline has come (the earliest first)."""
    q = (
        select(TableRow.id)
        .where(
            TableRow.status == "playing",
            TableRow.clock_state.is_not(None),
            TableRow.deadline <= now,
        )
        .order_by(TableRow.deadline)
        .limit(limit)
    )
    async with store.sessions() as session:
        return [str(x) for x in (await session.execute(q)).scalars().all()]


@dataclass
class PersonTable:
    """A table where a person holds a seat (or has one kept for them), as "My games"
    reads it from the database: no action log, nothing hidden."""

    id: str
    game: str
    status: str
    seat: int
    title: str | None
    rated: bool
    clock: dict[str, Any] | None
    clock_state: dict[str, Any] | None  # the clocks of a table asleep
    updated_at: float
    seats: list[SeatData]


async def person_tables(
    store: Store, person_ids: Sequence[str], limit: int = 200
) -> list[PersonTable]:
    """The unfinished tables where one of ``person_ids`` (a person, or the persons of
    an account) holds a seat, or has an open seat kept for them (a rematch waiting),
    the last changed first (at most ``limit``)."""
    mine = (
        select(SeatRow.table_id, SeatRow.seat, TableRow)
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .where(
            SeatRow.person_id.in_(list(person_ids)),
            SeatRow.kind.in_(("human", "open")),
            TableRow.status.in_(("open", "playing")),
        )
        .order_by(TableRow.updated_at.desc())
        .limit(limit)
    )
    async with store.sessions() as session:
        rows = (await session.execute(mine)).all()
        ids = [str(r[0]) for r in rows]
        seats: dict[str, list[SeatData]] = {i: [] for i in ids}
        if ids:
            q = select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
            for s in (await session.execute(q)).scalars().all():
                seats[s.table_id].append(
                    SeatData(s.seat, s.kind, s.bot, s.speed, s.name, None, s.person_id)
                )
    out = []
    for table_id, seat, t in rows:
        out.append(
            PersonTable(
                id=str(table_id),
                game=t.game,
                status=t.status,
                seat=int(seat),
                title=t.title,
                rated=bool(t.rated),
                clock=orjson.loads(t.clock) if t.clock else None,
                clock_state=orjson.loads(t.clock_state) if t.clock_state else None,
                updated_at=float(t.updated_at),
                seats=seats[str(table_id)],
            )
        )
    return out
