"""The conformance suite, run on every registered game, every player count and
each game's option cases (see ``Game.conformance_cases``)."""

from __future__ import annotations

from typing import Any

import pytest

import liftoff
from liftoff import speech
from liftoff.engine import conformance, conformance_undo

CASES: list[Any] = []
for _name in liftoff.games.names():
    _game = liftoff.games.get(_name)
    for _i, (_players, _options) in enumerate(_game.conformance_cases()):
        _label = ",".join(f"{k}={v}" for k, v in sorted(_options.items())) or "default"
        CASES.append(pytest.param(_name, _players, _options, id=f"{_name}-{_players}p-{_label}"))


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_random_games_keep_the_contract(name: str, players: int, options: dict[str, Any]) -> None:
    game = liftoff.games.get(name)
    for seed in (1, 2):
        conformance.play_checked(game, players, options, seed)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_refusals_carry_message_ids(name: str, players: int, options: dict[str, Any]) -> None:
    conformance.play_checked(liftoff.games.get(name), players, options, 1, message_ids=True)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_same_seed_same_game(name: str, players: int, options: dict[str, Any]) -> None:
    conformance.check_determinism(liftoff.games.get(name), players, options, seed=7)


@pytest.mark.parametrize("name", liftoff.games.names())
def test_wrong_player_counts_and_options_are_refused(name: str) -> None:
    game = liftoff.games.get(name)
    info = game.info
    for bad in (info.min_players - 1, info.max_players + 1, 0, -1):
        with pytest.raises(liftoff.OptionError) as err:
            game.new_game(bad, seed=1)
        assert err.value.option == "players"
    with pytest.raises(liftoff.OptionError) as err:
        game.new_game(info.min_players, seed=1, options={"no_such_option": 1})
    assert err.value.option == "no_such_option"
    assert "no_such_option" in str(err.value)


@pytest.mark.parametrize("name", liftoff.games.names())
def test_info_is_complete(name: str) -> None:
    info = liftoff.games.get(name).info
    assert info.name == name
    assert info.title and 1 <= info.min_players <= info.max_players
    for flag in (info.simultaneous, info.stochastic, info.hidden_information):
        assert isinstance(flag, bool)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_determinized_worlds_are_independent_of_the_truth(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = liftoff.games.get(name)
    if not game.info.hidden_information:
        pytest.skip("nothing hidden")
    conformance.check_determinize_independent(game, players, options)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_events_are_returned_replayed_and_narrated_for_each_viewer(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = liftoff.games.get(name)
    conformance.check_events(game, players, options, seed=3, narrate=speech.of(game).narrate)


@pytest.mark.rules("API-UNDO")
@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_an_action_that_may_be_taken_back_revealed_nothing(
    name: str, players: int, options: dict[str, Any]
) -> None:
    conformance_undo.check_undo(liftoff.games.get(name), players, options, seed=1)
