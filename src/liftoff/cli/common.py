"""Helpers shared by the CLI commands: clear errors instead of tracebacks."""

from __future__ import annotations

from pathlib import Path
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
    """Print an error message as one line (not cut by the console; its words
    printed as they are, brackets and all) and exit (never a traceback)."""
    from rich.markup import escape

    from liftoff.cli.words import say

    line = " ".join(message.split())
    err_console.print(say("cli.error", message=escape(line)), soft_wrap=True)
    raise typer.Exit(code)


def chosen_language(lang: str | None) -> str:
    """``--lang`` (refused when there is no such catalogue), else the locale's."""
    import os

    from liftoff import i18n
    from liftoff.cli.words import say
    from liftoff.engine.messages import speaking

    if lang is None:
        return i18n.from_environment(os.environ)
    if lang not in i18n.available():
        with speaking(i18n.from_environment(os.environ)):
            fail(say("cli.play.no-lang", lang=lang, languages=", ".join(i18n.available())))
    return lang


def get_game(name: str) -> Game[Any]:
    """The named game, or a clear error listing the games."""
    try:
        return liftoff.games.get(name)
    except liftoff.UnknownGame as exc:
        fail(str(exc))


def installed(module: str) -> bool:
    """Whether an optional dependency is installed (without importing it)."""
    import importlib.util

    return importlib.util.find_spec(module) is not None


def install_hint(extra: str) -> str:
    """How to install the optional part ``extra`` (``sim``, ``server``…), with uv
    as the README sets it up and with pip."""
    from liftoff.cli.words import say

    return say("cli.install", extra=extra)


def needs_extra(what: str, extra: str, missing: str | None = None) -> NoReturn:
    """End the command: ``what`` needs the optional part ``extra`` (``missing``:
    the package found missing)."""
    from liftoff.cli.words import say

    said = "cli.needs-extra.missing" if missing else "cli.needs-extra"
    fail(say(said, what=what, extra=extra, missing=missing or "", hint=install_hint(extra)))


def need_folder(path: Path, flag: str) -> None:
    """Refuse the file ``path`` (given with ``flag``) when its folder does not
    exist or it is a folder itself: a mistyped folder is not made silently."""
    from liftoff.cli.words import say

    if path.is_dir():
        fail(say("cli.file-is-folder", flag=flag, path=str(path)))
    folder = path.parent
    if not folder.is_dir():
        fail(say("cli.no-folder", flag=flag, path=str(path), folder=str(folder)))


def need_path(path: Path, flag: str) -> None:
    """Refuse ``path`` (given with ``flag``, or an argument when ``flag`` is
    empty) when it does not exist."""
    from liftoff.cli.words import say

    if not path.exists():
        fail(say("cli.no-path", flag=f"{flag} " if flag else "", path=str(path)))


def check_players(game: Game[Any], count: int) -> None:
    """Refuse a number of players the game is not for."""
    from liftoff.cli.words import say

    info = game.info
    if not info.min_players <= count <= info.max_players:
        fail(
            say(
                "cli.player-count",
                game=info.name,
                low=info.min_players,
                high=info.max_players,
                count=count,
            )
        )
