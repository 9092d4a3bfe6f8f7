"""The engine's own refusals carry a message id (``api.…``) and JSON-safe
parameters, and render the same English sentence as always."""

from __future__ import annotations

import json

import pytest

import liftoff
from liftoff.engine import IllegalAction, messages
from liftoff.engine.text import TEMPLATES


def _refusal(call: object) -> IllegalAction:
    assert callable(call)
    with pytest.raises(IllegalAction) as err:
        call()
    return err.value


def test_every_api_template_is_registered_and_named_api() -> None:
    for code, template in TEMPLATES.items():
        assert code.startswith("api.") and code == code.lower()
        assert messages.templates()[code] == template


def test_player_and_action_refusals() -> None:
    state = liftoff.games.get("planet").new_game(3, seed=1)
    cases = [
        (
            lambda: state.verify(True, object()),
            "api.player.not-a-number",
            "True is not a player number",
        ),
        (
            lambda: state.verify(5, object()),
            "api.player.unknown",
            "there is no player 5 in a 3-player game",
        ),
        (lambda: state.verify(0, "x"), "api.parse.not-an-action", "'x' is not an action"),
    ]
    for call, code, text in cases:
        exc = _refusal(call)
        assert (exc.code, exc.message) == (code, text)
        json.dumps(exc.params)
        assert messages.render(exc.code, exc.params) == exc.message


def test_version_refusals() -> None:
    game = liftoff.games.get("planet")
    state = game.new_game(3, seed=1)
    player = state.active_players()[0]
    action = state.legal_actions(player)[0]
    exc = _refusal(lambda: state.apply(player, action, version="1"))
    assert exc.code == "api.version.not-a-number"
    assert exc.message == "'1' is not a state version"
    exc = _refusal(lambda: state.apply(player, action, version=4))
    assert exc.code == "api.version.unknown"
    assert exc.message == "version 4 is not one this game had (it is at 0)"
    assert exc.params == {"version": 4, "current": 0}
    state.apply(player, action)
    nxt = state.active_players()[0]
    again = state.legal_actions(nxt)[0]
    exc = _refusal(lambda: state.apply(nxt, again, version=0))
    assert exc.code == "api.stale" and exc.rule == state.stale_rule
    assert exc.message == (
        f"too late: {again} was chosen on version 0, before the game moved on "
        "(version 1); look again"
    )
