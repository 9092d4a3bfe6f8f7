"""Reading and writing game records (save files, replays, bug reports).

A record is ``{"game", "format", "version", "players", "seed", "options",
"actions": [[player, text], ...]}`` (see ``State.record``); on disk it is JSON. A
terminal game's save file also keeps its ``"seats"``, so that ``liftoff resume``
can seat the same players.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from liftoff.engine import ReplayError, State


def save_record(
    path: str | Path,
    state: State,
    seats: Sequence[str] | None = None,
    names: Sequence[str] | None = None,
) -> Path:
    """Write ``state.record()`` to ``path`` as JSON (atomically: temp file + rename).

    ``seats`` (one seat text per player: ``human``, ``medium``, ``ismcts:…``) is
    kept as the record's ``"seats"`` and ``names`` as its ``"names"``: extra data
    that ``Game.replay`` ignores and ``liftoff resume`` and ``liftoff replay``
    read back (:func:`record_seats`).
    """
    record = state.record()
    if seats is not None:
        record["seats"] = list(seats)
    if names is not None:
        record["names"] = list(names)
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(p.suffix + ".tmp")
    tmp.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    tmp.replace(p)
    return p


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; a clear :class:`ReplayError` names the file and what is wrong."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ReplayError(f"{p}: cannot be read: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{p}: not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ReplayError(f"{p}: a record must be a JSON object")
    missing = [k for k in ("game", "players", "seed", "options", "actions") if k not in data]
    if missing:
        raise ReplayError(f"{p}: record is missing {', '.join(missing)}")
    return data


def record_seats(record: Mapping[str, Any]) -> list[str] | None:
    """The seat texts a record keeps (see :func:`save_record`), or ``None`` when it
    keeps none (older records) or they do not fit its player count."""
    seats = record.get("seats")
    if (
        isinstance(seats, list)
        and len(seats) == record.get("players")
        and all(isinstance(s, str) and s for s in seats)
    ):
        return [str(s) for s in seats]
    return None
