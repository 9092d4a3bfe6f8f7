"""``liftoff bench`` prints only rows it measured: a ``bench_*.py`` adds rows
when it defines a plain ``run(seconds)``; scripts (``main``, ``async def run``)
are not run, and one whose packages are missing is named under the table."""

from __future__ import annotations

import ast
from pathlib import Path

from liftoff.cli.bench import extra_rows, row_modules

ROOT = Path(__file__).resolve().parents[2]

MODULES = {
    "bench_rows.py": "def run(seconds):\n    return [{'game': 'x', 'metric': 'm', 'value': 1.0}]\n",
    "bench_script.py": "def main():\n    raise SystemExit('a script is never run')\n",
    "bench_async.py": "async def run(seconds):\n    return []\n",
    "bench_missing.py": "import no_such_package_here\n\ndef run(seconds):\n    return []\n",
    "bench_rl_thing.py": "import pyspiel_not_here as pyspiel\n\ndef run(seconds):\n    return []\n",
}


def test_only_modules_with_a_plain_run_add_rows_and_missing_packages_are_named(
    tmp_path: Path,
) -> None:
    for name, text in MODULES.items():
        (tmp_path / name).write_text(text)
    listed = [p.name for p in row_modules(tmp_path, None)]
    assert listed == ["bench_missing.py", "bench_rl_thing.py", "bench_rows.py"]
    rows, notes = extra_rows(tmp_path, 0.01, None)
    assert rows == [{"game": "x", "metric": "m", "value": 1.0}]
    assert len(notes) == 2 and all("not run" in n for n in notes), notes
    assert "no_such_package_here is not installed" in notes[0]


def test_the_projects_row_benchmarks_take_seconds() -> None:
    """Every benchmark ``liftoff bench`` runs is called as ``run(seconds)``."""
    listed = row_modules(ROOT / "benchmarks", None)
    assert listed, "no benchmark adds rows"
    for path in listed:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        run = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "run")
        assert run.args.args and run.args.args[0].arg == "seconds", path.name
