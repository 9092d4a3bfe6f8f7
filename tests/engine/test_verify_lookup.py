"""``verify`` finds a legal action by identity when it is one of the legal list
itself (bots pick from it; planet interns its actions), comparing no actions by
value on the way; an equal action from elsewhere (parsed from its text) is still
found, and an illegal one still refused."""

from __future__ import annotations

from typing import Any

import pytest

import liftoff
from liftoff.engine import IllegalAction, Rng, State


def _busy_state(title: str) -> tuple[State, int]:
    """A state of ``title`` where the player to act has several legal actions."""
    state = liftoff.games.get(title).new_game(3, 4)
    rng = Rng(4)
    while True:
        player = state.active_players()[0]
        legal = state.legal_actions(player)
        if len(legal) >= 5:
            return state, player
        state.apply(player, legal[rng.below(len(legal))])


@pytest.mark.parametrize("title", ["planet", "race", "agency"])
def test_verify_compares_no_actions_when_it_is_given_a_legal_one(
    title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, player = _busy_state(title)
    legal = state.legal_actions(player)
    compared: list[Any] = []
    for cls in {type(a) for a in legal}:
        original = cls.__eq__

        def counting(self: Any, other: Any, original: Any = original) -> Any:
            compared.append(self)
            return original(self, other)

        monkeypatch.setattr(cls, "__eq__", counting)
    state.verify(player, legal[-1])
    assert compared == [], f"{len(compared)} actions compared by value"


@pytest.mark.parametrize("title", ["planet", "race", "agency"])
def test_verify_still_finds_an_equal_action_and_refuses_an_illegal_one(title: str) -> None:
    state, player = _busy_state(title)
    legal = state.legal_actions(player)
    game = state.game
    for action in legal:
        state.verify(player, game.parse_action(state, player, str(action)))
    other = (player + 1) % state.num_players
    foreign = [a for a in state.legal_actions(other) if a not in legal]
    for action in foreign:
        with pytest.raises(IllegalAction):
            state.verify(player, action)
