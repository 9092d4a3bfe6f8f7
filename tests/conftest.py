"""Shared test configuration.

Tests name the rule-catalogue clauses they check with ``@pytest.mark.rules(...)``
so that coverage of each rulebook can be counted.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from processes import (
    REDIS_ENV,
    RUN_MARK,
    end,
    kill_leftovers,
    run_mark,
    spawn,
    wait_for_no_leftovers,
    worker_redis_url,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _ctrl_c_reaches_children() -> Iterator[None]:
    """The Ctrl-C tests send SIGINT to the programs they start, which inherit an
    ignored SIGINT from a test run started in the background (or from a test that
    left it ignored): deliver it as a terminal would, during every test."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield


def load_script(path: str) -> ModuleType:
    """A script of the project (``benchmarks/…``, ``examples/…``, by its path from
    the project's root) loaded as a module, to test its functions."""
    file = ROOT / path
    spec = importlib.util.spec_from_file_location("liftoff_script_" + file.stem, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def _test_loop_scope(node: Any) -> str | None:
    """The event-loop scope an async test asked for (its ``asyncio`` mark)."""
    mark = node.get_closest_marker("asyncio") if isinstance(node, pytest.Item) else None
    return None if mark is None else mark.kwargs.get("loop_scope")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef[Any], request: Any) -> Any:
    """A function-scoped async fixture runs in the loop of the test using it: a
    test in the session's loop (a browser test: Playwright's objects belong to
    the loop that made them) has its server started in that loop too. Fixtures
    naming a loop scope of their own keep it."""
    func: Any = fixturedef.func
    follow = (
        fixturedef.scope == "function"
        and _test_loop_scope(request.node) == "session"
        and getattr(func, "_force_asyncio_fixture", False)
        and getattr(func, "_loop_scope", None) is None
    )
    if not follow:
        return (yield)
    func._loop_scope = "session"
    try:
        return (yield)
    finally:
        func._loop_scope = None


@pytest.fixture
def started() -> Iterator[Callable[..., subprocess.Popen[Any]]]:
    """Start processes with ``started(args, **popen_options)``, each in a session of
    its own; after the test, whatever happened, each ends with its process group."""
    procs: list[subprocess.Popen[Any]] = []

    def start(args: list[str], **options: Any) -> subprocess.Popen[Any]:
        proc = spawn(args, **options)
        procs.append(proc)
        return proc

    yield start
    end(*procs)


@pytest.fixture
def script() -> Callable[[str], ModuleType]:
    """:func:`load_script`, for a test to load the script it checks."""
    return load_script


def pytest_configure(config: pytest.Config) -> None:
    """Mark the run: every process the tests start carries the mark (see
    ``processes.py``), so that one left behind is found when the run ends. A
    pytest-xdist worker uses a Redis database of its own."""
    os.environ.setdefault(RUN_MARK, uuid.uuid4().hex)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    redis = os.environ.get(REDIS_ENV)
    if worker and redis:
        os.environ[REDIS_ENV] = worker_redis_url(redis, worker)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """The run fails when a process its tests started is still running (it is
    killed, and named)."""
    config = session.config
    if hasattr(config, "workerinput"):
        return  # a pytest-xdist worker: the run's first process looks once for all
    workers = os.getpid() if config.pluginmanager.has_plugin("dsession") else None
    left = wait_for_no_leftovers(run_mark(), workers)
    if not left:
        return
    kill_leftovers(left)
    named = "\n".join(f"  pid {pid}: {command}" for pid, command in sorted(left.items()))
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(
            f"processes the tests started were still running (killed now):\n{named}", red=True
        )
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
