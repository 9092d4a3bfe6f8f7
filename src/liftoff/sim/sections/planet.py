"""Planet's report add-on: escapes, Lift Off Points and days.

See :mod:`liftoff.sim.sections`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from liftoff.sim.facts import (
    Bars,
    Hist,
    MetricSpec,
    Row,
    Section,
    Value,
    mean_of,
    played,
    players_of,
    rate_of,
)

#: details with a panel of their own here, or lists of something other than one
#: value per player: the generic per-player panels leave them out
SKIP: frozenset[str] = frozenset({"finished", "saved", "saved_by_day"})


def metrics(rows: Sequence[Row]) -> list[MetricSpec]:
    d = [r["details"] for r in rows]
    return [
        (
            "planet.escaped",
            "someone saved all 10 Aliens",
            "rate",
            [bool(x.get("finished")) for x in d],
        ),
        (
            "planet.saved",
            "Aliens saved per game (all players)",
            "number",
            [sum(x["saved"]) for x in d],
        ),
        ("planet.days", "days passed", "number", [x.get("days_passed") for x in d]),
        (
            "planet.launches",
            "launches per game",
            "number",
            [sum(x["launches"].values()) for x in d],
        ),
    ]


def _planet_launches(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    per: dict[str, list[float]] = {}
    for r in rows:
        d = r["details"]
        present = set(d.get("lift_off_points", [])) | set(d.get("launches", {}))
        for lp in present:
            per.setdefault(lp, []).append(float(d.get("launches", {}).get(lp, 0)))
    return {lp: mean_of(v) for lp, v in sorted(per.items())}


def _planet_saved_by_lp(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    total: Counter[str] = Counter()
    for r in rows:
        total.update(r["details"].get("saved_by_lift_off_point", {}))
    n = sum(total.values())
    out: dict[str, Value] = {}
    for lp in sorted(total):
        share = total[lp] / n if n else 0.0
        out[lp] = (share, share, share)
    return out


def _planet_saved_by_day(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    days = max((len(r["details"].get("saved_by_day", [])) for r in rows), default=0)
    out: dict[str, Value] = {}
    for day in range(days):
        values = [
            float(r["details"]["saved_by_day"][day])
            if day < len(r["details"]["saved_by_day"])
            else 0.0
            for r in rows
        ]
        out[str(day)] = mean_of(values)
    return out


def _planet_escape_by_seat(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    return {
        f"seat {s}": rate_of([s in r["details"].get("finished", []) for r in rows])
        for s in range(players_of(rows))
    }


def _planet_saved_total(rows: Sequence[Row]) -> list[float]:
    return [float(sum(r["details"]["saved"])) for r in played(rows)]


def _planet_saved_player(rows: Sequence[Row]) -> list[float]:
    return [float(s) for r in played(rows) for s in r["details"]["saved"]]


def _planet_days(rows: Sequence[Row]) -> list[float]:
    return [float(r["details"]["days_passed"]) for r in played(rows)]


def sections(rows: Sequence[Row]) -> list[Section]:
    return [
        Section(
            "planet",
            "Planet: escapes, Lift Off Points and days",
            "How often the planet is fully escaped and by whom, which Lift Off Points "
            "carry the Aliens off, and when. 'Explosion' games ended on the Day Track; "
            "'rescue' games ended when a player saved all their Aliens.",
            (
                Bars(
                    "planet_escape_by_seat",
                    "Full escape by seat",
                    "share of games",
                    _planet_escape_by_seat,
                    "Share of games in which each seat saved all 10 Aliens (95% intervals).",
                    percent=True,
                ),
                Hist(
                    "planet_saved_player",
                    "Aliens saved per player",
                    "Aliens saved",
                    _planet_saved_player,
                    "How many of their 10 Aliens each player saved.",
                    per="players",
                ),
                Hist(
                    "planet_saved_total",
                    "Aliens saved per game (all players)",
                    "Aliens",
                    _planet_saved_total,
                    "Aliens saved by all players together in each game.",
                ),
                Hist(
                    "planet_days",
                    "Days passed",
                    "days",
                    _planet_days,
                    "Days of the Day Track that passed before the game ended (a game that "
                    "explodes uses them all).",
                ),
                Bars(
                    "planet_launches",
                    "Launches per Lift Off Point",
                    "launches per game on the board",
                    _planet_launches,
                    "Mean launches of each Lift Off Point in the games where it was on the board "
                    "(at the end, or launched at least once), with 95% intervals.",
                ),
                Bars(
                    "planet_saved_by_lp",
                    "Which Lift Off Points save the Aliens",
                    "share of all saved Aliens",
                    _planet_saved_by_lp,
                    "Share of all saved Aliens that left on each Lift Off Point.",
                    percent=True,
                ),
                Bars(
                    "planet_saved_by_day",
                    "Aliens saved per day",
                    "Aliens saved on the day (mean per game)",
                    _planet_saved_by_day,
                    "Mean number of Aliens saved on each day of the Day Track (day 0 is the "
                    "first), with 95% intervals.",
                    orientation="vertical",
                ),
            ),
        )
    ]
