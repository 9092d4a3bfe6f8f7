"""Each table says whether it is a game's interactive first game.

- ``game_tables.tutorial``: the game whose tutorial the table is (its coach is
  shown on the table page), or none. Tables from before this revision are not
  tutorials.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("tutorial", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("tutorial")
