"""``liftoff content validate``: check content (card data) files.

It goes through the Game API only: ``Game.content_files()`` names the data
files a game reads, and ``Game.validate_content(path)`` returns every problem
as ``(file, field, message)``. Without ``--game`` the game is the one whose
content files the path holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console

import liftoff
from liftoff.cli.common import fail, get_game
from liftoff.engine import Game

console = Console()
content_app = typer.Typer(
    name="content",
    help="Check and inspect content (card data) files.",
    no_args_is_help=True,
)


def has_content(game: Game[Any]) -> bool:
    """Whether ``game`` has replaceable content to validate."""
    return bool(game.content_files())


def content_games() -> dict[str, tuple[str, ...]]:
    """Every game with content files: name → the file names it reads."""
    out: dict[str, tuple[str, ...]] = {}
    for name in liftoff.games.names():
        files = liftoff.games.get(name).content_files()
        if files:
            out[name] = tuple(files)
    return out


def game_for(path: Path) -> Game[Any]:
    """The game whose content files ``path`` (a file, or a folder of them) holds:
    the one that reads the most of them (a ``board.toml`` alone could be planet's
    or agency's); exits with a clear error when no game or several games match."""
    found = sorted(p.name for p in path.iterdir() if p.is_file()) if path.is_dir() else [path.name]
    games = content_games()
    overlap = {name: len(set(files) & set(found)) for name, files in games.items()}
    best = max(overlap.values(), default=0)
    matches = [name for name, n in overlap.items() if n and n == best]
    if len(matches) == 1:  # the game that reads the most of these files
        return liftoff.games.get(matches[0])
    known = "; ".join(f"{name}: {', '.join(files)}" for name, files in games.items())
    if not matches:
        fail(
            f"cannot tell which game {path} is content for: no game reads "
            f"{'any of its files' if path.is_dir() else 'a file of that name'} "
            f"(content files: {known or 'none'}); name the game with --game"
        )
    fail(
        f"{path} holds content files of several games ({', '.join(matches)}); "
        "name the game with --game"
    )


@content_app.command("validate")
def validate(
    path: Path = typer.Argument(..., help="A content file (TOML or JSON) or a directory of them."),
    game: str | None = typer.Option(
        None,
        "--game",
        "-g",
        help="The game the content is for (default: the game whose content files PATH holds).",
    ),
) -> None:
    """Check a content file or directory; report every error with its file and field."""
    if not path.exists():
        fail(f"{path} does not exist")
    g = get_game(game) if game is not None else game_for(path)
    if not has_content(g):
        fail(f"{g.info.name} has no content files to validate")
    problems = g.validate_content(path)
    if problems:
        for file, field, message in problems:
            console.print(f"[red]{file}[/red]: [bold]{field}[/bold]: {message}", soft_wrap=True)
        console.print(f"[bold red]{len(problems)} problem(s)[/bold red]")
        raise typer.Exit(1)
    console.print(f"[green]{path}: valid {g.info.name} content[/green]")


def register(app: typer.Typer) -> None:
    """Add the ``content`` commands."""
    app.add_typer(content_app, name="content")
