"""Every rule-catalogue clause and ruling of each game is named by a test, and
no test names an ID its game does not have (a typo would otherwise count as
coverage of nothing)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rule_coverage import PREFIX, coverage, named_ids

NAMED = named_ids()


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_marks_name_only_ids_the_game_has(game: str) -> None:
    _, _, unknown = coverage(game, NAMED)
    assert not unknown, f"tests name IDs that {game} does not have: {sorted(unknown)}"


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_every_clause_and_ruling_is_named_by_a_test(game: str) -> None:
    ids, hit, _ = coverage(game, NAMED)
    assert len(ids) > 100  # the catalogue ships with the game
    assert not ids - hit, f"{game}: no test names {sorted(ids - hit)}"


def test_the_scanner_reads_decorators_and_module_marks(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(
        "import pytest\n"
        'pytestmark = pytest.mark.rules("PL-A-1")\n'
        '@pytest.mark.rules("PL-B-2", "RC-C-3")\n'
        "def test_y(): pass\n"
        'def helper(): return "PL-NOT-1"\n'
    )
    assert set(named_ids(tmp_path)) == {"PL-A-1", "PL-B-2", "RC-C-3"}
