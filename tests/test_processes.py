"""The tests' processes end with their groups, and one left running is found."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import processes
from processes import RUN_MARK, end, leftovers, run_mark, running, spawn, worker_redis_url

#: a program that starts a child of its own (its group's), says its pid, then waits
PARENT = (
    "import subprocess, sys, time\n"
    "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)'])\n"
    "print(child.pid, flush=True)\n"
    "time.sleep(120)\n"
)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie is gone
    except OSError:
        return False


def _gone(pid: int, within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_the_run_is_marked_and_a_process_left_running_is_found() -> None:
    assert run_mark(), "the test run sets its mark in the environment"
    mark = f"{run_mark()}-probe"
    env = {**os.environ, RUN_MARK: mark}
    left = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], env=env)
    unmarked = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        deadline = time.monotonic() + 10
        while left.pid not in leftovers(mark):
            assert time.monotonic() < deadline, "the marked process was never found"
            time.sleep(0.02)
        assert unmarked.pid not in leftovers(mark)
        assert os.getpid() not in leftovers(run_mark())  # the test process itself is no leftover
    finally:
        left.kill()
        unmarked.kill()
        left.wait(10)
        unmarked.wait(10)
    assert leftovers(mark) == {}


def test_a_spawned_process_ends_with_its_whole_group() -> None:
    proc = spawn([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        child = int(proc.stdout.readline())
        assert os.getpgid(child) == proc.pid != os.getpgid(0)  # a group of its own
    finally:
        end(proc, grace=5)
    assert proc.poll() is not None and _gone(child), "the child outlived its parent's end"


def test_a_running_block_ends_its_process_on_an_error_too() -> None:
    try:
        with running([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True) as proc:
            assert proc.stdout is not None
            child = int(proc.stdout.readline())
            raise KeyboardInterrupt  # the test stopped midway
    except KeyboardInterrupt:
        pass
    assert proc.poll() is not None and _gone(child)


def test_each_worker_has_a_redis_database_of_its_own() -> None:
    assert worker_redis_url("redis://127.0.0.1:6379/0", "gw0") == "redis://127.0.0.1:6379/0"
    assert worker_redis_url("redis://127.0.0.1:6379/0", "gw2") == "redis://127.0.0.1:6379/2"
    assert worker_redis_url("redis://h:1/15", "gw1") == "redis://h:1/0"  # Redis has 16
    assert worker_redis_url("redis://h:1", "gw3") == "redis://h:1/3"


def test_the_test_process_own_multiprocessing_helper_is_no_leftover() -> None:
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()  # as an in-process server's worker pool does
    # this process's own (other xdist workers' helpers are theirs, ended with them)
    mine = [c for pid, c in leftovers(run_mark()).items() if processes._parent(pid) == os.getpid()]
    assert not any("resource_tracker" in c for c in mine)
