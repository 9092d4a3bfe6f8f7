"""Accounts: sign in by a link sent by email.

- ``accounts``: an account, by its email (kept lower-case; shown to nobody but
  its owner).
- ``persons.account_id``: the account a person (a browser) is signed in to; the
  seats of every person of an account are the account's. Signing out clears it.
- ``sign_in_links``: a one-time link asked for by a person (the SHA-256 of its
  token only), for an email, until ``expires_at``; ``used_at`` once opened.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("email", name=op.f("uq_accounts_email")),
    )
    with op.batch_alter_table("persons") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))
        batch.create_foreign_key(
            op.f("fk_persons_account_id_accounts"),
            "accounts",
            ["account_id"],
            ["id"],
            ondelete="SET NULL",
        )
        batch.create_index(op.f("ix_persons_account_id"), ["account_id"])
    op.create_table(
        "sign_in_links",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("person_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("used_at", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sign_in_links")),
        sa.ForeignKeyConstraint(
            ["person_id"],
            ["persons.id"],
            name=op.f("fk_sign_in_links_person_id_persons"),
            ondelete="CASCADE",
        ),
    )
    op.create_index(op.f("ix_sign_in_links_email"), "sign_in_links", ["email"])


def downgrade() -> None:
    op.drop_index(op.f("ix_sign_in_links_email"), table_name="sign_in_links")
    op.drop_table("sign_in_links")
    with op.batch_alter_table("persons") as batch:
        batch.drop_index(op.f("ix_persons_account_id"))
        batch.drop_constraint(op.f("fk_persons_account_id_accounts"), type_="foreignkey")
        batch.drop_column("account_id")
    op.drop_table("accounts")
