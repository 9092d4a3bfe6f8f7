"""Interrupt ``liftoff simulate --workers 2`` with Ctrl-C (a real SIGINT) many
times and check that every run ends within a time limit, exits with code 130,
says how to resume, and keeps exactly the games it says it kept.

    uv run --all-extras python tools/interrupt_simulate.py 20
    stress-ng --cpu 4 --timeout 600s & uv run --all-extras python tools/interrupt_simulate.py 20

The interrupts come at different moments: right after the run starts (while
the workers start), and at several delays after its first game is saved. Each
run keeps every record (``--keep-records`` equal to ``--games``), so the
workers send large results and an interrupt often lands while one is being
sent. A run still going after the limit is killed (its whole process group)
and reported as hung. Exit code 0 when every run passed.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

#: a run must end within this many seconds of its Ctrl-C
LIMIT = 10.0
GAMES = 3000


@dataclass(frozen=True)
class Interrupted:
    """How one interrupted run ended."""

    attempt: int
    seconds: float  # from the SIGINT to the end of the process (or to the kill)
    exit_code: int | None  # None: still running at the limit (killed)
    kept: int  # lines in partial.jsonl
    said: int | None  # the number of kept games the message gave
    problem: str  # "" when the run passed

    @property
    def passed(self) -> bool:
        return not self.problem


def _command(out: Path) -> list[str]:
    return [
        sys.executable,
        "-c",
        "from liftoff.cli.main import main; main()",
        "simulate",
        "planet",
        "-n",
        str(GAMES),
        "-p",
        "2",
        "--workers",
        "2",
        "--keep-records",
        str(GAMES),
        "--seed",
        "7",
        "-q",
        "--out",
        str(out),
    ]


def _wait_for(
    what: str, test: Callable[[], bool], deadline: float, proc: subprocess.Popen[str]
) -> None:
    """Poll ``test()`` until true; ``RuntimeError`` naming ``what`` at the deadline
    or when the process ends first."""
    while not test():
        if proc.poll() is not None:
            raise RuntimeError(f"the run ended before {what} (exit code {proc.returncode})")
        if time.monotonic() > deadline:
            raise RuntimeError(f"no {what} within the set-up time")
        time.sleep(0.01)


def interrupt_once(attempt: int, folder: Path, limit: float = LIMIT) -> Interrupted:
    """Start one run, interrupt it at a moment chosen by ``attempt``, and check how it ends."""
    out = folder / f"run-{attempt}"
    proc = subprocess.Popen(
        _command(out),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, to kill workers left behind
    )
    partial = out / "partial.jsonl"
    try:
        setup = time.monotonic() + 120
        _wait_for("run directory", (out / "partial.json").exists, setup, proc)
        if attempt % 4:  # else: at once, while the workers start
            saved = lambda: partial.exists() and partial.stat().st_size > 0  # noqa: E731
            _wait_for("first saved game", saved, setup, proc)
            time.sleep((attempt % 7) * 0.05)
        os.kill(proc.pid, signal.SIGINT)
        sent = time.monotonic()
        try:
            _, err = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            kept = partial.read_text().count("\n") if partial.exists() else 0
            return Interrupted(attempt, limit, None, kept, None, f"still running after {limit} s")
        seconds = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    kept = partial.read_text().count("\n") if partial.exists() else 0
    said_match = re.search(r"interrupted: (\d+) of", " ".join(err.split()))
    said = int(said_match.group(1)) if said_match else None
    problem = ""
    if proc.returncode != 130:
        problem = f"exit code {proc.returncode}"
    elif "Traceback" in err:
        problem = "a traceback"
    elif said is None or "--resume" not in err:
        problem = "no resume message"
    elif said != kept:
        problem = f"said {said} games were kept, partial.jsonl has {kept}"
    return Interrupted(attempt, seconds, proc.returncode, kept, said, problem)


def main(times: int = 20) -> int:
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # started in the background:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # the runs must not inherit it
    results = []
    with tempfile.TemporaryDirectory(prefix="liftoff-interrupt-") as folder:
        for attempt in range(times):
            got = interrupt_once(attempt, Path(folder))
            results.append(got)
            verdict = "ok" if got.passed else f"FAILED: {got.problem}"
            print(
                f"run {attempt + 1:2}: ended {got.seconds:5.2f} s after Ctrl-C, "
                f"exit {got.exit_code}, {got.kept} games kept — {verdict}",
                flush=True,
            )
    failed = [r for r in results if not r.passed]
    slowest = max(r.seconds for r in results)
    print(
        f"{len(results) - len(failed)} of {len(results)} runs ended cleanly within {LIMIT:.0f} s "
        f"(slowest {slowest:.2f} s)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
