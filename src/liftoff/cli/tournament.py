"""``liftoff tournament``: bots against each other, in parallel, with ratings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from liftoff.cli.common import fail, installed, need_folder, needs_extra
from liftoff.engine import OptionError, OptionSet

if TYPE_CHECKING:
    from liftoff.sim.runner import SimConfig

console = Console()


def _print_summary(summary: Any) -> None:
    from liftoff.sim.stats import wilson
    from liftoff.sim.tournament import Summary

    assert isinstance(summary, Summary)
    table = Table(
        title=(
            f"{summary.game}, {summary.players} players: {summary.played} games"
            f"{f', {summary.errors} failed' if summary.errors else ''} (seed {summary.seed})"
        )
    )
    table.add_column("bot", overflow="fold")
    several = any(s.seats != s.games for s in summary.stats)
    columns = ["games", *(["seats"] if several else []), "wins", "win %", "95% CI"]
    for col in (*columns, "score", "place", "rating", "mu±sigma"):
        table.add_column(col, justify="right", no_wrap=True)
    for s in summary.stats:
        lo, hi = s.interval
        table.add_row(
            s.bot,
            str(s.games),
            *([str(s.seats)] if several else []),
            f"{s.wins:g}",
            f"{100 * s.win_rate:.1f}",
            f"{100 * lo:.0f}-{100 * hi:.0f}",
            f"{s.score_sum / s.seats:.2f}" if s.seats else "-",
            f"{s.place_sum / s.seats:.2f}" if s.seats else "-",
            f"{s.ordinal:.1f}",
            f"{s.mu:.1f}±{s.sigma:.1f}",
        )
    console.print(table)
    searching = [s for s in summary.stats if s.iterations_per_decision is not None]
    for s in searching:
        console.print(
            f"[dim]{s.bot}: {s.iterations_per_decision:.0f} iterations per decision "
            f"on average ({s.decisions} decisions)[/dim]"
        )
    if summary.head_to_head:
        h2h = Table(title="head to head: the row's win % against the column (95% CI, games)")
        h2h.add_column("bot", overflow="fold")
        bots = [s.bot for s in summary.stats]
        for b in bots:
            h2h.add_column(b, justify="right", overflow="fold")
        for a in bots:
            cells = []
            for b in bots:
                w, n = summary.head_to_head.get(a, {}).get(b, (0.0, 0))
                if not n:
                    cells.append("-")
                else:
                    lo, hi = wilson(w, n)
                    cells.append(f"{100 * w / n:.0f} ({100 * lo:.0f}-{100 * hi:.0f}, {n})")
            h2h.add_row(a, *cells)
        console.print(h2h)
    for line in summary.error_samples:
        console.print(f"[yellow]failed game:[/yellow] {line}")


def tournament(
    game: str = typer.Argument(..., help="Game name (see `liftoff games`)."),
    bots: str = typer.Option(
        "random,heuristic",
        "--bots",
        "-b",
        help="The bots, comma-separated, e.g. random,heuristic,ismcts:iterations=200,"
        "rollout=heuristic (a key=value part continues the bot before it; ';' always "
        "starts a new bot).",
    ),
    games: int = typer.Option(
        100, "--games", "-n", help="Games per table (each set of bots that meets)."
    ),
    players: int = typer.Option(2, "--players", "-p", help="Players per game."),
    workers: int = typer.Option(
        1, "--workers", "-w", help="Processes (local) or CPUs (Ray) playing in parallel."
    ),
    backend: str = typer.Option("local", "--backend", help="local | ray."),
    address: str = typer.Option(
        None, "--address", help="Ray cluster HOST:PORT (or auto); default: start a local Ray."
    ),
    seed: int = typer.Option(
        0, "--seed", "-s", help="Tournament seed (every game's seed derives from it)."
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option name=value (repeat)."),
    out: Path = typer.Option(
        None,
        "--out",
        help="Game records: JSON Lines, or CSV if the name ends in .csv "
        "(default: tournament-GAME-seedS.jsonl).",
    ),
    summary_path: Path = typer.Option(
        None, "--summary", help="Also write the summary table as JSON here."
    ),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="Continue an interrupted run of the same command: keep the games saved in "
        "OUT.partial and play the rest. After a finished JSON Lines run, keep its "
        "games and play the rest of a longer --games.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Round robin between bots over every seat order, in parallel, with ratings.

    Games are saved as they finish (OUT.partial); after Ctrl-C, run the same
    command with --resume to play only the missing games. --resume with a
    larger --games extends a finished run the same way."""
    from liftoff.sim.backends import BACKENDS

    if not console.is_terminal:
        console.width = max(console.width, 150)  # files and pipes get whole table rows
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    if backend not in BACKENDS:
        fail(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if address and backend != "ray":
        fail("--address only applies to --backend ray")
    if backend == "ray" and not installed("ray"):
        needs_extra("--backend ray", "distributed", "ray")
    config = _config(game, bots, players, games, seed, option)
    path = out if out is not None else Path(f"tournament-{config.game}-seed{seed}.jsonl")
    need_folder(path, "--out")
    if summary_path is not None:
        need_folder(summary_path, "--summary")
    partial = path.with_name(path.name + ".partial")  # games so far, if the run is cut short
    kept = _kept_games(config, partial, path) if resume else {}
    _start_partial(partial, kept)
    where = f"ray at {address}" if address else f"{backend}, {workers} worker{'s' * (workers > 1)}"
    console.print(
        f"[dim]{config.game}: {config.games} games of {players} players, "
        f"bots {', '.join(config.bots)}, seed {seed} ({where})[/dim]"
    )
    if resume:
        console.print(f"[dim]resuming: {len(kept)} of {config.games} games kept[/dim]")
    played = _play(config, partial, set(kept), workers, backend, address, quiet)
    records = sorted([*kept.values(), *played], key=lambda r: int(r["index"]))
    _finish(config, records, path, partial, summary_path)


def _kept_games(config: SimConfig, partial: Path, path: Path) -> dict[int, dict[str, Any]]:
    """The games ``--resume`` keeps, by schedule index (see :func:`_saved_games`);
    a finished run holding games of another schedule is refused."""
    from liftoff.sim.tournament import resumable

    saved = _saved_games(partial, path)
    try:
        lines = [line for line in saved.read_text(encoding="utf-8").splitlines() if line]
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {saved}: {exc}")
    kept = resumable(config, lines)
    if saved == path and len(kept) < len(lines):
        fail(
            f"{path} holds {len(lines)} games, of which {len(kept)} belong to this "
            "tournament: extend a finished run with the same bots, players, seed and "
            "options, and at least as many --games (nothing was changed)"
        )
    return kept


def _saved_games(partial: Path, path: Path) -> Path:
    """Where ``--resume`` finds the games played so far: an interrupted run's
    ``partial``, else a finished run's JSON Lines ``path`` (the games of a
    longer schedule begin with the same games, so it can be extended)."""
    from liftoff.sim.tournament import is_csv

    if partial.is_file():
        return partial
    if path.is_file() and not is_csv(path):
        return path
    finished = " (a finished CSV run cannot be extended)" if path.is_file() else ""
    fail(f"nothing to resume: {partial} does not exist{finished} (run without --resume)")


def _finish(
    config: SimConfig,
    records: list[dict[str, Any]],
    path: Path,
    partial: Path,
    summary_path: Path | None,
) -> None:
    """Save the records (then drop ``partial``), print the summary, and save it."""
    from liftoff.sim.tournament import save_records, summarize

    try:
        save_records(records, path)
        partial.unlink(missing_ok=True)
    except OSError as exc:
        fail(f"cannot write {path}: {exc}")
    summary = summarize(config.game, config.players, config.seed, list(config.bots), records)
    _print_summary(summary)
    console.print(f"[dim]games saved to {path}[/dim]")
    if summary_path is not None:
        try:
            summary_path.write_text(json.dumps(summary.to_json(), indent=2) + "\n")
        except OSError as exc:
            fail(f"cannot write {summary_path}: {exc}")


def _play(
    config: SimConfig,
    partial: Path,
    done: set[int],
    workers: int,
    backend: str,
    address: str | None,
    quiet: bool = False,
) -> list[dict[str, Any]]:
    """Play the games not ``done`` yet with a progress bar (none when ``quiet``), appending each to
    ``partial`` as it comes in; Ctrl-C says what is kept and exits with 130."""
    from liftoff.sim.backends import BackendError
    from liftoff.sim.tournament import run

    # auto_refresh=False: no refresh thread while worker processes are forked
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        auto_refresh=False,
        disable=quiet,
    )
    done_now = [len(done)]

    def advance(k: int) -> None:
        done_now[0] += k
        progress.advance(bar, k)
        progress.refresh()

    def keep(records: list[dict[str, Any]]) -> None:
        with partial.open("a", encoding="utf-8") as fh:
            fh.writelines(json.dumps(r, sort_keys=True) + "\n" for r in records)

    try:
        with progress:
            bar = progress.add_task("games", total=config.games, completed=len(done))
            played = run(
                config,
                workers=workers,
                backend=backend,
                address=address,
                done=done,
                on_progress=advance,
                on_records=keep,
            )
    except BackendError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        console.print(
            f"[bold yellow]interrupted:[/bold yellow] {done_now[0]} of {config.games} games are "
            f"kept in {partial}; play the rest with the same command and --resume",
            soft_wrap=True,
        )
        raise typer.Exit(130) from None
    return played


def _config(
    game: str, bots: str, players: int, games: int, seed: int, option: list[str]
) -> SimConfig:
    """The tournament's simulation configuration, or a clear error."""
    from liftoff.sim.runner import SimError
    from liftoff.sim.tournament import tournament

    try:
        return tournament(
            game, bots, players, games, seed=seed, options=OptionSet.parse_pairs(option)
        )
    except (SimError, OptionError) as exc:
        fail(str(exc))


def _start_partial(partial: Path, kept: dict[int, dict[str, Any]]) -> None:
    """Write ``OUT.partial`` anew with the games kept from an interrupted run."""
    try:
        partial.write_text(
            "".join(json.dumps(r, sort_keys=True) + "\n" for _, r in sorted(kept.items())),
            encoding="utf-8",
        )
    except OSError as exc:
        fail(f"cannot write {partial}: {exc}")


def register(app: typer.Typer) -> None:
    """Add the ``tournament`` command."""
    app.command("tournament")(tournament)
