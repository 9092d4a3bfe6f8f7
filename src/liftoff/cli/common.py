"""Helpers shared by the CLI commands: clear errors instead of tracebacks."""

from __future__ import annotations

from typing import Any, NoReturn

import typer
from rich.console import Console

import liftoff
from liftoff.engine import Game

err_console = Console(stderr=True)

SHORT_FLAGS: dict[str, str] = {
    "-b": "--bots",
    "-g": "--game",
    "-n": "--games",
    "-o": "--option",
    "-p": "--players",
    "-q": "--quiet",
    "-s": "--seed",
    "-w": "--workers",
}
"""The one meaning of each short flag, in every ``liftoff`` command (a test
checks every command against it): a command that has the long option may
offer the short one, and no command gives the short one another meaning."""


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error message (one line, not cut by the console) and exit (never a
    traceback)."""
    from liftoff.cli.words import say

    err_console.print(say("cli.error", message=message), soft_wrap=True)
    raise typer.Exit(code)


def get_game(name: str) -> Game[Any]:
    """The named game, or a clear error listing the games."""
    try:
        return liftoff.games.get(name)
    except liftoff.UnknownGame as exc:
        fail(str(exc))
