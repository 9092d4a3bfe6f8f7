"""Submission keys in the action log, so that repeated submissions are answered
after a restart or a takeover too.

- ``action_log.submission``: the key of the submission that asked for the action
  when it came with a message id (``tables.model.stored_key``: the SHA-256, in hex,
  of the seat, the id, the version it was chosen on and the action as sent). None
  for actions without an id (bots, stand-ins, older clients) and for actions from
  before this revision.
- ``uq_action_log_submission``: at most one action per key and table (a partial
  unique index: only rows with a key; SQLite and PostgreSQL both have them).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

_WHERE = sa.text("submission IS NOT NULL")


def upgrade() -> None:
    with op.batch_alter_table("action_log") as batch:
        batch.add_column(sa.Column("submission", sa.String(64), nullable=True))
    op.create_index(
        "uq_action_log_submission",
        "action_log",
        ["table_id", "submission"],
        unique=True,
        sqlite_where=_WHERE,
        postgresql_where=_WHERE,
    )


def downgrade() -> None:
    op.drop_index("uq_action_log_submission", table_name="action_log")
    with op.batch_alter_table("action_log") as batch:
        batch.drop_column("submission")
