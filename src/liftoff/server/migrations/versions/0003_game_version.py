"""Each table keeps the rules and content version its game is played under.

- ``game_tables.game_version``: ``Game.version`` as JSON (``{"rules", "content"}``),
  written when the table is created. Rebuilding a table after a restart passes it
  to ``Game.replay``, which refuses a game played under other rules or content
  naming both versions, instead of silently playing a different game. Tables
  from before this revision have none and count as rules 1.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("game_version", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("game_version")
