"""``liftoff play``: a game in the terminal, hot-seat and against bots."""

from __future__ import annotations

import importlib
import inspect
import os
import secrets
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from liftoff import speech
from liftoff.bots.seats import SEAT_SPEEDS, split_seats
from liftoff.cli.common import (
    check_players,
    chosen_language,
    fail,
    get_game,
    need_folder,
    need_path,
)
from liftoff.cli.prompt import LineReader, quiet_keys
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
#: the exit status of ``play`` when a game in progress was dropped unsaved
ABANDONED = 1


def load_game_with_content(name: str, content: Path | None) -> Game[Any]:
    """The named game, with its content files replaced from ``content`` if given."""
    game = get_game(name)
    if content is None:
        return game
    need_path(content, "--content")
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
    lines = (speech.of(game).narrate(e, viewer, names) for e in events)
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
        #: where the events of each action played here start in ``events``
        #: (the actions from version ``first`` on)
        self.first = state.version
        self.marks: list[int] = []
        # a person may take back their moves played here (the engine keeps them)
        state.keep_undo(0)
        state.keep_undo()
        self.undone = False
        self.turn: HumanTurn | None = None
        #: what the person deciding now read since their last turn (drawn again on a resize)
        self.turn_news: list[RenderableType] = []
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
                with self.thinking(player):
                    action = seat.bot.choose(state, player)
                if isinstance(action, str):  # a bot may answer with the action's text
                    action = self.game.parse_action(state, player, action)
                events = self.apply(player, action)
                self.announce(player, action, events, seat.bot.explain())
            else:
                self.human_turn(player)

    @contextmanager
    def thinking(self, player: int) -> Iterator[None]:
        """While the bot at ``player`` chooses: a spinner saying so to the people
        at a terminal, and the keys they type meanwhile kept for their prompt."""
        if not self.humans or not self.console.is_terminal:
            yield
            return
        said = say("cli.play.thinking", name=escape(self.names[player]))
        with quiet_keys(), self.console.status(said):
            yield

    def apply(self, player: int, action: Action) -> list[Event]:
        """Play ``action`` and keep what undo needs to know of it."""
        mark = len(self.events)
        events = self.state.apply(player, action)
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
        lines = self.news(player)
        if not lines:
            return
        console.print(say("cli.play.since"))
        for line in lines:
            console.print(line)

    def news(self, player: int) -> list[RenderableType]:
        """The lines ``player`` has not read yet (now marked read), narrated for their seat."""
        news = self.events[self.seen[player] :]
        self.seen[player] = len(self.events)
        return [story_line(line) for line in narrated(self.game, news, player, self.names)]

    def screen(
        self, turn: HumanTurn, height: int | None, news: Sequence[RenderableType]
    ) -> list[RenderableType]:
        """What the person at ``turn`` sees before the prompt: the board, the
        ``news`` since their last turn and the choices, within ``height`` rows."""
        from liftoff.cli.screen import compose, room_for_choices

        player = turn.player
        view = self.state.view(player)
        board = self.draw(view, player)
        room = room_for_choices(self.console, board, turn.prompt(), height, bool(news))
        for shorter in ("compact", "tight"):  # too tall: the board's shorter forms
            if room is None or room >= 1:
                break
            board = draw_board(self.render, view, player, self.names, **{shorter: True})
            room = room_for_choices(self.console, board, turn.prompt(), height, bool(news))
        return compose(self.console, board, news, turn.opening(room), turn.prompt(), height)

    def show_log(self, player: int) -> None:
        """The last :attr:`LOG_LINES` lines of the game, narrated for ``player``
        (fewer on a terminal too short for them)."""
        lines = narrated(self.game, self.events, player, self.names)[-self.LOG_LINES :]
        console.print(say("cli.play.log") if lines else say("cli.play.log-empty"))
        for line in lines:
            console.print(story_line(line), markup=False)

    def read(self, prompt: str, seat: int | None) -> str:
        """A line from the person at ``seat``; the end of input (Ctrl-D) quits
        like ``q``: saving with ``--save``, else asking first. While a person
        decides on a screen of their own, a resized terminal gets that screen
        drawn again at its new size at once."""
        on_resize = self.redraw if self.turn is not None and self.fitted() else None
        while True:
            try:
                return self.reader.read(prompt, seat, on_resize)
            except EOFError:
                console.print()
                self.quit()  # asks like ``q`` when the game would be lost

    def human_turn(self, player: int) -> None:
        if self.hot_seat and self.last_human != player:
            clear_screen()
            name = self.names[player]
            self.read(say("cli.play.pass", name=escape(name)), None)
            clear_screen()
        self.last_human = player
        self.undone = False
        self.turn = HumanTurn(self, player)
        self.turn_news = self.news(player)
        self.draw_turn()
        chosen = self.turn.choose()
        self.turn = None
        if chosen is None:  # a move was taken back: the loop asks again
            return
        self.apply(player, chosen)
        self.after_human(player)

    def fitted(self) -> bool:
        """Whether each decision gets a screen of its own, fitted to the terminal."""
        return self.console.is_terminal and not os.environ.get("LIFTOFF_NO_CLEAR")

    def draw_turn(self) -> None:
        """The screen of the decision in progress (cleared first on a terminal)."""
        if self.turn is None:
            return
        fitted = self.fitted()
        if fitted:  # a screen of its own, fitted to the terminal's rows
            self.console.clear()
        height = self.console.height if fitted else None
        for part in self.screen(self.turn, height, self.turn_news):
            self.console.print(part)

    def redraw(self) -> None:
        """The decision's screen again at the terminal's new size (a resize):
        the board, the same news, and the choices as they stand now."""
        follow_size(self.console)
        self.draw_turn()

    def refuse(self, exc: IllegalAction) -> None:
        """Say why a typed move cannot be played, with the text of the rule it
        breaks (the engine's own ``API-…`` refusals have none to show)."""
        text = self.game.rule_text(exc.rule)
        why = speech.of(self.game).refusal(exc, self.names)  # players by name
        if not text:
            console.print(f"[red]{escape(why)}[/red]")
            return
        console.print(f"[red]{escape(why)}[/red] [dim]({exc.rule})[/dim]")
        console.print(f"[dim]{exc.rule}: {escape(text)}[/dim]")

    def undo(self, player: int) -> None:
        """Take ``player`` back to their own last decision, or say why not."""
        plan = plan_undo(self.state, player, self.humans, self.names)
        if plan.state is None:
            console.print(f"[yellow]{escape(plan.reason)}[/yellow]", highlight=False)
            return
        local = plan.state.version - self.first  # only moves played here are kept
        mark = self.marks[local]
        taken = [e for e in self.events[mark:] if e.kind == "action"]
        lines = narrated(self.game, taken, player, self.names)
        del self.marks[local:], self.events[mark:]
        for p in self.seen:
            self.seen[p] = min(self.seen[p], mark)
        self.state = plan.state
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
        with quiet_keys(), console.status(say("cli.hint.thinking")):
            suggestion = hint(self.state, player, derive_seed(self.hint_seed, self.hints_given))
        said = speech.of(self.game).describe(self.state, player, suggestion.action)
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
        named for it), and then the command exits with :data:`ABANDONED`.
        Ctrl-C at the question plays on; the end of input there drops the
        game (nobody is left to answer). Returns when they play on."""
        if self.save is not None or self.state.version == 0 or self.state.is_over():
            console.print(say("cli.play.bye"))
            self.write_save()
            raise typer.Exit(0)
        path = unused_path(self.game.info.name)
        console.print(say("cli.quit.unsaved"))
        try:
            answer = self.reader.ask(say("cli.quit.ask", path=escape(str(path))))
        except EOFError:
            answer = "y"
        except KeyboardInterrupt:
            answer = "n"
        choice = answer.lower()[:1]
        if choice == "s":
            console.print(
                say("cli.play.saved", path=save_record(path, self.state, *self.save_extras()))
            )
            raise typer.Exit(0)
        if choice == "y":
            console.print(say("cli.quit.dropped"))
            raise typer.Exit(ABANDONED)
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
    render: Any,
    view: dict[str, Any],
    player: int | None,
    names: Sequence[str],
    compact: bool = False,
    tight: bool = False,
) -> RenderableType:
    """Call a board renderer with the players' names where it takes them
    (``render(view, viewer, names)``), else the older ``render(view, viewer)``;
    ``compact`` asks for a shorter board where the renderer draws one, and
    ``tight`` for its shortest (else its compact one)."""
    try:
        params = list(inspect.signature(render).parameters.values())
    except (TypeError, ValueError):
        params = []
    takes = {p.name for p in params}
    if tight and "tight" in takes:
        shortest: RenderableType = render(view, player, names, tight=True)
        return shortest
    if (compact or tight) and "compact" in takes:
        short: RenderableType = render(view, player, names, compact=True)
        return short
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
        "expert) or a bot: random, heuristic, ismcts:…. In the live race a bot plays "
        f"at the pace written after @: {', '.join(SEAT_SPEEDS)}, or seconds a card "
        "(medium@relaxed, easy@2.5s).",
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
    follow_size(console)
    with speaking(chosen_language(lang)):
        if save is not None:
            need_folder(save, "--save")
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


def follow_size(shared: Console) -> None:
    """Give ``shared`` (made once, at import) the size ``COLUMNS`` and ``LINES``
    say now, as a console made now would take them (a command run again in
    one process, as tests do, may be given another size)."""
    for name in ("COLUMNS", "LINES"):
        value = os.environ.get(name, "")
        if value.isdigit() and int(value) > 0:
            if name == "COLUMNS":
                shared.width = int(value)
            else:
                shared.height = int(value)


def story_line(line: str) -> RenderableType:
    """A line of the game's story, indented two cells. In a language written
    without spaces a long line folds between its phrases, never inside a word
    (:mod:`liftoff.cli.fold`), and its folds keep the indent (English folds as
    it always has)."""
    if language() == "en":
        return Text("  " + line)
    from liftoff.cli.fold import folded

    return Padding(folded(line), (0, 0, 0, 2))


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
    try:
        seat_count = len(split_seats(seats))
    except ValueError as exc:
        fail(str(exc))
    check_players(g, players if players is not None else seat_count)
    if seed is None:
        seed = secrets.randbelow(2**31)
    try:
        opts = OptionSet.parse_pairs(option)
        if g.info.realtime:  # real time: seats may carry speeds (bot:heuristic@fast)
            live = importlib.import_module("liftoff.cli.race_live")
            live.run_live(g, seats, players, seed, opts, str(save) if save else None, names)
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
