"""Run directories: identical bytes for any number of workers, and rows that say
what the games did (checked against replays of their records)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

import liftoff
from liftoff.sim import load_run, make_config, simulate
from liftoff.sim.store import StoreError, command_line, prepare_out_dir


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != "run.json"
    }


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_output_is_byte_identical_for_one_and_two_workers(tmp_path: Path, fmt: str) -> None:
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    config = make_config("planet", 3, ["random"], 40, seed=11, keep_records=4)
    simulate(config, tmp_path / "one", workers=1, fmt=fmt)
    # small chunks so that two processes really share the work, finishing out of order
    info = simulate(config, tmp_path / "two", workers=2, fmt=fmt, chunk_size=3)
    one, two = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert f"games.{fmt}" in one
    assert len([k for k in one if k.startswith("records/")]) == 4
    assert one == two
    assert info["workers"] == 2 and info["games"] == 40


def test_rows_match_the_replayed_games(tmp_path: Path) -> None:
    config = make_config("race", 3, ["random"], 12, seed=4, keep_records=12)
    simulate(config, tmp_path, workers=1)
    meta, rows = load_run(tmp_path)
    assert meta["config"]["games"] == 12 and len(meta["files"]["records"]) == 12
    with (tmp_path / "games.csv").open(encoding="utf-8") as fh:
        table = list(csv.DictReader(fh))
    game = liftoff.games.get("race")
    for row, flat in zip(rows, table, strict=True):
        record = json.loads((tmp_path / f"records/game-{row['index']:06d}.json").read_text())
        state = game.replay(record)
        outcome = state.outcome()
        assert outcome is not None
        assert record["seed"] == row["seed"] and record["seats"] == row["seats"]
        assert row["scores"] == list(outcome.scores)
        assert row["winners"] == list(outcome.winners)
        assert row["termination"] == outcome.termination
        assert row["details"] == json.loads(json.dumps(dict(outcome.details)))
        assert row["length"]["actions"] == state.version
        # the CSV row holds the same facts, one column per seat and per detail
        assert int(flat["index"]) == row["index"] and int(flat["seed"]) == row["seed"]
        assert [float(flat[f"score_{s}"]) for s in range(3)] == list(outcome.scores)
        assert [int(flat[f"place_{s}"]) for s in range(3)] == list(outcome.places)
        assert [flat[f"bot_{s}"] for s in range(3)] == ["random"] * 3
        assert json.loads(flat["winners"]) == list(outcome.winners)
        assert int(flat["actions"]) == state.version
        assert json.loads(flat["details.ore_vp"]) == outcome.details["ore_vp"]
        assert json.loads(flat["details.stop_callers"]) == outcome.details["stop_callers"]


def test_a_forced_rerun_into_a_directory_replaces_old_records(tmp_path: Path) -> None:
    simulate(make_config("planet", 2, ["random"], 6, keep_records=6), tmp_path)
    simulate(make_config("planet", 2, ["random"], 6, seed=1, keep_records=2), tmp_path, force=True)
    assert sorted(p.name for p in (tmp_path / "records").iterdir()) == [
        "game-000000.json",
        "game-000003.json",
    ]


def test_meta_holds_a_command_that_reproduces_the_run() -> None:
    config = make_config(
        "planet",
        3,
        ["ismcts:iterations=5,rollout=random", "random", "random"],
        10,
        seed=2,
        options={"moon_model": "A"},
    )
    text = command_line(config)
    assert text.startswith("liftoff simulate planet --games 10 --players 3")
    assert "--bots 'ismcts:iterations=5,rollout=random;random;random'" in text
    assert "--option moon_model=A --seed 2" in text


def test_an_unwritable_directory_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot write"):
        prepare_out_dir(blocker / "sub")


def test_loading_something_else_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="not a simulation directory"):
        load_run(tmp_path)
