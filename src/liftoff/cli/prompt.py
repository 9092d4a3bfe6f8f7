"""Reading a line at the terminal: line editing, history and Tab completion.

On a real terminal lines are read with prompt_toolkit: the arrow keys edit,
Up and Down recall the lines this *seat* typed before (each person at a
hot-seat table has a history of their own, so nobody can recall another's
hidden choices), Tab completes the next word of an action text or a command.
When standard input or output is not a terminal (pipes, scripts, tests) lines
are read plainly, one per line, so scripted input works unchanged.

Both raise ``EOFError`` at the end of input and ``KeyboardInterrupt`` on Ctrl-C.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application, get_app, run_in_terminal
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.history import InMemoryHistory
from rich.console import Console


def next_words(typed: str, texts: Iterable[str]) -> Iterator[tuple[str, str]]:
    """The words that may come next after ``typed`` in ``texts``, with the text
    each one belongs to (case-insensitive; the words keep their own spelling)."""
    head, _, word = typed.rpartition(" ")
    done = head.lower().split()
    seen: set[str] = set()
    for text in texts:
        words = text.split()
        if len(words) <= len(done) or [w.lower() for w in words[: len(done)]] != done:
            continue
        nxt = words[len(done)]
        if nxt.lower().startswith(word.lower()) and nxt not in seen:
            seen.add(nxt)
            yield nxt, text


class TextCompleter(Completer):
    """Completes the next word of any text ``texts()`` gives (the action texts
    and commands of the moment)."""

    def __init__(self, texts: Callable[[], Sequence[str]]) -> None:
        self.texts = texts

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        typed = document.text_before_cursor
        word = typed.rpartition(" ")[2]
        done = len(typed.split()) - (1 if word else 0)
        for nxt, text in next_words(typed, self.texts()):
            more = len(text.split()) > done + 1  # a space: the text goes on
            yield Completion(nxt + (" " if more else ""), start_position=-len(word), display=nxt)


def interactive() -> bool:
    """Whether both ends are a terminal (and not turned off by ``LIFTOFF_PLAIN_INPUT``)."""
    if os.environ.get("LIFTOFF_PLAIN_INPUT"):
        return False
    return sys.stdin.isatty() and sys.stdout.isatty()


class LineReader:
    """Reads the lines of one game: with prompt_toolkit on a terminal, plainly
    otherwise. ``texts()`` gives what Tab may complete right now."""

    def __init__(self, console: Console, texts: Callable[[], Sequence[str]]) -> None:
        self.console = console
        self.completer = TextCompleter(texts)
        self.fancy = interactive()
        if self.fancy:  # ask no cursor position: not every terminal answers
            os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        self.histories: dict[int | None, InMemoryHistory] = {}

    def read(
        self,
        prompt: str,
        seat: int | None = None,
        on_resize: Callable[[], None] | None = None,
    ) -> str:
        """One line typed after ``prompt`` (rich markup) by ``seat``, stripped;
        ``on_resize`` draws what is above the prompt again when the terminal
        changes size meanwhile (the prompt and what was typed follow it)."""
        if not self.fancy:
            return self.console.input(prompt).strip()
        with self.console.capture() as capture:
            self.console.print(prompt, end="")
        history = self.histories.setdefault(seat, InMemoryHistory())
        session: PromptSession[str] = PromptSession(
            history=history, completer=self.completer, complete_while_typing=False
        )

        def watch() -> None:
            if on_resize is not None:
                watch_size(get_app(), on_resize)

        return session.prompt(ANSI(capture.get()), pre_run=watch).strip()

    def ask(self, prompt: str) -> str:
        """A one-off question (no history, no completion)."""
        if not self.fancy:
            return self.console.input(prompt).strip()
        with self.console.capture() as capture:
            self.console.print(prompt, end="")
        return PromptSession[str]().prompt(ANSI(capture.get())).strip()


def watch_size(app: Application[Any], redraw: Callable[[], None]) -> None:
    """Call ``redraw`` above ``app``'s prompt whenever the terminal's size
    changes while it runs (prompt_toolkit hears the resize, SIGWINCH, and
    draws again; ``redraw`` runs then, in the terminal, before the prompt)."""
    last = app.output.get_size()

    def check(_: object) -> None:
        nonlocal last
        size = app.output.get_size()
        if size != last:
            last = size
            run_in_terminal(redraw)

    app.before_render += check


@contextmanager
def quiet_keys() -> Iterator[None]:
    """While the program is busy (a bot thinking), keys typed on the terminal
    are not echoed beside the spinner; they wait, unread, for the next prompt
    (which reads them as typed there). Ctrl-C still interrupts."""
    try:
        import termios

        fd = sys.stdin.fileno()
        old = termios.tcgetattr(fd)
    except (ImportError, OSError, ValueError):  # not a terminal (or no termios)
        yield
        return
    quiet = list(old)
    quiet[3] &= ~(termios.ECHO | termios.ICANON)
    termios.tcsetattr(fd, termios.TCSANOW, quiet)  # TCSANOW: typed keys are kept
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, old)
