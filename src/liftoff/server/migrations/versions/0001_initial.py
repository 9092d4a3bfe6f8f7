"""Initial schema: game tables, seats and the action log.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("clock", sa.Text(), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.Column("outcome", sa.Text(), nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch_id", sa.String(32), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_tables")),
    )
    with op.batch_alter_table("game_tables") as batch:
        batch.create_index(batch.f("ix_game_tables_status"), ["status"], unique=False)
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(100), nullable=True),
        sa.Column("speed", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name=op.f("fk_seats_table_id_game_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_seats")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_seats_token_hash")),
    )
    op.create_table(
        "action_log",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("clocks", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name=op.f("fk_action_log_table_id_game_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "idx", name=op.f("pk_action_log")),
    )


def downgrade() -> None:
    op.drop_table("action_log")
    op.drop_table("seats")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_index(batch.f("ix_game_tables_status"))
    op.drop_table("game_tables")
