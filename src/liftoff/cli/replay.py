"""``liftoff replay FILE``: step through a saved game."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, RenderableType

from liftoff.cli.common import chosen_language, fail, get_game
from liftoff.cli.ending import ending
from liftoff.cli.play import narrated, renderer, story_line
from liftoff.cli.seats import default_names
from liftoff.cli.words import say
from liftoff.engine import Event, ReplayError, State
from liftoff.engine.messages import speaking
from liftoff.records import load_record, record_seats

console = Console(highlight=False)


def replay(
    file: Path = typer.Argument(..., help="A record saved by `liftoff play --save` or the server."),
    as_player: int = typer.Option(
        None,
        "--as",
        help="Show the game as this player saw it, counting from 1 (default: as a "
        "spectator); others' hidden choices stay hidden.",
    ),
    to_end: bool = typer.Option(False, "--to-end", help="Print only the final position."),
    lang: str = typer.Option(
        None,
        "--lang",
        help="The language of the game's messages: en or ja (default: the terminal's locale).",
    ),
) -> None:
    """Step through a saved game: Enter = next, b = back, g N = go to action N, q = quit.

    Each step tells what the action caused, narrated for the viewer (a spectator,
    or the player of ``--as``)."""
    with speaking(chosen_language(lang)):
        _replay(file, None if as_player is None else as_player - 1, to_end)


def _replay(file: Path, as_player: int | None, to_end: bool) -> None:
    try:
        record = load_record(file)
        game = get_game(str(record["game"]))
        final = game.replay(record)
    except ReplayError as exc:
        fail(str(exc))
    actions = record["actions"]
    if as_player is not None and not 0 <= as_player < final.num_players:
        said = say("cli.replay.no-player", player=as_player + 1, last=final.num_players)
        fail(said)
    names = record_names(record, final.num_players)
    draw = with_names(renderer(game.info.name), names)
    if to_end:
        console.print(draw(final.view(as_player), as_player))
        if final.is_over():
            console.print(ending(game, final, names, as_player))
        return
    # the start: a new game, or the snapshot a determinized world's record begins from
    states: list[State] = [game.replay({**record, "actions": []})]
    caused: list[list[Event]] = [[]]
    for player, text in actions:
        nxt = states[-1].clone()
        caused.append(nxt.apply(player, text))
        states.append(nxt)

    def show_step(i: int) -> None:
        s = states[i]
        console.print(draw(s.view(as_player), as_player))
        if i:
            console.print(say("cli.replay.action", number=i, count=len(actions)))
            for line in narrated(game, caused[i], as_player, names):
                console.print(story_line(line))  # folded lines indented
        else:
            console.print(say("cli.replay.start", count=len(actions)))
        if s.is_over():
            console.print(ending(game, s, names, as_player))

    i = 0
    show_step(i)
    while True:
        try:
            cmd = console.input(say("cli.replay.prompt")).strip()
        except (EOFError, KeyboardInterrupt):
            return
        step = _step(cmd, i, len(states))
        if step is None:  # not a command: said so, and the step stays as shown
            console.print(say("cli.replay.unknown", typed=shortened(cmd)), markup=False)
            continue
        if step < 0:
            return
        i = step
        show_step(i)


def with_names(
    draw: Callable[..., RenderableType], names: Sequence[str]
) -> Callable[[dict[str, Any], int | None], RenderableType]:
    """The board renderer, given the players' names when it takes them
    (``render(view, viewer, names)``), so that boards name players."""
    try:
        takes = len(inspect.signature(draw).parameters) >= 3
    except (TypeError, ValueError):
        takes = False

    def drawn(view: dict[str, Any], viewer: int | None) -> RenderableType:
        return draw(view, viewer, list(names)) if takes else draw(view, viewer)

    return drawn


def record_names(record: dict[str, Any], players: int) -> list[str]:
    """The players' names: the record's ``names`` when it has them, else from its
    seats (bots by kind: ``Medium 2``), else ``Player N``."""
    given = record.get("names")
    if isinstance(given, list) and len(given) == players and all(isinstance(n, str) for n in given):
        return [str(n) for n in given]
    seats = record_seats(record)
    if seats is not None:
        return default_names(seats)
    return [say("api.seat.player", number=p + 1) for p in range(players)]


def shortened(typed: str, most: int = 40) -> str:
    """What a person typed, cut to ``most`` characters with "…" (never echoed whole)."""
    return typed if len(typed) <= most else typed[: most - 1] + "…"


def _step(cmd: str, i: int, n: int) -> int | None:
    """The step a command goes to (``-1``: quit; ``None``: not a command)."""
    cmd = cmd.lower()
    if cmd in ("", "n"):
        return min(i + 1, n - 1)
    if cmd == "b":
        return max(i - 1, 0)
    if cmd == "q":
        return -1
    if cmd.startswith("g") and cmd[1:].strip().isdigit():
        return max(0, min(int(cmd[1:].strip()), n - 1))
    return None


def register(app: typer.Typer) -> None:
    """Add ``replay``."""
    app.command("replay")(replay)


__all__: list[Any] = ["register", "replay"]
