"""SQLAlchemy models: tables, seats (hashed tokens), persons and the action log.

Times are seconds since the epoch (floats) so that SQLite and PostgreSQL store
them the same way; JSON fields are text (the engine's data is JSON-safe).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
)
from sqlalchemy import text as sql_text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with a naming convention (Alembic batch mode needs it)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class TableRow(Base):
    """One game table: which game, its settings, and where it stands."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[str] = mapped_column(Text, default="{}")
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    outcome: Mapped[str | None] = mapped_column(Text, nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot_seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # private
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    game_version: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON
    hints: Mapped[bool | None] = mapped_column(Boolean, nullable=True)  # hints allowed
    tutorial: Mapped[str | None] = mapped_column(String(32), nullable=True)  # its game
    # the game ended (or was closed) with no person playing any more
    abandoned: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    title: Mapped[str | None] = mapped_column(String(60), nullable=True)  # the table's name
    rated: Mapped[bool | None] = mapped_column(Boolean, nullable=True)  # updates ratings
    # when a table asleep has a clock run out (epoch seconds; None: no clock runs)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    # the clocks of a table asleep (JSON); None: awake (``tables.dormant``)
    clock_state: Mapped[str | None] = mapped_column(Text, nullable=True)

    __table_args__ = (
        # the tables awake by status: a cluster's look for orphans never reads the
        # (many) tables asleep
        Index(
            "ix_game_tables_awake",
            "status",
            sqlite_where=sql_text("clock_state IS NULL"),
            postgresql_where=sql_text("clock_state IS NULL"),
        ),
    )


class PersonRow(Base):
    """The person behind a browser (or an API client): the seats taken with one
    person token belong to one person. Only the token's hash is stored."""

    __tablename__ = "persons"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[float] = mapped_column(Float)
    # the account this browser is signed in to (``server.tables.accounts``); None: none
    account_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )


class AccountRow(Base):
    """An account: a person signs in to it by a link sent to its email."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    created_at: Mapped[float] = mapped_column(Float)
    # a mail when it becomes your turn at a table over days (``tables.turnmails``)
    turn_mails: Mapped[bool] = mapped_column(Boolean, server_default=sql_text("true"))
    lang: Mapped[str | None] = mapped_column(String(8), nullable=True)  # its mails' language


class TurnMailRow(Base):
    """A person's turn at a table over days, to be told by mail (one a turn): made when
    their clock starts while they are not there, sent in the next batch of their
    account's mails (``sent_at``), gone when their turn ends."""

    __tablename__ = "turn_mails"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Float)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


class UnsubscribeLinkRow(Base):
    """The link in a turn mail that turns them off without signing in (its token's
    SHA-256)."""

    __tablename__ = "unsubscribe_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Float)


class SignInLinkRow(Base):
    """A one-time sign-in link (its token's SHA-256), bound to the person who asked."""

    __tablename__ = "sign_in_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    email: Mapped[str] = mapped_column(String(254), index=True)
    person_id: Mapped[str] = mapped_column(String(32), ForeignKey("persons.id", ondelete="CASCADE"))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)
    used_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class VacationRow(Base):
    """A person's clocks paused from ``starts_at`` to ``ends_at`` (epoch seconds)."""

    __tablename__ = "vacations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    person_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("persons.id", ondelete="CASCADE"), index=True
    )
    starts_at: Mapped[float] = mapped_column(Float)
    ends_at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """A rating per subject (``person:<id>`` or ``bot:<level>``) and game (openskill)."""

    __tablename__ = "ratings"

    subject: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    updated_at: Mapped[float] = mapped_column(Float)


class SeatRow(Base):
    """A seat at a table: open, a person (token stored as a hash) or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # open | human | bot
    bot: Mapped[str | None] = mapped_column(String(100), nullable=True)
    speed: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    # the person holding the seat; on an open seat, the person it is kept for (who
    # left it during the game, or who played it in the game a rematch follows)
    person_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("persons.id", ondelete="SET NULL"), nullable=True, index=True
    )


class ActionRow(Base):
    """One accepted action, in order; ``Game.replay`` of the log rebuilds the game."""

    __tablename__ = "action_log"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(400))
    version: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)
    clocks: Mapped[str | None] = mapped_column(Text, nullable=True)
    # the server played it for a person's seat (a stand-in bot or a zombie)
    stand_in: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # the key of the submission that asked for it (``tables.model.stored_key``: a digest
    # of seat, message id, version and action text), when it came with a message id
    submission: Mapped[str | None] = mapped_column(String(64), nullable=True)

    __table_args__ = (
        # one action per submission key and table (a repetition is answered, not applied)
        Index(
            "uq_action_log_submission",
            "table_id",
            "submission",
            unique=True,
            sqlite_where=sql_text("submission IS NOT NULL"),
            postgresql_where=sql_text("submission IS NOT NULL"),
        ),
    )


class LeaseRow(Base):
    """The lease of the one server that owns the database (renewed while it runs)."""

    __tablename__ = "server_lease"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    host: Mapped[str] = mapped_column(String(200))
    renewed_at: Mapped[float] = mapped_column(Float)


class TableLeaseRow(Base):
    """Which member of a cluster owns a table: ``epoch`` is the fencing token,
    ``expires_at`` is set and compared by the database's clock."""

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), index=True)
    epoch: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
