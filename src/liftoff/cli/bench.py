"""``liftoff bench``: prints a table of engine (and tool) throughput figures.

Every row it prints was measured in this run. Beside the engine's own rows
(:mod:`liftoff.bench`), each ``bench_*.py`` of the extras folder that defines a
function ``run(seconds)`` returning rows adds its rows; the others there are
scripts run on their own (a cluster, a failover, the compiled build). A module
whose optional packages are not installed is named under the table with the
extra to install, instead of a row.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import math
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from liftoff import bench as core_bench
from liftoff.cli.common import (
    err_console,
    fail,
    get_game,
    install_hint,
    installed,
    need_path,
)

console = Console()

#: the extra that installs each optional package a benchmark may import
EXTRA_OF = {
    "open_spiel": "rl",
    "pyspiel": "rl",
    "gymnasium": "rl",
    "pettingzoo": "rl",
    "numpy": "sim",
    "matplotlib": "sim",
    "pyarrow": "sim",
    "ray": "distributed",
    "fastapi": "server",
    "uvicorn": "server",
    "httpx": "server",
    "sqlalchemy": "server",
    "asyncpg": "server",
    "redis": "cluster",
}


def adds_rows(path: Path) -> bool:
    """Whether the module at ``path`` defines ``run(seconds)`` at its top level
    (a plain function: ``async def run`` belongs to a script)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return False
    return any(isinstance(node, ast.FunctionDef) and node.name == "run" for node in tree.body)


def row_modules(directory: Path, only: list[str] | None) -> list[Path]:
    """The ``bench_*.py`` modules of ``directory`` that add rows (those whose
    name holds one of ``only``, when given)."""
    if not directory.is_dir():
        return []
    return [
        path
        for path in sorted(directory.glob("bench_*.py"))
        if adds_rows(path) and (not only or any(name in path.stem for name in only))
    ]


def extra_rows(
    directory: Path, seconds: float, only: list[str] | None
) -> tuple[list[dict[str, Any]], list[str]]:
    """The rows of the modules of :func:`row_modules`, and a note for each
    module that could not run for want of an optional package."""
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    for path in row_modules(directory, only):
        spec = importlib.util.spec_from_file_location(f"liftoff_bench_{path.stem}", path)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
            rows.extend(module.run(seconds))
        except ModuleNotFoundError as exc:
            notes.append(_missing(path.stem, exc.name))
        except Exception as exc:  # a broken extra benchmark must not hide the others
            rows.append(
                {"game": path.stem, "metric": f"failed: {exc}", "value": float("nan"), "unit": ""}
            )
    return rows, notes


def _missing(what: str, module: str | None) -> str:
    top = (module or "").split(".")[0]
    extra = EXTRA_OF.get(top)
    hint = f"; {install_hint(extra)}" if extra else ""
    return f"{what}: not run, {top or 'a package'} is not installed{hint}"


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
        None,
        "--extras",
        help="Directory of extra bench_*.py modules (default: ./benchmarks, if there).",
        show_default=False,
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON rows instead of a table."),
) -> None:
    """Measure random-playout and clone speed per game, with OpenSpiel reference lines
    (the 'rl' extra); about ten minutes at the default --seconds."""
    for name in game:
        get_game(name)
    if not seconds > 0:
        fail(f"--seconds {seconds:g}: give a time above 0")
    if extras is not None:
        need_path(extras, "--extras")
    rows = core_bench.run(seconds, game or None)
    notes = [] if installed("pyspiel") else [_missing("OpenSpiel reference lines", "pyspiel")]
    more, missing = extra_rows(extras or Path("benchmarks"), seconds, game or None)
    rows += more
    notes += missing
    if as_json:
        print(json.dumps(rows, indent=1))
        for note in notes:
            err_console.print(f"[dim]{escape(note)}[/dim]", soft_wrap=True)
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
    for note in notes:
        console.print(f"[dim]{escape(note)}[/dim]", soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Add ``bench``."""
    app.command("bench")(bench)
