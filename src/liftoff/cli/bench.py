"""``liftoff bench``: prints a table of engine (and tool) throughput figures."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from liftoff import bench as core_bench

console = Console()


def extra_rows(directory: Path, seconds: float, only: list[str] | None) -> list[dict[str, Any]]:
    """Rows from ``benchmarks/bench_*.py`` modules (each exposes ``run(seconds)``)."""
    rows: list[dict[str, Any]] = []
    if not directory.is_dir():
        return rows
    for path in sorted(directory.glob("bench_*.py")):
        if only and not any(name in path.stem for name in only):
            continue
        spec = importlib.util.spec_from_file_location(f"liftoff_bench_{path.stem}", path)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
            rows.extend(module.run(seconds))
        except Exception as exc:  # a broken extra benchmark must not hide the others
            rows.append(
                {"game": path.stem, "metric": f"failed: {exc}", "value": float("nan"), "unit": ""}
            )
    return rows


def _fmt(value: float) -> str:
    if isinstance(value, float) and math.isnan(value):
        return "—"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def bench(
    seconds: float = typer.Option(6.0, "--seconds", help="Time budget per measurement group."),
    game: list[str] = typer.Option([], "--game", "-g", help="Only these games (repeat)."),
    extras: Path = typer.Option(
        Path("benchmarks"), "--extras", help="Directory of extra bench_*.py modules."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON rows instead of a table."),
) -> None:
    """Measure random-playout and clone speed per game, with OpenSpiel reference lines."""
    rows = core_bench.run(seconds, game or None)
    rows += extra_rows(extras, seconds, game or None)
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    table = Table(
        title=f"liftoff bench, {core_bench.build()} build (medians of 5 repeats, "
        f"~{seconds:g} s per group; rates per CPU second of one core, simulate and the "
        "public-API loop per wall second)"
    )
    for col in ("game", "metric", "value"):
        table.add_column(col, justify="right" if col == "value" else "left")
    for row in rows:
        metric = str(row["metric"])
        if "players" in row and "p)" not in metric:
            metric += f" ({row['players']}p)"
        table.add_row(row["game"], metric, _fmt(float(row["value"])))
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add ``bench``."""
    app.command("bench")(bench)
