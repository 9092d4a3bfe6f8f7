"""Ctrl-C during a simulation: every game finished by then is kept (not only
whole chunks), and the run always ends within seconds.

Both tests send a real SIGINT to a real process. The first knows which games
had finished from the workers themselves: a bot writes a mark (process id and
game seed) when it first moves in a game, and a worker starts a game only
after sending the one before, so every marked game but each worker's last had
finished."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from liftoff.sim.runner import game_seed

DRIVER = """
import os, sys
from liftoff import bots
from liftoff.sim import SimInterrupted, make_config, simulate

out, marks, workers = sys.argv[1], sys.argv[2], int(sys.argv[3])

class MarkBot(bots.Bot):
    name = "mark"

    def __init__(self, seed=0):
        self.base = bots.make("random", seed=seed)
        self.marked = False

    def choose(self, state, player):
        if not self.marked:
            self.marked = True
            with open(marks, "a") as fh:
                fh.write(f"{os.getpid()} {state.seed}\\n")
        return self.base.choose(state, player)

bots.register("mark", MarkBot)
config = make_config("planet", 2, ["mark", "random"], 400, seed=5, keep_records=0)
try:
    # one chunk per worker: before this fix, nothing was kept until a chunk ended
    simulate(config, out, workers=workers, chunk_size=400 // workers)
except SimInterrupted as stop:
    print(stop.done)
    sys.exit(130)
"""


def _marks(path: Path) -> dict[int, list[int]]:
    """Marked game seeds per worker process, in order."""
    by_pid: dict[int, list[int]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            pid, seed = line.split()
            by_pid.setdefault(int(pid), []).append(int(seed))
    return by_pid


def _wait(what: str, test: Callable[[], bool], proc: subprocess.Popen[str], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        if proc.poll() is not None:
            pytest.fail(f"the run ended before {what}: {proc.communicate()[1]}")
        if time.monotonic() > deadline:
            proc.kill()
            proc.communicate()
            pytest.fail(f"no {what} within {seconds} s")
        time.sleep(0.01)


@pytest.mark.timeout(180)
@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_every_finished_game_not_only_finished_chunks(
    tmp_path: Path, workers: int, started: Callable[..., subprocess.Popen[str]]
) -> None:
    script = tmp_path / "driver.py"
    script.write_text(textwrap.dedent(DRIVER))
    out, marks = tmp_path / "run", tmp_path / "marks.txt"
    proc = started(
        [sys.executable, str(script), str(out), str(marks), str(workers)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # wait until some worker has finished three games (it has started a fourth)
    _wait(
        "three finished games in one worker",
        lambda: any(len(s) >= 4 for s in _marks(marks).values()),
        proc,
        120,
    )
    os.kill(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    finished = {seed for seeds in _marks(marks).values() for seed in seeds[:-1]}
    lines = (out / "partial.jsonl").read_text().splitlines()
    kept = {json.loads(json.loads(line)["line"])["seed"] for line in lines}
    assert len(finished) >= 3
    assert finished <= kept, f"finished games lost: {sorted(finished - kept)}"
    assert int(stdout.split()[-1]) == len(lines)  # the count said is the count saved
    every = {game_seed(5, i) for i in range(400)}
    assert kept <= every


@pytest.mark.timeout(300)
def test_interrupted_two_worker_runs_end_within_ten_seconds(
    script: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    tool = script("tools/interrupt_simulate.py")
    # at once (while the workers start), and at two moments after the first saved game
    for attempt in (0, 1, 3):
        got = tool.interrupt_once(attempt, tmp_path)
        assert got.passed, f"interrupt {attempt}: {got.problem} ({got.seconds:.1f} s)"
        assert got.seconds < tool.LIMIT
