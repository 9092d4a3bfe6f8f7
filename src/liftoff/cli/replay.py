"""``liftoff replay FILE``: step through a saved game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from liftoff.cli.common import fail, get_game
from liftoff.cli.play import outcome_table, renderer
from liftoff.engine import ReplayError, State
from liftoff.records import load_record

console = Console(highlight=False)


def replay(
    file: Path = typer.Argument(..., help="A record saved by `liftoff play --save` or the server."),
    as_player: int = typer.Option(
        None, "--as", help="Show the game as this player saw it (others' hidden choices too)."
    ),
    to_end: bool = typer.Option(False, "--to-end", help="Print only the final position."),
) -> None:
    """Step through a saved game: Enter = next, b = back, g N = go to action N, q = quit."""
    try:
        record = load_record(file)
        game = get_game(str(record["game"]))
        final = game.replay(record)
    except ReplayError as exc:
        fail(str(exc))
    actions = record["actions"]
    draw = renderer(game.info.name)
    if to_end:
        console.print(draw(final.view(as_player), as_player))
        if final.is_over():
            console.print(outcome_table(final))
        return
    # the start: a new game, or the snapshot a determinized world's record begins from
    states: list[State] = [game.replay({**record, "actions": []})]
    for player, text in actions:
        nxt = states[-1].clone()
        nxt.apply(player, text)
        states.append(nxt)
    i = 0
    while True:
        s = states[i]
        console.print(draw(s.view(as_player), as_player))
        if i:
            player, text = actions[i - 1]
            if as_player is not None and player != as_player:
                action = game.parse_action(s, player, text)
                if not game.action_is_public(s, player, action):
                    text = "(a hidden choice)"  # what p{as_player} saw of it
            console.print(f"[bold]action {i}/{len(actions)}:[/bold] p{player} {text}")
        else:
            console.print(f"[bold]start[/bold] ({len(actions)} actions)")
        if s.is_over():
            console.print(outcome_table(s))
        try:
            cmd = console.input("[dim]Enter/n next · b back · g N go to · q quit[/dim] ").strip()
        except (EOFError, KeyboardInterrupt):
            return
        i = _step(cmd, i, len(states))
        if i < 0:
            return


def _step(cmd: str, i: int, n: int) -> int:
    if cmd in ("", "n"):
        return min(i + 1, n - 1)
    if cmd == "b":
        return max(i - 1, 0)
    if cmd == "q":
        return -1
    if cmd.startswith("g") and cmd[1:].strip().isdigit():
        return max(0, min(int(cmd[1:].strip()), n - 1))
    return i


def register(app: typer.Typer) -> None:
    """Add ``replay``."""
    app.command("replay")(replay)


__all__: list[Any] = ["register", "replay"]
