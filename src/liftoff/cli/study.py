"""``liftoff study agency``: the designer's loop for agency content in one
command — simulate the content (and the content it is compared with), measure
the cards and the seats, write the HTML report and say which items of the
balance criterion pass (:mod:`liftoff.sim.studies.agency_check`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from liftoff.cli.common import fail, installed, needs_extra
from liftoff.cli.simulate import _check_run_flags, _progress_bar, console

said = Console(highlight=False)  # the verdict goes to standard output; progress to stderr

study_app = typer.Typer(
    name="study",
    help="Balance studies: simulate, measure against a criterion, report.",
    no_args_is_help=True,
)


@study_app.command("agency")
def agency(
    content: str = typer.Option(
        ...,
        "--content",
        help="The content to study: a directory of content files (missing files: the "
        "shipped ones), 'shipped', or the name of a kept content set.",
    ),
    compare: str = typer.Option(
        None,
        "--compare",
        help="The content to compare with, named the same way (e.g. 'shipped').",
    ),
    out: Path = typer.Option(..., "--out", help="Directory for the runs and the report."),
    games: int = typer.Option(400, "--games", "-n", help="Games per player count and content."),
    players: str = typer.Option("2,3,4", "--players", "-p", help="Player counts, e.g. 2,3,4."),
    bots: str = typer.Option("heuristic", "--bots", "-b", help="One bot spec for every seat."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed (the same for both contents)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes (local) or CPUs (Ray)."),
    backend: str = typer.Option("local", "--backend", help="local | ray."),
    address: str = typer.Option(None, "--address", help="Ray cluster HOST:PORT (or auto)."),
    force: bool = typer.Option(
        False, "--force", help="Play runs again that OUT holds with other settings."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Study agency content against the balance criterion (docs/studies/agency.md).

    Ctrl-C keeps every finished game: run the same command again to go on."""
    _check_run_flags(backend, "csv", workers, address)
    if backend == "ray" and not installed("ray"):
        needs_extra("--backend ray", "distributed", "ray")
    from liftoff.sim.studies.agency_check import StudySettings

    counts = _player_counts(players)
    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    sides = [_side(content)] + ([_side(compare)] if compare is not None else [])
    settings = StudySettings(games=games, players=counts, bots=bots, seed=seed)
    _play(out, sides, settings, force, quiet, backend=backend, workers=workers, address=address)
    _report(out, sides, settings)


def _player_counts(text: str) -> tuple[int, ...]:
    try:
        counts = tuple(sorted({int(p) for p in text.split(",") if p.strip()}))
    except ValueError:
        fail(f"--players takes player counts such as 2,3,4, not {text!r}")
    if not counts or not all(2 <= p <= 4 for p in counts):
        fail(f"agency is for 2-4 players; --players {text!r} names another count")
    return counts


def _side(spec: str) -> Any:
    from liftoff.engine import ContentError
    from liftoff.games.agency.sets import SHIPPED, named_sets, resolve, set_dir
    from liftoff.sim.studies.agency_check import Side

    try:
        label, found = resolve(spec)
    except (ContentError, ValueError) as exc:
        fail(f"--content/--compare {spec}: {exc}")
    if spec == SHIPPED:
        directory = ""
    elif spec in named_sets() and not Path(spec).is_dir():
        directory = str(set_dir(spec))
    else:
        directory = str(Path(spec).resolve())
    return Side(label, found, directory)


def _play(
    out: Path, sides: list[Any], settings: Any, force: bool, quiet: bool, **backend: Any
) -> None:
    from liftoff.sim import BackendError, SimError, SimInterrupted, StoreError
    from liftoff.sim.studies.agency_check import run_study

    total = settings.games * len(settings.players) * len(sides)
    with _progress_bar(quiet) as bar:
        task = bar.add_task(f"agency study x{total}", total=total)
        shown = [0.0]

        def advance(n: int) -> None:
            bar.advance(task, n)
            now = time.monotonic()
            if now - shown[0] >= 0.1:
                shown[0] = now
                bar.refresh()

        try:
            run_study(out, sides, settings, progress=advance, force=force, **backend)
        except (BackendError, SimError, StoreError) as exc:
            fail(str(exc))
        except SimInterrupted as stop:
            bar.stop()
            console.print(
                f"[bold yellow]interrupted:[/bold yellow] the finished games are kept in "
                f"{stop.out}; run the same command again to finish the study",
                soft_wrap=True,
            )
            raise typer.Exit(130) from None
        bar.refresh()


def _report(out: Path, sides: list[Any], settings: Any) -> None:
    from liftoff.sim.studies.agency_check import (
        SIDES,
        analyse,
        changed_designs,
        to_json,
        write_json,
    )
    from liftoff.sim.studies.agency_html import write_html

    results = [analyse(out, name, side, settings) for name, side in zip(SIDES, sides, strict=False)]
    changed = changed_designs(sides[0].content, sides[1].content) if len(sides) > 1 else set()
    write_json(out / "study.json", to_json(results, settings))
    page = write_html(out / "report.html", results, settings, changed)
    for r in results:
        word = "meets" if r.passed else "does not meet"
        said.print(f"{r.label} ({r.fingerprint}, {r.games} games) {word} the criterion:")
        for item in r.items:
            mark = "pass" if item.passed else "FAIL"
            said.print(f"  {mark}: {item.name}", soft_wrap=True)
            for failing in item.failing:
                said.print(f"        {failing}", soft_wrap=True)
    said.print(f"report: {page}", soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Add ``study`` (``study agency``)."""
    app.add_typer(study_app, name="study")
