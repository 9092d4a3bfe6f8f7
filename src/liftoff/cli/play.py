"""``liftoff play``: a game in the terminal, hot-seat and against bots."""

from __future__ import annotations

import importlib
import inspect
import os
import secrets
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from liftoff.cli.common import fail, get_game
from liftoff.cli.prompt import LineReader
from liftoff.cli.seats import TerminalSeat, seat_names, terminal_seats
from liftoff.cli.turn import HumanTurn
from liftoff.cli.undo import plan_undo
from liftoff.cli.words import comma, count, say
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
from liftoff.engine.messages import language, speaking, text_for
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
        fail(say("cli.play.no-content", game=name))
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
        who = names[p] if names is not None and p < len(names) else f"Player {p + 1}"
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


def narrated(
    game: Game[Any], events: Iterable[Event], viewer: int | None, names: Sequence[str]
) -> list[str]:
    """The sentences ``viewer`` (a seat, or ``None``: a spectator) may read of ``events``."""
    lines = (game.narrate(e, viewer, names) for e in events)
    return [line for line in lines if line]


class TerminalGame:
    """Runs one game: bots act on their own, people choose from a menu.

    Each person reads what happened as plain sentences narrated for their seat
    (``Game.narrate``): before each prompt, everything since their last turn;
    ``log`` shows more. Other seats' private parts of events (hidden choices,
    cards drawn) never reach them; bots' explanations are never shown. In
    hot-seat play the screen is cleared between people. ``reveal`` shows every
    action and the bots' explanations (to watch bots or debug). A person may
    take back their last move (``undo``) where the rules allow it.
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
        names: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.seats = seats
        self.save = save
        self.reveal = reveal
        self.console = console
        self.render = renderer(game.info.name)
        self.last_human: int | None = None
        self.humans = [i for i, s in enumerate(seats) if s.human]
        self.hot_seat = len(self.humans) > 1
        #: a table setting every player knows: on by default for one person only
        self.hints = (not self.hot_seat) if hints is None else hints
        self.hint_seed = secrets.randbits(63)  # never from the game seed
        self.hints_given = 0
        self.named = names is not None
        self.names = list(names) if names is not None else seat_names(seats)
        #: every event of the game so far, in order; each human has read up to ``seen``
        self.events: list[Event] = []
        self.seen = dict.fromkeys(self.humans, 0)
        #: who played each action of the game; for those played here, whether it
        #: could be taken back and where its events start in ``events``
        self.actors: list[int] = [p for p, _ in state.record()["actions"]]
        self.undoable: list[bool] = []
        self.marks: list[int] = []
        self.undone = False
        self.turn: HumanTurn | None = None
        self.reader = LineReader(console, lambda: self.turn.texts() if self.turn else [])

    @property
    def viewer(self) -> int | None:
        """Whose eyes the shared screen is for outside a human's turn: the one
        human, or a spectator (no human, or several taking turns)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def draw(self, view: dict[str, Any], player: int | None) -> RenderableType:
        """The board as ``player`` sees it, with the players' names."""
        return draw_board(self.render, view, player, self.names)

    def show(self, player: int | None) -> None:
        console.print(self.draw(self.state.view(player), player))

    def prompt_name(self, player: int) -> str | None:
        """The name the prompt calls ``player`` by; ``None`` for one person who
        gave no name (the prompt just says "Your move")."""
        return self.names[player] if self.hot_seat or self.named else None

    def run(self) -> None:
        if not self.humans:
            self.show(None)
        while not self.state.is_over():
            try:
                self.round()
            except KeyboardInterrupt:
                console.print(say("cli.play.interrupted"))
                self.quit()
        state = self.state
        if self.hot_seat:
            clear_screen()
        elif self.viewer is not None:
            self.catch_up(self.viewer)
        console.print(self.draw(state.view(self.viewer), None))
        from liftoff.cli.ending import ending  # the winner, the scoring, the hidden cards

        console.print(ending(self.game, state, self.names, self.viewer))
        console.print(say("cli.play.seed", seed=state.seed))
        self.write_save()

    def round(self) -> None:
        """Let everyone who may act now act once (bots choose, people are asked)."""
        for player in self.state.active_players():
            state = self.state
            if state.is_over() or player not in state.active_players():
                continue
            seat = self.seats[player]
            if seat.bot is not None:
                action = seat.bot.choose(state, player)
                if isinstance(action, str):  # a bot may answer with the action's text
                    action = self.game.parse_action(state, player, action)
                events = self.apply(player, action)
                self.announce(player, action, events, seat.bot.explain())
            else:
                self.human_turn(player)

    def apply(self, player: int, action: Action) -> list[Event]:
        """Play ``action`` and keep what undo needs to know of it."""
        mark = len(self.events)
        events = self.state.apply(player, action)
        self.actors.append(player)
        self.undoable.append(self.state.last_action_undoable())
        self.marks.append(mark)
        self.events.extend(events)
        return events

    def announce(self, player: int, action: Action, events: list[Event], why: str) -> None:
        """Print what a bot's action caused now only for a screen nobody plays
        at (people read it before their next prompt)."""
        if self.reveal:
            line = f"[bold]p{player}[/bold] ({self.seats[player].spec}): {action}"
            console.print(line + (f"  [dim]{why}[/dim]" if why else ""), highlight=False)
            return
        if not self.humans:
            for line in narrated(self.game, events, None, self.names):
                console.print(story_line(line), markup=False)

    def catch_up(self, player: int) -> None:
        """Show ``player`` what happened since their last turn, narrated for their seat."""
        news = self.events[self.seen[player] :]
        self.seen[player] = len(self.events)
        lines = narrated(self.game, news, player, self.names)
        if not lines:
            return
        console.print(say("cli.play.since"))
        for line in lines:
            console.print(story_line(line), markup=False)

    def show_log(self, player: int) -> None:
        """The last :attr:`LOG_LINES` lines of the game, narrated for ``player``."""
        lines = narrated(self.game, self.events, player, self.names)[-self.LOG_LINES :]
        console.print(say("cli.play.log") if lines else say("cli.play.log-empty"))
        for line in lines:
            console.print(story_line(line), markup=False)

    def read(self, prompt: str, seat: int | None) -> str:
        """A line from the person at ``seat``; the end of input quits (saving
        the game when ``--save`` was given)."""
        try:
            return self.reader.read(prompt, seat)
        except EOFError:
            console.print("\n" + say("cli.play.bye"))
            self.write_save()
            raise typer.Exit(0) from None

    def human_turn(self, player: int) -> None:
        if self.hot_seat and self.last_human != player:
            clear_screen()
            name = self.names[player]
            self.read(say("cli.play.pass", name=escape(name)), None)
            clear_screen()
        self.last_human = player
        self.show(player)
        self.catch_up(player)
        self.undone = False
        self.turn = HumanTurn(self, player)
        chosen = self.turn.choose()
        self.turn = None
        if chosen is None:  # a move was taken back: the loop asks again
            return
        self.apply(player, chosen)
        self.after_human(player)

    def refuse(self, exc: IllegalAction) -> None:
        """Say why a typed move cannot be played, with the text of the rule it
        breaks (the engine's own ``API-…`` refusals have none to show)."""
        text = self.game.rule_text(exc.rule)
        if not text:
            console.print(f"[red]{escape(exc.said())}[/red]")
            return
        console.print(f"[red]{escape(exc.said())}[/red] [dim]({exc.rule})[/dim]")
        console.print(f"[dim]{exc.rule}: {escape(text)}[/dim]")

    def undo(self, player: int) -> None:
        """Take ``player`` back to their own last decision, or say why not."""
        plan = plan_undo(self.actors, self.undoable, player, self.humans, self.names)
        if plan.reason:
            console.print(f"[yellow]{escape(plan.reason)}[/yellow]", highlight=False)
            return
        record = self.state.record()
        record["actions"] = record["actions"][: plan.start]
        previous = self.game.replay(record)
        local = plan.start - (len(self.actors) - len(self.undoable))
        mark = self.marks[local]
        taken = [e for e in self.events[mark:] if e.kind == "action"]
        lines = narrated(self.game, taken, player, self.names)
        del self.actors[plan.start :], self.undoable[local:], self.marks[local:]
        del self.events[mark:]
        for p in self.seen:
            self.seen[p] = min(self.seen[p], mark)
        self.state = previous
        self.undone = True
        console.print(count("cli.play.taken", len(taken)))
        for line in lines:
            console.print(story_line(line), markup=False)

    def give_hint(self, player: int) -> None:
        """Suggest a move to ``player`` from what they know (see :mod:`liftoff.bots.hint`)."""
        if not self.hints:
            console.print(say("cli.hint.off"))
            return
        from liftoff.bots.hint import hint

        self.hints_given += 1
        with console.status(say("cli.hint.thinking")):
            suggestion = hint(self.state, player, derive_seed(self.hint_seed, self.hints_given))
        said = self.game.describe_action(self.state, player, suggestion.action)
        typed = str(suggestion.action)
        hinted = say("cli.hint.typed", move=said, typed=typed) if said != typed else None
        console.print(hinted or say("cli.hint.said", move=said), markup=False)
        if suggestion.reason:  # indented, and so are the lines it wraps onto
            console.print(Padding(Text(suggestion.reason), (0, 0, 0, 2)))

    def after_human(self, player: int) -> None:
        """In hot-seat play, clear the screen once the keyboard must pass, so the
        last person's hand does not stay on it."""
        if self.hot_seat and player not in self.state.active_players():
            clear_screen()
            console.print(say("cli.play.played", name=escape(self.names[player])))

    def quit(self) -> None:
        """Stop: with ``--save`` the game is saved; a game in progress that is
        not saved is only dropped when the person says so (or saved to a file
        named for it). Returns when they choose to go on playing."""
        if self.save is not None or self.state.version == 0 or self.state.is_over():
            console.print(say("cli.play.bye"))
            self.write_save()
            raise typer.Exit(0)
        path = unused_path(self.game.info.name)
        console.print(say("cli.quit.unsaved"))
        try:
            answer = self.reader.ask(say("cli.quit.ask", path=escape(str(path))))
        except (EOFError, KeyboardInterrupt):
            answer = "y"
        choice = answer.lower()[:1]
        if choice == "s":
            console.print(
                say("cli.play.saved", path=save_record(path, self.state, *self.save_extras()))
            )
            raise typer.Exit(0)
        if choice == "y":
            console.print(say("cli.quit.dropped"))
            raise typer.Exit(0)
        console.print(say("cli.quit.back"))

    def write_save(self) -> None:
        if self.save is not None:
            path = save_record(self.save, self.state, *self.save_extras())
            console.print(say("cli.play.saved", path=path))

    def save_extras(self) -> tuple[list[str], list[str] | None]:
        """What a save file keeps beside the record: the seats, and the names
        when they were given (``liftoff resume`` and ``replay`` use them)."""
        return [s.spec for s in self.seats], (list(self.names) if self.named else None)


def unused_path(game: str) -> Path:
    """A file name in the current folder for saving a game, not used yet."""
    stem = f"{game}-{datetime.now():%Y%m%d-%H%M}"
    path = Path(f"{stem}.json")
    n = 2
    while path.exists():
        path, n = Path(f"{stem}-{n}.json"), n + 1
    return path


def draw_board(
    render: Any, view: dict[str, Any], player: int | None, names: Sequence[str]
) -> RenderableType:
    """Call a board renderer with the players' names where it takes them
    (``render(view, viewer, names)``), else the older ``render(view, viewer)``."""
    try:
        params = list(inspect.signature(render).parameters.values())
    except (TypeError, ValueError):
        params = []
    if len(params) >= 3 or any(p.kind is p.VAR_POSITIONAL for p in params):
        drawing: RenderableType = render(view, player, names)
    else:
        drawing = render(view, player)
    return drawing


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
    names: str = typer.Option(
        None,
        "--names",
        help="The players' names, comma-separated: one per person in seat order, or one "
        "per seat (default: Player 1, …; bots by their kind).",
    ),
    lang: str = typer.Option(
        None,
        "--lang",
        help="The language of the game's messages: en or ja (default: the terminal's locale).",
    ),
) -> None:
    """Play a game in the terminal: hot-seat and against bots."""
    with speaking(chosen_language(lang)):
        if load is None:
            start_game(game, players, seats, seed, option, save, content, reveal, hints, names)
            return
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
            names=names,
        )


def story_line(line: str) -> RenderableType:
    """A line of the game's story, indented two cells. In a language written
    without spaces a long line folds inside its words, so its folds keep the
    indent (English folds as it always has)."""
    if language() == "en":
        return "  " + line
    return Padding(Text(line), (0, 0, 0, 2))


def chosen_language(lang: str | None) -> str:
    """``--lang`` (refused when there is no such catalogue), else the locale's."""
    from liftoff import i18n

    if lang is None:
        return i18n.from_environment(os.environ)
    if lang not in i18n.available():
        with speaking(i18n.from_environment(os.environ)):
            fail(say("cli.play.no-lang", lang=lang, languages=", ".join(i18n.available())))
    return lang


def start_game(
    game: str,
    players: int | None,
    seats: str,
    seed: int | None,
    option: list[str],
    save: Path | None,
    content: Path | None,
    reveal: bool,
    hints: bool | None,
    names: str | None,
) -> None:
    """A new game in the terminal, with ``play``'s settings (bad ones end the
    command with one clear line)."""
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
        player_names = seat_names(seat_list, names) if names is not None else None
    except (OptionError, ValueError) as exc:
        fail(str(exc))
    try:
        state = g.new_game(len(seat_list), seed, opts)
    except OptionError as exc:
        fail(str(exc))
    title = text_for(f"{g.info.name}.title", g.info.title)
    if option:
        said = say(
            "cli.play.players.options",
            count=len(seat_list),
            title=title,
            options=comma().join(option),
        )
    else:
        said = say("cli.play.players", count=len(seat_list), title=title)
    console.print(f"[dim]{escape(said)}[/dim]")  # the seed is shown when the game is over
    for warning in g.option_warnings(len(seat_list), state.options):
        console.print(say("cli.play.note", warning=escape(warning)), highlight=False)
    if os.environ.get("LIFTOFF_NO_CLEAR"):
        console.clear = lambda *a, **k: None  # type: ignore[method-assign]
    table = TerminalGame(g, state, seat_list, save, reveal=reveal, hints=hints, names=player_names)
    table.run()


def register(app: typer.Typer) -> None:
    """Add ``play``."""
    app.command("play")(play)
