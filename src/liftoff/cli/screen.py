"""One person's screen at a decision, fitted to the terminal's rows.

The board, what happened since their last turn, the choices and the prompt
are drawn together; on a terminal of ``height`` rows the narration keeps only
its newest lines that fit beside the rest (``log`` shows more; none when the
board and the choices take every row), so a person
never has to scroll to see the board, their hand or the prompt. Without a
height (a pipe, a script) every line is shown. Nothing is cut sideways: rows
wider than the terminal fold onto the next row (see ``render._seats.fit``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, RenderableType

from liftoff.cli.words import count, say

#: rows kept for the prompt line the person types on
PROMPT_ROWS = 1


def rows_of(console: Console, parts: Sequence[RenderableType]) -> int:
    """How many terminal rows ``parts`` take on ``console`` (at its width)."""
    options = console.options
    return sum(len(console.render_lines(part, options, pad=False)) for part in parts)


def newest_that_fit(
    console: Console, lines: Sequence[RenderableType], rows: int
) -> list[RenderableType]:
    """The newest of ``lines`` that fill at most ``rows`` rows, oldest first."""
    kept: list[RenderableType] = []
    used = 0
    for line in reversed(lines):
        used += rows_of(console, [line])
        if used > rows:
            break
        kept.append(line)
    return kept[::-1]


def room_for_choices(
    console: Console, board: RenderableType, prompt: str, height: int | None, news: bool
) -> int | None:
    """The rows the choices may take under ``board`` and above ``prompt``,
    keeping a row for the news when there is any (``None``: no limit)."""
    if height is None:
        return None
    taken = rows_of(console, [board]) + max(PROMPT_ROWS, rows_of(console, [prompt]))
    return height - taken - (1 if news else 0)


def compose(
    console: Console,
    board: RenderableType,
    news: Sequence[RenderableType],
    opening: Sequence[RenderableType],
    prompt: str,
    height: int | None,
) -> list[RenderableType]:
    """The screen: the board, the newest lines of ``news`` under a heading, and
    ``opening`` (the choices), leaving room for ``prompt``; all of ``news``
    when ``height`` is ``None``."""
    if not news:
        return [board, *opening]
    if height is None:
        return [board, say("cli.play.since"), *news, *opening]
    taken = rows_of(console, [board, *opening]) + max(PROMPT_ROWS, rows_of(console, [prompt]))
    if height - taken < 1:  # no row left: the news waits for ``log``
        return [board, *opening]
    if height - taken < 2:  # one row: the newest line if it fits, else a count
        newest = newest_that_fit(console, news, max(0, height - taken))
        said = newest or [count("cli.play.since.more", len(news))]
        return [board, *said, *opening]
    shown = newest_that_fit(console, news, height - taken - 1)
    left = len(news) - len(shown)
    heading = count("cli.play.since.more", left) if left else say("cli.play.since")
    return [board, heading, *shown, *opening]
