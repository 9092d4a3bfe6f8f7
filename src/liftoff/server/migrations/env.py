"""Alembic environment: runs on a connection handed over by the server.

The server applies migrations programmatically (``storage.db.migrate``), passing
an open synchronous connection in ``config.attributes["connection"]``.
"""

from __future__ import annotations

from alembic import context

from liftoff.server.storage.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    """Migrate on the connection the server passed in."""
    connection = config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("liftoff migrations run through liftoff.server.storage.db.migrate")
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise RuntimeError("offline (SQL script) migrations are not supported")
run_migrations_online()
