"""A cheater's look at determinized states: a sampled world (what bots search and
what the research adapters hand out) must not lead back to the true game —
not through its seed, its history, its record, its JSON or its text."""

from __future__ import annotations

import json
from typing import Any

import pytest

import liftoff
from liftoff.engine import Rng, State, derive_seed
from liftoff.engine.conformance import (
    _pick,
    canon,
    check_determinize_independent,
    signed_rank_p,
)

TRUE_SEED = 987_654_321_987  # long enough never to appear in a payload by chance
DET_SEED = 123_456_789_123


def played(name: str, players: int, steps: int, seed: int = TRUE_SEED) -> State:
    """A game of ``name`` after ``steps`` random actions (fewer if it ends)."""
    game = liftoff.games.get(name)
    state: State = game.new_game(players, seed)
    rng = Rng(derive_seed(seed, "walk"))
    for _ in range(steps):
        if state.is_over():
            break
        p, a = _pick(state, rng)
        state.apply(p, a)
    return state


def secret_actions(state: State, player: int) -> list[str]:
    """Texts of other players' actions that ``player`` never saw (replayed to
    ask ``action_is_public`` of the state right after each action)."""
    game = state.game
    again: State = game.new_game(state.num_players, state.seed, dict(state.options))
    out = []
    for q, text in state.history:
        again.apply(q, text)
        action = game.parse_action(again, q, text)
        if q != player and not game.action_is_public(again, q, action):
            out.append(text)
    return out


def agency_after_draft_keeps() -> State:
    """An agency game in which another player has made secret draft keeps."""
    for steps in range(4, 60):
        state = played("agency", 3, steps)
        if secret_actions(state, 0):
            return state
    raise AssertionError("no secret keep in the first 60 actions")


@pytest.mark.parametrize(
    ("name", "players", "steps"),
    [
        ("planet", 3, 30),
        ("race", 3, 30),
        ("agency", 3, 30),
    ],
)
def test_a_determinized_state_does_not_carry_the_true_seed(
    name: str, players: int, steps: int
) -> None:
    state = played(name, players, steps)
    det = state.determinize(0, DET_SEED)
    for text in (canon(det.to_json()), canon(det.record()), repr(det), str(det.history)):
        assert str(TRUE_SEED) not in text
        assert str(state.rng.state) not in text  # nor the true RNG's position
    assert det.seed == DET_SEED
    assert det.record()["seed"] == DET_SEED
    assert det.history == [] and det.record()["actions"] == []


def test_a_determinized_record_holds_no_secret_action() -> None:
    state = agency_after_draft_keeps()
    secrets_of_others = secret_actions(state, 0)
    assert secrets_of_others  # e.g. "keep S03,S11" by p1
    det = state.determinize(0, DET_SEED)
    for text in (canon(det.to_json()), canon(det.record()), repr(det)):
        for secret in secrets_of_others:
            assert secret not in text
    # once the sampled world plays on, its record lists only its own actions
    rng = Rng(5)
    mine = []
    for _ in range(5):
        p, a = _pick(det, rng)
        det.apply(p, a)
        mine.append([p, str(a)])
    assert det.record()["actions"] == mine


@pytest.mark.parametrize("name", ["planet", "race", "agency"])
def test_the_record_replays_to_the_sampled_world_not_the_true_one(name: str) -> None:
    state = played(name, 3, 25)
    game = state.game
    for p in range(3):
        det = state.determinize(p, derive_seed(DET_SEED, p))
        if canon(det.to_json()["state"]) == canon(state.to_json()["state"]):
            continue  # nothing hidden from p right now
        again = game.replay(json.loads(canon(det.record())))
        assert canon(again.to_json()) == canon(det.to_json())
        assert canon(again.to_json()["state"]) != canon(state.to_json()["state"])
        # the same view of the game (the recent events are not part of a record)
        assert canon(_game_part(again.view(p))) == canon(_game_part(state.view(p)))


def _game_part(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "recent"}


def test_a_snapshot_record_that_does_not_match_is_refused() -> None:
    det = played("race", 2, 10).determinize(0, DET_SEED)
    record: dict[str, Any] = json.loads(canon(det.record()))
    game = det.game
    for change in (
        {"seed": TRUE_SEED},
        {"players": 3},
        {"start": {"game": "race"}},
        {"start": "not a state"},
    ):
        bad = {**record, **change}
        with pytest.raises(liftoff.ReplayError):
            game.replay(bad)
    for bad_start in (
        {**record["start"], "history": [[0, "x"]]},
        {**record["start"], "state": {}},
        {**record["start"], "rng": "x"},
    ):
        with pytest.raises(liftoff.ReplayError):
            game.replay({**record, "start": bad_start})


def test_a_snapshot_that_breaks_the_game_s_bookkeeping_is_refused() -> None:
    det = played("agency", 2, 3).determinize(0, DET_SEED)
    record: dict[str, Any] = json.loads(canon(det.record()))
    start = record["start"]
    objectives = start["state"]["objs"]
    objectives[1] = list(objectives[0])  # the same objectives in two hands
    with pytest.raises(liftoff.ReplayError, match="not a sound state"):
        det.game.replay(record)


def test_the_signed_rank_test_matches_its_textbook_values() -> None:
    assert signed_rank_p([]) == 1.0 and signed_rank_p([0, 0]) == 1.0
    assert signed_rank_p([1, -1, 2, -2]) == 1.0
    # n = 10, all positive: p = 2 / 2**10
    assert signed_rank_p(list(range(1, 11))) == pytest.approx(2 / 1024)
    assert signed_rank_p([-d for d in range(1, 11)]) == pytest.approx(2 / 1024)
    # the values of scipy.stats.wilcoxon(..., method="exact")
    assert signed_rank_p([1, 2, 3, 4, 5, 6, 7, 8, 9, -10]) == pytest.approx(0.083984375)
    assert signed_rank_p([3, 5, -2, 7, 9, -1, 4, 6, 8, 11, 12, -13]) == pytest.approx(0.06396484375)
    # ties get mean ranks and the test stays within [0, 1]
    assert 0 < signed_rank_p([3, 3, -3, 5, 5, 1]) <= 1


def keeps_the_past(state: State, player: int, seed: int) -> State:
    """The old determinize: a resampled copy that kept the true seed and history."""
    det = state.determinize(player, seed)
    det.seed = state.seed
    det._history = list(state._history)
    det._start = None
    return det


def true_copy(state: State, seed: int) -> State:
    """The true state under a fresh seed and RNG: nothing resampled."""
    copy = state.clone()
    copy.rng = Rng(seed)
    copy._start_from_here(seed)
    return copy


def starts_from_the_truth(state: State, player: int, seed: int) -> State:
    """A resampled copy whose record starts from a snapshot of the true cards
    (fresh seed and RNG, so only its contents give it away)."""
    det = state.determinize(player, seed)
    det._start = true_copy(state, seed)._start
    return det


def half_the_truth(state: State, player: int, seed: int) -> State:
    """A determinizer that keeps the true hidden cards half of the time."""
    return true_copy(state, seed) if seed % 2 else state.determinize(player, seed)


def resamples_nothing(state: State, player: int, seed: int) -> State:
    """A determinizer that resamples nothing hidden."""
    return true_copy(state, seed)


@pytest.mark.parametrize("name", ["planet", "race", "agency"])
def test_the_conformance_check_catches_the_old_determinize(name: str) -> None:
    game = liftoff.games.get(name)
    with pytest.raises(AssertionError, match="true seed"):
        check_determinize_independent(game, 3, {}, samples=8, determinize=keeps_the_past)


@pytest.mark.parametrize("name", ["planet", "race", "agency"])
def test_the_independence_check_catches_a_record_of_the_true_cards(name: str) -> None:
    game = liftoff.games.get(name)
    with pytest.raises(AssertionError, match="determinized replays depend"):
        check_determinize_independent(game, 3, {}, determinize=starts_from_the_truth)


@pytest.mark.parametrize("name", ["planet", "race", "agency"])
def test_the_independence_check_catches_true_hidden_cards(name: str) -> None:
    game = liftoff.games.get(name)
    with pytest.raises(AssertionError, match="determinized states depend"):
        check_determinize_independent(game, 3, {}, determinize=half_the_truth)
    with pytest.raises(AssertionError, match="whatever its seed"):
        check_determinize_independent(game, 3, {}, samples=24, determinize=resamples_nothing)


@pytest.mark.parametrize("name", ["planet", "race", "agency"])
def test_the_independence_check_passes_the_real_determinize(name: str) -> None:
    found = check_determinize_independent(liftoff.games.get(name), 3, {}, samples=24)
    assert set(found) == {"state", "replay"}
