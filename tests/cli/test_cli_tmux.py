"""`liftoff play planet --lang ja` in a real terminal of 80×24 (a tmux session):
a few moves played with keys, then the screen as a person sees it has Japanese,
no English word the terminal prints, and no line wider than 80 cells."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_cli_japanese import PROMPT, TYPED, english_words, typed_words

import liftoff.cli.words  # noqa: F401  (the terminal's words, registered)
from liftoff import i18n
from liftoff.engine.messages import render

i18n.install()
TMUX = shutil.which("tmux")
pytestmark = [
    pytest.mark.skipif(TMUX is None, reason="tmux is not installed"),
    pytest.mark.skipif(
        render("cli.planet.legend", lang="ja") == render("cli.planet.legend", lang="en"),
        reason="the Japanese catalogue does not hold the terminal's words yet",
    ),
]

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: the whole test, however slow the machine: then it fails rather than hangs
LIMIT = 90.0


class Session:
    """One tmux session of 80×24 on a server of its own (its own socket in
    ``cwd``), so that ending it ends nothing else."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        assert TMUX is not None
        self.base = [TMUX, "-S", str(cwd / f"tmux-{secrets.token_hex(4)}"), "-f", os.devnull]
        self.name = "play"
        # the terminal's size is the pane's: COLUMNS or LINES handed down (a test run
        # that widens its own report) would draw the game wider than the pane
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("LIFTOFF_", "TMUX")) and k not in ("COLUMNS", "LINES")
        }
        env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
        self.env = env
        shell = " ".join(_quoted(part) for part in command)
        self.tmux("new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", "-c", str(cwd))
        try:
            self.tmux("set-option", "-t", self.name, "remain-on-exit", "on")
            self.tmux("respawn-pane", "-k", "-t", self.name, "-c", str(cwd), shell)
        except BaseException:
            self.end()
            raise
        self.started = time.monotonic()

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            [*self.base, *args], env=self.env, capture_output=True, text=True, timeout=20
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def wait_for(self, before: str = "") -> str:
        """The screen once it differs from ``before``, ends in a prompt and has
        stopped changing; fails at the test's time limit."""
        last = ""
        while time.monotonic() - self.started < LIMIT:
            now = self.screen()
            lines = [line for line in now.splitlines() if line.strip()]
            if now != before and now == last and lines and PROMPT.search(lines[-1]):
                return now
            last = now
            time.sleep(0.3)
        pytest.fail(f"no new prompt on the screen in time:\n{self.screen()}")

    def wait_exit(self) -> str:
        """The last screen once the program has ended; fails at the time limit."""
        while time.monotonic() - self.started < LIMIT:
            if self.tmux("display-message", "-p", "-t", self.name, "#{pane_dead}").strip() == "1":
                return self.screen()
            time.sleep(0.2)
        pytest.fail(f"the game did not end in time:\n{self.screen()}")

    def end(self) -> None:
        """End the session's tmux server and every process in it."""
        subprocess.run(
            [*self.base, "kill-server"],
            env=self.env,
            capture_output=True,
            timeout=20,
        )


def _quoted(part: str) -> str:
    return "'" + part.replace("'", "'\\''") + "'"


@pytest.fixture
def planet_ja(tmp_path: Path) -> Iterator[tuple[Session, Path]]:
    save = tmp_path / "game.json"
    command = [sys.executable, "-m", "liftoff", "play", "planet", "--lang", "ja"]
    command += ["--seats", "human,random", "--seed", "3", "--save", save.name]
    session = Session(command, tmp_path)
    try:
        yield session, save
    finally:
        session.end()


def test_planet_in_japanese_in_a_real_80x24_terminal(planet_ja: tuple[Session, Path]) -> None:
    session, save = planet_ja
    seen = [session.wait_for()]
    for _ in range(6):
        if seen[-1].rstrip().endswith("それ以外は続ける："):  # asked before the turn ends
            session.keys("y", "Enter")
        else:  # Enter lists the choices, 1 takes the first
            session.keys("Enter", "1", "Enter")
        seen.append(session.wait_for(seen[-1]))
    session.keys("legend", "Enter")
    seen.append(session.wait_for(seen[-1]))
    session.keys("q", "Enter")  # saved: quits without asking
    last = session.wait_exit()
    assert "Traceback" not in last and JAPANESE.search(last), last
    record = json.loads(save.read_text())
    assert len(record["actions"]) >= 4
    allowed = TYPED | typed_words("planet", record) | {save.name, "json", "game"}
    for screen in seen:
        assert JAPANESE.search(screen), screen
        assert english_words(screen, allowed) == set(), screen
        assert [line for line in screen.splitlines() if cell_len(line) > 80] == [], screen
