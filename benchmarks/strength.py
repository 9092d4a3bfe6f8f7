"""The strength table: per game, two players, seats alternated,

- ``heuristic`` against ``random``,
- ``ismcts`` (by default one second a decision) against ``heuristic``,

with the number of games, the seeds and Wilson 95% intervals (a shared win
counts half). Games are played by the tournament engine
(:mod:`liftoff.sim.tournament`), so every game is reproducible from the
tournament seed (time-limited search excepted: its choices depend on speed).

Usage::

    uv run python benchmarks/strength.py [--games planet,race,agency]
        [--vs-random 200] [--vs-heuristic 40] [--workers 2] [--seed 1]
        [--ismcts ismcts:time_limit=1,rollout=heuristic,depth=20,prior=heuristic]
        [--out strength-results]

It writes one JSONL file of games per match and ``summary.json`` and
``table.md`` in ``--out``, and prints the table.

``--ladder FILE...`` instead reads game records of one game written by
``liftoff tournament --out`` (JSON Lines; unfinished ``.partial`` files too)
and prints the rating ladder of the levels in them: an openskill rating over
all the games, in file order, and each level against the one below it, with
Wilson 95% intervals::

    uv run python benchmarks/strength.py --ladder planet-ladder.jsonl planet-hard.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from liftoff.sim.stats import wilson
from liftoff.sim.tournament import run, save_records, summarize, tournament

DEFAULT_ISMCTS = "ismcts:time_limit=1,rollout=heuristic,depth=20,prior=heuristic"


def match(
    game: str, a: str, b: str, games: int, seed: int, workers: int, out: Path
) -> dict[str, Any]:
    """Play ``a`` against ``b`` (``games`` games, seats alternating) and summarise."""
    config = tournament(game, [a, b], 2, games, seed=seed)
    a, b = config.bots  # in canonical text
    name = f"{game}-{a.split(':')[0]}-vs-{b.split(':')[0]}-seed{seed}.jsonl"
    partial = out / (name + ".partial")  # games so far, for a look while it runs
    partial.write_text("")

    def keep(recs: list[dict[str, Any]]) -> None:
        with partial.open("a", encoding="utf-8") as fh:
            for rec in recs:
                fh.write(json.dumps(rec, sort_keys=True) + "\n")

    started = time.perf_counter()
    records = run(config, workers=workers, on_records=keep)
    seconds = time.perf_counter() - started
    save_records(records, out / name)
    partial.unlink()
    summary = summarize(game, 2, seed, [a, b], records)
    wins, n = summary.head_to_head.get(a, {}).get(b, (0.0, 0))
    lo, hi = wilson(wins, n)
    return {
        "game": game,
        "bot": a,
        "opponent": b,
        "games": n,
        "failed": summary.errors,
        "wins": wins,
        "win_rate": wins / n if n else None,
        "ci95": [lo, hi],
        "seed": seed,
        "seconds": round(seconds, 1),
        "iterations_per_decision": next(
            (s.iterations_per_decision for s in summary.stats if s.bot == a), None
        ),
        "file": name,
        "errors": summary.error_samples,
    }


def table(rows: list[dict[str, Any]]) -> str:
    """The strength table in Markdown."""
    lines = [
        "| game | bot | against | games | wins | win rate | 95% CI | failed | seed | it/decision |",
        "|---|---|---|---:|---:|---:|---|---:|---:|---:|",
    ]
    for r in rows:
        rate = "-" if r["win_rate"] is None else f"{100 * r['win_rate']:.1f}%"
        lo, hi = r["ci95"]
        it = r.get("iterations_per_decision")
        lines.append(
            f"| {r['game']} | `{r['bot']}` | `{r['opponent']}` | {r['games']} | {r['wins']:g} "
            f"| {rate} | {100 * lo:.1f}–{100 * hi:.1f}% | {r['failed']} | {r['seed']} "
            f"| {'-' if it is None else f'{it:.0f}'} |"
        )
    return "\n".join(lines)


LADDER = ("random", "beginner", "easy", "medium", "hard", "expert")


def ladder(files: list[Path]) -> str:
    """The rating ladder (Markdown) from the game records in ``files``."""
    records = [
        json.loads(line)
        for f in files
        for line in f.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    games = {r.get("game") for r in records} - {None}
    seen = {b for r in records for b in r["seats"]}
    bots = [b for b in LADDER if b in seen] + sorted(seen - set(LADDER))
    name = ", ".join(sorted(str(g) for g in games)) or ", ".join(f.name for f in files)
    summary = summarize(name, 2, 0, bots, records)
    by_bot = {st.bot: st for st in summary.stats}
    lines = [
        f"{name}: {summary.played} games",
        "",
        "| level | games | openskill mu ± sigma | ordinal | against the level below "
        "| games | win rate | 95% CI |",
        "|---|---:|---|---:|---|---:|---:|---|",
    ]
    for below, bot in zip([None, *bots], bots, strict=False):
        st = by_bot[bot]
        cells = ["", "", "", ""]
        if below is not None:
            wins, n = summary.head_to_head.get(bot, {}).get(below, (0.0, 0))
            if n:
                lo, hi = wilson(wins, n)
                cells = [
                    f"`{below}`",
                    str(n),
                    f"{100 * wins / n:.1f}%",
                    f"{100 * lo:.0f}–{100 * hi:.0f}%",
                ]
        lines.append(
            f"| `{bot}` | {st.games} | {st.mu:.1f} ± {st.sigma:.1f} | {st.ordinal:.1f} | "
            + " | ".join(cells)
            + " |"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="planet,race,agency")
    ap.add_argument("--vs-random", type=int, default=200, help="games of heuristic vs random")
    ap.add_argument("--vs-heuristic", type=int, default=40, help="games of ismcts vs heuristic")
    ap.add_argument("--ismcts", default=DEFAULT_ISMCTS)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("random", "ismcts", "both"), default="both")
    ap.add_argument("--out", type=Path, default=Path("strength-results"))
    ap.add_argument("--ladder", type=Path, nargs="+", help="print the levels' ladder from records")
    args = ap.parse_args()
    if args.ladder:
        print(ladder(args.ladder))
        return
    args.out.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    for game in args.games.split(","):
        if args.only in ("random", "both") and args.vs_random > 0:
            rows.append(
                match(
                    game, "heuristic", "random", args.vs_random, args.seed, args.workers, args.out
                )
            )
            print(table(rows[-1:]), flush=True)
        if args.only in ("ismcts", "both") and args.vs_heuristic > 0:
            rows.append(
                match(
                    game,
                    args.ismcts,
                    "heuristic",
                    args.vs_heuristic,
                    args.seed,
                    args.workers,
                    args.out,
                )
            )
            print(table(rows[-1:]), flush=True)
    (args.out / "summary.json").write_text(json.dumps(rows, indent=2) + "\n")
    (args.out / "table.md").write_text(table(rows) + "\n")
    print(table(rows))


if __name__ == "__main__":
    main()
