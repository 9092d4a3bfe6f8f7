"""``liftoff simulate`` and ``liftoff report``: mass simulation and balance reports."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from liftoff.cli.common import fail, get_game, installed, needs_extra
from liftoff.cli.words import say

if TYPE_CHECKING:  # the simulation modules load when a command runs, not with the CLI
    from liftoff.sim.runner import SimConfig

console = Console(stderr=True)


def simulate(
    game: str = typer.Argument(
        None, help="Game name (see `liftoff games`); not with --resume.", show_default=False
    ),
    games: int = typer.Option(1000, "--games", "-n", help="How many games to play."),
    players: int = typer.Option(None, "--players", "-p", help="Players per game (required)."),
    bots: str = typer.Option(
        "random",
        "--bots",
        "-b",
        help="One bot per seat, comma-separated (heuristic,heuristic,random), or one for "
        "every seat; with --seating round-robin, the entrants. Bot parameters: "
        "ismcts:iterations=400,rollout=heuristic (';' always starts a new bot).",
    ),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="Game option name=value (repeatable)."
    ),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed; game i gets its own seed."),
    content: Path = typer.Option(
        None,
        "--content",
        help="Play with the content files in this directory (missing files: the shipped ones).",
    ),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes (local) or CPUs (Ray)."),
    backend: str = typer.Option("local", "--backend", help="local | ray."),
    address: str = typer.Option(
        None, "--address", help="Ray cluster HOST:PORT (or auto); default: start a local Ray."
    ),
    seating: str = typer.Option(
        "fixed",
        "--seating",
        help="fixed: bot i in seat i; rotate: each game moves the bots one seat; "
        "round-robin: every table of the bots in turn, over every seat order "
        "(as `liftoff tournament`).",
    ),
    keep_records: int = typer.Option(
        10, "--keep-records", help="Keep the full records of this many games (evenly spaced)."
    ),
    max_actions: int = typer.Option(
        200_000,
        "--max-actions",
        help="A game with more actions is stopped and recorded as an error (TooLong).",
    ),
    fmt: str = typer.Option("csv", "--format", help="Table format: csv | parquet."),
    out: Path = typer.Option(
        None, "--out", help="Directory for the results (new or empty unless --force)."
    ),
    force: bool = typer.Option(
        False, "--force", help="Write into a non-empty --out, removing an earlier run there."
    ),
    resume_dir: Path = typer.Option(
        None,
        "--resume",
        help="Finish the interrupted run in this directory (its settings are kept; "
        "--workers, --backend and --address may change).",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Play many games with bots and write one row per game (JSONL + CSV/Parquet).

    Ctrl-C keeps every finished game; `liftoff simulate --resume DIR` plays the rest."""
    _check_run_flags(backend, fmt, workers, address)
    _check_extras(fmt, backend)
    if resume_dir is not None:
        if game is not None or out is not None or force or content is not None:
            fail(
                "--resume DIR takes the game and settings from DIR: give no GAME, "
                "--out, --content or --force with it"
            )
        config, out = _resumable(resume_dir), resume_dir
    else:
        if game is None:
            fail("give a GAME (see `liftoff games`), or --resume DIR")
        _check_new_run(game, players, out, force)
        config = _new_config(
            game, players, bots, games, seed, option, seating, keep_records, max_actions, content
        )
    info = _run(config, out, resume_dir, backend, workers, address, fmt, force, quiet)
    _done(config, info, out)


def _check_new_run(game: str, players: int | None, out: Path | None, force: bool) -> None:
    """Refuse, in one line, a new run without a player count or an output folder."""
    info = get_game(game).info
    if players is None:
        fail(say("cli.simulate.players", game=game, low=info.min_players, high=info.max_players))
    if out is None:
        fail("give --out DIR (a new or empty directory)")
    _check_out(out, force)


def _done(config: SimConfig, info: dict[str, Any], out: Path) -> None:
    errors = int(info["errors"])
    console.print(
        f"{config.games} games in {info['seconds']:.1f} s "
        f"({info['games_per_second']} games/s) -> {out}"
    )
    if errors:
        console.print(
            f"[bold yellow]warning:[/bold yellow] {errors} game(s) failed; "
            f"see 'error' in {out / 'games.jsonl'} and their records in {out / 'records'}"
        )


def _check_out(out: Path, force: bool) -> None:
    """A new run's directory: empty (or ``force``) and writable."""
    from liftoff.sim.store import StoreError, is_empty, prepare_out_dir

    if not is_empty(out) and not force:
        fail(
            f"{out} is not empty; choose a new directory, finish an interrupted run "
            f"with --resume {out}, or overwrite with --force"
        )
    try:
        prepare_out_dir(out)
    except StoreError as exc:
        fail(str(exc))


def _check_run_flags(backend: str, fmt: str, workers: int, address: str | None) -> None:
    from liftoff.sim.backends import BACKENDS
    from liftoff.sim.store import FORMATS

    if backend not in BACKENDS:
        fail(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if fmt not in FORMATS:
        fail(f"unknown format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    if address and backend != "ray":
        fail("--address only applies to --backend ray")


def _check_extras(fmt: str, backend: str) -> None:
    if fmt == "parquet" and not installed("pyarrow"):
        needs_extra("--format parquet", "sim", "pyarrow")
    if backend == "ray" and not installed("ray"):
        needs_extra("--backend ray", "distributed", "ray")


def _resumable(path: Path) -> SimConfig:
    from liftoff.sim import StoreError, resumable_config

    try:
        return resumable_config(path)
    except StoreError as exc:
        fail(str(exc))


def _new_config(
    game: str,
    players: int,
    bots: str,
    games: int,
    seed: int,
    option: list[str],
    seating: str,
    keep_records: int,
    max_actions: int,
    content: Path | None = None,
) -> SimConfig:
    from liftoff.engine import OptionError, OptionSet
    from liftoff.sim.runner import SimError, make_config

    try:
        return make_config(
            game,
            players,
            bots,
            games,
            seed=seed,
            options=OptionSet.parse_pairs(option),
            seating=seating,
            keep_records=keep_records,
            max_actions=max_actions,
            content=content,
        )
    except (SimError, OptionError) as exc:
        fail(str(exc))


def _progress_bar(quiet: bool) -> Progress:
    # auto_refresh=False: no refresh thread while worker processes are forked.
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        auto_refresh=False,
        disable=quiet,
        transient=False,
    )


def _run(
    config: SimConfig,
    out: Path,
    resume_dir: Path | None,
    backend: str,
    workers: int,
    address: str | None,
    fmt: str,
    force: bool,
    quiet: bool,
) -> dict[str, Any]:
    """Play (or finish) the run under a progress bar; clear messages for errors and Ctrl-C."""
    where = f"ray at {address}" if address else f"{backend}, {workers} worker{'s' * (workers > 1)}"
    with _progress_bar(quiet) as bar:
        task = bar.add_task(f"{config.game} x{config.games} ({where})", total=config.games)

        shown = [0.0]

        def advance(n: int) -> None:  # games now come one by one: redraw 10 times a second
            bar.advance(task, n)
            now = time.monotonic()
            if now - shown[0] >= 0.1:
                shown[0] = now
                bar.refresh()

        return _play(config, out, resume_dir, backend, workers, address, fmt, force, advance, bar)


def _play(
    config: SimConfig,
    out: Path,
    resume_dir: Path | None,
    backend: str,
    workers: int,
    address: str | None,
    fmt: str,
    force: bool,
    advance: Callable[[int], None],
    bar: Progress,
) -> dict[str, Any]:
    from liftoff.sim import BackendError, SimInterrupted, StoreError, resume, simulate

    try:
        if resume_dir is not None:
            return resume(
                resume_dir, backend=backend, workers=workers, address=address, progress=advance
            )
        return simulate(
            config,
            out,
            backend=backend,
            workers=workers,
            address=address,
            fmt=fmt,
            progress=advance,
            force=force,
        )
    except (BackendError, StoreError) as exc:
        fail(str(exc))
    except SimInterrupted as stop:
        bar.stop()
        console.print(
            f"[bold yellow]interrupted:[/bold yellow] {stop.done} of {stop.total} games "
            f"are kept in {stop.out}; finish the run with:\n"
            f"  liftoff simulate --resume {stop.out}",
            soft_wrap=True,
        )
        raise typer.Exit(130) from None


def report(
    run_dir: Path = typer.Argument(..., help="A directory written by `liftoff simulate`."),
    compare: Path = typer.Option(
        None, "--compare", help="A second run directory to compare with (B vs A)."
    ),
    out: Path = typer.Option(
        None,
        "--out",
        help="Where to write report.html and figures/ "
        "(default: RUN_DIR/report, or RUN_DIR/compare-NAME with --compare).",
    ),
    title: str = typer.Option(None, "--title", help="Title of the report."),
    label: list[str] = typer.Option(
        [], "--label", help="Names of the runs in a comparison (give it twice: A then B)."
    ),
    formats: str = typer.Option("png,svg", "--figures", help="Figure files to write: png,svg."),
) -> None:
    """Write a self-contained HTML balance report (and its figures) for a run, or compare two."""
    if not installed("matplotlib"):
        needs_extra("report", "sim", "matplotlib")
    from liftoff.sim.report import ReportError, write_compare_report, write_report
    from liftoff.sim.store import StoreError

    kinds = [f.strip() for f in formats.split(",") if f.strip()]
    bad = [k for k in kinds if k not in ("png", "svg")]
    if bad:
        fail(f"unknown figure format(s) {', '.join(bad)}; allowed: png, svg")
    if len(label) not in (0, 2) or (label and compare is None):
        fail("--label is given twice, with --compare: --label A --label B")
    try:
        if compare is None:
            target = out or run_dir / "report"
            path = write_report(run_dir, target, title=title, figure_formats=kinds)
        else:
            target = out or run_dir / f"compare-{compare.resolve().name}"
            labels = (label[0], label[1]) if label else None
            path = write_compare_report(
                run_dir, compare, target, title=title, labels=labels, figure_formats=kinds
            )
    except (ReportError, StoreError) as exc:
        fail(str(exc))
    console.print(f"report: {path}")


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``report``."""
    app.command("simulate")(simulate)
    app.command("report")(report)
