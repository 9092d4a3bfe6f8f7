"""Records carry the rules and content version they were played under; a record
of another version is refused with both versions named, never replayed as a
silently different game."""

from __future__ import annotations

import json
from typing import Any

import pytest

import liftoff
from liftoff.bots import make
from liftoff.engine import ReplayError, Rng, play, random_playout
from liftoff.engine.game import LEGACY_RULES, GameVersion


def _record(name: str, players: int = 2, seed: int = 3) -> tuple[Any, dict[str, Any]]:
    game = liftoff.games.get(name)
    state = game.new_game(players, seed)
    random_playout(state, Rng(seed), max_actions=300)
    return game, json.loads(json.dumps(state.record()))


@pytest.mark.parametrize("name", ["planet", "race", "agency"])
def test_every_record_carries_its_version_and_replays(name: str) -> None:
    game, record = _record(name)
    assert record["version"] == game.version.to_json()
    assert record["version"]["rules"] == game.info.rules_version
    assert game.info.to_json()["rules_version"] == game.info.rules_version
    assert game.replay(record).record() == record


@pytest.mark.parametrize("name", ["planet", "race", "agency"])
def test_a_record_of_other_rules_is_refused_naming_both_versions(name: str) -> None:
    game, record = _record(name)
    record["version"] = dict(record["version"], rules="99")
    with pytest.raises(ReplayError) as err:
        game.replay(record)
    message = str(err.value)
    assert f"{name} rules 99" in message and f"{name} {game.version}" in message


@pytest.mark.parametrize("name", ["planet", "agency"])
def test_a_record_of_other_content_is_refused_naming_both_fingerprints(name: str) -> None:
    game, record = _record(name)
    assert game.version.content  # these games fingerprint their data files
    record["version"] = dict(record["version"], content="0123456789abcdef")
    with pytest.raises(ReplayError) as err:
        game.replay(record)
    assert "0123456789abcdef" in str(err.value) and game.version.content in str(err.value)


def test_a_malformed_version_is_refused_with_the_expected_shape() -> None:
    game, record = _record("race")
    record["version"] = "2"
    with pytest.raises(ReplayError, match="'version' must be"):
        game.replay(record)


def test_a_record_without_a_version_counts_as_rules_1() -> None:
    current = GameVersion("7", "abc")
    assert GameVersion.from_record({}, current) == GameVersion(LEGACY_RULES, "abc")
    game, record = _record("race")  # race rules are still 1: old records load
    assert game.info.rules_version == LEGACY_RULES
    del record["version"]
    assert game.replay(record).version == len(record["actions"])


@pytest.mark.rules("AG-LR-9")
def test_an_agency_record_without_a_version_still_checks_its_content() -> None:
    game, record = _record("agency")
    del record["version"]
    assert game.replay(record).version == len(record["actions"])
    record["options"]["content"] = "0000000000000000"
    with pytest.raises(ReplayError, match="content"):
        game.replay(record)


def _planet_family(seed: int, keep_playing: bool) -> tuple[Any, dict[str, Any], Any]:
    game = liftoff.games.get("planet")
    options = {"family": True, "finished_keep_playing": keep_playing}
    state = game.new_game(3, seed, options)
    play(state, [make("heuristic") for _ in range(3)], seed=seed)
    record = json.loads(json.dumps(state.record()))
    del record["version"]  # as written before records carried one
    return game, record, state


@pytest.mark.rules("PL-LIFT-1", "PL-MIRA-4")
def test_an_old_planet_record_loads_when_it_never_reached_a_changed_rule() -> None:
    game, record, state = _planet_family(0, keep_playing=False)
    assert state.rechecked_launches == 0
    assert game.replay(record).to_json() == state.to_json()


@pytest.mark.rules("PL-LIFT-1", "PL-MIRA-4", "PL-GAP-29")
def test_an_old_planet_record_that_reached_a_changed_rule_is_refused() -> None:
    game, record, state = _planet_family(39, keep_playing=True)
    assert state.rechecked_launches > 0  # a Lift Off completed another point at once
    with pytest.raises(ReplayError) as err:
        game.replay(record)
    assert "planet rules 1" in str(err.value) and "planet rules 2" in str(err.value)
