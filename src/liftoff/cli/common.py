"""Helpers shared by the CLI commands: clear errors instead of tracebacks."""

from __future__ import annotations

from typing import Any, NoReturn

import typer
from rich.console import Console

import liftoff
from liftoff.engine import Game

err_console = Console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error message and exit (never a traceback)."""
    err_console.print(f"[bold red]error:[/bold red] {message}")
    raise typer.Exit(code)


def get_game(name: str) -> Game[Any]:
    """The named game, or a clear error listing the games."""
    try:
        return liftoff.games.get(name)
    except liftoff.UnknownGame as exc:
        fail(str(exc))
