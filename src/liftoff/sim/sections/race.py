"""Race's report add-on: ore against settlers, Stop and planets.

See :mod:`liftoff.sim.sections`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from liftoff.sim.facts import (
    Bars,
    MetricSpec,
    Panel,
    Row,
    Section,
    Value,
    detail_of,
    fair_share,
    mean_of,
    played,
    rate_of,
    share_of,
    win_share,
    winners_vs_others,
)

#: details with a panel of their own here, or lists of something other than one
#: value per player: the generic per-player panels leave them out
SKIP: frozenset[str] = frozenset({"ore_vp", "settler_vp", "stop_callers"})


def metrics(rows: Sequence[Row]) -> list[MetricSpec]:
    d = [r["details"] for r in rows]
    out: list[MetricSpec] = [
        ("race.ore", "ore VP per game (all players)", "number", [sum(x["ore_vp"]) for x in d]),
        (
            "race.settlers",
            "settler VP per game (all players)",
            "number",
            [sum(x["settler_vp"]) for x in d],
        ),
        ("race.thefts", "thefts per game", "number", [sum(x.get("thefts", [])) for x in d]),
        (
            "race.stop_round_top",
            "share of rounds the Stop caller scored most",
            "number",
            [_stop_top_share(x) for x in d],
        ),
    ]
    return out


def _stop_top_share(details: Mapping[str, Any]) -> float:
    rounds = details.get("round_scores") or []
    callers = details.get("stop_callers") or []
    hits = 0
    for scores, caller in zip(rounds, callers, strict=False):
        if scores and scores[caller] == max(scores):
            hits += 1
    return hits / len(callers) if callers else 0.0


def _race_sources(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    out: dict[str, Value] = {}
    for key, name in (("ore_vp", "ore"), ("settler_vp", "settlers")):
        won, lost = winners_vs_others(rows, detail_of(key))
        out[f"{name} (winners)"] = mean_of(won)
        out[f"{name} (others)"] = mean_of(lost)
    return out


def _race_stop_wins(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    shares: dict[int, list[float]] = {}
    for r in rows:
        callers = Counter(r["details"].get("stop_callers", []))
        for p in range(int(r["players"])):
            shares.setdefault(callers.get(p, 0), []).append(win_share(r, p))
    return {f"called Stop {k}x": share_of(v) for k, v in sorted(shares.items())}


def _race_stop_round(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    caller: list[float] = []
    others: list[float] = []
    for r in rows:
        d = r["details"]
        for scores, who in zip(d.get("round_scores", []), d.get("stop_callers", []), strict=False):
            caller.append(float(scores[who]))
            others.extend(float(s) for p, s in enumerate(scores) if p != who)
    return {"Stop caller": mean_of(caller), "other players": mean_of(others)}


def _race_stop_by_bot(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    flags: dict[str, list[bool]] = {}
    for r in rows:
        for caller in r["details"].get("stop_callers", []):
            for s, spec in enumerate(r["seats"]):
                flags.setdefault(spec, []).append(s == caller)
    return {spec: rate_of(f) for spec, f in sorted(flags.items())}


def _race_planets(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    counts: dict[str, list[float]] = {}
    names = sorted({str(p["name"]) for r in rows for p in r["details"].get("planets_scored", [])})
    for name in names:
        counts[name] = [
            float(sum(1 for p in r["details"].get("planets_scored", []) if p["name"] == name))
            for r in rows
        ]
    return {name: mean_of(v) for name, v in counts.items()}


def sections(rows: Sequence[Row]) -> list[Section]:
    by_bot: tuple[Panel, ...] = ()
    if len({spec for r in played(rows) for spec in r["seats"]}) > 1:
        by_bot = (
            Bars(
                "race_stop_by_bot",
                "Who calls Stop, by bot",
                "share of a seat's rounds with its Stop",
                _race_stop_by_bot,
                "For each bot: the share of its rounds in which it called Stop (95% "
                "intervals). Dashed line: 1/players, an even share.",
                reference=fair_share,
                percent=True,
            ),
        )
    return [
        Section(
            "race",
            "Race: ore against settlers, Stop and planets",
            "Where the points come from, whether calling Stop pays, and which planets get scored.",
            (
                *by_bot,
                Bars(
                    "race_sources",
                    "Points by source: ore against settlers",
                    "VP per player (mean)",
                    _race_sources,
                    "Mean ore and settler points per player, for the winners and the others "
                    "(95% intervals).",
                ),
                Bars(
                    "race_stop_wins",
                    "Win rate by number of Stops called",
                    "share of players who won",
                    _race_stop_wins,
                    "Players grouped by how many rounds they called Stop in; the share of each "
                    "group that won the game (95% intervals).",
                    reference=fair_share,
                    percent=True,
                ),
                Bars(
                    "race_stop_round",
                    "Round score of the Stop caller",
                    "VP in the round (mean)",
                    _race_stop_round,
                    "Mean points scored in a round by the player who called Stop in it, against "
                    "the other players (95% intervals).",
                ),
                Bars(
                    "race_planets",
                    "Planets scored (settler majorities)",
                    "times scored per game",
                    _race_planets,
                    "How often each planet was scored by a settler majority, per game.",
                ),
            ),
        )
    ]
