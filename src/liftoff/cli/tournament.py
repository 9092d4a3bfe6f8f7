"""``liftoff tournament``: bots against each other, in parallel, with ratings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from liftoff.cli.common import fail, get_game
from liftoff.engine import OptionError, OptionSet

console = Console()


def _print_summary(summary: Any) -> None:
    from liftoff.bots.tournament import Summary, wilson

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
        help="Comma-separated bots, e.g. random,heuristic,ismcts:iterations=200,rollout=heuristic",
    ),
    games: int = typer.Option(
        100, "--games", "-n", help="Games per table (each set of bots that meets)."
    ),
    players: int = typer.Option(2, "--players", "-p", help="Players per game."),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes playing in parallel."),
    seed: int = typer.Option(
        0, "--seed", help="Tournament seed (every game's seed derives from it)."
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
        "OUT.partial and play the rest.",
    ),
) -> None:
    """Round robin between bots over every seat order, in parallel, with ratings.

    Games are saved as they finish (OUT.partial); after Ctrl-C, run the same
    command with --resume to play only the missing games."""
    from liftoff.bots.tournament import (
        check_bot,
        resumable,
        run,
        save_records,
        schedule,
        split_bots,
        summarize,
    )

    if not console.is_terminal:
        console.width = max(console.width, 150)  # files and pipes get whole table rows
    g = get_game(game)
    info = g.info
    if not info.min_players <= players <= info.max_players:
        fail(f"{info.title} is for {info.min_players}-{info.max_players} players, not {players}")
    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    specs = split_bots(bots)
    if not specs:
        fail("--bots needs at least one bot")
    for spec in specs:
        try:
            check_bot(spec, g)
        except ValueError as exc:
            fail(f"bot {spec!r}: {exc}")
    try:
        opts = OptionSet.parse_pairs(option)
        g.new_game(players, seed, opts)  # validates the options
    except (OptionError, ValueError) as exc:
        fail(str(exc))
    tasks = schedule(specs, players, games, seed)
    console.print(
        f"[dim]{info.title}: {len(tasks)} games of {players} players, bots {', '.join(specs)}, "
        f"seed {seed}, {workers} worker{'s' if workers > 1 else ''}[/dim]"
    )
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    )
    path = out if out is not None else Path(f"tournament-{info.name}-seed{seed}.jsonl")
    partial = path.with_name(path.name + ".partial")  # games so far, if the run is cut short

    def keep(recs: list[dict[str, Any]]) -> None:
        with partial.open("a", encoding="utf-8") as fh:
            for rec in recs:
                fh.write(json.dumps(rec, sort_keys=True) + "\n")

    kept: dict[int, dict[str, Any]] = {}
    if resume:
        if not partial.is_file():
            fail(f"nothing to resume: {partial} does not exist (run without --resume)")
        try:
            kept = resumable(tasks, partial.read_text(encoding="utf-8").splitlines())
        except OSError as exc:
            fail(f"cannot read {partial}: {exc}")
        console.print(f"[dim]resuming: {len(kept)} of {len(tasks)} games kept[/dim]")
    try:
        partial.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(
            "".join(json.dumps(r, sort_keys=True) + "\n" for _, r in sorted(kept.items())),
            encoding="utf-8",
        )
    except OSError as exc:
        fail(f"cannot write {partial}: {exc}")
    todo = [t for t in tasks if t.index not in kept]
    done_now: list[int] = [len(kept)]

    def advance(k: int) -> None:
        done_now[0] += k
        progress.advance(bar, k)

    try:
        with progress:
            bar = progress.add_task("games", total=len(tasks), completed=len(kept))
            played = run(
                info.name,
                todo,
                workers=workers,
                options=dict(opts),
                on_progress=advance,
                on_records=keep,
            )
    except KeyboardInterrupt:
        console.print(
            f"[bold yellow]interrupted:[/bold yellow] {done_now[0]} of {len(tasks)} games are "
            f"kept in {partial}; play the rest with the same command and --resume",
            soft_wrap=True,
        )
        raise typer.Exit(130) from None
    records = sorted([*kept.values(), *played], key=lambda r: int(r["index"]))
    try:
        save_records(records, path)
        partial.unlink(missing_ok=True)
    except OSError as exc:
        fail(f"cannot write {path}: {exc}")
    summary = summarize(info.name, players, seed, specs, records)
    _print_summary(summary)
    console.print(f"[dim]games saved to {path}[/dim]")
    if summary_path is not None:
        try:
            summary_path.parent.mkdir(parents=True, exist_ok=True)
            summary_path.write_text(json.dumps(summary.to_json(), indent=2) + "\n")
        except OSError as exc:
            fail(f"cannot write {summary_path}: {exc}")


def register(app: typer.Typer) -> None:
    """Add the ``tournament`` command."""
    app.command("tournament")(tournament)
