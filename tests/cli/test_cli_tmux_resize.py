"""A terminal resized while a person decides (tmux ``resize-window``, which
sends SIGWINCH): the decision's screen is drawn again at the new size at once,
not at the next decision — the board's first row back on top, no row wider
than the terminal, the hand and the prompt on screen, what was typed kept."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_cli_tmux import TMUX, Session

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

#: however slow the machine: then the test fails rather than hangs
LIMIT = 60.0


def until(session: Session, what: str, ok: object) -> str:
    """The screen once ``ok(screen)`` holds; fails saying ``what`` at the limit."""
    assert callable(ok)
    while time.monotonic() - session.started < LIMIT:
        screen = session.screen()
        if ok(screen):
            return screen
        time.sleep(0.2)
    pytest.fail(f"{what}, in time:\n{session.screen()}")


def rows(screen: str) -> list[str]:
    return [line for line in screen.rstrip("\n").splitlines()]


def fitted(screen: str, width: int) -> bool:
    """The decision's screen whole at ``width``: the board's first row on top,
    the hand, the prompt with what was typed, no row wider than the terminal."""
    lines = [line for line in rows(screen) if line.strip()]
    return (
        bool(lines)
        and lines[0].startswith("Day ")
        and any(line.startswith("Your hand:") for line in lines)
        and lines[-1].startswith("Your move")
        and lines[-1].rstrip().endswith("mov")
        and all(cell_len(line) <= width for line in rows(screen))
    )


def test_a_resized_terminal_gets_the_screen_drawn_again_at_once(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "liftoff", "play", "planet"]
    command += ["--seats", "human,random,random", "--seed", "5"]
    session = Session(command, tmp_path)
    try:
        until(session, "no prompt", lambda s: rows(s) and "Your move" in s)
        session.keys("mov")  # typed, not yet entered
        until(session, "the typing did not show", lambda s: fitted(s, 80))
        for width, height in ((70, 24), (80, 24), (64, 30)):
            session.tmux("resize-window", "-t", session.name, "-x", str(width), "-y", str(height))
            screen = until(
                session,
                f"the screen was not drawn again at {width}×{height}",
                lambda s, w=width: fitted(s, w),
            )
            assert len(rows(screen)) <= height, screen
            assert "Traceback" not in screen, screen
    finally:
        session.end()
