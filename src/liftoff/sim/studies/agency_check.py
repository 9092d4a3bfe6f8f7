"""The designer's loop for agency content: simulate, measure the cards and the
seats against the balance criterion of the agency study, and say which items
pass — for new content and, side by side, for the content it is compared with.

``liftoff study agency --content DIR --compare shipped --out OUT`` runs it
(:mod:`liftoff.cli.study`); from Python, :func:`run_study` then
:func:`analyse` and :func:`liftoff.sim.studies.agency_html.write_html`.

The criterion (fixed before the runs in ``docs/studies/agency.md``), over the
games at every player count studied (by default 2, 3 and 4 players):

1. no card design is **dominant** or **weak**: its users' win rate differs
   from that of the players who used another card of its group in the same
   games by a two-proportion z-test with Holm's correction within the group
   (adjusted p < 0.05) *and* is at least 1.5 times (at most 2/3 of) theirs;
2. every design is **used** (launched, played, kept to the end) in at least
   1% of the games in which it is in the game;
3. at every player count, every seat's share of the wins (shared wins count
   1/k) is within 5 points of a fair share (1/players).

Each content gets one ``liftoff simulate`` run per player count (seed
``derive_seed(seed, "study", players)``, the same for both contents, so both
are measured on the same deals as far as the cards allow), keeping every
game's record (the card study reads who played what from the records). The
runs live in ``OUT/content/NP`` and ``OUT/compare/NP``; a run that is
finished is reused, an interrupted one is resumed, so running the same
command again after Ctrl-C finishes the study and gives the same report.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from liftoff.engine import derive_seed
from liftoff.games.agency.content import Content
from liftoff.sim import SimConfig, StoreError, load_run, make_config, resume, simulate
from liftoff.sim.stats import chi_square_uniform, wilson
from liftoff.sim.store import PARTIAL_CONFIG, is_empty, load_partial
from liftoff.sim.studies.agency import NEVER, CardStat, card_stats, content_cards
from liftoff.sim.studies.agency import load_games as load_card_games

PLAYERS = (2, 3, 4)
"""The player counts of the criterion."""
SEAT_BAND = 0.05
"""Every seat's win share within this of a fair share (1/players)."""
SIDES = ("content", "compare")
STRONG_FLAGS = ("dominant", "weak")
"""The two contents of a study: the new one, and the one it is compared with."""


@dataclass(frozen=True)
class Side:
    """One content of a study: how a person named it, the cards, and the
    directory the simulations load it from ("" = the shipped content)."""

    label: str
    content: Content
    directory: str


@dataclass(frozen=True)
class StudySettings:
    """The simulations of a study (the same for both contents)."""

    games: int = 400
    players: tuple[int, ...] = PLAYERS
    bots: str = "heuristic"
    seed: int = 0

    def config(self, side: Side, players: int) -> SimConfig:
        """The ``liftoff simulate`` configuration of one run."""
        return make_config(
            "agency",
            players,
            self.bots,
            self.games,
            seed=derive_seed(self.seed, "study", players),
            options={"content": side.content.fingerprint},  # a run of other cards is not reused
            keep_records=self.games,
            content=side.directory or None,
        )


def run_path(out: Path, side: str, players: int) -> Path:
    """Where the run of one content (``content`` or ``compare``) at one player count lives."""
    return out / side / f"{players}p"


def _stored_config(path: Path) -> dict[str, Any] | None:
    """The configuration of the run in ``path`` (finished or interrupted), if any."""
    if (path / PARTIAL_CONFIG).is_file():
        return load_partial(path)[0].to_json()
    try:
        meta, _ = load_run(path)
    except StoreError:
        return None
    config: dict[str, Any] = meta["config"]
    return config


def run_one(
    config: SimConfig,
    path: Path,
    *,
    progress: Callable[[int], None] | None = None,
    force: bool = False,
    **backend: Any,
) -> str:
    """Play one run of a study, or finish it, or reuse it: returns ``"done"``
    (already finished with this configuration), ``"resumed"`` or ``"played"``.

    A directory holding a run with another configuration is refused
    (``StoreError``) unless ``force``, which plays it again from the start.
    """
    stored = _stored_config(path) if path.is_dir() else None
    if stored == config.to_json():
        if (path / PARTIAL_CONFIG).is_file():
            resume(path, progress=progress, **backend)
            return "resumed"
        if progress is not None:
            progress(config.games)
        return "done"
    if not force and not is_empty(path):
        raise StoreError(
            f"{path} holds a run with other settings (another --content, --compare, "
            "--games, --bots or --seed); choose another --out, or --force to play it again"
        )
    simulate(config, path, progress=progress, force=True, **backend)
    return "played"


def run_study(
    out: Path,
    sides: Sequence[Side],
    settings: StudySettings,
    *,
    progress: Callable[[int], None] | None = None,
    force: bool = False,
    **backend: Any,
) -> None:
    """Play (or finish) every run of the study: each side at each player count.
    Ctrl-C raises :class:`liftoff.sim.SimInterrupted`; calling again goes on."""
    for name, side in zip(SIDES, sides, strict=False):
        for players in settings.players:
            config = settings.config(side, players)
            run_one(
                config,
                run_path(out, name, players),
                progress=progress,
                force=force,
                **backend,
            )


# -- the figures -----------------------------------------------------------------------
@dataclass(frozen=True)
class Seats:
    """Win shares by seat at one player count."""

    players: int
    games: int
    shares: tuple[float, ...]
    intervals: tuple[tuple[float, float], ...]
    p: float

    @property
    def fair(self) -> float:
        return 1 / self.players

    @property
    def off(self) -> list[int]:
        """The seats whose share is more than :data:`SEAT_BAND` from a fair share."""
        return [s for s, x in enumerate(self.shares) if abs(x - self.fair) > SEAT_BAND + 1e-12]


def seat_figures(rows: Sequence[dict[str, Any]], players: int) -> Seats:
    """Each seat's share of the games with a winner (a win shared by k counts
    1/k), with Wilson intervals and a chi-square test of equal shares."""
    wins = [0.0] * players
    games = 0
    for row in rows:
        winners = row.get("winners") or []
        if row.get("termination") == "error" or not winners:
            continue
        games += 1
        for w in winners:
            wins[int(w)] += 1 / len(winners)
    shares = tuple(w / games if games else 0.0 for w in wins)
    intervals = tuple(wilson(w, games) if games else (0.0, 0.0) for w in wins)
    return Seats(players, games, shares, intervals, chi_square_uniform(wins)[2])


@dataclass(frozen=True)
class Item:
    """One item of the criterion: whether it passes, and what fails it."""

    name: str
    passed: bool
    failing: tuple[str, ...] = ()


@dataclass
class Result:
    """The figures of one content."""

    label: str
    fingerprint: str
    games: int
    cards: list[CardStat]
    seats: list[Seats]
    failed_games: int
    items: list[Item] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(i.passed for i in self.items)


def criterion(cards: Sequence[CardStat], seats: Sequence[Seats]) -> list[Item]:
    """The three items of the criterion for these figures."""
    strong = [f"{s.card} {s.name} ({f})" for s in cards for f in s.flags if f in STRONG_FLAGS]
    unused = [f"{s.card} {s.name} ({100 * s.use_rate:.1f}%)" for s in cards if s.use_rate < NEVER]
    off = [
        f"{t.players} players, seat {seat}: {100 * t.shares[seat]:.1f}% (fair {100 * t.fair:.1f}%)"
        for t in seats
        for seat in t.off
    ]
    return [
        Item("no card design is dominant or weak", not strong, tuple(strong)),
        Item(
            f"every card design is used in at least {NEVER:.0%} of games", not unused, tuple(unused)
        ),
        Item(
            f"every seat wins within {100 * SEAT_BAND:.0f} points of a fair share",
            not off,
            tuple(off),
        ),
    ]


def analyse(out: Path, name: str, side: Side, settings: StudySettings) -> Result:
    """The card and seat figures of one content's runs, and the criterion."""
    games: list[Any] = []
    seats: list[Seats] = []
    failed = 0
    for players in settings.players:
        path = run_path(out, name, players)
        _, rows = load_run(path)
        failed += sum(1 for r in rows if r.get("termination") == "error")
        seats.append(seat_figures(rows, players))
        games.extend(load_card_games(path))
    names, marks = content_cards(side.content)
    cards = card_stats(games, names, marks)
    result = Result(side.label, side.content.fingerprint, len(games), cards, seats, failed)
    result.items = criterion(cards, seats)
    return result


def changed_designs(new: Content, old: Content) -> set[str]:
    """The card ids whose definition differs between two contents."""
    out: set[str] = set()
    for table in ("spec", "mission", "objective"):
        a, b = getattr(new, table), getattr(old, table)
        for card in set(a) | set(b):
            if card not in a or card not in b or a[card] != b[card]:
                out.add(card)
    return out


def to_json(results: Sequence[Result], settings: StudySettings) -> dict[str, Any]:
    """Every figure of a study as JSON (``study.json``)."""
    return {
        "settings": {
            "games": settings.games,
            "players": list(settings.players),
            "bots": settings.bots,
            "seed": settings.seed,
        },
        "contents": [
            {
                "label": r.label,
                "fingerprint": r.fingerprint,
                "games": r.games,
                "failed_games": r.failed_games,
                "passed": r.passed,
                "criterion": [
                    {"item": i.name, "passed": i.passed, "failing": list(i.failing)}
                    for i in r.items
                ],
                "seats": [
                    {
                        "players": t.players,
                        "games": t.games,
                        "shares": [round(x, 6) for x in t.shares],
                        "p": round(t.p, 6),
                    }
                    for t in r.seats
                ],
                "cards": [_card_json(s) for s in r.cards],
            }
            for r in results
        ],
    }


def _card_json(s: CardStat) -> dict[str, Any]:
    lo, hi = wilson(s.user_wins, s.users) if s.users else (0.0, 0.0)
    return {
        "card": s.card,
        "name": s.name,
        "group": s.group,
        "games": s.games,
        "use_rate": round(s.use_rate, 6),
        "users": s.users,
        "win_rate": round(s.win_rate, 6),
        "win_interval": [round(lo, 6), round(hi, 6)],
        "others_win_rate": round(s.other_rate, 6),
        "holm_p": round(s.adjusted_p, 6),
        "flags": s.flags,
    }


def write_json(path: Path, data: dict[str, Any]) -> None:
    """``study.json``: sorted keys, so the same study gives the same file."""
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
