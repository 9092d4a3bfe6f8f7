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


@pytest.mark.skipif(not os.environ.get(compiled.ENV), reason=f"{compiled.ENV} is not set")
def test_a_run_asked_for_the_build_runs_on_every_compiled_module() -> None:
    # CI runs the engine's, the games' and the conformance tests with LIFTOFF_COMPILED:
    # they must not quietly run on pure Python (a refused build only warns)
    assert sorted(compiled.compiled_modules()) == sorted(compiled.MODULES)


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


# Plays every game (and the engine tests' toy game, an interpreted subclass of the
# engine's State) with seeded random choices; pickles each state mid-game, goes on
# with the unpickled copy, and unpickles the pickles given on stdin (made by the
# other build); plays planet through an interpreted subclass of its state class.
_EVERY = """
import base64, hashlib, json, pickle, random, sys
sys.path.insert(0, sys.argv[1])
import liftoff, toygame
from liftoff import compiled
from liftoff.games.planet import actions as A
from liftoff.games.planet.state import PlanetState
liftoff.games.register("toy", toygame.GAME)

class NoTrades(PlanetState):  # interpreted, overriding a method the compiled base calls
    def _legal_actions(self, player):
        got = super()._legal_actions(player)
        return [a for a in got if not isinstance(a, A.Trade)] or got

others = json.loads(sys.stdin.read() or "{}")
out = {"build": compiled.build_name()}
for name in ("planet", "race", "agency", "toy"):
    game = liftoff.games.get(name)
    pick = random.Random(7).choice
    state = game.new_game(3, seed=11)
    seen = hashlib.sha256()
    pickled = None
    while state.active_players():
        p = pick(state.active_players())
        legal = state.legal_actions(p)
        seen.update(repr([str(a) for a in legal]).encode())
        state.apply(p, pick(legal))
        if state.version == 8:
            pickled = pickle.dumps(state)
            copy = pickle.loads(pickled)
            assert type(copy) is type(state) and copy.to_json() == state.to_json()
            assert copy.record() == state.record()
            state = copy
    theirs = others.get(name)
    again = pickle.loads(base64.b64decode(theirs["pickle"])).to_json() if theirs else None
    out[name] = {"record": state.record(), "legal": seen.hexdigest(),
                 "outcome": repr(state.outcome()),
                 "replayed": game.replay(state.record()).record() == state.record(),
                 "pickle": base64.b64encode(pickled).decode(), "their_pickle": again,
                 "mid": game.replay({**state.record(), "actions": state.record()["actions"][:8]}
                                    ).to_json()}
game = liftoff.games.get("planet")
mine = NoTrades.new(game, 3, 5, game.options.defaults())
pick = random.Random(1).choice
trades = 0
while mine.active_players():
    p = pick(mine.active_players())
    legal = mine.legal_actions(p)
    trades += sum(isinstance(a, A.Trade) for a in legal)
    mine.apply(p, pick(legal))
out["subclass"] = [type(mine).__name__, mine.version, trades, repr(mine.outcome()) != "None"]
print(json.dumps(out))
"""


def _run(env_build: Path | None, stdin: str = "", script: str = _PLAY) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != compiled.ENV}
    if env_build is not None:
        env[compiled.ENV] = str(env_build)
    engine_tests = str(Path(__file__).resolve().parent / "engine")
    done = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c", script, engine_tests],
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
def test_every_game_plays_pickles_and_subclasses_identically_on_both_builds() -> None:
    pure = _run(None, script=_EVERY)
    fast = _run(BUILD, json.dumps(pure), script=_EVERY)
    back = _run(None, json.dumps(fast), script=_EVERY)  # the compiled build's pickles
    assert (pure["build"], fast["build"]) == ("pure Python", "compiled (mypyc)")
    for name in ("planet", "race", "agency", "toy"):
        mine, theirs = pure[name], fast[name]
        for key in ("record", "legal", "outcome", "mid"):
            assert theirs[key] == mine[key], (name, key)
        assert mine["outcome"] != "None" and mine["replayed"] is theirs["replayed"] is True
        # a state pickled on one build unpickles on the other to the same state
        assert theirs["their_pickle"] == mine["mid"] == back[name]["their_pickle"]
    # an interpreted subclass of the compiled state: its override is the one called
    assert fast["subclass"] == pure["subclass"]
    assert fast["subclass"][0] == "NoTrades" and fast["subclass"][2] == 0
    assert fast["subclass"][3] is True


# Plays a short two-player game of each title with the compiled bots' hot loop (the
# heuristics and IS-MCTS): a seeded search and the heuristic, with their explanations
# and a hint, and every view the heuristic read along the way.
_BOTS = """
import hashlib, json
import liftoff
from liftoff import compiled
from liftoff.bots import make
from liftoff.bots.hint import hint
out = {"build": compiled.build_name()}
for name in ("planet", "race", "agency"):
    state = liftoff.games.get(name).new_game(2, seed=5)
    bots = [make("hard", iterations=30, seed=3), make("medium", seed=4)]
    said, views = [], hashlib.sha256()
    while state.active_players() and state.version < 40:
        p = state.active_players()[0]
        views.update(json.dumps(state.view(p), sort_keys=True).encode())
        state.apply(p, bots[p].choose(state, p))
        said.append(bots[p].explain())
    found = hint(state, state.active_players()[0], seed=2) if state.active_players() else None
    out[name] = {"record": state.record(), "said": said, "views": views.hexdigest(),
                 "hint": None if found is None else [str(found.action), found.reason]}
print(json.dumps(out))
"""


@needs_build
def test_the_bots_choose_and_explain_identically_on_both_builds() -> None:
    pure = _run(None, script=_BOTS)
    fast = _run(BUILD, script=_BOTS)
    assert (pure["build"], fast["build"]) == ("pure Python", "compiled (mypyc)")
    for name in ("planet", "race", "agency"):
        assert fast[name] == pure[name], name
        assert pure[name]["record"]["actions"] and all(pure[name]["said"])


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
