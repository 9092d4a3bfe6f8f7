"""The store: one async SQLAlchemy engine, migrations on start, and a
group-commit writer for the action log.

Durability: :meth:`Store.append` returns only once the row is committed. Rows
from many tables that arrive together are committed in one transaction (group
commit), which keeps a busy server fast without giving up "written before
acknowledged". SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed
transaction survives the server process being killed (not a power cut; use
PostgreSQL, or ``synchronous=FULL`` via ``sqlite_synchronous``, for that).

On SQLite every write goes through one synchronous connection on the event
loop's own thread: an SQLite commit in WAL mode takes tens of microseconds,
far less than handing it to a worker thread (whose fight for the GIL with the
event loop costs milliseconds per message under load), and a single writer
never waits for a lock held across an ``await``. Reads use the async engine.
On PostgreSQL everything goes through asyncpg.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, create_engine, delete, event, insert, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

from .leases import Fence
from .models import ActionRow, LeaseRow, PersonRow, SeatRow, TableRow

_ACTION_COLUMNS = (
    "table_id",
    "idx",
    "player",
    "text",
    "version",
    "at",
    "clocks",
    "stand_in",
    "submission",
)
_INSERT_SQLITE = (
    f"INSERT INTO action_log ({', '.join(_ACTION_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in _ACTION_COLUMNS)})"
)
_INSERT_ACTION = insert(ActionRow)
_MIGRATION_LOCK = 0x6C6966746F6666  # "liftoff": the advisory lock held while migrating


def normalize_url(url: str) -> str:
    """Pick the async driver: ``sqlite:`` → aiosqlite, ``postgresql:`` → asyncpg."""
    u = make_url(url)
    backend = u.get_backend_name()
    if backend == "sqlite" and u.drivername != "sqlite+aiosqlite":
        u = u.set(drivername="sqlite+aiosqlite")
    elif backend in ("postgresql", "postgres") and u.drivername != "postgresql+asyncpg":
        u = u.set(drivername="postgresql+asyncpg")
    return u.render_as_string(hide_password=False)


def _dumps(data: Any) -> str:
    return orjson.dumps(data).decode()


@dataclass
class SeatData:
    """A seat as stored."""

    seat: int
    kind: str  # open | human | bot
    bot: str | None = None
    speed: str | None = None
    name: str | None = None
    token_hash: str | None = None
    # the person holding the seat (or, on an open seat, the person it is kept for)
    person_id: str | None = None


@dataclass
class ActionData:
    """One row of the action log."""

    idx: int
    player: int
    text: str
    version: int
    at: float
    clocks: list[int] | None = None
    stand_in: bool = False  # the server played it for a person's seat
    # the key of the submission that asked for it (``tables.model.stored_key``), if any
    submission: str | None = None


@dataclass
class TableData:
    """A table as stored (with its seats and, when loaded, its action log)."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    status: str
    created_at: float
    updated_at: float
    clock: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None
    rematch_of: str | None = None
    rematch_id: str | None = None
    bot_seed: int | None = None  # private: the seed of the table's bots
    creator: str | None = None  # the client address that created it
    # the rules and content version the game is played under (Game.version)
    game_version: dict[str, Any] | None = None
    hints: bool | None = None  # whether seats may ask for hints (None: stored before)
    tutorial: str | None = None  # the game whose interactive first game the table is
    abandoned: bool = False  # ended or closed with no person playing any more
    title: str | None = None  # the table's name (optional)
    rated: bool = False  # the result updates the players' ratings
    # a table asleep: its clocks (remaining, running, at: epoch seconds); None: awake
    clock_state: dict[str, Any] | None = None
    seats: list[SeatData] = field(default_factory=list)
    actions: list[ActionData] = field(default_factory=list)


@dataclass
class _Pending:
    table_id: str
    row: ActionData
    done: asyncio.Future[None]


class Store:
    """All database access of the server."""

    def __init__(
        self,
        url: str,
        *,
        schema: str | None = None,
        sqlite_synchronous: str = "NORMAL",
        echo: bool = False,
    ) -> None:
        self.url = normalize_url(url)
        u = make_url(self.url)
        self.backend = u.get_backend_name()
        connect_args: dict[str, Any] = {}
        kwargs: dict[str, Any] = {}
        if self.backend == "sqlite":
            connect_args["timeout"] = 30
        elif schema:
            connect_args["server_settings"] = {"search_path": schema}
        if self.backend == "postgresql":
            kwargs.update(pool_size=10, max_overflow=10)
        self.engine: AsyncEngine = create_async_engine(
            self.url, echo=echo, connect_args=connect_args, **kwargs
        )
        if self.backend == "sqlite":
            sync = sqlite_synchronous

            @event.listens_for(self.engine.sync_engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute(f"PRAGMA synchronous={sync}")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.execute("PRAGMA busy_timeout=30000")
                cur.close()

        self.sync_engine: Engine | None = None
        if self.backend == "sqlite" and u.database not in (None, "", ":memory:"):
            self.sync_engine = create_engine(
                u.set(drivername="sqlite"), pool_size=1, max_overflow=0
            )
            sync_mode = sqlite_synchronous

            @event.listens_for(self.sync_engine, "connect")
            def _sync_pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute(f"PRAGMA synchronous={sync_mode}")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.execute("PRAGMA busy_timeout=5000")
                cur.close()

        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._queue: asyncio.Queue[_Pending] | None = None
        self._writer: asyncio.Task[None] | None = None
        self.commits = 0
        self.rows_written = 0
        self.commit_seconds = 0.0  # time spent writing the action log
        # a cluster member's leases: every action-log write is fenced by them
        self.fence: Fence | None = None

    # -- lifecycle ---------------------------------------------------------------
    async def start(self) -> None:
        """Apply migrations and start the log writer."""
        await self.migrate()
        self._queue = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop(), name="liftoff-log-writer")

    async def close(self) -> None:
        """Finish pending writes and close the engine."""
        if self._writer is not None:
            queue = self._queue
            assert queue is not None
            while not queue.empty():
                await asyncio.sleep(0.01)
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None
        await self.engine.dispose()
        if self.sync_engine is not None:
            self.sync_engine.dispose()

    async def transaction(self, fn: Callable[[Connection], None]) -> None:
        """Run ``fn`` in one write transaction (see the module notes): what the rooms of
        the server that keep their own rows (accounts, vacations, ratings) write with."""
        await self._write(fn)

    async def _write(self, fn: Callable[[Connection], None]) -> None:
        """Run ``fn`` in one write transaction (see the module notes)."""
        if self.sync_engine is not None:
            with self.sync_engine.begin() as conn:
                fn(conn)
            return
        async with self.engine.begin() as aconn:
            await aconn.run_sync(fn)

    async def migrate(self) -> None:
        """Bring the schema to the newest revision (Alembic, shipped in the package)."""
        script_location = str(resources.files("liftoff.server") / "migrations")

        def upgrade(conn: Connection) -> None:
            cfg = Config()
            cfg.set_main_option("script_location", script_location)
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

        async with self.engine.begin() as conn:
            if self.backend == "postgresql":
                # members of a cluster start together: one migrates, the others wait
                await conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
            await conn.run_sync(upgrade)

    # -- the action log ------------------------------------------------------------
    async def append(self, table_id: str, row: ActionData) -> None:
        """Append one action; returns once it is committed (group commit). A row whose
        submission key the table already has is refused (``IntegrityError``)."""
        queue = self._queue
        if queue is None:
            raise RuntimeError("store not started")
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue.put_nowait(_Pending(table_id, row, done))
        await done

    async def _write_loop(self) -> None:
        queue = self._queue
        assert queue is not None
        while True:
            first = await queue.get()
            batch = [first]
            while not queue.empty() and len(batch) < 500:
                batch.append(queue.get_nowait())
            try:
                await self._insert(batch)
            except Exception:
                # a bad row must not fail the others: retry one by one
                for item in batch:
                    try:
                        await self._insert([item])
                    except Exception as exc:
                        if not item.done.done():
                            item.done.set_exception(exc)
                    else:
                        if not item.done.done():
                            item.done.set_result(None)
            else:
                for item in batch:
                    if not item.done.done():
                        item.done.set_result(None)

    async def _insert(self, batch: Sequence[_Pending]) -> None:
        rows = [
            (
                p.table_id,
                p.row.idx,
                p.row.player,
                p.row.text,
                p.row.version,
                p.row.at,
                None if p.row.clocks is None else _dumps(p.row.clocks),
                True if p.row.stand_in else None,
                p.row.submission,
            )
            for p in batch
        ]
        started = time.perf_counter()
        if self.sync_engine is not None:
            # the hot path on SQLite: one executemany on the raw connection
            with self.sync_engine.begin() as conn:
                conn.exec_driver_sql(_INSERT_SQLITE, rows)
        else:
            values = [dict(zip(_ACTION_COLUMNS, r, strict=True)) for r in rows]
            async with self.engine.begin() as aconn:
                if self.fence is not None:
                    await self.fence.check(aconn, (p.table_id for p in batch))
                await aconn.execute(_INSERT_ACTION, values)
        self.commit_seconds += time.perf_counter() - started
        self.commits += 1
        self.rows_written += len(rows)

    async def delete_action(self, table_id: str, idx: int) -> None:
        """Remove the action at ``idx`` (undo; only ever the last one). A cluster
        member's removal is fenced as its appends are: a stale owner removes nothing."""
        stmt = delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.idx == idx)
        if self.fence is not None:
            async with self.engine.begin() as aconn:
                await self.fence.check(aconn, [table_id])
                await aconn.execute(stmt)
            return

        def write(conn: Connection) -> None:
            conn.execute(stmt)

        await self._write(write)

    # -- the server lease: one server per database ---------------------------------------
    async def take_lease(
        self, owner: str, host: str, ttl: float, dead: Callable[[str, str], bool]
    ) -> tuple[str, str, float] | None:
        """Take the database's server lease for ``owner`` (on ``host``); ``None`` when
        taken, else the holder's (host, owner, seconds since it renewed). A lease not
        renewed for ``ttl`` seconds, or whose holder ``dead(host, owner)`` says is gone,
        is taken over."""
        now = time.time()
        held: list[tuple[str, str, float]] = []

        def write(conn: Connection) -> None:
            row = conn.execute(select(LeaseRow).where(LeaseRow.name == "server")).first()
            if row is None:
                conn.execute(
                    insert(LeaseRow).values(name="server", owner=owner, host=host, renewed_at=now)
                )
                return
            lease = row._mapping
            age = now - lease["renewed_at"]
            if lease["owner"] != owner and age <= ttl and not dead(lease["host"], lease["owner"]):
                held.append((lease["host"], lease["owner"], age))
                return
            taken = conn.execute(
                update(LeaseRow)
                .where(
                    LeaseRow.name == "server",
                    LeaseRow.owner == lease["owner"],
                    LeaseRow.renewed_at == lease["renewed_at"],
                )
                .values(owner=owner, host=host, renewed_at=now)
            )
            if taken.rowcount != 1:
                held.append((lease["host"], lease["owner"], 0.0))

        try:
            await self._write(write)
        except IntegrityError:  # another server inserted it at the same moment
            return ("?", "another server", 0.0)
        return held[0] if held else None

    async def renew_lease(self, owner: str) -> bool:
        """Renew ``owner``'s lease (a write: the health check); ``False`` if it lost it."""
        stmt = (
            update(LeaseRow)
            .where(LeaseRow.name == "server", LeaseRow.owner == owner)
            .values(renewed_at=time.time())
        )
        count: list[int] = []

        def write(conn: Connection) -> None:
            count.append(conn.execute(stmt).rowcount)

        await self._write(write)
        return count[0] == 1

    async def release_lease(self, owner: str) -> None:
        """Give the lease up (a clean stop)."""
        stmt = delete(LeaseRow).where(LeaseRow.name == "server", LeaseRow.owner == owner)

        def write(conn: Connection) -> None:
            conn.execute(stmt)

        await self._write(write)

    # -- tables and seats ---------------------------------------------------------------
    async def create_table(self, t: TableData) -> None:
        """Insert a new table with its seats."""
        table_values = {
            "id": t.id,
            "game": t.game,
            "players": t.players,
            "seed": t.seed,
            "options": _dumps(t.options),
            "clock": None if t.clock is None else _dumps(t.clock),
            "status": t.status,
            "created_at": t.created_at,
            "updated_at": t.updated_at,
            "outcome": None,
            "rematch_of": t.rematch_of,
            "rematch_id": None,
            "bot_seed": t.bot_seed,
            "creator": t.creator,
            "game_version": None if t.game_version is None else _dumps(t.game_version),
            "hints": t.hints,
            "tutorial": t.tutorial,
            "abandoned": None,
            "title": t.title,
            "rated": t.rated or None,
        }
        seat_values = [
            {
                "table_id": t.id,
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "speed": s.speed,
                "name": s.name,
                "token_hash": s.token_hash,
                "person_id": s.person_id,
            }
            for s in t.seats
        ]

        def write(conn: Connection) -> None:
            conn.execute(insert(TableRow).values(**table_values))
            conn.execute(insert(SeatRow), seat_values)

        await self._write(write)

    async def delete_table(self, table_id: str) -> None:
        """Remove a table, its seats and its action log."""
        statements = [
            delete(ActionRow).where(ActionRow.table_id == table_id),
            delete(SeatRow).where(SeatRow.table_id == table_id),
            delete(TableRow).where(TableRow.id == table_id),
        ]

        def write(conn: Connection) -> None:
            for stmt in statements:
                conn.execute(stmt)

        await self._write(write)

    async def save_seat(self, table_id: str, s: SeatData) -> None:
        """Store a seat's new kind, name, token hash and person."""
        stmt = (
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat == s.seat)
            .values(
                kind=s.kind,
                bot=s.bot,
                speed=s.speed,
                name=s.name,
                token_hash=s.token_hash,
                person_id=s.person_id,
            )
        )

        def write(conn: Connection) -> None:
            conn.execute(stmt)

        await self._write(write)

    # -- persons ------------------------------------------------------------------------
    async def create_person(self, person_id: str, token_hash: str) -> None:
        """Store a new person (the hash of its token, never the token)."""
        stmt = insert(PersonRow).values(id=person_id, token_hash=token_hash, created_at=time.time())

        def write(conn: Connection) -> None:
            conn.execute(stmt)

        await self._write(write)

    async def find_person(self, token_hash: str) -> str | None:
        """The id of the person whose token has this hash, if any."""
        async with self.sessions() as session:
            found = await session.execute(
                select(PersonRow.id).where(PersonRow.token_hash == token_hash)
            )
            return found.scalar_one_or_none()

    async def person_names(self, person_id: str, limit: int = 20) -> list[str]:
        """The names a person's seats show, the most recently played table first."""
        stmt = (
            select(SeatRow.name)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .where(SeatRow.person_id == person_id, SeatRow.kind == "human")
            .order_by(TableRow.updated_at.desc())
            .limit(limit)
        )
        async with self.sessions() as session:
            found = await session.execute(stmt)
            return [name for name in found.scalars() if name]

    async def rematch_of(self, table_id: str) -> str | None:
        """The id of a table's rematch, as stored (``None``: none started)."""
        async with self.sessions() as session:
            found = await session.execute(
                select(TableRow.rematch_id).where(TableRow.id == table_id)
            )
            return found.scalar_one_or_none()

    async def update_table(self, table_id: str, **values: Any) -> None:
        """Change a table's status, outcome or rematch link."""
        for key in ("outcome", "clock", "clock_state"):
            if key in values and values[key] is not None:
                values[key] = _dumps(values[key])
        stmt = update(TableRow).where(TableRow.id == table_id).values(**values)

        def write(conn: Connection) -> None:
            conn.execute(stmt)

        await self._write(write)

    async def load_tables(
        self,
        statuses: Sequence[str] | None = None,
        ids: Sequence[str] | None = None,
        *,
        awake: bool = False,
    ) -> list[TableData]:
        """Tables (with seats and action logs) by status or by id (``awake``: none
        asleep, see ``tables.dormant``)."""
        async with self.sessions() as session:
            q = select(TableRow)
            if awake:
                q = q.where(TableRow.clock_state.is_(None))
            if statuses is not None:
                q = q.where(TableRow.status.in_(list(statuses)))
            if ids is not None:
                q = q.where(TableRow.id.in_(list(ids)))
            rows = (await session.execute(q.order_by(TableRow.created_at))).scalars().all()
            if not rows:
                return []
            wanted = [r.id for r in rows]
            out = {r.id: _table_data(r) for r in rows}
            seats = (
                (
                    await session.execute(
                        select(SeatRow)
                        .where(SeatRow.table_id.in_(wanted))
                        .order_by(SeatRow.table_id, SeatRow.seat)
                    )
                )
                .scalars()
                .all()
            )
            for s in seats:
                out[s.table_id].seats.append(
                    SeatData(s.seat, s.kind, s.bot, s.speed, s.name, s.token_hash, s.person_id)
                )
            acts = (
                await session.execute(
                    select(
                        ActionRow.table_id,
                        ActionRow.idx,
                        ActionRow.player,
                        ActionRow.text,
                        ActionRow.version,
                        ActionRow.at,
                        ActionRow.clocks,
                        ActionRow.stand_in,
                        ActionRow.submission,
                    )
                    .where(ActionRow.table_id.in_(wanted))
                    .order_by(ActionRow.table_id, ActionRow.idx)
                )
            ).all()
            for tid, idx, player, text, version, at, clocks, stand_in, submission in acts:
                out[tid].actions.append(
                    ActionData(
                        idx,
                        player,
                        text,
                        version,
                        at,
                        None if clocks is None else orjson.loads(clocks),
                        bool(stand_in),
                        submission,
                    )
                )
            return [out[i] for i in wanted]

    async def list_tables(self, status: str, limit: int) -> list[TableData]:
        """The newest tables of a status, with seats but without their logs."""
        async with self.sessions() as session:
            rows = (
                (
                    await session.execute(
                        select(TableRow)
                        .where(TableRow.status == status)
                        .order_by(TableRow.updated_at.desc())
                        .limit(limit)
                    )
                )
                .scalars()
                .all()
            )
            out = [_table_data(r) for r in rows]
            by_id = {t.id: t for t in out}
            if by_id:
                seats = (
                    (
                        await session.execute(
                            select(SeatRow)
                            .where(SeatRow.table_id.in_(list(by_id)))
                            .order_by(SeatRow.table_id, SeatRow.seat)
                        )
                    )
                    .scalars()
                    .all()
                )
                for s in seats:
                    by_id[s.table_id].seats.append(
                        SeatData(s.seat, s.kind, s.bot, s.speed, s.name, None)
                    )
            return out


def _table_data(r: TableRow) -> TableData:
    """A stored table row as :class:`TableData` (no seats, no actions yet)."""
    return TableData(
        id=r.id,
        game=r.game,
        players=r.players,
        seed=r.seed,
        options=orjson.loads(r.options),
        status=r.status,
        created_at=r.created_at,
        updated_at=r.updated_at,
        clock=None if r.clock is None else orjson.loads(r.clock),
        outcome=None if r.outcome is None else orjson.loads(r.outcome),
        rematch_of=r.rematch_of,
        rematch_id=r.rematch_id,
        bot_seed=r.bot_seed,
        creator=r.creator,
        game_version=None if r.game_version is None else orjson.loads(r.game_version),
        hints=r.hints,
        tutorial=r.tutorial,
        abandoned=bool(r.abandoned),
        title=r.title,
        rated=bool(r.rated),
        clock_state=None if r.clock_state is None else orjson.loads(r.clock_state),
    )
