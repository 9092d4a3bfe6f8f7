"""The end of a game in the engine API: ``State.score_breakdown`` (points by
source, summing to the scores) and ``State.revealed`` (every hidden card, only
once the game is over), for every shipped game and the toy game."""

from __future__ import annotations

import json
from typing import Any

import pytest
import toygame

import liftoff
from liftoff import speech
from liftoff.engine import GameNotOver, Rng, State, conformance


def finish(state: State, seed: int) -> State:
    rng = Rng(seed)
    while not state.is_over():
        player = state.active_players()[0]
        legal = state.legal_actions(player)
        state.apply_legal(player, legal[rng.below(len(legal))])
    return state


def cases() -> list[Any]:
    out = []
    for name in liftoff.games.names():
        for players, options in liftoff.games.get(name).conformance_cases():
            out.append(pytest.param(name, players, options, id=f"{name}-{players}-{options}"))
    return out


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_breakdowns_sum_to_the_scores_and_hidden_cards_wait_for_the_end(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = liftoff.games.get(name)
    state = game.new_game(players, 11, options)
    with pytest.raises(GameNotOver):
        state.revealed()
    finish(state, 3)
    out = state.outcome()
    assert out is not None
    parts = state.score_breakdown()
    assert [sum(p.values()) for p in parts] == pytest.approx(list(out.scores))
    shown = state.revealed()
    assert json.loads(json.dumps(shown)) == shown
    assert len(shown["seats"]) == players
    conformance.check_ending(game, state)  # every label has words too


def test_planet_scores_saved_aliens_and_reveals_every_hand() -> None:
    game = liftoff.games.get("planet")
    state = finish(game.new_game(3, 5), 1)
    out = state.outcome()
    assert out is not None
    assert state.score_breakdown() == [{"saved": s} for s in out.scores]
    assert speech.of(game).score_label("saved") == "Aliens saved"
    shown = state.revealed()
    for p, seat in enumerate(shown["seats"]):
        assert len(seat["hand"]) == state.view(p)["players"][p]["hand_size"]
    assert all(card in game.card_names for card in shown["table"]["draw"])


def test_agency_sources_are_its_points_by_source_in_words() -> None:
    game = liftoff.games.get("agency")
    state = game.new_game(2, 4)
    assert sum(state.score_breakdown()[0].values()) == state.view(0)["players"][0]["vp"]
    finish(state, 2)
    out = state.outcome()
    assert out is not None
    assert state.score_breakdown() == [
        {k: float(v) for k, v in seat.items()} for seat in out.details["points_by_source"]
    ]
    assert speech.of(game).score_label("station") == "Station modules"
    assert speech.of(game).score_label("missions") == "Missions"
    seats = state.revealed()["seats"]
    names = {text.split(":", 1)[0] for text in speech.of(game).glossary().values()}
    assert all(card in names for seat in seats for card in seat["objectives"])


def test_race_splits_planets_and_ore() -> None:
    game = liftoff.games.get("race")
    state = finish(game.new_game(3, 8), 5)
    out = state.outcome()
    assert out is not None
    parts = state.score_breakdown()
    assert [p["planets"] for p in parts] == out.details["settler_vp"]
    assert [p["ore"] for p in parts] == out.details["ore_vp"]
    assert speech.of(game).score_label("ore") == "Ore Production"


def test_a_game_without_its_own_breakdown_gets_one_total_per_seat() -> None:
    game = toygame.GAME
    state = game.new_game(3, 1)
    with pytest.raises(GameNotOver):
        state.score_breakdown()
    finish(state, 1)
    out = state.outcome()
    assert out is not None
    assert state.score_breakdown() == [{"total": s} for s in out.scores]
    assert speech.of(game).score_label("total") == "Points"
    assert state.revealed() == {"seats": [{}, {}, {}], "table": {}}
