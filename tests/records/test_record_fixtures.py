"""Every record written before stays playable: each fixture (a record of one of
the titles, as records were written when it was made) replays to the very state
it reached then, and its record reads back the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from make_records import GAMES, HERE, final_state, fixture_name

import liftoff
from liftoff.engine import ReplayError
from liftoff.engine.game import RECORD_FORMAT

FIXTURES = sorted(HERE.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_every_listed_game_has_its_fixture_and_each_title_several() -> None:
    names = {p.name for p in FIXTURES}
    assert {fixture_name(t, n, s, k) for t, n, s, _, _, k in GAMES} == names
    for title in liftoff.games.names():
        mine = [p for p in FIXTURES if p.name.startswith(title + "-")]
        assert len(mine) >= 3, f"{title}: only {len(mine)} record fixtures"


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_an_earlier_record_replays_to_the_same_final_state(path: Path) -> None:
    fixture = _load(path)
    record = fixture["record"]
    game = liftoff.games.get(record["game"])
    state = game.replay(record)
    # the final state as it was written then, read by today's code (which reads
    # older snapshots: race's log reasons were English words, now ids)
    then = game.from_json({**fixture["final"], "history": record["actions"]})
    assert final_state(state) == final_state(then), f"{path.name} replays differently"
    again = state.record()
    assert again["actions"] == record["actions"]
    assert {k: again[k] for k in ("game", "players", "seed", "options", "version")} == {
        k: record[k] for k in ("game", "players", "seed", "options", "version")
    }


@pytest.mark.parametrize("title", ["planet", "race", "agency"])
def test_a_record_says_its_format_and_the_rules_version_stays(title: str) -> None:
    game = liftoff.games.get(title)
    record = game.new_game(2, 1).record()
    assert record["format"] == RECORD_FORMAT
    assert record["version"]["rules"] == game.info.rules_version
    assert game.replay(record).record() == record


def test_a_record_without_a_format_is_the_first_format() -> None:
    fixture = _load(FIXTURES[0])
    assert "format" not in fixture["record"]
    state = liftoff.games.get(fixture["record"]["game"]).replay(fixture["record"])
    assert state.record()["format"] == RECORD_FORMAT == 1


@pytest.mark.parametrize("bad", [2, 99, "1", None, True])
def test_a_record_of_an_unknown_format_is_refused_by_name(bad: object) -> None:
    fixture = _load(FIXTURES[0])
    record = dict(fixture["record"], format=bad)
    with pytest.raises(ReplayError, match="format"):
        liftoff.games.get(record["game"]).replay(record)
