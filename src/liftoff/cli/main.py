"""The ``liftoff`` command: one Typer app; each tool registers its commands from
its own module (``register(app)``), so the tools stay apart.

Every way a command can end badly ends in one line on standard error and a
non-zero exit (:func:`run`): the commands' own errors (:func:`~liftoff.cli.common.fail`),
mistakes on the command line (an unknown option, a missing argument), and — a
bug — any other exception, whose traceback ``LIFTOFF_TRACEBACK=1`` shows.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.exceptions import TyperException  # a mistake on the command line (click's errors)

app = typer.Typer(
    name="liftoff",
    help="Play, study and simulate the three tabletop games called Lift Off.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

# Modules that add commands; each defines ``register(app: typer.Typer) -> None``.
COMMAND_MODULES = [
    "liftoff.cli.info",
    "liftoff.cli.serve",
    "liftoff.cli.loadtest",
    "liftoff.cli.admin",
    "liftoff.cli.simulate",
    "liftoff.cli.play",
    "liftoff.cli.resume",
    "liftoff.cli.replay",
    "liftoff.cli.bench",
    "liftoff.cli.content",
    "liftoff.cli.tournament",
    "liftoff.cli.study",
]


_built = False


def _version(value: bool) -> None:
    if value:
        from liftoff import __version__, compiled

        typer.echo(f"liftoff {__version__} ({compiled.build_name()})")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_version,
        is_eager=True,
        help="Print the version and which build is running (pure Python or compiled), then exit.",
    ),
) -> None:
    """Play, study and simulate the three tabletop games called Lift Off."""


def build() -> typer.Typer:
    """The app with every tool's commands registered (idempotent)."""
    global _built
    if not _built:
        for name in COMMAND_MODULES:
            importlib.import_module(name).register(app)
        for command in app.registered_commands:
            quiet_flags(command.callback)
        quiet_flags(_root)
        _built = True
    return app


def quiet_flags(callback: Any) -> None:
    """Give the on/off options of a command no metavar, so that ``--help``
    shows ``--reveal``, not ``--reveal <bool>``."""
    if callback is None:
        return
    for param in inspect.signature(callback).parameters.values():
        info = param.default
        flag = param.annotation in (bool, "bool", "bool | None")
        if flag and isinstance(info, typer.models.OptionInfo) and info.metavar is None:
            info.metavar = ""


def quiet_help(command: Any) -> None:
    """Give ``--help`` of ``command`` and of its subcommands no metavar either
    (``--help``, not ``--help <bool>``)."""
    from typer._click.core import Context

    option = command.get_help_option(Context(command))
    if option is not None:
        option.metavar = ""
    for sub in getattr(command, "commands", {}).values():
        quiet_help(sub)


TRACEBACK_ENV = "LIFTOFF_TRACEBACK"  # set to 1: a bug shows its traceback instead of one line


def run(app: typer.Typer, args: Sequence[str] | None = None) -> None:
    """Run ``app`` on ``args`` (default: the command line) and exit with its code;
    a mistake on the command line, an interruption or an unexpected exception
    is said in one line."""
    command = typer.main.get_command(app)
    quiet_help(command)
    try:
        code = command.main(args=args, prog_name="liftoff", standalone_mode=False)
    except TyperException as exc:
        if type(exc).__name__ != "NoArgsIsHelpError":  # that one has shown the help
            _say_error(_usage(exc))
        code = exc.exit_code
    except typer.Abort:
        _say_error(_words("cli.stopped"))
        code = 1
    except Exception as exc:
        if os.environ.get(TRACEBACK_ENV):
            raise
        _say_error(_words("cli.bug", problem=_one_line(f"{type(exc).__name__}: {exc}")))
        code = 1
    sys.exit(code if isinstance(code, int) else 0)


def _usage(exc: TyperException) -> str:
    """A mistake on the command line, and where the command's options are listed."""
    message = _one_line(exc.format_message())
    ctx = getattr(exc, "ctx", None)
    if ctx is None:
        return message
    return _words("cli.usage", problem=message, command=f"{ctx.command_path} --help")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _words(code: str, **params: str) -> str:
    """A message of the command line itself, in the terminal's language."""
    from liftoff import i18n
    from liftoff.cli.words import say
    from liftoff.engine.messages import speaking

    with speaking(i18n.from_environment(os.environ)):
        return say(code, **params)


def _say_error(message: str) -> None:
    from rich.markup import escape

    from liftoff.cli.common import err_console

    err_console.print(_words("cli.error", message=escape(message)), soft_wrap=True)


def main() -> None:
    """Entry point of the ``liftoff`` script."""
    run(build())
