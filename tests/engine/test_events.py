"""Events: apply returns what the action caused; narration per viewer."""

from __future__ import annotations

import pytest

import liftoff
from liftoff import bots, speech
from liftoff.engine import Event
from liftoff.engine.events import narrate
from liftoff.engine.messages import register

NAMES = ["Ann", "Bea", "Cy"]


@pytest.mark.parametrize("name", ["planet", "race", "agency"])
def test_every_action_returns_its_events_and_the_fast_path_none(name: str) -> None:
    game = liftoff.games.get(name)
    state = game.new_game(3, seed=5)
    twin = state.clone()
    bot = bots.make("random", seed=2)
    for _ in range(40):
        if state.is_over():
            break
        p = state.active_players()[0]
        action = bot.choose(state, p)
        events = state.apply(p, action)
        assert events and events[0].kind == "action" and events[0].data["who"] == p
        twin.apply_legal(p, action)  # no events collected on the fast path
        assert twin._events is None
    # the same game; only the event path keeps the latest events for the views
    assert state.to_json() == twin.to_json()
    assert twin.recent_events(0) == [] and state.recent_events(0)


def test_a_private_event_tells_others_only_its_public_part() -> None:
    register(
        {
            "test.drew": "{who} drew {cards}",
            "test.drew.you": "you drew {cards}",
            "test.drew.public": "{who} drew {count} cards",
        }
    )
    e = Event("test.drew", {"who": 1, "cards": ["Fuel", "Wild"]}, (1,), {"who": 1, "count": 2})
    assert narrate(e, 1, NAMES) == "You drew Fuel and Wild"
    assert narrate(e, 0, NAMES) == "Bea drew 2 cards"
    assert narrate(e, None, NAMES) == "Bea drew 2 cards"
    secret = Event("test.drew", {"who": 1, "cards": ["Fuel"]}, (1,), None)
    assert narrate(secret, 0, NAMES) == "" and secret.to_json(0) is None


def test_a_hidden_action_is_narrated_without_its_text() -> None:
    game = liftoff.games.get("agency")
    state = game.new_game(2, seed=1)
    p = state.active_players()[0]
    events = state.apply(p, state.legal_actions(p)[0])
    other = 1 - p
    hidden = speech.Speech(game).narrate(events[0], other, NAMES)  # the engine's own words
    assert "hidden choice" in hidden and NAMES[p] in hidden
    # agency leaves the move's line out: the next event tells it, the card only to its owner
    assert (
        speech.of(game).narrate(events[0], other, NAMES)
        == speech.of(game).narrate(events[0], p, NAMES)
        == ""
    )
    assert "objective" in speech.of(game).narrate(events[1], other, NAMES)
    assert speech.of(game).narrate(events[1], p, NAMES).startswith("You keep ")


@pytest.mark.parametrize("title", ["planet", "race", "agency"])
def test_recent_events_travel_with_clone_but_not_with_json(title: str) -> None:
    """As ``docs/engine.md`` says: a clone keeps the recent events, a state read
    back from its JSON has none (they are for people, not part of the game)."""
    game = liftoff.games.get(title)
    state = game.new_game(2, 5)
    for _ in range(6):
        player = state.active_players()[0]
        state.apply(player, state.legal_actions(player)[0])
    assert state.recent_events(None)
    assert state.clone().recent_events(None) == state.recent_events(None)
    assert game.from_json(state.to_json()).recent_events(None) == []
