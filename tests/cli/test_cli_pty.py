"""`liftoff play` on a real terminal (a pseudo-terminal of 80x24): Tab
completion, history of one's own lines only, Ctrl-C that saves and never
shows a traceback, and hot-seat screens cleared with their scrollback."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect
import pytest

PROMPT = "(number or text, Enter lists, ? help):"
MOVED = "You move an Alien from the Core to Exit S0"


def spawn(*args: str, cwd: Path | None = None) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LIFTOFF_")}
    env.update({"TERM": "xterm", "COLUMNS": "80", "LINES": "24", "NO_COLOR": "1"})
    child = pexpect.spawn(
        sys.executable,
        ["-c", "from liftoff.cli.main import main; main()", "play", *args],
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=30,
        cwd=str(cwd) if cwd else None,
    )
    return child


def finish(child: pexpect.spawn) -> str:
    child.expect(pexpect.EOF)
    child.close()
    text: str = child.before or ""
    assert "Traceback" not in text
    return text


def test_tab_completes_move_texts_and_up_recalls_ones_own_lines(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = spawn("planet", "--seats", "human,random", "--seed", "5", "--save", str(save))
    child.expect_exact(PROMPT)
    child.send("mo\t")  # one word starts so: completed at once, with a space
    child.send("co\t")
    child.send("S0\r")
    child.expect_exact(MOVED)
    child.expect_exact(PROMPT)
    child.send("\x1b[A")  # Up: the line typed before
    child.send("\r")
    child.expect_exact(MOVED)
    child.expect_exact(PROMPT)
    child.send("q\r")
    finish(child)
    record = json.loads(save.read_text())
    assert record["actions"] == [[0, "move core S0"], [0, "move core S0"]]


def test_ctrl_c_at_the_prompt_saves_like_q(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = spawn("planet", "--seats", "human,random", "--seed", "5", "--save", str(save))
    child.expect_exact(PROMPT)
    child.send("move core S0\r")
    child.expect_exact(MOVED)
    child.expect_exact(PROMPT)
    child.sendintr()
    out = finish(child)
    assert "Interrupted." in out and "saved to" in out
    assert json.loads(save.read_text())["actions"] == [[0, "move core S0"]]
    assert child.exitstatus == 0


def test_ctrl_c_while_a_bot_thinks_saves_the_game(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = spawn(
        "planet", "--seats", "ismcts:iterations=1000000,human", "--seed", "5", "--save", str(save)
    )
    child.expect_exact("Lift Off! Get me off this Planet!: 2 players")
    child.expect(pexpect.TIMEOUT, timeout=2)  # the bot is thinking
    child.sendintr()
    out = finish(child)
    assert "Interrupted." in out and "saved to" in out
    assert json.loads(save.read_text())["actions"] == []


def test_ctrl_c_without_save_asks_and_may_go_on(tmp_path: Path) -> None:
    child = spawn("planet", "--seats", "human,random", "--seed", "5", cwd=tmp_path)
    child.expect_exact(PROMPT)
    child.send("move core S0\r")
    child.expect_exact(MOVED)
    child.expect_exact(PROMPT)
    child.sendintr()
    child.expect_exact("This game is not saved.")
    child.expect_exact("play on:")
    child.send("n\r")
    child.expect_exact("Back to the game.")
    child.expect_exact(PROMPT)
    child.send("q\r")
    child.expect_exact("play on:")
    child.send("y\r")
    out = finish(child)
    assert "bye (the game was not saved)" in out
    assert list(tmp_path.iterdir()) == []


@pytest.mark.rules("AG-DRAFT-1")
def test_hot_seat_clears_scrollback_and_keeps_histories_apart() -> None:
    """Bob cannot scroll back to Ann's hand, nor recall her hidden keep with Up."""
    child = spawn("agency", "--seats", "human,human", "--names", "Ann,Bob", "--seed", "5")
    child.expect_exact("Pass the keyboard to Ann")
    child.send("\r")
    child.expect_exact("Ann, your move")
    child.send("keep O02\r")
    child.expect_exact("Pass the keyboard to Bob")
    before = child.before or ""
    last_clear = before.rfind("\x1b[2J")
    assert last_clear >= 0 and "\x1b[3J" in before[last_clear:]
    assert "Lunar Programme" not in before[last_clear:]  # what Ann kept
    child.send("\r")
    child.expect_exact("Bob, your move")
    child.send("\x1b[A")  # Up: Bob has typed nothing yet, so nothing comes back
    child.send("\r")
    child.expect(r" 1  \S")  # Enter on an empty line lists the choices
    child.expect_exact("Bob, your move")
    assert "keep O02" not in (child.before or "")
    child.sendintr()
    child.expect_exact("play on:")
    child.send("y\r")
    finish(child)


def test_ctrl_d_and_a_double_ctrl_c_ask_like_q_and_a_dropped_game_exits_non_zero(
    tmp_path: Path,
) -> None:
    child = spawn("planet", "--seats", "human,random", "--seed", "5", cwd=tmp_path)
    try:
        child.expect_exact(PROMPT)
        child.send("move core S0\r")
        child.expect_exact(MOVED)
        child.expect_exact(PROMPT)
        child.sendeof()  # Ctrl-D
        child.expect_exact("This game is not saved.")
        child.expect_exact("play on:")
        child.send("n\r")
        child.expect_exact("Back to the game.")
        child.expect_exact(PROMPT)
        child.sendintr()
        child.expect_exact("play on:")
        child.sendintr()  # the second Ctrl-C plays on: nothing is lost
        child.expect_exact("Back to the game.")
        child.expect_exact(PROMPT)
        child.send("q\r")
        child.expect_exact("play on:")
        child.send("y\r")
        out = finish(child)
    finally:
        child.close(force=True)
    assert "bye (the game was not saved)" in out
    assert child.exitstatus == 1
    assert list(tmp_path.iterdir()) == []


def test_a_thinking_bot_shows_a_spinner_and_keys_typed_meanwhile_wait_for_the_prompt() -> None:
    child = spawn("planet", "--seats", "ismcts:iterations=400,human", "--seed", "5")
    try:
        child.expect_exact("Ismcts 1 is thinking…")
        child.send("log")  # typed while the bot thinks: kept, not echoed
        child.expect_exact(PROMPT, timeout=240)
        waited = child.before or ""
        assert "log" not in waited.replace("Ismcts 1 is thinking…", "")
        child.send("\r")  # the prompt already holds "log"
        child.expect_exact("Game log:")
        child.expect_exact(PROMPT)
        child.send("q\r")
        child.expect_exact("play on:")
        child.send("y\r")
        finish(child)
    finally:
        child.close(force=True)
