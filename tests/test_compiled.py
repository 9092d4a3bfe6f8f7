"""The build report: ``liftoff --version`` and ``liftoff bench`` say which build runs,
and the public-API benchmark loop plays real games."""

from __future__ import annotations

import math

from typer.testing import CliRunner

import liftoff
from liftoff import bench, compiled
from liftoff.cli.main import build


def test_version_names_the_build() -> None:
    result = CliRunner().invoke(build(), ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"liftoff {liftoff.__version__} ({compiled.build_name()})"


def test_build_name_follows_where_the_core_was_loaded_from() -> None:
    # this test run imports the sources unless a compiled build is installed
    expected = "compiled (mypyc)" if compiled.compiled_modules() else "pure Python"
    assert compiled.build_name() == expected
    assert bench.build() == expected


def test_public_loop_plays_whole_games() -> None:
    for name in ("planet", "race", "agency"):
        rate = bench.public_loop_rate(name, bench.PUBLIC_PLAYERS, 0.05)
        assert rate > 0 and math.isfinite(rate)


def test_public_rows_name_every_game() -> None:
    rows = bench.public_rows(0.05, ["race"])
    metrics = [(r["game"], r["metric"]) for r in rows]
    assert ("race", "public-API loop actions/s (3p, apply() verified)") in metrics
