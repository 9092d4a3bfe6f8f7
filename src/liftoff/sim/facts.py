"""What a report shows about a run, computed from its rows (no plotting here).

- :func:`metrics`: per-game numbers and rates that two runs can be compared on
  (length, scores, seat win rates, how games end, and each game's own facts);
- :func:`panels`: bar charts and histograms, common and game-specific, as data.

Everything comes from the rows written by ``liftoff simulate``, that is from
``Outcome`` and its ``details``. A game's own metrics and sections are its
add-on module in :mod:`liftoff.sim.sections`; a game without one still gets
the generic ones (per-player facts of winners against the other players).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from liftoff import addons
from liftoff.sim.stats import mean_interval, wilson

SECTIONS = "liftoff.sim.sections"
"""The add-on package of game-specific metrics and sections."""

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


def players_of(rows: Sequence[Row]) -> int:
    return max((int(r["players"]) for r in rows), default=0)


def rate_of(flags: Sequence[bool]) -> Value:
    n = len(flags)
    k = sum(1 for f in flags if f)
    lo, hi = wilson(k, n)
    return (k / n if n else 0.0), lo, hi


def mean_of(values: Sequence[float]) -> Value:
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


def share_of(values: Sequence[float]) -> Value:
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
    n = players if players is not None else players_of(rows)
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
    extra = _addon_part(rows, "metrics")
    if extra is not None:
        for key, label, kind, values in extra(rows):
            if kind == "rate":
                rate(key, label, [bool(v) for v in values], "game")
            else:
                number(key, label, values, "game")
    return out


def _addon_part(rows: Sequence[Row], name: str) -> Any:
    """Part ``name`` of the report add-on of the rows' game (see
    :mod:`liftoff.sim.sections`), or ``None``."""
    if not rows:
        return None
    return getattr(addons.find(SECTIONS, str(rows[0]["game"])), name, None)


def _margin(scores: Sequence[float]) -> float:
    ordered = sorted((float(s) for s in scores), reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else ordered[0]


MetricSpec = tuple[str, str, str, list[Any]]


# -- panels -------------------------------------------------------------------------------


def _seat_wins(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    return {f"seat {s}": share_of([win_share(r, s) for r in rows]) for s in range(players_of(rows))}


def fair_share(rows: Sequence[Row]) -> float | None:
    n = players_of(rows)
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
    return {spec: share_of(f) for spec, f in sorted(shares.items())}


def _seat_scores(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    return {f"seat {s}": mean_of([r["scores"][s] for r in rows]) for s in range(players_of(rows))}


def _endings(rows: Sequence[Row]) -> dict[str, Value]:
    rows = played(rows)
    kinds = sorted({str(r["termination"]) for r in rows})
    return {k: rate_of([r["termination"] == k for r in rows]) for k in kinds}


def _length(key: str) -> Callable[[Sequence[Row]], list[float]]:
    def compute(rows: Sequence[Row]) -> list[float]:
        return [float(r["length"][key]) for r in played(rows) if r["length"].get(key) is not None]

    return compute


def _all_scores(rows: Sequence[Row]) -> list[float]:
    return [float(s) for r in played(rows) for s in r["scores"]]


def _winning_scores(rows: Sequence[Row]) -> list[float]:
    return [float(max(r["scores"])) for r in played(rows)]


def _seat_section(rows: Sequence[Row]) -> Section:
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
            reference=fair_share,
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
                reference=fair_share,
                percent=True,
            )
        )
    return Section(
        "seats",
        "Seat balance",
        "Does the seat (turn order) decide who wins?",
        tuple(seat_panels),
    )


def _length_section(rows: Sequence[Row]) -> Section:
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
    return Section(
        "length",
        "Length and ending",
        "How long games run and how they end.",
        tuple(length_panels),
    )


def common_sections(rows: Sequence[Row]) -> list[Section]:
    """Seat balance, bots, scores and length: for every game."""
    rows = played(rows)
    return [
        _seat_section(rows),
        _length_section(rows),
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
        ),
    ]


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
                out[f"{key}|winners"] = mean_of(won)
                out[f"{key}|others"] = mean_of(lost)
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
                out[f"{name}|winners"] = mean_of(won)
                out[f"{name}|others"] = mean_of(lost)
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


def sections(rows: Sequence[Row]) -> list[Section]:
    """Every section of a report on ``rows``: common ones, then game-specific."""
    rows = played(rows)
    out = common_sections(rows)
    if not rows:
        return out
    specific = _addon_part(rows, "sections")
    if specific is not None:
        out.extend(specific(rows))
    generic = _per_player_panels(rows, set(_addon_part(rows, "SKIP") or ()))
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
