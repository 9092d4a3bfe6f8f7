"""Persistence: SQLAlchemy models, Alembic migrations and the action-log store."""

from __future__ import annotations

from .db import ActionData, SeatData, Store, TableData, normalize_url

__all__ = ["ActionData", "SeatData", "Store", "TableData", "normalize_url"]
