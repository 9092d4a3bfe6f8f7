"""Each table says whether its players may ask for hints.

- ``game_tables.hints``: set when the table is created (on by default at a
  table with at most one person's seat, off otherwise; the creator may choose).
  Tables from before this revision have none and get the default from their
  seats when rebuilt.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("hints")
