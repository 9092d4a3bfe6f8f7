"""docs/rulings.md and the games agree: every ruling listed there is known to its game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import liftoff.games

DOC = Path(__file__).resolve().parents[1] / "docs" / "rulings.md"
GAME_OF = {"PL": "planet", "RC": "race", "AG": "agency"}
ROW = re.compile(r"^\| ((PL|RC|AG)-(?:GAP|LR|R)-\d+) \|")


def listed() -> list[tuple[str, str]]:
    ids = [m.group(1) for line in DOC.read_text().splitlines() if (m := ROW.match(line))]
    return [(GAME_OF[i[:2]], i) for i in ids]


def test_the_document_lists_rulings_of_all_three_games() -> None:
    games = {g for g, _ in listed()}
    assert games == {"planet", "race", "agency"}
    ids = [i for _, i in listed()]
    assert len(ids) == len(set(ids)), "a ruling is listed twice"


@pytest.mark.parametrize(("game", "rule"), listed())
def test_every_listed_ruling_has_its_text_in_the_game(game: str, rule: str) -> None:
    text = liftoff.games.get(game).rule_text(rule)
    assert text, f"{rule} is in docs/rulings.md but `liftoff rules {game}` does not know it"
