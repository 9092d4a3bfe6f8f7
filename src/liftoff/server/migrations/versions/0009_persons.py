"""Persons: the person behind a browser, who owns the seats taken from it.

- ``persons``: one row per person token handed out (``id``; ``token_hash``, the
  SHA-256 of the token, never the token; ``created_at``). A browser keeps its
  token in an HttpOnly cookie, an API client in a header.
- ``seats.person_id``: the person holding the seat; on an open seat, the person
  it is kept for (who left it during the game, or who played it in the game a
  rematch follows). None for seats taken before this revision.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "persons",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_persons")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_persons_token_hash")),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("person_id", sa.String(32), nullable=True))
        batch.create_foreign_key(
            op.f("fk_seats_person_id_persons"),
            "persons",
            ["person_id"],
            ["id"],
            ondelete="SET NULL",
        )
        batch.create_index(op.f("ix_seats_person_id"), ["person_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index(op.f("ix_seats_person_id"))
        batch.drop_constraint(op.f("fk_seats_person_id_persons"), type_="foreignkey")
        batch.drop_column("person_id")
    op.drop_table("persons")
