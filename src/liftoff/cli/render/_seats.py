"""Who is who on a terminal board: names ("You" for the viewer), one letter per
player and one colour per player, so that ownership reads without colour too."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

import liftoff
from liftoff import speech
from liftoff.cli.fold import Phrased, wide
from liftoff.engine.events import seat_name
from liftoff.engine.messages import language

COLOURS = ("green", "magenta", "cyan", "yellow", "red")
_LETTERS = "ABCDEFGH"


def letters(names: Sequence[str], players: int) -> list[str]:
    """One capital letter per seat: the initials of the names where they are all
    different letters one cell wide (Ann, Bea → A, B), else A, B, C… in seat
    order (so a piece takes one cell, whatever the script of the names)."""
    named = [seat_name(p, None, names) for p in range(players)]
    initials = [next((c.upper() for c in n if c.isalpha()), "?") for n in named]
    narrow = all(cell_len(c) == 1 and c.isascii() for c in initials)
    if len(set(initials)) == players and "?" not in initials and narrow:
        return initials
    return list(_LETTERS[:players])


def style(seat: int) -> str:
    """The colour of a seat's pieces (always drawn together with its letter)."""
    return f"bold {COLOURS[seat % len(COLOURS)]}"


def mark(seat: int, marks: Sequence[str], times: int = 1) -> Text:
    """A seat's letter, repeated ``times``, in the seat's colour."""
    return Text(marks[seat] * times, style=style(seat))


def who(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """The name people read: "You" for the viewer, else the player's name."""
    return seat_name(seat, viewer, names)


def card_names(game: str) -> dict[str, str]:
    """Content id → printed name, from the game's glossary ("Fuel: …" → "Fuel"),
    so the boards name cards as the game does (in the current language)."""
    return _card_names(game, language())


@cache
def _card_names(game: str, lang: str) -> dict[str, str]:
    glossary = speech.of(liftoff.games.get(game)).glossary()
    return {k: _name_of(v) for k, v in glossary.items()}


def _name_of(about: str) -> str:
    """The name at the start of a glossary entry ("Fuel: …", "燃料：…")."""
    return about.split(": ", 1)[0].split("：", 1)[0]


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (a wide character
    takes two), like ``f"{text:<{width}}"`` for narrow ones."""
    return text + " " * max(0, width - cell_len(text))


def legend_table(title: str, lines: Sequence[tuple[str, str]]) -> Table:
    """A board legend: each mark in bold beside what it means."""
    table = Table(box=None, show_header=False, padding=(0, 1), title=title)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for mark_text, meaning in lines:
        table.add_row(mark_text, meaning)
    return table


def fit(line: Text) -> Text:
    """One screen row, folded onto more rows where the screen is narrower than
    it: never cut, so no card name or number is lost."""
    line.no_wrap = False
    line.overflow = "fold"
    return line


def row(line: Text, indent: int = 0) -> Text | Phrased:
    """:func:`fit`, except that a row of a language written without spaces
    (Japanese) folds between its phrases, outside brackets where it can, with
    its later rows indented by ``indent`` cells (:mod:`liftoff.cli.fold`)."""
    return Phrased(line, indent) if wide(line.plain) else fit(line)
