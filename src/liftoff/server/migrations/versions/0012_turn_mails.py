"""Turn mails: a mail when it becomes your turn at a table over days.

- ``accounts.turn_mails``: whether the account gets them (on unless turned off);
  ``accounts.lang``: the language of its mails (the one it signed in with).
- ``turn_mails``: a person's turn at a table (one row a seat), to be told in the
  next batch of their account's mails; ``sent_at`` once mailed; deleted when the
  turn ends.
- ``unsubscribe_links``: the link each mail carries to turn them off without
  signing in (the SHA-256 of its token).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(
            sa.Column("turn_mails", sa.Boolean(), nullable=False, server_default=sa.true())
        )
        batch.add_column(sa.Column("lang", sa.String(8), nullable=True))
    op.create_table(
        "turn_mails",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("sent_at", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_turn_mails")),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name=op.f("fk_turn_mails_table_id_game_tables"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_turn_mails_account_id_accounts"),
            ondelete="CASCADE",
        ),
    )
    op.create_index(op.f("ix_turn_mails_account_id"), "turn_mails", ["account_id"])
    op.create_index(op.f("ix_turn_mails_sent_at"), "turn_mails", ["sent_at"])
    op.create_table(
        "unsubscribe_links",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_unsubscribe_links")),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_unsubscribe_links_account_id_accounts"),
            ondelete="CASCADE",
        ),
    )
    op.create_index(op.f("ix_unsubscribe_links_account_id"), "unsubscribe_links", ["account_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_unsubscribe_links_account_id"), table_name="unsubscribe_links")
    op.drop_table("unsubscribe_links")
    op.drop_index(op.f("ix_turn_mails_sent_at"), table_name="turn_mails")
    op.drop_index(op.f("ix_turn_mails_account_id"), table_name="turn_mails")
    op.drop_table("turn_mails")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("lang")
        batch.drop_column("turn_mails")
