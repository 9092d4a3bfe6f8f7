"""The ``liftoff`` command: one Typer app; each tool registers its commands from
its own module (``register(app)``), so the tools stay apart.
"""

from __future__ import annotations

import importlib

import typer

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
        _built = True
    return app


def main() -> None:
    """Entry point of the ``liftoff`` script."""
    build()()
