"""One person's decision at the terminal: the menu, the commands, the prompt.

:class:`HumanTurn` reads lines until the person chooses an action (by its
number in the menu, by walking the menu, or by typing its text) or takes a
move back; every other line is a command (``?`` lists them) or gets a clear
message and changes nothing.
"""

from __future__ import annotations

import difflib
import importlib
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from liftoff import speech
from liftoff.cli.fold import folded
from liftoff.cli.menu import FLAT, SEAT_ID, Line, Menu, build_choices
from liftoff.cli.screen import rows_of
from liftoff.cli.words import comma, count, say
from liftoff.engine import Action, IllegalAction

if TYPE_CHECKING:
    from liftoff.cli.play import TerminalGame

#: a decision with at most this many actions lists them at once; more get a summary
SHORT = 6
#: every command, in the order ``?`` lists them
COMMANDS = ("a", "back", "board", "log", "undo", "hint", "legend", "rule", "help", "quit")
#: the longest line read as a move or command; a longer one is refused, not echoed back
LONGEST = 120
#: how many near matches "did you mean" offers, and how alike they must be (difflib's ratio)
NEAR, ALIKE = 3, 0.6
#: the text of each game's move that ends the player's turn (asked first while
#: other moves are open, as the browser does)
TURN_ENDERS = {"planet": "end", "agency": "done"}


def legend_text(game: str) -> RenderableType | None:
    """The board legend of ``game`` from the renderers (``legend(game)``), if
    they have one."""
    render = importlib.import_module("liftoff.cli.render")
    legend = getattr(render, "legend", None)
    if legend is None:
        return None
    drawn: RenderableType | None = legend(game)
    return drawn or None


class HumanTurn:
    """One decision of the person at ``player``'s seat."""

    def __init__(self, table: TerminalGame, player: int) -> None:
        self.table = table
        self.player = player
        game, state = table.game, table.state
        legal = state.legal_actions(player)
        descriptions = [speech.of(game).describe(state, player, a) for a in legal]
        self.menu = Menu(
            build_choices(legal, descriptions), speech.of(game).glossary(), table.names
        )
        self.menu.skip()
        #: whether the menu's numbered lines are what the screen shows last:
        #: a number acts only then
        self.listed = False

    def texts(self) -> list[str]:
        """What Tab completes now: the move texts and the commands."""
        return [c.text for c in self.menu.choices] + list(COMMANDS)

    def prompt(self) -> str:
        who = self.table.prompt_name(self.player)
        if self.menu.path:
            count = len(self.menu.lines())
            code = "cli.turn.choose" if count > 1 else "cli.turn.choose-one"
        else:
            code, count = "cli.turn.prompt", 0
        if who is None:
            return say(code, count=count)
        return say(f"{code}.named", name=escape(who), count=count)

    def opening(self, room: int | None = None) -> list[RenderableType]:
        """What the decision opens with: the choices when they are few or all
        of one kind (and fit in ``room`` rows), else a one-line summary of them."""
        verbs = {c.text.split()[0] for c in self.menu.choices}
        one_kind = len(verbs) == 1 and len(self.menu.lines()) <= FLAT
        self.listed = False
        if len(self.menu.choices) <= SHORT or self.menu.path or one_kind:
            rows = self.menu_rows()
            if room is None or rows_of(self.table.console, rows) <= room:
                self.listed = True
                return rows
        return [say("cli.turn.summary", summary=escape(self.menu.summary()))]

    def show_menu(self) -> None:
        """The numbered lines of the menu where the person is now."""
        for row in self.menu_rows():
            self.table.console.print(row)
        self.listed = True

    def menu_rows(self) -> list[RenderableType]:
        """The menu's heading (what its lines share) and its numbered lines,
        folded where the screen is narrow: never cut."""
        heading = self.menu.heading()
        rows: list[RenderableType] = []
        if heading:  # what the lines share, said once (they leave it out)
            rows.append(folded(Text(heading, style="bold", overflow="fold")))
        rows.extend(self.menu_row(i, line) for i, line in enumerate(self.menu.lines(), 1))
        return rows

    def menu_row(self, i: int, line: Line) -> RenderableType:
        """A numbered line: its sentence and, dimmed, the text that plays it;
        wrapped under the sentence where the screen is narrow."""
        row = Text(line.label, overflow="fold")
        action = line.action
        if action is not None and not self.menu.path:
            text = str(action)
            if text.lower() != line.label.lower() and not SEAT_ID.search(text):
                row.append(f"  {text}", style="dim")
        number = Text(f"{i:>4}  ", style="bold")
        grid = Table.grid()
        grid.add_column(width=number.cell_len, no_wrap=True)
        grid.add_column(overflow="fold")
        grid.add_row(number, folded(row))  # Japanese folds between phrases
        return grid

    def choose(self) -> Action | None:
        """Read lines until an action is chosen (returned) or a move was taken
        back (``None``)."""
        while True:
            raw = self.table.read(self.prompt(), self.player)
            action = self.handle(raw)
            if action is not None and not self.sure(action):
                action = None
                self.listed = False
            if action is not None or self.table.undone:
                return action

    def sure(self, action: Action) -> bool:
        """Whether the person means ``action``: a move that ends the turn while
        other moves are open is asked about first."""
        others = len(self.menu.choices) - 1
        if others < 1 or str(action) != TURN_ENDERS.get(self.table.game.info.name):
            return True
        table = self.table
        said = speech.of(table.game).describe(table.state, self.player, action)
        asked = say("cli.turn.end-move", move=escape(said))
        table.console.print(asked + count("cli.turn.end-others", others))
        try:
            answer = table.reader.ask(say("cli.turn.end-ask"))
        except EOFError:
            answer = ""
        return answer.lower()[:1] == "y"

    def handle(self, raw: str) -> Action | None:
        """One line: a choice (the action), a command or a mistake (``None``)."""
        console = self.table.console
        word = raw.lower()
        listed, self.listed = self.listed, False
        if len(raw) > LONGEST:  # no move is this long: refused without echoing it
            console.print(say("cli.turn.too-long", count=len(raw), most=LONGEST))
            self.listed = listed
        elif word in ("", "a"):
            self.show_menu()
        elif word in ("q", "quit", "exit"):
            self.table.quit()
        elif word in ("?", "help", "h"):
            console.print(say("cli.turn.help"), highlight=False)
        elif word in ("back", ".."):
            if not self.menu.back():
                console.print(say("cli.turn.top"))
            self.show_menu()
        elif word == "hint":
            self.table.give_hint(self.player)
        elif word == "board":
            self.table.show(self.player)
        elif word == "log":
            self.table.show_log(self.player)
        elif word == "legend":
            legend = legend_text(self.table.game.info.name)
            if legend is None:
                console.print(say("cli.turn.no-legend"))
            else:
                console.print(legend, highlight=False)
        elif word == "undo":
            self.table.undo(self.player)
        elif word == "rule":
            console.print(say("cli.turn.rule-words"))
        elif word.startswith("rule "):
            from liftoff.cli.info import show_rules  # an ID, or words: 'rule moon'

            show_rules(console, self.table.game, raw[5:].strip())
        elif raw.isdigit():
            if not listed:  # the number would act on a menu nobody sees
                console.print(say("cli.turn.not-listed"))
                self.show_menu()
                return None
            return self.pick(int(raw))
        else:
            self.listed = listed  # a refusal leaves the menu above it the one shown
            return self.typed(raw)
        return None

    def pick(self, n: int) -> Action | None:
        lines = self.menu.lines()
        if not 1 <= n <= len(lines):
            self.table.console.print(say("cli.turn.bad-number", count=len(lines)))
            self.listed = True  # the same menu is still the one shown
            return None
        action = self.menu.enter(lines[n - 1])
        if action is None:
            self.show_menu()
        return action

    def typed(self, raw: str) -> Action | None:
        """A typed move text; else a word of the menu here, or the start of
        legal move texts (``board rocket``, agency's ``keep O02`` when two must
        be kept), which walks the menu; else why it cannot be played."""
        table = self.table
        try:
            chosen = table.game.parse_action(table.state, self.player, raw)
            table.state.verify(self.player, chosen)
            return chosen
        except IllegalAction as exc:
            refusal = exc
        if self.menu.path and " " not in raw:
            step = self.menu.step_into(raw)
            if step is not False:
                if step is None:
                    self.show_menu()
                return step if isinstance(step, Action) else None
        if self.menu.goto(raw):
            action = self.menu.chosen()
            if action is None:
                self.show_menu()
            return action
        table.refuse(refusal)
        self.suggest(raw)
        return None

    def near(self, raw: str) -> list[str]:
        """The legal move texts and commands closest to ``raw`` (a typo), best first."""
        texts = {t.lower(): t for t in [c.text for c in self.menu.choices] + list(COMMANDS)}
        close = difflib.get_close_matches(raw.lower(), list(texts), n=NEAR, cutoff=ALIKE)
        return [texts[t] for t in close]

    def suggest(self, raw: str) -> None:
        """Say "did you mean …" with the closest legal moves or commands, if any."""
        close = self.near(raw)
        if close:
            listed = comma().join(f"[bold]{escape(t)}[/bold]" for t in close)
            self.table.console.print(say("cli.turn.did-you-mean", moves=listed))
