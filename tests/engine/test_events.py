"""Events: apply returns what the action caused; narration per viewer."""

from __future__ import annotations

import pytest

import liftoff
from liftoff import bots
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
    assert "hidden choice" in game.narrate(events[0], other, NAMES)
    assert NAMES[p] in game.narrate(events[0], other, NAMES)
    assert game.narrate(events[0], p, NAMES) == "You choose in secret"  # the next event names it
