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

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "architecture.py"


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


def test_no_upward_imports() -> None:
    assert figures()["upward_imports"] == []


def test_no_import_circles() -> None:
    assert figures()["import_circles"] == []


def test_no_game_name_checks_outside_the_game() -> None:
    assert figures()["game_name_checks"] == []


def test_no_module_over_700_lines() -> None:
    assert figures()["modules_over"] == []


def test_no_function_over_80_lines() -> None:
    assert figures()["functions_over"] == []


def test_the_tool_counts_what_it_says(tmp_path: Path) -> None:
    """On a made-up package: imports inside functions count, TYPE_CHECKING ones
    do not; circles use module-level imports; game names and sizes are found."""
    files = {
        "__init__.py": "",
        "engine/__init__.py": "from . import a\n",
        "engine/a.py": (
            "from typing import TYPE_CHECKING\n"
            "from liftoff.engine import b\n"
            "if TYPE_CHECKING:\n    from liftoff import cli\n"
            "def f():\n    import liftoff.bots\n"
        ),
        "engine/b.py": "from . import a\n",
        "games/__init__.py": "",
        "games/planet/__init__.py": "from liftoff.games import race\nx = 1 == 'planet'\n",
        "games/race/__init__.py": "def g(n):\n    return n in ('planet', 'other')\n",
        "bots/__init__.py": "def h():\n" + "    pass\n" * 90,
        "cli/__init__.py": "",
    }
    for name, text in files.items():
        path = tmp_path / "liftoff" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(TOOL), "--json", "--src", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(done.stdout)
    ups = {(u["module"], u["imports"]) for u in data["upward_imports"]}
    assert ups == {
        ("liftoff.engine.a", "liftoff.bots"),
        ("liftoff.games.planet", "liftoff.games.race"),
    }
    assert data["import_circles"] == [["liftoff.engine.a", "liftoff.engine.b"]]
    assert [(h["file"].rsplit("liftoff/", 1)[1], h["games"]) for h in data["game_name_checks"]] == [
        ("games/race/__init__.py", ["planet"])
    ]
    assert [f["function"] for f in data["functions_over"]] == ["liftoff.bots.h"]
