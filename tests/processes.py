"""Processes the tests start, and proof that none outlives the run; what each
pytest-xdist worker has of its own.

Every process a test starts runs in a session (so a process group) of its own
(:func:`spawn`) and is ended with its whole group on every path (:func:`end`,
:func:`running`): its workers, browsers or servers go with it. Each run marks the
environment it passes on (:data:`RUN_MARK`); at the end of the run, any process
still carrying the run's mark was left behind (:func:`leftovers`), and the run
fails saying which.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: the environment variable naming the test run that started a process
RUN_MARK = "PYTEST_LIFTOFF_RUN"


def run_mark() -> str:
    """This run's mark (set by the first test process, inherited by its workers)."""
    return os.environ.get(RUN_MARK, "")


def spawn(args: list[str], **options: Any) -> subprocess.Popen[Any]:
    """``subprocess.Popen`` in a new session, its environment carrying the run's mark."""
    env = options.pop("env", None)
    env = {**(os.environ if env is None else env), RUN_MARK: run_mark()}
    return subprocess.Popen(args, start_new_session=True, env=env, **options)


def end(*procs: subprocess.Popen[Any] | None, grace: float = 10.0) -> None:
    """End each process and its group: SIGTERM, then after ``grace`` seconds SIGKILL
    (what is left of the group too: workers outliving their parent)."""
    for proc in procs:
        if proc is None:
            continue
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(grace)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(grace)


@contextlib.contextmanager
def running(args: list[str], **options: Any) -> Iterator[subprocess.Popen[Any]]:
    """A process (see :func:`spawn`) ended with its group however the block exits."""
    proc = spawn(args, **options)
    try:
        yield proc
    finally:
        end(proc)


def _environ(pid: int) -> bytes:
    try:
        return (Path("/proc") / str(pid) / "environ").read_bytes()
    except OSError:  # gone, a zombie, or not ours to read
        return b""


def _command(pid: int) -> str:
    try:
        raw = (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return "?"
    return raw.replace(b"\0", b" ").decode(errors="replace").strip()[:200]


def _parent(pid: int) -> int:
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return 0
    return int(stat.rsplit(")", 1)[1].split()[1])


#: what the command lines of ``multiprocessing``'s helper processes hold (started
#: by the test process itself, e.g. for an in-process server's worker pool)
HELPERS = ("from multiprocessing.resource_tracker import", "from multiprocessing.forkserver import")


def leftovers(mark: str, workers_of: int | None = None) -> dict[int, str]:
    """The processes carrying ``mark`` other than this one and its own
    ``multiprocessing`` helpers (and, ``workers_of``: the children of that process,
    which are pytest-xdist's workers): pid → command."""
    if not mark or not Path("/proc").is_dir():
        return {}
    needle = f"{RUN_MARK}={mark}".encode()
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        pid = int(entry.name)
        if needle not in _environ(pid).split(b"\0"):
            continue
        parent, command = _parent(pid), _command(pid)
        if workers_of is not None and parent == workers_of:
            continue
        if parent == os.getpid() and any(helper in command for helper in HELPERS):
            continue  # this process's own helper: it ends when this process does
        found[pid] = command
    return found


def wait_for_no_leftovers(
    mark: str, workers_of: int | None = None, within: float = 10.0
) -> dict[int, str]:
    """The processes still left (:func:`leftovers`) after waiting up to ``within``
    seconds for those ending to be gone (an ended process may take a moment)."""
    deadline = time.monotonic() + within
    left = leftovers(mark, workers_of)
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = leftovers(mark, workers_of)
    return left


def kill_leftovers(left: dict[int, str]) -> None:
    """SIGKILL processes this run left behind (they carry its mark: it started them)."""
    for pid in left:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


REDIS_ENV = "LIFTOFF_TEST_REDIS_URL"


def worker_redis_url(url: str, worker: str) -> str:
    """The Redis URL of a pytest-xdist worker (``gw0``, ``gw1``, …): the database
    after the one ``url`` names by the worker's number (of Redis's 16)."""
    head, _, number = url.rstrip("/").rpartition("/")
    if not head.startswith("redis") or "//" not in head or not number.isdigit():
        head, number = url.rstrip("/"), "0"
    index = int(worker.removeprefix("gw")) if worker.removeprefix("gw").isdigit() else 0
    return f"{head}/{(int(number) + index) % 16}"
