"""A Markdown table of the key numbers of several runs (for the study pages).

``python -m liftoff.sim.studies.summary RUN_DIR ...`` prints one line per run:
the settings, the number of games (and failures), mean length, how games end,
shared wins, each seat's win rate with its 95% interval, and the chi-square
p-value of seat balance, followed by the game's own metrics.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from liftoff.sim.facts import failures, metrics, played, winners_of
from liftoff.sim.report import load
from liftoff.sim.stats import chi_square_uniform, mean_interval, wilson
from liftoff.sim.store import StoreError


def _pct(k: float, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]" if n else "–"


def _failures(rows: Sequence[dict[str, Any]]) -> str:
    failed, listed = failures(rows)
    return f" (+{failed} failed: {listed})" if failed else ""


def run_line(path: Path) -> dict[str, str]:
    """The key numbers of one run, as text cells."""
    run = load(path)
    rows = played(run.rows)
    config = run.config
    n = int(config["players"])
    options = ", ".join(f"{k}={v}" for k, v in config.get("options", {}).items()) or "defaults"
    bots = ",".join(config["bots"])
    cells = {
        "run": path.name,
        "players": str(n),
        "bots": bots + (" (rotated)" if config.get("seating") == "rotate" else ""),
        "options": options,
        "seed": str(config["seed"]),
        "games": f"{len(rows)}" + _failures(run.rows),
    }
    for key in ("turns", "rounds", "actions"):
        values = [r["length"][key] for r in rows if r["length"].get(key) is not None]
        if values and key != "actions":
            cells[f"mean {key}"] = f"{statistics.fmean(values):.1f}"
            break
    ends: dict[str, int] = {}
    for r in rows:
        ends[r["termination"]] = ends.get(r["termination"], 0) + 1
    cells["endings"] = ", ".join(f"{k} {100 * v / len(rows):.1f}%" for k, v in sorted(ends.items()))
    cells["shared wins"] = f"{100 * sum(len(winners_of(r)) > 1 for r in rows) / len(rows):.1f}%"
    for s in range(n):
        cells[f"seat {s} wins"] = _pct(sum(s in winners_of(r) for r in rows), len(rows))
    sole = [0] * n
    for r in rows:
        w = winners_of(r)
        if len(w) == 1:
            sole[w[0]] += 1
    cells["seat balance p"] = f"{chi_square_uniform(sole)[2]:.3g}"
    for m in metrics(rows):
        if m.group == "game":
            if m.kind == "rate":
                cells[m.label] = _pct(sum(m.values), len(m.values))
            else:
                mean, lo, hi = mean_interval(m.values)
                cells[m.label] = f"{mean:.2f} [{lo:.2f}, {hi:.2f}]"
    return cells


def table(paths: Sequence[Path], transpose: bool = True) -> str:
    """A Markdown table of the runs (one column per run when ``transpose``)."""
    lines = [run_line(p) for p in paths]
    widest = sorted(lines, key=len, reverse=True)
    keys = list(dict.fromkeys(k for line in widest for k in line))
    if transpose:
        out = ["| | " + " | ".join(line["run"] for line in lines) + " |"]
        out.append("|---|" + "---|" * len(lines))
        for key in keys:
            if key == "run":
                continue
            out.append(f"| {key} | " + " | ".join(line.get(key, "–") for line in lines) + " |")
        return "\n".join(out)
    out = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
    out += ["| " + " | ".join(line.get(k, "–") for k in keys) + " |" for line in lines]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m liftoff.sim.studies.summary")
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--rows", action="store_true", help="one row per run")
    args = parser.parse_args(argv)
    try:
        print(table(args.runs, transpose=not args.rows))
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
