"""Alembic migrations of the server's database (applied on start)."""
