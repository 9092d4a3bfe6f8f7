"""A race table's pace, chosen in the lobby: how long each revealed card of a
resolution stays on screen, and the pause before the next round.

Stored with the table (in its clock setting's place: a race has no clocks) and
kept by its rematch. Out-of-range values are refused in words (422).
"""

from __future__ import annotations

from typing import Any

from ..errors import ApiError

#: seconds each revealed card is shown: from quick to slow enough to read aloud
REVEAL_BOUNDS = (0.3, 5.0)
#: seconds before the next round (once everybody is ready, where people sit)
PAUSE_BOUNDS = (1.0, 30.0)
FIELDS = {"reveal_pace": REVEAL_BOUNDS, "round_pause": PAUSE_BOUNDS}


def race_pace(spec: dict[str, Any] | None) -> dict[str, float] | None:
    """A race table's pace from a client's (``reveal_pace``, ``round_pause``, in
    seconds, either may be left out); ``None`` when nothing was chosen."""
    if not spec:
        return None
    out: dict[str, float] = {}
    for key, value in spec.items():
        if key not in FIELDS:
            raise ApiError(
                422, "bad-race-pace", say="api.error.bad-race-pace.field", params={"field": key}
            )
        if value is None:
            continue
        low, high = FIELDS[key]
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not low <= value <= high
        ):
            raise ApiError(
                422,
                "bad-race-pace",
                say=f"api.error.bad-race-pace.{key}",
                params={"low": f"{low:g}", "high": f"{high:g}"},
            )
        out[key] = float(value)
    return out or None
