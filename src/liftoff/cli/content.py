"""``liftoff content validate``: check content (card data) files.

A game that loads content from data files exposes ``validate_content(path)``
in its package, returning ``(path, field, message)`` problems; this command
prints every one of them.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import typer
from rich.console import Console

from liftoff.cli.common import fail, get_game

console = Console()
content_app = typer.Typer(
    name="content",
    help="Check and inspect content (card data) files.",
    no_args_is_help=True,
)


@content_app.command("validate")
def validate(
    path: Path = typer.Argument(..., help="A content file (TOML or JSON) or a directory of them."),
    game: str = typer.Option("agency", "--game", "-g", help="The game the content is for."),
) -> None:
    """Check a content file or directory; report every error with its file and field."""
    g = get_game(game)
    module = importlib.import_module(type(g).__module__.rsplit(".", 1)[0])
    checker = getattr(module, "validate_content", None)
    if checker is None:
        fail(f"{g.info.name} has no content files to validate")
    if not path.exists():
        fail(f"{path} does not exist")
    problems = checker(str(path))
    if problems:
        for file, field, message in problems:
            console.print(f"[red]{file}[/red]: [bold]{field}[/bold]: {message}", soft_wrap=True)
        console.print(f"[bold red]{len(problems)} problem(s)[/bold red]")
        raise typer.Exit(1)
    console.print(f"[green]{path}: valid {g.info.name} content[/green]")


def register(app: typer.Typer) -> None:
    """Add the ``content`` commands."""
    app.add_typer(content_app, name="content")
