"""The build report: ``liftoff --version`` and ``liftoff bench`` say which build runs,
and the public-API benchmark loop plays real games."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
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


# --- the compiled build (python -m liftoff.compile build), when it exists -------------

BUILD = Path(
    os.environ.get(compiled.ENV) or Path(__file__).resolve().parents[1] / "build" / "compiled"
)
needs_build = pytest.mark.skipif(
    not (BUILD / compiled.MANIFEST).exists(),
    reason=f"no compiled build at {BUILD} (python -m liftoff.compile build)",
)

# Plays planet with seeded random choices, then replays the record given on stdin (if
# any) and pickles the replayed state; prints the build, the record, a digest of every
# legal-action list and the outcome.
_PLAY = """
import hashlib, json, pickle, random, sys
import liftoff
from liftoff import compiled
game = liftoff.games.get("planet")
pick = random.Random(7).choice
state = game.new_game(3, seed=11)
seen = hashlib.sha256()
while state.active_players():
    p = pick(state.active_players())
    legal = state.legal_actions(p)
    seen.update(repr([str(a) for a in legal]).encode())
    state.apply(p, pick(legal))
golden = sys.stdin.read()
replayed = None
if golden:
    again = game.replay(json.loads(golden))
    copy = pickle.loads(pickle.dumps(again))
    replayed = [again.record(), repr(again.outcome()), copy.record() == again.record()]
print(json.dumps({"build": compiled.build_name(), "modules": compiled.compiled_modules(),
                  "record": state.record(), "legal": seen.hexdigest(),
                  "outcome": repr(state.outcome()), "replayed": replayed}))
"""


def _run(env_build: Path | None, stdin: str = "") -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != compiled.ENV}
    if env_build is not None:
        env[compiled.ENV] = str(env_build)
    done = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c", _PLAY],
        input=stdin,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


@needs_build
def test_compiled_build_plays_and_replays_the_golden_game_identically() -> None:
    golden = _run(None)
    assert golden["build"] == "pure Python" and golden["modules"] == []
    fast = _run(BUILD, json.dumps(golden["record"]))
    assert fast["build"] == "compiled (mypyc)"
    assert sorted(fast["modules"]) == sorted(compiled.MODULES)
    assert fast["record"] == golden["record"]
    assert fast["legal"] == golden["legal"]
    assert fast["outcome"] == golden["outcome"] != "None"
    assert fast["replayed"] == [golden["record"], golden["outcome"], True]  # and it pickles


@needs_build
def test_a_changed_source_makes_the_guard_refuse_the_build(tmp_path: Path) -> None:
    assert compiled.check_build(BUILD) is None
    stale = tmp_path / "stale"
    shutil.copytree(BUILD, stale)
    manifest = json.loads((stale / compiled.MANIFEST).read_text(encoding="utf-8"))
    manifest["sources"]["liftoff.games.planet.legal"] = "0" * 64  # as if legal.py was edited
    (stale / compiled.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    problem = compiled.check_build(stale)
    assert problem is not None and "legal.py" in problem and "pure Python" in problem
    env = {**os.environ, compiled.ENV: str(stale)}
    done = subprocess.run(
        [sys.executable, "-c", "from liftoff import compiled; print(compiled.build_name())"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "pure Python"
    assert "legal.py" in done.stderr  # the refusal is said, not silent


def test_the_guard_refuses_a_missing_build(tmp_path: Path) -> None:
    problem = compiled.check_build(tmp_path / "nothing")
    assert problem is not None and "no usable compiled build" in problem
    assert compiled.install(tmp_path / "nothing") == problem
