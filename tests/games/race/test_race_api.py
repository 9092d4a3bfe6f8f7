"""The engine API surface of race: parsing, options, rule texts, replay, clone."""

from __future__ import annotations

import json

import pytest

import liftoff
from liftoff import speech
from liftoff.engine import IllegalAction, OptionError, Rng, random_playout
from liftoff.games.race import actions
from liftoff.games.race.testing import resolution

GAME = liftoff.games.get("race")


def test_registered_with_its_info() -> None:
    assert "race" in liftoff.games.names()
    info = GAME.info
    assert (info.min_players, info.max_players) == (2, 4)
    assert info.simultaneous and info.stochastic and info.hidden_information


@pytest.mark.rules("RC-PLAY-5", "RC-RED-4", "RC-THEFT-7")
def test_every_action_text_parses_back() -> None:
    texts = ["under", "discard", "steal none"] + [f"place {n}" for n in range(1, 11)]
    texts += [str(a) for a in actions.PAY_ONE + actions.PAY_TWO]
    texts += [str(a) for a in actions.STEAL.values()]
    s = GAME.new_game(2, 1)
    for t in texts:
        assert str(GAME.parse_action(s, 0, t)) == t
    for bad in (
        "place 0",
        "place 11",
        "place 01",
        "place",
        "pay",
        "pay tank,solar",
        "steal 3",
        " under",
    ):
        with pytest.raises(IllegalAction) as err:
            GAME.parse_action(s, 0, bad)
        assert err.value.rule == "API-PARSE"


def test_rule_texts_and_descriptions() -> None:
    text = GAME.rule_text("RC-PLACE-3")
    assert text is not None and "red card" in text.lower()
    assert GAME.rule_text("RC-NOPE-1") is None
    s = GAME.new_game(2, 1)
    desc = speech.of(GAME).describe(s, 0, s.legal_actions(0)[0])
    assert desc.startswith("play ") and "planet 1" in desc


@pytest.mark.rules("RC-SOLAR-2", "RC-RED-4", "RC-THEFT-6", "RC-THEFT-7")
def test_wrong_choices_name_their_rule() -> None:
    s = resolution(
        "Pios Proxima",
        ["solar", "tank", "liftoff", "ore", "terraform"],
        ["tank", "settlers", "liftoff"],
    )
    cases = {"pay solar,solar": "RC-ORE-1", "steal tank": "RC-RED-4"}
    for text, rule in cases.items():
        with pytest.raises(IllegalAction) as err:
            s.apply(0, text)
        assert err.value.rule == rule
    with pytest.raises(IllegalAction) as err:
        s.apply(1, "pay solar")
    assert err.value.rule == "RC-RED-4" and "Player 1 is choosing" in err.value.message
    s.apply(0, "pay tank")  # A pays the ore with the tank; terraform needs solar + tank
    # only one way left (solar + ... nothing) -> fails; now the state is over
    assert s.is_over()
    t = resolution("Pios Proxima", ["solar", "tank", "tank", "liftoff", "terraform"], ["settlers"])
    with pytest.raises(IllegalAction) as err:
        t.apply(0, "pay solar,solar")
    assert err.value.rule == "RC-SOLAR-2"
    with pytest.raises(IllegalAction) as err:
        t.apply(0, "steal none")
    assert err.value.rule == "RC-RED-4"
    u = resolution("Beta Minor", ["liftoff", "theft"], ["settlers", "liftoff"])
    with pytest.raises(IllegalAction) as err:
        u.apply(0, "steal tank")
    assert err.value.rule == "RC-THEFT-6"
    with pytest.raises(IllegalAction) as err:
        u.apply(0, "pay tank")
    assert err.value.rule == "RC-THEFT-7"


@pytest.mark.rules("RC-LR-6")
def test_options_are_declared_and_validated() -> None:
    names = GAME.options.names()
    for name in ("lenient", "auto_choices", "rounds", "security", "layout", "tiebreak", "planets"):
        assert name in names
    assert GAME.options.defaults()["auto_choices"] is False
    assert GAME.options.defaults()["rounds"] == 3
    for bad in (
        {"rounds": 0},
        {"security": "twice"},
        {"lenient": "maybe"},
        {"planets": "/no/file.toml"},
    ):
        with pytest.raises(OptionError) as err:
            GAME.new_game(2, 1, bad)
        assert err.value.option == next(iter(bad))


def test_replay_and_json_are_exact_and_clone_is_independent() -> None:
    s = GAME.new_game(3, seed=12)
    random_playout(s, Rng(2))
    again = GAME.replay(json.loads(json.dumps(s.record())))
    assert again.to_json() == s.to_json()
    mid = GAME.new_game(2, seed=3)
    copy = mid.clone()
    copy.apply(0, "discard")
    assert len(mid.stacks[0]) == 30 and len(copy.stacks[0]) == 29
    assert not mid.discards[0]


def test_action_space_is_fixed_and_covers_every_legal_action() -> None:
    for players, planets in ((2, 5), (3, 9), (4, 10)):
        space = GAME.action_space(players)
        assert len(space) == planets + 2 + 5 + 5 and len(set(space)) == len(space)
        assert [str(a) for a in space[: planets + 2]][-2:] == ["under", "discard"]
        s = GAME.new_game(players, seed=players)
        rng = Rng(players)
        while not s.is_over():
            p = s.active_players()[rng.below(len(s.active_players()))]
            legal = s.legal_actions(p)
            assert set(legal) <= set(space)
            s.apply(p, legal[rng.below(len(legal))])
    with pytest.raises(OptionError):
        GAME.action_space(5)
