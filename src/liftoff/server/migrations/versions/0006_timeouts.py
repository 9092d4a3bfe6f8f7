"""Time-outs, stand-in moves, abandoned games and table names.

- ``action_log.stand_in``: set on an action the server played for a person's
  seat (a stand-in bot after the others let one play for a player out of time,
  or the bot of a player away past the grace period, or of a seat left open).
  Actions from before this revision have none (a person's move, or unknown).
- ``game_tables.abandoned``: set when a game ended with no person playing any
  more, or was closed for idleness while in play. None before this revision.
- ``game_tables.title``: the table's name, as its creator gave it (optional).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("action_log") as batch:
        batch.add_column(sa.Column("stand_in", sa.Boolean(), nullable=True))
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("abandoned", sa.Boolean(), nullable=True))
        batch.add_column(sa.Column("title", sa.String(60), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("title")
        batch.drop_column("abandoned")
    with op.batch_alter_table("action_log") as batch:
        batch.drop_column("stand_in")
