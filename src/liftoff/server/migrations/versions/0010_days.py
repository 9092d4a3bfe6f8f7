"""Tables played over days: vacations, ratings, rated tables, clock deadlines.

- ``vacations``: a person paused their clocks from ``starts_at`` to ``ends_at``
  (seconds since the epoch); the days taken in a year are counted from them.
- ``ratings``: one row per subject (``person:<id>`` or ``bot:<level>``) and game:
  an openskill rating (``mu``, ``sigma``), the games it counts, a name to show.
- ``game_tables.rated``: the table's result updates its players' ratings.
- ``game_tables.deadline``: when the first running clock of a table asleep runs
  out (seconds since the epoch; ``NULL``: no clock runs), for a sweep that wakes
  only for due deadlines.
- ``game_tables.clock_state``: the clocks of a table asleep (JSON: remaining ms,
  running players, the epoch seconds they were charged at); ``NULL``: the table is
  awake (held in memory by a server, or never asleep).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("person_id", sa.String(32), nullable=False),
        sa.Column("starts_at", sa.Float(), nullable=False),
        sa.Column("ends_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_vacations")),
        sa.ForeignKeyConstraint(
            ["person_id"],
            ["persons.id"],
            name=op.f("fk_vacations_person_id_persons"),
            ondelete="CASCADE",
        ),
    )
    op.create_index(op.f("ix_vacations_person_id"), "vacations", ["person_id"])
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("subject", "game", name=op.f("pk_ratings")),
    )
    op.create_index(op.f("ix_ratings_game"), "ratings", ["game"])
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float(), nullable=True))
        batch.add_column(sa.Column("clock_state", sa.Text(), nullable=True))
        batch.create_index(op.f("ix_game_tables_deadline"), ["deadline"])
    op.create_index(
        "ix_game_tables_awake",
        "game_tables",
        ["status"],
        sqlite_where=sa.text("clock_state IS NULL"),
        postgresql_where=sa.text("clock_state IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_game_tables_awake", table_name="game_tables")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_index(op.f("ix_game_tables_deadline"))
        batch.drop_column("clock_state")
        batch.drop_column("deadline")
        batch.drop_column("rated")
    op.drop_index(op.f("ix_ratings_game"), table_name="ratings")
    op.drop_table("ratings")
    op.drop_index(op.f("ix_vacations_person_id"), table_name="vacations")
    op.drop_table("vacations")
