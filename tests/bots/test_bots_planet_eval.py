"""Planet's leaf evaluation: chances from standings, and the script that fits them."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

import liftoff
from liftoff.bots import make
from liftoff.bots.heuristics.planet_board import (
    EVAL,
    FITTED,
    EvalWeights,
    evaluate,
    standings,
    win_chances,
)

FIT = "benchmarks/fit_planet_eval.py"


def test_chances_follow_strength_and_sharpen_over_the_days() -> None:
    parts = [(2.0, 3.0, 0.2), (1.0, 2.0, 0.4), (0.0, 1.5, 0.1)]
    early, late = win_chances(parts, 0.0), win_chances(parts, 1.0)
    for chances in (early, late):
        assert sum(chances) == pytest.approx(1.0)
        assert chances[0] > chances[1] > chances[2]
    assert late[0] > early[0]  # the same lead counts more near the end
    flat = EvalWeights(k0=0.0, k1=0.0)
    assert win_chances(parts, 0.5, flat) == pytest.approx([1 / 3] * 3)


def test_evaluate_is_the_chances_of_the_standings() -> None:
    state = liftoff.games.get("planet").new_game(3, 11)
    bot = make("heuristic", seed=2)
    for _ in range(60):
        p = state.active_players()[0]
        state.apply(p, bot.choose(state, p))
    found = standings(state)
    assert found is not None
    parts, played = found
    assert 0.0 < played < 1.0 and len(parts) == 3
    assert all(saved <= expected for saved, expected, _ in parts)
    assert evaluate(state) == win_chances(parts, played, EVAL)
    assert evaluate(state) != win_chances(parts, played, FITTED)


def test_the_fit_lowers_the_log_loss_it_starts_from(script: Callable[[str], ModuleType]) -> None:
    pytest.importorskip("scipy")
    fit = script(FIT)
    samples = fit.play(4, seed=3)
    assert samples and {s.game for s in samples} == {0, 1, 2, 3}
    assert all(sum(s.won) == pytest.approx(1.0) for s in samples)
    fitted = fit.fit(samples)
    assert fit.scores(samples, fitted)[0] < fit.scores(samples, fit.HAND_SET)[0]
