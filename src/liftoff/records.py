"""Reading and writing game records (save files, replays, bug reports).

A record is ``{"game", "players", "seed", "options", "actions": [[player, text], ...]}``
(see ``State.record``); on disk it is JSON.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from liftoff.engine import ReplayError, State


def save_record(path: str | Path, state: State) -> Path:
    """Write ``state.record()`` to ``path`` as JSON (atomically: temp file + rename)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(p.suffix + ".tmp")
    tmp.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
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
