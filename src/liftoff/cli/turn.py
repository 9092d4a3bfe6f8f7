"""One person's decision at the terminal: the menu, the commands, the prompt.

:class:`HumanTurn` reads lines until the person chooses an action (by its
number in the menu, by walking the menu, or by typing its text) or takes a
move back; every other line is a command (``?`` lists them) or gets a clear
message and changes nothing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text

from liftoff.cli.menu import FLAT, SEAT_ID, Line, Menu, build_choices
from liftoff.cli.words import say
from liftoff.engine import Action, IllegalAction

if TYPE_CHECKING:
    from liftoff.cli.play import TerminalGame

#: a decision with at most this many actions lists them at once; more get a summary
SHORT = 6
#: every command, in the order ``?`` lists them
COMMANDS = ("a", "back", "board", "log", "undo", "hint", "legend", "rule", "help", "quit")


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
        descriptions = [game.describe_action(state, player, a) for a in legal]
        self.menu = Menu(build_choices(legal, descriptions), game.glossary(), table.names)
        self.menu.skip()

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

    def start(self) -> None:
        """Show the choices when they are few or all of one kind, else a
        one-line summary of them."""
        verbs = {c.text.split()[0] for c in self.menu.choices}
        one_kind = len(verbs) == 1 and len(self.menu.lines()) <= FLAT
        if len(self.menu.choices) <= SHORT or self.menu.path or one_kind:
            self.show_menu()
        else:
            self.table.console.print(
                say("cli.turn.summary", summary=escape(self.menu.summary())), highlight=False
            )

    def show_menu(self) -> None:
        """The numbered lines of the menu where the person is now."""
        console = self.table.console
        heading = self.menu.heading()
        if heading:  # what the lines share, said once (they leave it out)
            console.print(Text(heading, style="bold"), no_wrap=True, overflow="ellipsis")
        for i, line in enumerate(self.menu.lines(), 1):
            console.print(self.menu_row(i, line), no_wrap=True, overflow="ellipsis")

    def menu_row(self, i: int, line: Line) -> Text:
        row = Text(f"{i:>4}  ", style="bold")
        row.append(line.label)
        action = line.action
        if action is not None and not self.menu.path:
            text = str(action)
            if text.lower() != line.label.lower() and not SEAT_ID.search(text):
                width = self.table.console.width
                if cell_len(line.label) == len(line.label) or row.cell_len + 2 + len(text) <= width:
                    row.append(f"  {text}", style="dim")  # (a Japanese row drops it, not cut)
        return row

    def choose(self) -> Action | None:
        """Read lines until an action is chosen (returned) or a move was taken
        back (``None``)."""
        self.start()
        while True:
            raw = self.table.read(self.prompt(), self.player)
            action = self.handle(raw)
            if action is not None or self.table.undone:
                return action

    def handle(self, raw: str) -> Action | None:
        """One line: a choice (the action), a command or a mistake (``None``)."""
        console = self.table.console
        word = raw.lower()
        if word in ("", "a"):
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
            return self.pick(int(raw))
        else:
            return self.typed(raw)
        return None

    def pick(self, n: int) -> Action | None:
        lines = self.menu.lines()
        if not 1 <= n <= len(lines):
            self.table.console.print(say("cli.turn.bad-number", count=len(lines)))
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
        return None
