"""Agency's report add-on: the winners' missions.

See :mod:`liftoff.sim.sections`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from liftoff.sim.facts import (
    Bars,
    MetricSpec,
    Row,
    Section,
    Value,
    played,
    rate_of,
)

#: details with a panel of their own here, or lists of something other than one
#: value per player: the generic per-player panels leave them out
SKIP: frozenset[str] = frozenset()


def metrics(rows: Sequence[Row]) -> list[MetricSpec]:
    d = [r["details"] for r in rows]

    def missions(x: Mapping[str, Any]) -> float:
        return float(sum(sum(level.values()) for level in x.get("missions_by_level", [])))

    return [
        ("agency.missions", "missions launched per game", "number", [missions(x) for x in d]),
        (
            "agency.level4",
            "level-4 missions per game",
            "number",
            [sum(x.get("level4_missions", [])) for x in d],
        ),
    ]


def _agency_winner_missions(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    counts: Counter[str] = Counter()
    for r in rows:
        counts.update(set(r["details"].get("winner_missions", [])))
    n = len(rows)
    top = counts.most_common(20)
    return {m: rate_of([True] * c + [False] * (n - c)) for m, c in top}


def sections(rows: Sequence[Row]) -> list[Section]:
    return [
        Section(
            "agency",
            "Agency: missions of the winners",
            "The missions the winners launched most often. (The rows carry the winners' "
            "missions but not their specialists.)",
            (
                Bars(
                    "agency_winner_missions",
                    "Missions most often held by a winner",
                    "share of games",
                    _agency_winner_missions,
                    "The 20 missions found most often among the winners' missions: share of "
                    "games (95% intervals).",
                    percent=True,
                ),
            ),
        )
    ]
