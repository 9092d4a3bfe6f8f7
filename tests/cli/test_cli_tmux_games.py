"""Whole games in a real terminal of 80×24 (a tmux session): a 5-player planet
game and agency games of 2, 3 and 4 players, the person choosing the first choice each time (and
saying yes when asked before ending a turn). At every decision the screen a
person sees holds the board's first row, their hand and the prompt: nothing
scrolled away."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest
from test_cli_tmux import TMUX, Session

pytestmark = [pytest.mark.slow, pytest.mark.skipif(TMUX is None, reason="tmux is not installed")]

#: a whole game, however slow the machine: then it fails rather than hangs
LIMIT = 280.0
PROMPT = re.compile(
    r"(?:your move|choose 1)[^:]*: ?$|(?:あなたの手番|1〜\d+から選択|1を選択).*：$", re.IGNORECASE
)
ASKED = ("anything else keeps playing:", "それ以外は続ける：")
#: seconds between looks at the screen (a game is about 120 decisions), and
#: how long a screen stays the same before it counts as settled
POLL, STILL = 0.05, 0.25


def settled(session: Session, before: str) -> tuple[str, bool]:
    """The screen once it differs from ``before``, has stopped changing and
    ends in a prompt (or the program ended: ``True``)."""
    last, since = "", time.monotonic()
    while time.monotonic() - session.started < LIMIT:
        # the screen and whether the program has ended, in one call of tmux
        both = session.tmux(
            "capture-pane", "-p", "-t", session.name, ";",
            "display-message", "-p", "-t", session.name, "#{pane_dead}",
        )  # fmt: skip
        now, _, dead = both.rstrip("\n").rpartition("\n")
        now += "\n"
        lines = [line for line in now.splitlines() if line.strip()]
        if dead.strip() == "1":
            return now, True
        end = lines[-1] if lines else ""
        prompt = PROMPT.search(end) or end.endswith(ASKED)
        if now != last:
            last, since = now, time.monotonic()
        elif now != before and prompt and time.monotonic() - since >= STILL:
            return now, False
        time.sleep(POLL)
    pytest.fail(f"no new prompt on the screen in time:\n{session.screen()}")


def play_through(session: Session) -> list[str]:
    """Every screen of the game up to its end, choosing the first choice."""
    screens: list[str] = []
    screen, over = settled(session, "")
    while not over:
        screens.append(screen)
        if screen.rstrip().endswith(ASKED):  # asked before the turn ends
            session.keys("y", "Enter")
        else:  # Enter lists the choices, 1 takes the first
            session.keys("Enter", "1", "Enter")
        screen, over = settled(session, screen)
    screens.append(screen)
    return screens


def decision_screens(screens: list[str]) -> list[str]:
    """The screens drawn afresh for a decision (the top level's prompt)."""
    out = []
    for screen in screens:
        lines = [line for line in screen.splitlines() if line.strip()]
        if lines and lines[-1].lower().startswith(("your move", "あなたの手番")):
            out.append(screen)
    return out


@pytest.mark.parametrize(
    ("game", "seats", "head", "hand", "lang"),
    [
        ("planet", "human,random,random,random,random", "Day ", "Your hand:", "en"),
        ("agency", "human,random", "Round ", "Your ", "en"),
        ("agency", "human,random,random,random", "Round ", "Your ", "en"),
        ("agency", "human,random,random", "ラウンド ", "あなたの", "ja"),
    ],
)
def test_a_whole_game_at_80x24_keeps_board_hand_and_prompt_on_screen(
    game: str, seats: str, head: str, hand: str, lang: str, tmp_path: Path
) -> None:
    command = [sys.executable, "-m", "liftoff", "play", game, "--seats", seats, "--seed", "11"]
    command += ["--lang", lang]
    session = Session(command, tmp_path)
    try:
        screens = play_through(session)
    finally:
        session.end()
    last = screens[-1]
    assert "Traceback" not in last and ("seed 11" in last or "シード 11" in last), last
    fresh = decision_screens(screens)
    assert len(fresh) >= 5, screens[-3:]
    for screen in fresh:
        lines = [line for line in screen.splitlines() if line.strip()]
        assert len(screen.splitlines()) <= 24
        assert lines[0].startswith(head), screen  # the board's first row: nothing scrolled
        assert hand in screen, screen
    (tmp_path / f"{game}-captures.txt").write_text("\n\f\n".join(screens), encoding="utf-8")
