"""A whole live race in a real terminal of 80×24 (a tmux session) against two
default bots, the person pressing a key every 2.5 s of the game's time: they
try their planets in turn and put a card under their stack when none takes it.
The race's clock runs six times faster than the wall clock (``LIFTOFF_TIME_SCALE``),
so a person's pace costs a sixth of the time. Every screen of the game keeps
the top card whole (its name, sign and the cards left) and cuts no line; each
round's result is shown; the end is reached and told after ``q``."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_cli_tmux import TMUX, Session

pytestmark = [pytest.mark.slow, pytest.mark.skipif(TMUX is None, reason="tmux is not installed")]

SCALE = 6.0
#: seconds of the game between two keys: a person who reads each card
PACE = 2.5
#: the whole race, however slow the machine: then it fails rather than hangs
LIMIT = 300.0
TOP = re.compile(r"^Your top card: (.+) \((.)\) · (\d+) in your stack$")
STACK = re.compile(r"Your top card: .* · (\d+) in your stack")
#: the only lines that end in "…": someone is choosing (a sentence, not a cut)
CHOOSING = re.compile(r" is choosing at .+…$")


def dead(session: Session) -> bool:
    return session.tmux("display-message", "-p", "-t", session.name, "#{pane_dead}").strip() == "1"


class Person:
    """Presses one key a turn: the planets in turn while the card stays on
    top (each key a try), ``u`` once every planet refused it."""

    def __init__(self, planets: int) -> None:
        self.keys = [str(k) for k in range(1, planets + 1)] + ["u"]
        self.tried = 0
        self.last: str | None = None

    def key(self, screen: str) -> str | None:
        found = STACK.search(screen)
        if found is None:
            return None
        if found.group(0) != self.last:  # a new card on top: start again
            self.last, self.tried = found.group(0), 0
        key = self.keys[min(self.tried, len(self.keys) - 1)]
        self.tried += 1
        return key


def in_app(screen: str) -> bool:
    return screen.lstrip().startswith("Round ")


def play(session: Session) -> list[str]:
    """Every screen seen until the program ends."""
    screens: list[str] = []
    person = Person(6)
    step = PACE / SCALE
    due = time.monotonic()
    while time.monotonic() - session.started < LIMIT:
        screen = session.screen()
        if dead(session):
            screens.append(session.screen())
            return screens
        screens.append(screen)
        if not in_app(screen):
            time.sleep(0.2)  # the live table is not on the screen yet (or any more)
            continue
        if "q quits" in screen:
            session.keys("q")
        elif time.monotonic() >= due:
            key = person.key(screen)
            if key is not None:
                session.keys(key)
                due = time.monotonic() + step
        time.sleep(min(0.1, step / 3))
    pytest.fail(f"the race did not end in time:\n{session.screen()}")


def test_a_whole_live_race_at_80x24_at_a_persons_pace(tmp_path: Path) -> None:
    command = ["env", f"LIFTOFF_TIME_SCALE={SCALE:g}", sys.executable, "-m", "liftoff"]
    command += ["play", "race", "--seats", "human,medium,medium", "--seed", "3", "--names", "Ann"]
    session = Session(command, tmp_path)
    try:
        screens = play(session)
    finally:
        session.end()
    (tmp_path / "race-captures.txt").write_text("\n\f\n".join(screens), encoding="utf-8")
    live = [s for s in screens if in_app(s)]
    loading = [s for s in live if "Your top card:" in s]
    assert len(loading) >= 20, screens[-3:]
    for screen in live:
        lines = screen.splitlines()
        assert len(lines) <= 24 and all(cell_len(line) <= 80 for line in lines), screen
        cut = [line for line in lines if line.rstrip().endswith("…") and not CHOOSING.search(line)]
        assert cut == [], screen
        tops = [line.rstrip() for line in lines if line.startswith("Your top card:")]
        assert all(TOP.match(line) for line in tops), screen  # the card whole
    for n in (1, 2, 3):  # each round's result, on the screen
        assert any(f"Round {n} is over — you " in s for s in live), n
    assert any("Game over: " in s for s in live)
    last = screens[-1]
    assert "Traceback" not in last and "Points from" in last and "seed 3" in last, last
    placed = sum(1 for s in live if re.search(r"^You play ", s, re.MULTILINE))
    assert placed > 0, "the person never placed a card"
