"""Card balance of the agency game, from the records of a simulation.

Outcome details name the winners' missions but not who played which
specialist, so this study reads the games' records (``liftoff simulate ...
--keep-records N`` with N = the number of games) in the agency's canonical
action text:

- ``play S12 banner+actions`` / ``play S12 money``: a specialist played;
- ``launch lab M1-03,M2-11``: missions launched;
- ``keep O03,O07`` / ``sell O04``: objectives kept in the draft, sold back.

For every card it counts how often it is used and how often the players who
used it won, against the players who used another card of the same group
(specialists; missions of the same level; objectives) in the same games, and
flags the cards that are never used, used for their money only, or whose users
win (or lose) significantly more often (two-proportion z-tests, Holm-adjusted
within each group).

``python -m liftoff.sim.studies.agency RUN_DIR --out DIR`` writes
``cards.csv``, ``cards.md`` and two figures.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from liftoff.sim.stats import holm, two_proportions, wilson
from liftoff.sim.store import load_run

if TYPE_CHECKING:
    from liftoff.games.agency.content import Content

_CARD = re.compile(r"S\d{2}|O\d{2}|M[1-4]-\d{2}")
NEVER = 0.01
"""A card used in fewer than this share of the games where it is available."""
MONEY_ONLY = 0.9
"""A specialist played for money in more than this share of its plays."""
STRONG = 1.5
"""Users winning this many times as often as the others (or 1/this) is "dominant"
("weak"), when significant; smaller significant differences are only noted."""
BROKEN = ("never used", "played for money only", "dominant", "weak")


@dataclass
class PlayerGame:
    """What one player used in one game."""

    won: bool
    specialists: set[str]
    money_plays: Counter[str]
    missions: set[str]
    objectives: set[str]


def parse_record(record: Mapping[str, Any], winners: Iterable[int]) -> list[PlayerGame]:
    """The cards each player used in one recorded game."""
    n = int(record["players"])
    won = set(winners)
    out = [PlayerGame(p in won, set(), Counter(), set(), set()) for p in range(n)]
    for player, text in record["actions"]:
        verb, _, rest = str(text).partition(" ")
        pg = out[int(player)]
        if verb == "play":
            card, _, mode = rest.partition(" ")
            pg.specialists.add(card)
            if mode == "money":
                pg.money_plays[card] += 1
        elif verb == "launch":
            pg.missions.update(_CARD.findall(rest))
        elif verb == "keep":
            pg.objectives.update(c for c in _CARD.findall(rest) if c.startswith("O"))
        elif verb == "sell":
            pg.objectives.discard(rest.strip())
    return out


@dataclass(frozen=True)
class CardStat:
    """The balance facts of one card."""

    card: str
    name: str
    group: str
    games: int
    used_games: int
    users: int
    user_wins: int
    others: int
    other_wins: int
    plays: int
    money_plays: int
    p: float
    adjusted_p: float

    @property
    def use_rate(self) -> float:
        return self.used_games / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.user_wins / self.users if self.users else 0.0

    @property
    def other_rate(self) -> float:
        return self.other_wins / self.others if self.others else 0.0

    @property
    def money_share(self) -> float:
        return self.money_plays / self.plays if self.plays else 0.0

    @property
    def flags(self) -> list[str]:
        out = []
        if self.games and self.use_rate < NEVER:
            out.append("never used")
        if self.group == "specialist" and self.plays and self.money_share > MONEY_ONLY:
            out.append("played for money only")
        if self.adjusted_p < 0.05:
            ratio = self.win_rate / self.other_rate if self.other_rate else math.inf
            if ratio >= STRONG:
                out.append("dominant")
            elif ratio <= 1 / STRONG:
                out.append("weak")
            else:
                out.append("users win more" if ratio > 1 else "users win less")
        return out

    @property
    def broken(self) -> bool:
        """Clearly out of line: never used, money only, dominant or weak."""
        return any(f in BROKEN for f in self.flags)


def _group(card: str) -> str:
    if card.startswith("S"):
        return "specialist"
    if card.startswith("O"):
        return "objective"
    return f"mission L{card[1]}"


def _cards_of(pg: PlayerGame, group: str) -> set[str]:
    if group == "specialist":
        return pg.specialists
    if group == "objective":
        return pg.objectives
    return {m for m in pg.missions if _group(m) == group}


def designs(names: Mapping[str, str]) -> dict[str, list[str]]:
    """Cards grouped by design: copies share a name within their group.

    >>> designs({"M4-15": "Sail", "M4-16": "Sail", "M3-01": "Sail", "S01": "Chemist"})
    {'M4-15/16': ['M4-15', 'M4-16'], 'M3-01': ['M3-01'], 'S01': ['S01']}
    """
    groups: dict[tuple[str, str], list[str]] = {}
    for card, name in names.items():
        groups.setdefault((_group(card), name), []).append(card)
    out: dict[str, list[str]] = {}
    for cards in groups.values():
        cards = sorted(cards)
        key = cards[0] + "".join("/" + c.rsplit("-", 1)[-1][-2:] for c in cards[1:])
        out[key] = cards
    return out


def card_stats(
    games: Sequence[tuple[int, list[PlayerGame]]],
    names: Mapping[str, str],
    available: Mapping[str, int],
    by_design: bool = True,
) -> list[CardStat]:
    """Balance facts of every card in ``names`` (copies of one design together
    when ``by_design``: which copy a player gets is chance).

    ``games`` holds ``(players, player games)``; ``available[card]`` is the
    smallest player count at which the card is in the game.
    """
    units = designs(names) if by_design else {card: [card] for card in names}
    raw: list[dict[str, Any]] = []
    for key, cards in units.items():
        group = _group(cards[0])
        ids = set(cards)
        n_games = used = users = user_wins = others = other_wins = plays = money = 0
        for players, pgs in games:
            if players < min(available.get(card, 2) for card in cards):
                continue
            n_games += 1
            hit = False
            for pg in pgs:
                mine = _cards_of(pg, group)
                if ids & mine:
                    hit = True
                    users += 1
                    user_wins += pg.won
                    if group == "specialist":
                        plays += 1
                        money += min(1, sum(pg.money_plays[c] for c in ids))
                elif mine:
                    others += 1
                    other_wins += pg.won
            used += hit
        test = two_proportions(other_wins, others, user_wins, users)
        raw.append(
            {
                "card": key,
                "name": names[cards[0]],
                "group": group,
                "games": n_games,
                "used_games": used,
                "users": users,
                "user_wins": user_wins,
                "others": others,
                "other_wins": other_wins,
                "plays": plays,
                "money_plays": money,
                "p": test.p if users and others else 1.0,
            }
        )
    out: list[CardStat] = []
    for group in sorted({r["group"] for r in raw}):
        members = [r for r in raw if r["group"] == group]
        for r, adj in zip(members, holm([r["p"] for r in members]), strict=True):
            out.append(CardStat(**r, adjusted_p=adj))
    return out


def load_games(run_dir: Path) -> list[tuple[int, list[PlayerGame]]]:
    """Every game of a run, from its records (all games must have one)."""
    from liftoff.games.agency import GAME

    meta, rows = load_run(run_dir)
    studied = GAME.info.name
    if meta["config"]["game"] != studied:
        raise ValueError(f"{run_dir} is a run of {meta['config']['game']}, not {studied}")
    out = []
    missing = 0
    for row in rows:
        if row["termination"] == "error":
            continue
        path = run_dir / "records" / f"game-{row['index']:06d}.json"
        if not path.is_file():
            missing += 1
            continue
        record = json.loads(path.read_text(encoding="utf-8"))
        out.append((int(row["players"]), parse_record(record, row["winners"])))
    if missing:
        raise ValueError(
            f"{missing} games of {run_dir} have no record: re-run with "
            f"--keep-records {len(rows)} to keep every game's record"
        )
    return out


def content_cards(content: Content | None = None) -> tuple[dict[str, str], dict[str, int]]:
    """Names and player-count marks of the agency cards of ``content`` (default:
    the shipped cards)."""
    if content is None:
        from liftoff.games.agency.content import default_content

        content = default_content()
    names: dict[str, str] = {}
    marks: dict[str, int] = {}
    for s in content.spec.values():
        names[s.id], marks[s.id] = s.name, int(s.players)
    for m in content.mission.values():
        names[m.id], marks[m.id] = m.name, int(m.players)
    for o in content.objective.values():
        names[o.id], marks[o.id] = o.name, 2
    return names, marks


def write_outputs(stats: Sequence[CardStat], out: Path, baseline: float) -> list[CardStat]:
    """``cards.csv``, ``cards.md`` and the figures; returns the flagged cards."""
    out.mkdir(parents=True, exist_ok=True)
    with (out / "cards.csv").open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(
            [
                "card", "name", "group", "games", "use_rate", "users", "win_rate",
                "others_win_rate", "money_share", "p", "holm_p", "flags",
            ]
        )  # fmt: skip
        for s in stats:
            writer.writerow(
                [
                    s.card, s.name, s.group, s.games, f"{s.use_rate:.4f}", s.users,
                    f"{s.win_rate:.4f}", f"{s.other_rate:.4f}", f"{s.money_share:.4f}",
                    f"{s.p:.4g}", f"{s.adjusted_p:.4g}", "; ".join(s.flags),
                ]
            )  # fmt: skip
    flagged = [s for s in stats if s.flags]
    head = [
        "| card | name | group | used in | users win | others win | money plays | Holm p | flags |",
        "|---|---|---|---:|---:|---:|---:|---:|---|",
    ]

    def line(s: CardStat) -> str:
        return (
            f"| {s.card} | {s.name} | {s.group} | {100 * s.use_rate:.1f}% | "
            f"{100 * s.win_rate:.1f}% ({s.users}) | {100 * s.other_rate:.1f}% | "
            f"{100 * s.money_share:.0f}% | {s.adjusted_p:.3g} | {', '.join(s.flags)} |"
        )

    text = ["Clearly out of line:", "", *head, *(line(s) for s in flagged if s.broken)]
    text += ["", "Smaller significant differences:", "", *head]
    text += [line(s) for s in flagged if not s.broken]
    (out / "cards.md").write_text("\n".join(text) + "\n", encoding="utf-8")
    _figures(stats, out, baseline)
    return flagged


def _figures(stats: Sequence[CardStat], out: Path, baseline: float) -> None:
    from liftoff.sim.figures import matplotlib_pyplot as _matplotlib

    plt = _matplotlib()
    groups = ["specialist", "mission L1", "mission L2", "mission L3", "mission L4", "objective"]
    fig, axes = plt.subplots(len(groups), 1, figsize=(9, 2.3 * len(groups)))
    for ax, group in zip(axes, groups, strict=True):
        members = [s for s in stats if s.group == group]
        xs = list(range(len(members)))
        rates = [s.win_rate for s in members]
        intervals = [wilson(s.user_wins, s.users) if s.users else (0.0, 0.0) for s in members]
        colours = ["#c0392b" if s.broken else "#e67e22" if s.flags else "#2f6db3" for s in members]
        ax.bar(xs, rates, color=colours)
        ax.errorbar(
            xs,
            rates,
            yerr=[
                [r - lo for r, (lo, _) in zip(rates, intervals, strict=True)],
                [hi - r for r, (_, hi) in zip(rates, intervals, strict=True)],
            ],
            fmt="none",
            ecolor="#333333",
            linewidth=0.8,
        )
        for x, s in zip(xs, members, strict=True):
            if not s.users:
                ax.text(x, 0.02, "unused", rotation=90, ha="center", va="bottom", fontsize=6)
        ax.axhline(baseline, color="#555555", linestyle="--", linewidth=1)
        _card_axis(ax, members, group, "users' win rate")
    _save(
        plt,
        fig,
        out / "agency_card_win_rates.png",
        "Agency cards: win rate of the players who used each card (95% intervals)\n"
        "dashed: all players; red: clearly out of line; orange: smaller significant differences",
    )
    fig, axes = plt.subplots(len(groups), 1, figsize=(9, 1.9 * len(groups)))
    for ax, group in zip(axes, groups, strict=True):
        members = [s for s in stats if s.group == group]
        xs = list(range(len(members)))
        ax.bar(
            xs,
            [s.use_rate for s in members],
            color=["#c0392b" if "never used" in s.flags else "#2f6db3" for s in members],
        )
        for x, s in zip(xs, members, strict=True):
            if "never used" in s.flags:
                ax.text(x, 0.03, "<1%", rotation=90, ha="center", va="bottom", fontsize=6,
                        color="#c0392b")  # fmt: skip
        _card_axis(ax, members, group, "games used")
    _save(
        plt,
        fig,
        out / "agency_card_use.png",
        "Agency cards: share of games in which someone used each card "
        "(played / launched / kept); red: under 1%",
    )
    fig, ax = plt.subplots(figsize=(9, 3))
    spec = [s for s in stats if s.group == "specialist"]
    xs = list(range(len(spec)))
    ax.bar(xs, [s.money_share for s in spec], color="#e07b28", label="played for money")
    ax.bar(
        xs,
        [1 - s.money_share if s.plays else 0 for s in spec],
        bottom=[s.money_share for s in spec],
        color="#2f6db3",
        label="played for its actions",
    )
    ax.set_xticks(xs, [s.card for s in spec], rotation=90, fontsize=7)
    ax.set_ylabel("share of plays")
    ax.set_title("Agency specialists: how they are played", fontsize=10, loc="left")
    ax.legend(frameon=False, fontsize=8, loc="upper right")
    ax.spines["top"].set_visible(False)
    ax.spines["right"].set_visible(False)
    _save(plt, fig, out / "agency_specialist_modes.png")


def _card_axis(ax: Any, members: Sequence[CardStat], group: str, ylabel: str) -> None:
    """One group's panel of a card figure: card ids below, a share from 0 to 1."""
    ax.set_xticks(list(range(len(members))), [s.card for s in members], rotation=90, fontsize=6)
    ax.set_ylabel(ylabel, fontsize=8)
    ax.set_title(group, fontsize=9, loc="left")
    ax.set_ylim(0, 1)
    ax.spines["top"].set_visible(False)
    ax.spines["right"].set_visible(False)


def _save(plt: Any, fig: Any, path: Path, title: str | None = None) -> None:
    """Title (left-aligned), lay out, write (without a timestamp) and close a figure."""
    if title is not None:
        fig.suptitle(title, fontsize=9, x=0.01, ha="left")
    fig.tight_layout()
    fig.savefig(path, dpi=90, metadata={"Software": None})
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m liftoff.sim.studies.agency", description=__doc__.splitlines()[0]
    )
    parser.add_argument("runs", nargs="+", type=Path, help="agency run directories")
    parser.add_argument("--out", type=Path, required=True, help="where to write the results")
    parser.add_argument(
        "--by-card", action="store_true", help="every copy on its own (default: copies together)"
    )
    args = parser.parse_args(argv)
    games: list[tuple[int, list[PlayerGame]]] = []
    try:
        for run in args.runs:
            games.extend(load_games(run))
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    names, marks = content_cards()
    stats = card_stats(games, names, marks, by_design=not args.by_card)
    player_games = [pg for _, pgs in games for pg in pgs]
    baseline = sum(pg.won for pg in player_games) / len(player_games)
    flagged = write_outputs(stats, args.out, baseline)
    unit = "cards" if args.by_card else "designs"
    print(f"{len(games)} games, {len(stats)} {unit}, {len(flagged)} flagged -> {args.out}")
    for s in flagged:
        if s.broken:
            print(f"  {s.card} {s.name} ({s.group}): {', '.join(s.flags)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
