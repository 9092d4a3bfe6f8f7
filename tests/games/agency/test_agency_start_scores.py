"""The ``start_scores`` house rule: other starting scores than the rulebook's
2, 4, 6, 8 (AG-SETUP-13), off by default, validated like every option."""

from __future__ import annotations

import json

import pytest

from liftoff.engine import OptionError
from liftoff.engine.game import canon
from liftoff.games.agency import GAME
from liftoff.sim.runner import SimError, make_config


@pytest.mark.rules("AG-SETUP-13")
def test_off_by_default_the_rulebook_scores_and_records_as_before() -> None:
    assert GAME.options.defaults()["start_scores"] == ""
    s = GAME.new_game(4, seed=9)
    assert s.vp == [2, 4, 6, 8]
    assert "start_scores" not in s.record()["options"]  # records made before read the same
    again = GAME.new_game(4, seed=9, options={"start_scores": ""})
    assert canon(again.to_json()) == canon(s.to_json())


@pytest.mark.rules("AG-SETUP-13")
@pytest.mark.parametrize(
    ("players", "text", "scores"),
    [
        (2, "3,3", [3, 3]),
        (3, " 4, 5 ,6", [4, 5, 6]),
        (4, "2,4,6,6", [2, 4, 6, 6]),
        (4, "0,0,0,30", [0, 0, 0, 30]),
    ],
)
def test_the_house_rule_gives_the_starting_scores_in_turn_order(
    players: int, text: str, scores: list[int]
) -> None:
    s = GAME.new_game(players, seed=4, options={"start_scores": text})
    assert s.first == 0
    assert s.vp == scores
    assert [s.src[p][0] for p in range(players)] == scores  # counted as points from the start
    assert not s.invariants()
    record = json.loads(json.dumps(s.record()))
    assert record["options"]["start_scores"] == text.strip()
    assert canon(GAME.replay(record).to_json()) == canon(s.to_json())


@pytest.mark.parametrize(
    ("players", "text", "says"),
    [
        (4, "5,5,5", "4 players need 4 starting scores, not 3"),
        (2, "5,5,5", "2 players need 2 starting scores, not 3"),
        (3, "5,x,5", "one whole number per player"),
        (3, "5,-1,5", "one whole number per player"),
        (3, "5,,5", "one whole number per player"),
        (2, "31,2", "at most 30"),
    ],
)
def test_bad_starting_scores_are_refused_naming_the_option(
    players: int, text: str, says: str
) -> None:
    with pytest.raises(OptionError, match="start_scores") as err:
        GAME.new_game(players, seed=1, options={"start_scores": text})
    assert says in str(err.value)
    assert err.value.option == "start_scores"
    with pytest.raises(SimError, match=says):
        make_config("agency", players, ["random"], 1, options={"start_scores": text})


def test_the_option_is_listed_with_its_label_and_rule() -> None:
    option = next(o for o in GAME.options.options if o.name == "start_scores")
    assert option.label == "Starting scores" and option.rule == "AG-SETUP-13"
    assert not option.internal
    config = make_config("agency", 4, ["random"], 1, options={"start_scores": "5,5,5,5"})
    assert config.options == {"start_scores": "5,5,5,5"}
