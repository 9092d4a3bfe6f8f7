"""``python -m liftoff`` is the ``liftoff`` command."""

from __future__ import annotations

import os
import subprocess
import sys

from liftoff.cli.main import build


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
    return subprocess.run(
        [sys.executable, "-m", "liftoff", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def test_python_dash_m_liftoff_shows_the_command_help() -> None:
    result = run("--help")
    assert result.returncode == 0, result.stderr
    assert "Usage: liftoff" in result.stdout
    for command in build().registered_commands:
        name = command.name or (command.callback.__name__ if command.callback else "")
        assert name.replace("_", "-") in result.stdout


def test_python_dash_m_liftoff_runs_a_command() -> None:
    result = run("games")
    assert result.returncode == 0, result.stderr
    assert "planet" in result.stdout
