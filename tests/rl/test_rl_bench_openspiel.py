"""The side-by-side benchmark runs end to end on a tiny budget."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

pytest.importorskip("pyspiel")

BENCH = "benchmarks/bench_openspiel.py"


def test_wilson_interval(script: Callable[[str], ModuleType]) -> None:
    bench = script(BENCH)
    lo, hi = bench.wilson(60, 100)
    assert 0.50 < lo < 0.51 and 0.69 < hi < 0.70
    assert bench.wilson(0, 10)[0] == 0.0 and bench.wilson(10, 10)[1] == 1.0
    assert bench.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.slow
def test_run_reports_rates_and_a_head_to_head(script: Callable[[str], ModuleType]) -> None:
    bench = script(BENCH)
    bench.RATE_ITERATIONS = 10
    rows = bench.run(seconds=0.1, time_per_move=0.001, games=["race"])
    got = {r["metric"]: r["value"] for r in rows}
    assert {r["game"] for r in rows} == {"race"}
    assert got["iterations_per_s_ours"] > 0 and got["iterations_per_s_openspiel"] > 0
    assert got["games"] >= 2
    assert got["wins_ours"] + got["ties"] + got["losses_ours"] == got["games"]
    assert got["win_rate_ci95_low"] <= got["win_rate_ours"] <= got["win_rate_ci95_high"]


def test_the_alike_configuration_is_openspiels_and_levels_is_ours(
    script: Callable[[str], ModuleType],
) -> None:
    bench = script(BENCH)
    alike = bench._ours(1, 0.01)
    levels = bench._ours(1, 0.01, "levels")
    # like for like: random rollouts to the end without a prior, as OpenSpiel's bot
    assert (alike.rollout, alike.depth, alike.prior) == ("random", 0, "none")
    # the levels' search: the defaults that `hard` and `expert` use
    assert (levels.rollout, levels.depth, levels.prior) == ("heuristic", 20, "heuristic")


@pytest.mark.slow
def test_a_levels_run_plays_games_only(script: Callable[[str], ModuleType]) -> None:
    bench = script(BENCH)
    rows = bench.run(seconds=0.1, time_per_move=0.001, games=["race"], ours="levels")
    got = {r["metric"]: r["value"] for r in rows}
    assert "iterations_per_s_ours" not in got and got["games"] >= 2
