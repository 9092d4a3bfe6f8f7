"""``liftoff games`` and ``liftoff rules``: what games there are and their options."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

import liftoff
from liftoff.cli.common import fail, get_game

console = Console()


def games() -> None:
    """List the games."""
    table = Table(title="liftoff games", show_lines=False)
    for col in ("name", "title", "players", "kind"):
        table.add_column(col)
    for name in liftoff.games.names():
        info = liftoff.games.get(name).info
        kind = ", ".join(
            k
            for k, on in (
                ("simultaneous", info.simultaneous),
                ("chance", info.stochastic),
                ("hidden information", info.hidden_information),
            )
            if on
        )
        table.add_row(name, info.title, f"{info.min_players}-{info.max_players}", kind)
    console.print(table)


def rules(
    game: str = typer.Argument(..., help="Game name (see `liftoff games`)."),
    options: bool = typer.Option(False, "--options", help="List the game's options."),
    rule: str = typer.Option(None, "--rule", help="Show one rule by its catalogue ID."),
) -> None:
    """Describe a game: its summary, its options, or one rule's text."""
    g = get_game(game)
    if rule:
        text = g.rule_text(rule)
        if text is None:
            fail(f"no rule {rule!r} in {g.info.name}")
        console.print(f"[bold]{rule}[/bold] — {text}")
        return
    if options:
        table = Table(title=f"{g.info.title}: options (--option name=value)")
        for col in ("option", "default", "allowed", "what it does"):
            table.add_column(col, overflow="fold")
        for opt in g.options.public():
            doc = opt.doc + (f" [{opt.rule}]" if opt.rule else "")
            table.add_row(opt.name, str(opt.default), opt.allowed(), doc)
        console.print(table)
        return
    info = g.info
    console.print(
        f"[bold]{info.title}[/bold] ({info.name}), {info.min_players}-{info.max_players} players"
    )
    if info.summary:
        console.print(info.summary)
    names = ", ".join(o.name for o in g.options.public()) or "none"
    console.print(f"Options: {names} (liftoff rules {info.name} --options)")


def register(app: typer.Typer) -> None:
    """Add the commands of this module."""
    app.command("games")(games)
    app.command("rules")(rules)
