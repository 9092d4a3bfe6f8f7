"""Leases per table, for several servers sharing one database.

- ``table_leases``: which member of a cluster owns a live table (``owner``), the
  fencing token (``epoch``, one more at every change of owner) and when the lease
  runs out (``expires_at``, by the database's clock). Only servers started with
  ``--redis`` use it; one server alone keeps using ``server_lease``.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("epoch", sa.BigInteger(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_table_leases")),
    )
    op.create_index(op.f("ix_table_leases_owner"), "table_leases", ["owner"])


def downgrade() -> None:
    op.drop_index(op.f("ix_table_leases_owner"), table_name="table_leases")
    op.drop_table("table_leases")
