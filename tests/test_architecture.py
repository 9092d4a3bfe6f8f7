"""The architecture targets, measured by ``tools/architecture.py``: no upward
imports, no import circles, no game-name checks outside a game's package, no
module over 700 lines and no function over 80 lines (data tables aside)."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "architecture.py"
IN_PROGRESS = pytest.mark.xfail(strict=False, reason="architecture step in progress")


@cache
def figures() -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(TOOL), "--json"], capture_output=True, text=True, check=True
    )
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_the_tool_measures_the_package() -> None:
    data = figures()
    assert data["modules"] > 50 and data["lines"] > 10_000
    assert {"planet", "race", "agency"} <= set(data["games"])
    assert len(data["largest_files"]) == 10 and len(data["longest_functions"]) == 10
    text = subprocess.run(
        [sys.executable, str(TOOL)], capture_output=True, text=True, check=True
    ).stdout
    assert "upward imports:" in text and "import circles:" in text


@IN_PROGRESS
def test_no_upward_imports() -> None:
    assert figures()["upward_imports"] == []


def test_no_import_circles() -> None:
    assert figures()["import_circles"] == []


@IN_PROGRESS
def test_no_game_name_checks_outside_the_game() -> None:
    assert figures()["game_name_checks"] == []


@IN_PROGRESS
def test_no_module_over_700_lines() -> None:
    assert figures()["modules_over"] == []


@IN_PROGRESS
def test_no_function_over_80_lines() -> None:
    assert figures()["functions_over"] == []
