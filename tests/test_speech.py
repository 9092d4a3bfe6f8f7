"""The rules speak ids and numbers; the speech layer says them (issue 46).

Whatever language is current, a game's events, views and action descriptions
are the same data; only the speech layer's sentences change with the reader.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import liftoff
from liftoff import speech
from liftoff.engine import State
from liftoff.engine.messages import Message, speaking

TITLES = [("planet", 3), ("race", 2), ("agency", 2)]


def _ids_and_numbers(value: Any) -> bool:
    """JSON-safe data made of ids (short strings without spaces) and numbers."""
    if isinstance(value, bool | int | float) or value is None:
        return True
    if isinstance(value, str):
        return " " not in value
    if isinstance(value, list | tuple):
        return all(_ids_and_numbers(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _ids_and_numbers(v) for k, v in value.items())
    return False


def _play(title: str, players: int, lang: str, steps: int = 120) -> list[Any]:
    """What the rules give out over a seeded random game, in ``lang``."""
    game = liftoff.games.get(title)
    pick = random.Random(5)
    out: list[Any] = []
    with speaking(lang):
        state: State = game.new_game(players, 5)
        while not state.is_over() and len(out) < steps * 3:
            p = pick.choice(state.active_players())
            action = pick.choice(state.legal_actions(p))
            message = game.describe_action(state, p, action)
            events = state.apply(p, action)
            out += [message, [e.to_json(p) for e in events], state.view(p)]
    return out


@pytest.mark.parametrize(("title", "players"), TITLES)
def test_the_rules_give_the_same_data_in_every_language(title: str, players: int) -> None:
    assert _play(title, players, "en") == _play(title, players, "ja")


@pytest.mark.parametrize(("title", "players"), TITLES)
def test_an_action_description_is_a_message_of_ids_and_numbers(title: str, players: int) -> None:
    game = liftoff.games.get(title)
    words = speech.of(game)
    state = game.new_game(players, 9)
    pick = random.Random(9)
    seen = 0
    while not state.is_over() and seen < 400:
        p = pick.choice(state.active_players())
        for action in state.legal_actions(p)[:12]:
            message = game.describe_action(state, p, action)
            assert isinstance(message, Message) and message.code == "api.describe"
            assert message.params["action"] == str(action) and message.params["player"] == p
            facts = {k: v for k, v in message.params.items() if k != "action"}
            # a content key (race's planet_key, "Beta Minor") is an id with a space
            assert all(_ids_and_numbers(v) or k.endswith("_key") for k, v in facts.items())
            english, japanese = words.render(message, "en"), words.render(message, "ja")
            assert english and japanese and english == words.describe(state, p, action, "en")
            seen += 1
        state.apply(p, pick.choice(state.legal_actions(p)))
    assert seen >= 100


def test_a_memoised_description_never_answers_for_another_language() -> None:
    game = liftoff.games.get("planet")
    state = game.new_game(2, 1)
    p = state.active_players()[0]
    end = next(a for a in state.legal_actions(p) if str(a) == "end")
    words = speech.of(game)
    english = words.describe(state, p, end, "en")
    japanese = words.describe(state, p, end, "ja")
    assert english.startswith("End your turn") and english != japanese
    assert words.describe(state, p, end, "en") == english
    assert words.describe(state, p, end, "ja") == japanese


def test_a_game_added_at_run_time_speaks_through_the_plain_speech() -> None:
    """A game without a module in ``liftoff.speech`` says its actions as their text."""
    game = liftoff.games.get("planet")
    plain = speech.Speech(game)
    state = game.new_game(2, 1)
    p = state.active_players()[0]
    action = state.legal_actions(p)[0]
    assert plain.describe(state, p, action) == str(action)
