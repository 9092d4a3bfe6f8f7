"""``liftoff play``: a game in the terminal, hot-seat and against bots."""

from __future__ import annotations

import importlib
import os
import secrets
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, RenderableType
from rich.table import Table

from liftoff.cli.common import fail, get_game
from liftoff.cli.seats import TerminalSeat, terminal_seats
from liftoff.engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    OptionError,
    OptionSet,
    State,
    derive_seed,
)
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
    from liftoff.cli.render import renderer as find_renderer

    return find_renderer(name)


def outcome_table(state: State, names: Sequence[str] | None = None) -> Table:
    """Final scores and places (players by name when ``names`` are given)."""
    out = state.outcome()
    assert out is not None
    table = Table(title=f"Game over — {out.termination}")
    for col in ("place", "player", "score"):
        table.add_column(col)
    for p in out.ranking:
        mark = " ★" if p in out.winners else ""
        who = names[p] if names is not None and p < len(names) else f"p{p}"
        table.add_row(str(out.places[p]), f"{who}{mark}", f"{out.scores[p]:g}")
    return table


def clear_screen() -> None:
    """Clear the terminal, and its scrollback where it can, so the next person
    at the keyboard cannot scroll back to the last one's hand."""
    if os.environ.get("LIFTOFF_NO_CLEAR"):
        return
    console.clear()
    if console.is_terminal:
        console.file.write("\x1b[3J")
        console.file.flush()


def seat_names(seats: Sequence[TerminalSeat]) -> list[str]:
    """The players' names in narrated lines: ``Player N`` for people, the bot's
    kind and seat number for bots (``Heuristic 2``); never a seat id like ``p1``."""
    out = []
    for i, seat in enumerate(seats):
        if seat.human:
            out.append(f"Player {i + 1}")
        else:
            kind = seat.spec.split(":", 1)[0].split("@", 1)[0] or "bot"
            out.append(f"{kind[:1].upper()}{kind[1:]} {i + 1}")
    return out


def narrated(
    game: Game[Any], events: Iterable[Event], viewer: int | None, names: Sequence[str]
) -> list[str]:
    """The sentences ``viewer`` (a seat, or ``None``: a spectator) may read of ``events``."""
    lines = (game.narrate(e, viewer, names) for e in events)
    return [line for line in lines if line]


class TerminalGame:
    """Runs one game: bots act on their own, humans choose by number or text.

    Each person reads what happened as plain sentences narrated for their seat
    (``Game.narrate``): before each prompt, everything since their last turn;
    ``log`` shows more. Other seats' private parts of events (hidden choices,
    cards drawn) never reach them; bots' explanations are never shown. In
    hot-seat play the screen is cleared between people. ``reveal`` shows every
    action and the bots' explanations (to watch bots or debug).
    """

    LOG_LINES = 30  # what the ``log`` command shows

    def __init__(
        self,
        game: Game[Any],
        state: State,
        seats: list[TerminalSeat],
        save: Path | None,
        *,
        reveal: bool = False,
        hints: bool | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.seats = seats
        self.save = save
        self.reveal = reveal
        self.render = renderer(game.info.name)
        self.last_human: int | None = None
        self.humans = [i for i, s in enumerate(seats) if s.human]
        self.hot_seat = len(self.humans) > 1
        #: a table setting every player knows: on by default for one person only
        self.hints = (not self.hot_seat) if hints is None else hints
        self.hint_seed = secrets.randbits(63)  # never from the game seed
        self.hints_given = 0
        self.names = seat_names(seats)
        #: every event of the game so far, in order; each human has read up to ``seen``
        self.events: list[Event] = []
        self.seen = dict.fromkeys(self.humans, 0)

    @property
    def viewer(self) -> int | None:
        """Whose eyes the shared screen is for outside a human's turn: the one
        human, or a spectator (no human, or several taking turns)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def show(self, player: int | None) -> None:
        view = self.state.view(player)
        drawing: RenderableType = self.render(view, player)
        console.print(drawing)

    def run(self) -> None:
        state = self.state
        if not self.humans:
            self.show(None)
        while not state.is_over():
            for player in state.active_players():
                if state.is_over() or player not in state.active_players():
                    continue
                seat = self.seats[player]
                if seat.bot is not None:
                    action = seat.bot.choose(state, player)
                    if isinstance(action, str):  # a bot may answer with the action's text
                        action = self.game.parse_action(state, player, action)
                    events = state.apply(player, action)
                    self.announce(player, action, events, seat.bot.explain())
                else:
                    self.human_turn(player)
        if self.hot_seat:
            clear_screen()
        elif self.viewer is not None:
            self.catch_up(self.viewer)
        console.print(self.render(state.view(self.viewer), None))
        from liftoff.cli.ending import ending  # the winner, the scoring, the hidden cards

        console.print(ending(self.game, state, self.names, self.viewer))
        console.print(f"[dim]seed {state.seed}[/dim]")
        self.write_save()

    def announce(self, player: int, action: Action, events: list[Event], why: str) -> None:
        """Keep what an action caused; print it now only for a screen nobody plays
        at (people read it before their next prompt)."""
        self.events.extend(events)
        if self.reveal:
            line = f"[bold]p{player}[/bold] ({self.seats[player].spec}): {action}"
            console.print(line + (f"  [dim]{why}[/dim]" if why else ""), highlight=False)
            return
        if not self.humans:
            for line in narrated(self.game, events, None, self.names):
                console.print("  " + line, markup=False)

    def catch_up(self, player: int) -> None:
        """Show ``player`` what happened since their last turn, narrated for their seat."""
        news = self.events[self.seen[player] :]
        self.seen[player] = len(self.events)
        lines = narrated(self.game, news, player, self.names)
        if not lines:
            return
        console.print("[bold]Since your last turn:[/bold]")
        for line in lines:
            console.print("  " + line, markup=False)

    def show_log(self, player: int) -> None:
        """The last :attr:`LOG_LINES` lines of the game, narrated for ``player``."""
        lines = narrated(self.game, self.events, player, self.names)[-self.LOG_LINES :]
        console.print("[bold]Game log:[/bold]" if lines else "[dim]nothing has happened yet[/dim]")
        for line in lines:
            console.print("  " + line, markup=False)

    def human_turn(self, player: int) -> None:
        state = self.state
        if self.hot_seat and self.last_human != player:
            clear_screen()
            console.input(f"[bold]Pass the keyboard to p{player} and press Enter[/bold] ")
        self.last_human = player
        self.show(player)
        legal = state.legal_actions(player)
        for i, action in enumerate(legal, 1):
            description = self.game.describe_action(state, player, action)
            extra = f"  [dim]{description}[/dim]" if description != str(action) else ""
            console.print(f"  [bold]{i:>3}[/bold]  {action}{extra}")
        self.catch_up(player)
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
                    "'rule ID' shows a rule (e.g. 'rule PL-MOVE-1'); 'board' redraws; "
                    "'log' shows the last lines of the game; 'hint' suggests a move; "
                    "'q' quits."
                )
                continue
            if raw == "hint":
                self.give_hint(player)
                continue
            if raw == "board":
                self.show(player)
                continue
            if raw == "log":
                self.show_log(player)
                continue
            if raw.startswith("rule "):
                from liftoff.cli.info import show_rules  # an ID, or words: 'rule moon'

                show_rules(console, self.game, raw[5:].strip())
                continue
            chosen: Action | None = None
            if raw.isdigit():
                n = int(raw)
                if not 1 <= n <= len(legal):
                    console.print(f"[red]choose a number from 1 to {len(legal)}[/red]")
                    continue
                chosen = legal[n - 1]
            else:
                try:
                    chosen = self.game.parse_action(state, player, raw)
                    state.verify(player, chosen)
                except IllegalAction as exc:
                    text = self.game.rule_text(exc.rule)
                    console.print(f"[red]{exc.message}[/red] [dim]({exc.rule})[/dim]")
                    if text:
                        console.print(f"[dim]{exc.rule}: {text}[/dim]")
                    continue
            self.events.extend(state.apply(player, chosen))
            self.after_human(player)
            return

    def give_hint(self, player: int) -> None:
        """Suggest a move to ``player`` from what they know (see :mod:`liftoff.bots.hint`)."""
        if not self.hints:
            console.print("[yellow]Hints are off at this table (start with --hints).[/yellow]")
            return
        from liftoff.bots.hint import hint

        self.hints_given += 1
        with console.status("thinking…"):
            suggestion = hint(self.state, player, derive_seed(self.hint_seed, self.hints_given))
        console.print(f"Hint: {suggestion}", markup=False)

    def after_human(self, player: int) -> None:
        """In hot-seat play, clear the screen once the keyboard must pass, so the
        last person's hand does not stay on it."""
        if self.hot_seat and player not in self.state.active_players():
            clear_screen()
            console.print(f"[dim]p{player} has played.[/dim]")

    def write_save(self) -> None:
        if self.save is not None:
            path = save_record(self.save, self.state, [s.spec for s in self.seats])
            console.print(f"saved to {path}")


def play(
    game: str = typer.Argument(..., help="planet, race or agency (see `liftoff games`)."),
    players: int = typer.Option(
        None, "--players", "-p", help="Number of players (default: seats)."
    ),
    seats: str = typer.Option(
        "human,random",
        "--seats",
        help="Comma-separated seats: human, a level (beginner, easy, medium, hard, "
        "expert) or a bot: random, heuristic, ismcts:…",
    ),
    seed: int = typer.Option(
        None, "--seed", "-s", help="Seed (default: random; printed when the game is over)."
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option name=value (repeat)."),
    save: Path = typer.Option(None, "--save", help="Write the game record (JSON) here."),
    content: Path = typer.Option(None, "--content", help="Directory of replacement content files."),
    reveal: bool = typer.Option(
        False,
        "--reveal",
        help="Show every seat's hidden choices and the bots' explanations "
        "(to watch bots or debug; spoils play against them).",
    ),
    hints: bool = typer.Option(
        None,
        "--hints/--no-hints",
        help="Allow 'hint' at this table (default: on with one person, off with several).",
    ),
    load: Path | None = typer.Option(
        None, "--load", help="Continue the game saved in this file (saving back to it)."
    ),
) -> None:
    """Play a game in the terminal: hot-seat and against bots."""
    if load is not None:
        from liftoff.cli.resume import load_from_play

        load_from_play(
            load,
            game,
            seats,
            players=players,
            seed=seed,
            option=option,
            save=save,
            content=content,
            reveal=reveal,
            hints=hints,
        )
        return
    g = load_game_with_content(game, content)
    if seed is None:
        seed = secrets.randbelow(2**31)
    try:
        opts = OptionSet.parse_pairs(option)
        if g.info.realtime:  # real time: seats may carry speeds (bot:heuristic@fast)
            live = importlib.import_module("liftoff.cli.race_live")
            live.run_live(g, seats, players, seed, opts, str(save) if save else None)
            return
        # bot seeds from the OS, never the game seed
        seat_list = terminal_seats(seats, players, g.info.name)
    except (OptionError, ValueError) as exc:
        fail(str(exc))
    try:
        state = g.new_game(len(seat_list), seed, opts)
    except OptionError as exc:
        fail(str(exc))
    console.print(  # the seed gives away every hidden card: shown when the game is over
        f"[dim]{g.info.title}: {len(seat_list)} players"
        f"{', options ' + ', '.join(option) if option else ''}[/dim]"
    )
    for warning in g.option_warnings(len(seat_list), state.options):
        console.print(f"[yellow]Note: {warning}[/yellow]", highlight=False)
    if os.environ.get("LIFTOFF_NO_CLEAR"):
        console.clear = lambda *a, **k: None  # type: ignore[method-assign]
    TerminalGame(g, state, seat_list, save, reveal=reveal, hints=hints).run()


def register(app: typer.Typer) -> None:
    """Add ``play``."""
    app.command("play")(play)
