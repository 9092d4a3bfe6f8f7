"""What a report shows about a run, computed from its rows (no plotting here).

- :func:`metrics`: per-game numbers and rates that two runs can be compared on
  (length, scores, seat win rates, how games end, and each game's own facts);
- :func:`panels`: bar charts and histograms, common and game-specific, as data.

Everything comes from the rows written by ``liftoff simulate``, that is from
``Outcome`` and its ``details``; a game without its own section still gets the
generic ones (per-player facts of winners against the other players).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from liftoff.sim.stats import mean_interval, wilson

Row = Mapping[str, Any]
Value = tuple[float, float, float]
"""A value with its 95% interval: ``(value, low, high)``."""


def played(rows: Sequence[Row]) -> list[Row]:
    """The rows of games that finished (failed games are left out of statistics)."""
    return [r for r in rows if r.get("termination") != "error"]


def failures(rows: Sequence[Row]) -> tuple[int, str]:
    """How many games failed, and their error kinds counted (``"TooLong ×2"``)."""
    kinds: dict[str, int] = {}
    for r in rows:
        if r.get("termination") == "error":
            kind = str(r.get("error", "")).split(":")[0] or "error"
            kinds[kind] = kinds.get(kind, 0) + 1
    return sum(kinds.values()), ", ".join(f"{k} ×{v}" for k, v in sorted(kinds.items()))


@dataclass(frozen=True)
class Metric:
    """One number per game, comparable between runs.

    ``kind == "rate"``: values are 0/1 (compared with a two-proportion test);
    ``kind == "number"``: any numbers (compared with a Mann–Whitney test).
    """

    key: str
    label: str
    kind: Literal["rate", "number"]
    values: tuple[float, ...]
    group: str = "general"


@dataclass(frozen=True)
class Bars:
    """A bar chart: for each run, label -> (value, low, high)."""

    key: str
    title: str
    ylabel: str
    compute: Callable[[Sequence[Row]], dict[str, Value]]
    caption: str = ""
    reference: Callable[[Sequence[Row]], float | None] | None = None
    percent: bool = False
    orientation: Literal["auto", "vertical", "horizontal"] = "auto"


@dataclass(frozen=True)
class Hist:
    """A distribution: for each run, one number per game (or per player-game)."""

    key: str
    title: str
    xlabel: str
    compute: Callable[[Sequence[Row]], list[float]]
    caption: str = ""
    per: str = "games"


Panel = Bars | Hist


@dataclass(frozen=True)
class Section:
    """A titled group of panels."""

    key: str
    title: str
    intro: str
    panels: tuple[Panel, ...] = field(default_factory=tuple)


# -- small helpers ------------------------------------------------------------------------


def _players(rows: Sequence[Row]) -> int:
    return max((int(r["players"]) for r in rows), default=0)


def _rate(flags: Sequence[bool]) -> Value:
    n = len(flags)
    k = sum(1 for f in flags if f)
    lo, hi = wilson(k, n)
    return (k / n if n else 0.0), lo, hi


def _mean(values: Sequence[float]) -> Value:
    return mean_interval([float(v) for v in values])


def _num(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    return None


def winners_of(row: Row) -> list[int]:
    """The winners of a finished game."""
    return [int(w) for w in row.get("winners") or []]


def win_share(row: Row, seat: int) -> float:
    """``seat``'s share of the win in one game: ``1/k`` if it is one of ``k``
    winners, else 0. Over a run the shares of all seats sum to the number of
    games with a winner, so a fair seat's mean share is ``1/players``."""
    winners = winners_of(row)
    return 1 / len(winners) if seat in winners else 0.0


def _share(values: Sequence[float]) -> Value:
    """Mean win share with a Wilson 95% interval on the fractional count."""
    n = len(values)
    k = float(sum(values))
    lo, hi = wilson(k, n)
    return (k / n if n else 0.0), lo, hi


def _player_lists(rows: Sequence[Row], skip: set[str]) -> dict[str, str]:
    """Details keys holding one number (or one dict of numbers) per player in
    every row: key -> ``"number"`` or ``"dict"``."""
    kinds: dict[str, str] = {}
    rejected: set[str] = set(skip)
    for row in rows:
        n = int(row["players"])
        details = row.get("details") or {}
        for key in list(kinds):
            if key not in details:
                rejected.add(key)
        for key, value in details.items():
            if key in rejected:
                continue
            kind = None
            if isinstance(value, list) and len(value) == n:
                if all(_num(v) is not None for v in value):
                    kind = "number"
                elif all(
                    isinstance(v, dict) and all(_num(x) is not None for x in v.values())
                    for v in value
                ):
                    kind = "dict"
            if kind is None or kinds.setdefault(key, kind) != kind:
                rejected.add(key)
    return {k: v for k, v in kinds.items() if k not in rejected}


def detail_of(key: str, part: str | None = None) -> Callable[[Row, int], float | None]:
    """A getter of player ``p``'s ``details[key][p]`` (or its ``part``) as a number."""

    def get(row: Row, p: int) -> float | None:
        value = row["details"][key][p]
        if part is not None:
            value = value.get(part, 0)
        return _num(value)

    return get


def winners_vs_others(
    rows: Sequence[Row], get: Callable[[Row, int], float | None]
) -> tuple[list[float], list[float]]:
    """Per-player values split into the winners' and everyone else's."""
    won: list[float] = []
    lost: list[float] = []
    for row in rows:
        winners = set(winners_of(row))
        for p in range(int(row["players"])):
            value = get(row, p)
            if value is None:
                continue
            (won if p in winners else lost).append(value)
    return won, lost


# -- metrics ------------------------------------------------------------------------------


def metrics(
    rows: Sequence[Row], players: int | None = None, endings: Sequence[str] | None = None
) -> list[Metric]:
    """The per-game metrics of a run (finished games only).

    ``players`` limits the seat metrics; ``endings`` lists the terminations to
    give a rate for (default: this run's, if it has more than one).
    """
    rows = played(rows)
    n = players if players is not None else _players(rows)
    out: list[Metric] = []

    def number(key: str, label: str, values: Sequence[float | None], group: str) -> None:
        clean = tuple(float(v) for v in values if v is not None)
        if len(clean) == len(rows) and clean:
            out.append(Metric(key, label, "number", clean, group))

    def rate(key: str, label: str, flags: Sequence[bool], group: str) -> None:
        if flags:
            out.append(Metric(key, label, "rate", tuple(1.0 if f else 0.0 for f in flags), group))

    for key in ("actions", "turns", "rounds"):
        number(
            f"length.{key}", f"game length ({key})", [r["length"].get(key) for r in rows], "length"
        )
    number("score.winner", "winning score", [max(r["scores"]) for r in rows], "scores")
    number(
        "score.mean", "mean score", [sum(r["scores"]) / len(r["scores"]) for r in rows], "scores"
    )
    number(
        "score.margin",
        "winning margin (1st - 2nd score)",
        [_margin(r["scores"]) for r in rows],
        "scores",
    )
    rate("winners.shared", "shared win", [len(winners_of(r)) > 1 for r in rows], "seats")
    for seat in range(n):
        shares = tuple(win_share(r, seat) for r in rows)
        if shares:
            # a win shared by k counts 1/k (the fair share is 1/players)
            out.append(Metric(f"seat.{seat}", f"seat {seat} win share", "rate", shares, "seats"))
    ends = list(endings) if endings is not None else sorted({str(r["termination"]) for r in rows})
    if len(ends) > 1:
        for end in ends:
            rate(f"end.{end}", f"ends by {end}", [r["termination"] == end for r in rows], "ending")
    extra = GAME_METRICS.get(str(rows[0]["game"])) if rows else None
    if extra is not None:
        for key, label, kind, values in extra(rows):
            if kind == "rate":
                rate(key, label, [bool(v) for v in values], "game")
            else:
                number(key, label, values, "game")
    return out


def _margin(scores: Sequence[float]) -> float:
    ordered = sorted((float(s) for s in scores), reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else ordered[0]


MetricSpec = tuple[str, str, str, list[Any]]


def _planet_metrics(rows: Sequence[Row]) -> list[MetricSpec]:
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


def _race_metrics(rows: Sequence[Row]) -> list[MetricSpec]:
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


def _agency_metrics(rows: Sequence[Row]) -> list[MetricSpec]:
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


GAME_METRICS: dict[str, Callable[[Sequence[Row]], list[MetricSpec]]] = {
    "planet": _planet_metrics,
    "race": _race_metrics,
    "agency": _agency_metrics,
}


# -- panels -------------------------------------------------------------------------------


def _seat_wins(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    return {f"seat {s}": _share([win_share(r, s) for r in rows]) for s in range(_players(rows))}


def _fair_share(rows: Sequence[Row]) -> float | None:
    n = _players(rows)
    return 1 / n if n else None


def _bot_wins(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    # one value per game and bot (the mean share of its seats in that game): seats of
    # one bot in one game are not independent, so games are the sampling unit
    shares: dict[str, list[float]] = {}
    for r in rows:
        seats: dict[str, list[float]] = {}
        for s, spec in enumerate(r["seats"]):
            seats.setdefault(spec, []).append(win_share(r, s))
        for spec, values in seats.items():
            shares.setdefault(spec, []).append(sum(values) / len(values))
    return {spec: _mean(f) for spec, f in sorted(shares.items())}


def _seat_scores(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    return {f"seat {s}": _mean([r["scores"][s] for r in rows]) for s in range(_players(rows))}


def _endings(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    kinds = sorted({str(r["termination"]) for r in rows})
    return {k: _rate([r["termination"] == k for r in rows]) for k in kinds}


def _length(key: str) -> Callable[[Sequence[Row]], list[float]]:
    def compute(rows: Sequence[Row]) -> list[float]:
        return [float(r["length"][key]) for r in played(rows) if r["length"].get(key) is not None]

    return compute


def _all_scores(rows: Sequence[Row]) -> list[float]:
    return [float(s) for r in played(rows) for s in r["scores"]]


def _winning_scores(rows: Sequence[Row]) -> list[float]:
    return [float(max(r["scores"])) for r in played(rows)]


def common_sections(rows: Sequence[Row]) -> list[Section]:
    """Seat balance, bots, scores and length: for every game."""
    rows = played(rows)
    bots = {spec for r in rows for spec in r["seats"]}
    seat_panels: list[Panel] = [
        Bars(
            "seat_wins",
            "Win rate by seat",
            "share of wins (a win shared by k counts 1/k)",
            _seat_wins,
            "Bars: each seat's share of the wins (a win shared by k winners counts 1/k "
            "for each, so the seats' shares add up to 100% of the games with a winner), "
            "with 95% Wilson intervals. Dashed line: the fair share 1/players. A seat "
            "whose interval misses the line wins significantly more or less often than a "
            "fair seat would.",
            reference=_fair_share,
            percent=True,
        ),
        Bars(
            "seat_scores",
            "Mean score by seat",
            "score",
            _seat_scores,
            "Mean final score of each seat, with 95% intervals.",
        ),
    ]
    if len(bots) > 1:
        seat_panels.append(
            Bars(
                "bot_wins",
                "Win rate by bot",
                "win share per seat played (a win shared by k counts 1/k)",
                _bot_wins,
                "For each bot: its mean win share per seat it played (a win shared by k "
                "winners counts 1/k), with 95% intervals that treat each game, not each "
                "seat, as one observation (a bot in several seats of one game is one "
                "sample). Dashed line: the fair share 1/players.",
                reference=_fair_share,
                percent=True,
            )
        )
    sections = [
        Section(
            "seats",
            "Seat balance",
            "Does the seat (turn order) decide who wins?",
            tuple(seat_panels),
        )
    ]
    length_panels: list[Panel] = [
        Hist(
            f"length_{key}",
            f"Game length: {key}",
            key,
            _length(key),
            f"Distribution of the number of {key} per game.",
        )
        for key in ("actions", "turns", "rounds")
        if any(r["length"].get(key) is not None for r in rows)
    ]
    length_panels.append(
        Bars(
            "endings",
            "How games end",
            "share of games",
            _endings,
            "Share of games by the game's termination (95% intervals).",
            percent=True,
        )
    )
    sections.append(
        Section(
            "length",
            "Length and ending",
            "How long games run and how they end.",
            tuple(length_panels),
        )
    )
    sections.append(
        Section(
            "scores",
            "Scores",
            "Final scores of all players and of the winners.",
            (
                Hist(
                    "scores_all",
                    "Final scores (every player)",
                    "score",
                    _all_scores,
                    "Final score of every player of every game.",
                    per="players",
                ),
                Hist(
                    "scores_winner",
                    "Winning score",
                    "score",
                    _winning_scores,
                    "The highest final score of each game.",
                ),
            ),
        )
    )
    return sections


def _per_player_panels(rows: Sequence[Row], skip: set[str]) -> list[Panel]:
    """For each per-player details list: winners' mean against everyone else's."""
    panels: list[Panel] = []
    kinds = _player_lists(rows, skip)
    numbers = [k for k, kind in kinds.items() if kind == "number"]
    if numbers:

        def compute(rs: Sequence[Row], keys: list[str] = numbers) -> dict[str, Value]:
            rs = played(rs)
            out: dict[str, Value] = {}
            for key in keys:
                won, lost = winners_vs_others(rs, detail_of(key))
                out[f"{key}|winners"] = _mean(won)
                out[f"{key}|others"] = _mean(lost)
            return out

        panels.append(
            Bars(
                "players_numbers",
                "Per-player facts: winners against the others",
                "mean per player",
                compute,
                "Mean of each per-player fact for the winners and for the other players "
                "(95% intervals).",
            )
        )
    for key in (k for k, kind in kinds.items() if kind == "dict"):

        def compute_dict(rs: Sequence[Row], key: str = key) -> dict[str, Value]:
            rs = played(rs)
            labels: dict[str, None] = {}
            for r in rs:
                for entry in r["details"][key]:
                    for name in entry:
                        labels.setdefault(str(name), None)
            out: dict[str, Value] = {}
            for name in labels:
                won, lost = winners_vs_others(rs, detail_of(key, name))
                out[f"{name}|winners"] = _mean(won)
                out[f"{name}|others"] = _mean(lost)
            return out

        panels.append(
            Bars(
                f"players_{key}",
                f"{key.replace('_', ' ').capitalize()}: winners against the others",
                "mean per player",
                compute_dict,
                f"Mean per player of each part of '{key}', winners and other players "
                "(95% intervals).",
            )
        )
    return panels


# -- planet -------------------------------------------------------------------------------


def _planet_launches(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    per: dict[str, list[float]] = {}
    for r in rows:
        d = r["details"]
        present = set(d.get("lift_off_points", [])) | set(d.get("launches", {}))
        for lp in present:
            per.setdefault(lp, []).append(float(d.get("launches", {}).get(lp, 0)))
    return {lp: _mean(v) for lp, v in sorted(per.items())}


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
        out[str(day)] = _mean(values)
    return out


def _planet_escape_by_seat(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    return {
        f"seat {s}": _rate([s in r["details"].get("finished", []) for r in rows])
        for s in range(_players(rows))
    }


def _planet_saved_total(rows: Sequence[Row]) -> list[float]:
    return [float(sum(r["details"]["saved"])) for r in played(rows)]


def _planet_saved_player(rows: Sequence[Row]) -> list[float]:
    return [float(s) for r in played(rows) for s in r["details"]["saved"]]


def _planet_days(rows: Sequence[Row]) -> list[float]:
    return [float(r["details"]["days_passed"]) for r in played(rows)]


def _planet_sections(rows: Sequence[Row]) -> list[Section]:
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


# -- race ---------------------------------------------------------------------------------


def _race_sources(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    out: dict[str, Value] = {}
    for key, name in (("ore_vp", "ore"), ("settler_vp", "settlers")):
        won, lost = winners_vs_others(rows, detail_of(key))
        out[f"{name} (winners)"] = _mean(won)
        out[f"{name} (others)"] = _mean(lost)
    return out


def _race_stop_wins(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    shares: dict[int, list[float]] = {}
    for r in rows:
        callers = Counter(r["details"].get("stop_callers", []))
        for p in range(int(r["players"])):
            shares.setdefault(callers.get(p, 0), []).append(win_share(r, p))
    return {f"called Stop {k}x": _share(v) for k, v in sorted(shares.items())}


def _race_stop_round(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    caller: list[float] = []
    others: list[float] = []
    for r in rows:
        d = r["details"]
        for scores, who in zip(d.get("round_scores", []), d.get("stop_callers", []), strict=False):
            caller.append(float(scores[who]))
            others.extend(float(s) for p, s in enumerate(scores) if p != who)
    return {"Stop caller": _mean(caller), "other players": _mean(others)}


def _race_stop_by_bot(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    flags: dict[str, list[bool]] = {}
    for r in rows:
        for caller in r["details"].get("stop_callers", []):
            for s, spec in enumerate(r["seats"]):
                flags.setdefault(spec, []).append(s == caller)
    return {spec: _rate(f) for spec, f in sorted(flags.items())}


def _race_planets(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    counts: dict[str, list[float]] = {}
    names = sorted({str(p["name"]) for r in rows for p in r["details"].get("planets_scored", [])})
    for name in names:
        counts[name] = [
            float(sum(1 for p in r["details"].get("planets_scored", []) if p["name"] == name))
            for r in rows
        ]
    return {name: _mean(v) for name, v in counts.items()}


def _race_sections(rows: Sequence[Row]) -> list[Section]:
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
                reference=_fair_share,
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
                    reference=_fair_share,
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


# -- agency -------------------------------------------------------------------------------


def _agency_winner_missions(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    counts: Counter[str] = Counter()
    for r in rows:
        counts.update(set(r["details"].get("winner_missions", [])))
    n = len(rows)
    top = counts.most_common(20)
    return {m: _rate([True] * c + [False] * (n - c)) for m, c in top}


def _agency_sections(rows: Sequence[Row]) -> list[Section]:
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


GAME_SECTIONS: dict[str, Callable[[Sequence[Row]], list[Section]]] = {
    "planet": _planet_sections,
    "race": _race_sections,
    "agency": _agency_sections,
}

# Details that have a panel of their own, or that are lists of something other
# than one value per player (whatever their length happens to be).
_SKIP_GENERIC: dict[str, set[str]] = {
    "planet": {"saved", "saved_by_day", "finished"},
    "race": {"ore_vp", "settler_vp", "stop_callers"},
}


def sections(rows: Sequence[Row]) -> list[Section]:
    """Every section of a report on ``rows``: common ones, then game-specific."""
    rows = played(rows)
    out = common_sections(rows)
    if not rows:
        return out
    game = str(rows[0]["game"])
    specific = GAME_SECTIONS.get(game)
    if specific is not None:
        out.extend(specific(rows))
    generic = _per_player_panels(rows, _SKIP_GENERIC.get(game, set()))
    if generic:
        out.append(
            Section(
                "players",
                "Per-player facts",
                "Every per-player fact the game reports, winners against the other players.",
                tuple(generic),
            )
        )
    return out
