"""``liftoff games`` and ``liftoff rules``: what games there are and their options."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

import liftoff
from liftoff import speech
from liftoff.cli.common import chosen_language, fail, get_game
from liftoff.cli.fold import folded
from liftoff.cli.words import say
from liftoff.engine import Game
from liftoff.engine.messages import ENGLISH, language, speaking, text_for

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


def show_rules(out: Console, game: Game[Any], query: str, limit: int = 3) -> None:
    """Print the rules and rulings of ``game`` that ``query`` asks about (an
    ID, or words: ``moon phase``), best first, at most ``limit``."""
    found = speech.of(game).find_rules(query, limit + 1)
    if not found:
        title = text_for(f"{game.info.name}.title", game.info.title)
        called = game.info.name if language() == ENGLISH else title
        out.print(Text(say("cli.rules.none", game=called, query=repr(query))))
        return
    if found[0][0].lower() == query.strip().lower():  # an exact ID: that rule alone
        found = found[:1]
    for rid, text in found[:limit]:  # Japanese folds between phrases
        out.print(folded(Text.assemble((rid, "bold"), " — ", text)))
    if len(found) > limit:
        more = f"liftoff rules {game.info.name} --find {query!r}" if limit < FIND_LIMIT else ""
        said = say("cli.rules.more", command=more) if more else say("cli.rules.more-words")
        out.print(Text(said, "dim"))


FIND_LIMIT = 20  # rules listed by ``liftoff rules GAME --find``


def rules(
    game: str = typer.Argument(..., help="Game name (see `liftoff games`)."),
    options: bool = typer.Option(False, "--options", help="List the game's options."),
    rule: str = typer.Option(None, "--rule", help="Show one rule by its catalogue ID."),
    find: str = typer.Option(
        None, "--find", help="List the rules these words ask about, best first."
    ),
    words: list[str] = typer.Argument(None, help="More words for --find.", show_default=False),
    lang: str = typer.Option(
        None,
        "--lang",
        help="The language of the rules and of --find's words: en or ja "
        "(default: the terminal's locale).",
    ),
) -> None:
    """Describe a game: its summary, its options, one rule's text, or the rules
    found by words (--find moon phase)."""
    with speaking(chosen_language(lang)):
        describe(game, options, rule, find, words)


def describe(
    game: str, options: bool, rule: str | None, find: str | None, words: list[str] | None
) -> None:
    """``liftoff rules`` in the language being spoken."""
    g = get_game(game)
    if words and find is None:
        fail(f"unexpected {' '.join(words)!r}: to find rules by words, use --find WORDS")
    if find is not None:
        show_rules(console, g, " ".join([find, *(words or [])]), FIND_LIMIT)
        return
    if rule:
        text = g.rule_text(rule)
        if text is None:
            fail(
                f"no rule {rule!r} in {g.info.name} "
                f"(liftoff rules {g.info.name} --find WORDS finds rules by words)"
            )
        console.print(folded(Text.assemble((rule, "bold"), " — ", text)))
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
