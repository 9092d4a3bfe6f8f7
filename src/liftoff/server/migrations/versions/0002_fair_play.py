"""Fair play: each table's private bot seed and creator address; the server lease.

- ``game_tables.bot_seed``: drawn from the operating system's randomness when the
  table is created; every bot at the table is seeded from it (never from the game
  seed), and it stays in the database so a finished game replays exactly.
- ``game_tables.creator``: the client address that created the table (quotas).
- ``server_lease``: the one server that owns the database renews its lease here;
  a second server finds it held and refuses to start.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("bot_seed", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.create_index(batch.f("ix_game_tables_creator"), ["creator"], unique=False)
    op.create_table(
        "server_lease",
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("host", sa.String(200), nullable=False),
        sa.Column("renewed_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_server_lease")),
    )


def downgrade() -> None:
    op.drop_table("server_lease")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_index(batch.f("ix_game_tables_creator"))
        batch.drop_column("creator")
        batch.drop_column("bot_seed")
