"""The flakiness check: timing-sensitive tests run again and again on a busy machine.

    uv run --all-extras python tools/steady.py                 # 20 runs, both cores busy
    uv run --all-extras python tools/steady.py --runs 3        # a shorter look
    uv run --all-extras python tools/steady.py -- tests/server/test_server_events.py
    uv run --all-extras python tools/steady.py --runs 5 -- -m browser tests/server

While ``stress-ng --cpu N`` keeps the machine's cores busy (``--load 0``: no
load; without stress-ng installed the tests run on an idle machine, and it
says so), the selection (the default: :data:`TIMING_SENSITIVE`, or the pytest
arguments after ``--``) runs ``--runs`` times in a row. It prints each run's
failures and the total, and exits non-zero on any failure. The load is ended
with its process group on every path, Ctrl-C included.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the tests that time things: clocks, grace periods, real-time races and bots'
#: thinking, WebSocket frames, members of a cluster, live terminals, an interrupted
#: simulation, and browsers (a time-out, the board settling, a reveal, focus while a
#: bot moves, the shared browser); every browser test: ``-- -m browser tests/server``
TIMING_SENSITIVE = [
    "tests/server/test_clock.py",
    "tests/server/test_server_timeouts.py",
    "tests/server/test_server_realtime_thinking.py",
    "tests/server/test_server_race_break.py",
    "tests/server/test_server_events.py",
    "tests/server/test_cheating.py",
    "tests/server/test_cheating_bots.py",
    "tests/server/test_cheating_connections.py",
    "tests/server/test_server_api.py",
    "tests/server/test_server_health.py",
    "tests/server/test_server_motion.py",
    "tests/server/test_server_signals.py",
    "tests/server/test_browsers.py",
    "tests/games/race/test_race_thinking.py",
    "tests/games/race/test_race_realtime.py",
    "tests/games/race/test_race_live.py",
    "tests/sim/test_sim_resume.py",
    *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("tests/cli/test_cli_tmux*.py")),
    *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("tests/server/test_cluster*.py")),
]


@contextlib.contextmanager
def load(cpus: int) -> Iterator[str]:
    """``stress-ng --cpu cpus`` running for the block (what it is, in words)."""
    stress = shutil.which("stress-ng")
    if cpus <= 0 or stress is None:
        yield "no load" if cpus <= 0 else "no load (stress-ng is not installed)"
        return
    proc = subprocess.Popen(
        [stress, "--cpu", str(cpus), "--quiet"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        yield f"stress-ng --cpu {cpus}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def one_run(selection: list[str], n: int) -> tuple[int, list[str]]:
    """Run the selection once; its exit code and the lines naming failures (each
    with its message; a failed run's whole output is kept in a file it names)."""
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *selection]
    env = {**os.environ, "COLUMNS": "400"}  # the summary lines keep their messages
    done = subprocess.run(
        args, cwd=ROOT, capture_output=True, text=True, start_new_session=True, env=env
    )
    failed = [line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
    summary = done.stdout.strip().splitlines()[-1:] or ["(no output)"]
    print(f"run {n}: exit {done.returncode}: {summary[0]}", flush=True)
    for line in failed:
        print(f"  {line}", flush=True)
    if done.returncode not in (0, 5):
        kept = Path(tempfile.gettempdir()) / f"steady-run-{os.getpid()}-{n}.log"
        kept.write_text(done.stdout + done.stderr)
        print(f"  (the run's output: {kept})", flush=True)
    return done.returncode, failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="times in a row (default 20)")
    parser.add_argument(
        "--load", type=int, default=os.cpu_count() or 2, help="cores kept busy (default: all)"
    )
    parser.add_argument("pytest_args", nargs="*", help="what to run (after --)")
    args = parser.parse_args(argv)
    selection = args.pytest_args or TIMING_SENSITIVE
    failures = 0
    started = time.monotonic()
    with load(args.load) as what:
        print(f"{args.runs} runs under {what}: {' '.join(selection)}", flush=True)
        for n in range(1, args.runs + 1):
            code, failed = one_run(selection, n)
            failures += len(failed) or (code not in (0, 5))
    minutes = (time.monotonic() - started) / 60
    print(f"{failures} failures in {args.runs} runs ({minutes:.1f} min)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
