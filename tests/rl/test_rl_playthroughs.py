"""The committed OpenSpiel playthroughs still describe the games: each is
regenerated (OpenSpiel's generate_playthrough, same game string and seed) and
compared. A rules or view change makes this fail with a diff; regenerate with
``uv run --all-extras python tools/regen_playthroughs.py`` and review."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from liftoff.rl.playthroughs import CASES, FOLDER, generate

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("name", "game_string", "seed"), CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough_matches(name: str, game_string: str, seed: int) -> None:
    path = ROOT / FOLDER / name
    assert path.exists(), f"{path} is missing: run tools/regen_playthroughs.py"
    expected = path.read_text(encoding="utf-8")
    got = generate(game_string, seed)
    if got != expected:
        diff = "".join(
            list(
                difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    got.splitlines(keepends=True),
                    "committed",
                    "regenerated",
                    n=1,
                )
            )[:40]
        )
        pytest.fail(
            f"{name} differs from a fresh playthrough (rules or views changed?). "
            "If the change is intended, run "
            "`uv run --all-extras python tools/regen_playthroughs.py` and review the diff.\n" + diff
        )


def test_every_case_covers_a_game_and_ends() -> None:
    games = {c[1].split("(")[0] for c in CASES}
    assert games == {"liftoff_planet", "liftoff_race", "liftoff_agency"}
    for name, _, _ in CASES:
        text = (ROOT / FOLDER / name).read_text(encoding="utf-8")
        assert "IsTerminal() = True" in text
