"""Count which rule-catalogue clauses the tests name.

Tests name the clauses they check with ``@pytest.mark.rules("PL-MOON-3", …)``
(also as ``pytestmark``). This module reads those marks from the test sources
and compares them with each game's shipped catalogue (``Game.rule_text``)::

    uv run python tests/rule_coverage.py            # a table per game
    uv run python tests/rule_coverage.py --missing  # and the IDs no test names
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

TESTS = Path(__file__).resolve().parent
PREFIX = {"planet": "PL-", "race": "RC-", "agency": "AG-"}


def _rules_calls(tree: ast.AST) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "rules"
            and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "mark"
        ):
            yield node


def named_ids(root: Path = TESTS) -> dict[str, set[Path]]:
    """Every clause ID named in a ``rules`` mark under ``root`` → the files naming it."""
    found: dict[str, set[Path]] = {}
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for call in _rules_calls(tree):
            for arg in call.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.setdefault(arg.value, set()).add(path)
    return found


def catalogue(game: str) -> set[str]:
    """The clause and ruling IDs a game ships (its ``rules.json`` and ``rulings.json``)."""
    ids: set[str] = set()
    data = resources.files(f"liftoff.games.{game}.data")
    for name in ("rules.json", "rulings.json"):
        item = data.joinpath(name)
        if item.is_file():
            ids.update(json.loads(item.read_text(encoding="utf-8")))
    return ids


def coverage(
    game: str, named: dict[str, set[Path]] | None = None
) -> tuple[set[str], set[str], set[str]]:
    """(catalogue IDs, IDs named by a test, IDs named but unknown) for ``game``."""
    named = named_ids() if named is None else named
    ids = catalogue(game)
    mine = {i for i in named if i.startswith(PREFIX[game])}
    return ids, mine & ids, mine - ids


def main(argv: list[str]) -> int:
    named = named_ids()
    print(f"{'game':8} {'clauses':>8} {'named':>6} {'share':>7} {'unknown':>8}")
    for game in PREFIX:
        ids, hit, unknown = coverage(game, named)
        share = 100 * len(hit) / len(ids) if ids else 0.0
        print(f"{game:8} {len(ids):8} {len(hit):6} {share:6.1f}% {len(unknown):8}")
        if "--missing" in argv and ids - hit:
            print("  not named:", " ".join(sorted(ids - hit)))
        if unknown:
            print("  unknown:", " ".join(sorted(unknown)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
