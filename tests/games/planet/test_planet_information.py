"""Hidden information, determinization, JSON, replay and refusals on planet."""

from __future__ import annotations

import json

import pytest

from liftoff import IllegalAction, ReplayError
from liftoff.engine import Rng, random_playout
from liftoff.games.planet import GAME
from liftoff.games.planet.testing import position

FIRST = ("bonfire", "satellite", "rocket", "jetpack")


def played(seed: int, steps: int = 80) -> object:
    s = GAME.new_game(3, seed)
    rng = Rng(seed)
    for _ in range(steps):
        p = s.active_players()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
        if s.is_over():
            break
    return s


@pytest.mark.rules("PL-SETUP-7", "PL-CARD-6")
def test_views_never_show_other_hands_or_the_deck_order() -> None:
    s = position(3, slots=FIRST, hands={0: "F F", 1: "moon garglore", 2: "W"}, draw="S mya")
    for p in range(3):
        view = s.view(p)
        text = json.dumps(view)
        for q, info in enumerate(view["players"]):
            assert ("hand" in info) == (q == p)
        assert isinstance(view["draw_pile"], int)
        assert "rng" not in text and "draw" not in view.get("players", [{}])[0]
    assert all("hand" not in info for info in s.view(None)["players"])
    assert s.view(1)["players"][1]["hand"] == {"moon": 1, "garglore": 1}


def test_determinize_keeps_the_players_view_and_redeals_the_rest() -> None:
    s = played(4)
    changed = 0
    for seed in range(10):
        d = s.determinize(1, seed)  # type: ignore[attr-defined]
        assert d.view(1) == s.view(1)  # type: ignore[attr-defined]
        assert [sum(h) for h in d.hands] == [sum(h) for h in s.hands]  # type: ignore[attr-defined]
        changed += d.hands != s.hands or d.draw != s.draw  # type: ignore[attr-defined]
    assert changed > 5


def test_json_roundtrip_and_replay_are_exact() -> None:
    s = GAME.new_game(4, seed=12, options={"moon_model": "A"})
    random_playout(s, Rng(3))
    text = json.dumps(s.to_json())
    assert json.dumps(GAME.from_json(json.loads(text)).to_json()) == text
    again = GAME.replay(json.loads(json.dumps(s.record())))
    assert again.to_json() == s.to_json()
    assert again.outcome() == s.outcome()


def test_replay_reports_the_failing_action() -> None:
    s = played(2, 10)
    record = s.record()  # type: ignore[attr-defined]
    record["actions"][3] = [record["actions"][3][0], "move core S1"]
    with pytest.raises(ReplayError) as err:
        GAME.replay(record)
    assert err.value.index == 3 and "move core S1" in str(err.value)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("fly away", "API-PARSE"),
        ("board nowhere F", "API-PARSE"),
        ("board ufo F", "PL-COMP-5"),
        ("roll satellite S", "PL-DIE-1"),
        ("pledge 1F", "PL-TELE-4"),
        ("play supernova", "PL-CARD-6"),
        ("play terraform bonfire", "PL-ACT-TERRA-2"),
        ("play garglore pool", "PL-ACT-GARG-1"),
        ("abandon rocket", "PL-MOVE-7"),
        ("pass", "PL-TURN-3"),
    ],
)
def test_refusals_name_their_rule_and_change_nothing(text: str, rule: str) -> None:
    s = position(2, slots=FIRST, hands={0: "F terraform garglore"}, draw="S S")
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        s.apply(0, text)
    assert err.value.rule == rule
    assert err.value.message
    assert json.dumps(s.to_json(), sort_keys=True) == before
    assert GAME.rule_text(rule) or rule.startswith("API-")


def test_legal_actions_are_exactly_what_apply_accepts() -> None:
    s = played(9, 40)
    space = GAME.action_space(3)
    for p in range(3):
        legal = set(s.legal_actions(p))  # type: ignore[attr-defined]
        for action in space:
            assert s.can_apply(p, action) == (action in legal)  # type: ignore[attr-defined]


def test_last_action_undoable_only_without_chance_or_new_information() -> None:
    s = position(2, slots=FIRST, hands={0: "F moon"}, draw="S S S")
    s._history = []
    s.apply(0, "move core S0")
    assert s.last_action_undoable()
    s.apply(0, "trade F moon")
    assert not s.last_action_undoable()  # the draw showed a new card
