"""``liftoff play``: a game in the terminal, hot-seat and against bots."""

from __future__ import annotations

import importlib
import os
import secrets
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.table import Table

from liftoff.cli.common import fail, get_game
from liftoff.cli.seats import Seat, parse_seats, split_seats
from liftoff.engine import Game, IllegalAction, OptionError, OptionSet, State
from liftoff.records import save_record

console = Console(highlight=False)


def load_game_with_content(name: str, content: Path | None) -> Game[Any]:
    """The named game, with its content files replaced from ``content`` if given."""
    game = get_game(name)
    if content is None:
        return game
    module = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
    loader = getattr(module, "load_game", None)
    if loader is None:
        fail(f"{name} has no replaceable content")
    try:
        loaded: Game[Any] = loader(content)
    except ValueError as exc:
        fail(str(exc))
    return loaded


def renderer(name: str) -> Any:
    """The game's terminal renderer, or a plain pretty-printer of the view."""
    try:
        return importlib.import_module(f"liftoff.cli.render_{name}").render
    except ModuleNotFoundError:
        return lambda view, player: Pretty(view)


def outcome_table(state: State) -> Table:
    """Final scores and places."""
    out = state.outcome()
    assert out is not None
    table = Table(title=f"Game over — {out.termination}")
    for col in ("place", "player", "score"):
        table.add_column(col)
    for p in out.ranking:
        mark = " ★" if p in out.winners else ""
        table.add_row(str(out.places[p]), f"p{p}{mark}", f"{out.scores[p]:g}")
    return table


class TerminalGame:
    """Runs one game: bots act on their own, humans choose by number or text."""

    def __init__(self, game: Game[Any], state: State, seats: list[Seat], save: Path | None) -> None:
        self.game = game
        self.state = state
        self.seats = seats
        self.save = save
        self.render = renderer(game.info.name)
        self.last_human: int | None = None
        self.hot_seat = sum(s.human for s in seats) > 1

    def show(self, player: int | None) -> None:
        view = self.state.view(player)
        drawing: RenderableType = self.render(view, player)
        console.print(drawing)

    def run(self) -> None:
        state = self.state
        humans = [i for i, s in enumerate(self.seats) if s.human]
        if not humans:
            self.show(None)
        while not state.is_over():
            for player in state.active_players():
                if state.is_over() or player not in state.active_players():
                    continue
                seat = self.seats[player]
                if seat.bot is not None:
                    action = seat.bot.choose(state, player)
                    state.apply(player, action)
                    why = seat.bot.explain()
                    console.print(
                        f"[bold]p{player}[/bold] ({seat.spec}): {action}"
                        + (f"  [dim]{why}[/dim]" if why else "")
                    )
                else:
                    self.human_turn(player)
        console.print(self.render(state.view(humans[0] if humans else None), None))
        console.print(outcome_table(state))
        self.write_save()

    def human_turn(self, player: int) -> None:
        state = self.state
        if self.hot_seat and self.last_human != player:
            console.clear()
            console.input(f"[bold]Pass the keyboard to p{player} and press Enter[/bold] ")
        self.last_human = player
        self.show(player)
        legal = state.legal_actions(player)
        for i, action in enumerate(legal, 1):
            description = self.game.describe_action(state, player, action)
            extra = f"  [dim]{description}[/dim]" if description != str(action) else ""
            console.print(f"  [bold]{i:>3}[/bold]  {action}{extra}")
        while True:
            try:
                raw = console.input(
                    f"[bold]p{player}[/bold], your move (number or text; ? help, q quit): "
                ).strip()
            except (EOFError, KeyboardInterrupt):
                console.print("\nbye")
                self.write_save()
                raise typer.Exit(0) from None
            if not raw:
                continue
            if raw in ("q", "quit", "exit"):
                self.write_save()
                raise typer.Exit(0)
            if raw in ("?", "help"):
                console.print(
                    "Type the number of an action or its text (e.g. 'move core S0').\n"
                    "'rule ID' shows a rule (e.g. 'rule PL-MOVE-1'); 'board' redraws; 'q' quits."
                )
                continue
            if raw == "board":
                self.show(player)
                continue
            if raw.startswith("rule "):
                rid = raw[5:].strip()
                console.print(self.game.rule_text(rid) or f"no rule {rid!r}")
                continue
            if raw.isdigit():
                n = int(raw)
                if not 1 <= n <= len(legal):
                    console.print(f"[red]choose a number from 1 to {len(legal)}[/red]")
                    continue
                state.apply(player, legal[n - 1])
                return
            try:
                state.apply(player, raw)
                return
            except IllegalAction as exc:
                text = self.game.rule_text(exc.rule)
                console.print(f"[red]{exc.message}[/red] [dim]({exc.rule})[/dim]")
                if text:
                    console.print(f"[dim]{exc.rule}: {text}[/dim]")

    def write_save(self) -> None:
        if self.save is not None:
            path = save_record(self.save, self.state)
            console.print(f"saved to {path}")


def play(
    game: str = typer.Argument(..., help="planet, race or agency (see `liftoff games`)."),
    players: int = typer.Option(
        None, "--players", "-p", help="Number of players (default: seats)."
    ),
    seats: str = typer.Option(
        "human,random",
        "--seats",
        "-s",
        help="Comma-separated seats: human, random, heuristic, ismcts:…",
    ),
    seed: int = typer.Option(None, "--seed", help="Seed (default: random; printed)."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option name=value (repeat)."),
    save: Path = typer.Option(None, "--save", help="Write the game record (JSON) here."),
    content: Path = typer.Option(None, "--content", help="Directory of replacement content files."),
) -> None:
    """Play a game in the terminal: hot-seat and against bots."""
    g = load_game_with_content(game, content)
    if seed is None:
        seed = secrets.randbelow(2**31)
    try:
        opts = OptionSet.parse_pairs(option)
        if g.info.name == "race":  # real time: seats may carry speeds (bot:heuristic@fast)
            live = importlib.import_module("liftoff.cli.race_live")
            specs = split_seats(seats, players)
            live.run_live(specs, seed, opts, str(save) if save else None)
            return
        seat_list = parse_seats(seats, players, seed)
    except (OptionError, ValueError) as exc:
        fail(str(exc))
    try:
        state = g.new_game(len(seat_list), seed, opts)
    except OptionError as exc:
        fail(str(exc))
    console.print(
        f"[dim]{g.info.title}: {len(seat_list)} players, seed {seed}"
        f"{', options ' + ', '.join(option) if option else ''}[/dim]"
    )
    if os.environ.get("LIFTOFF_NO_CLEAR"):
        console.clear = lambda *a, **k: None  # type: ignore[method-assign]
    TerminalGame(g, state, seat_list, save).run()


def register(app: typer.Typer) -> None:
    """Add ``play``."""
    app.command("play")(play)
