"""``liftoff simulate`` never loses or silently replaces work: a non-empty
``--out`` is refused without ``--force``; Ctrl-C (a real SIGINT to the
process) keeps every finished game and says how to resume; ``--resume``
finishes the run with files byte-identical to an uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from liftoff.cli.main import build
from liftoff.sim import load_run, make_config, resume, simulate
from liftoff.sim.store import StoreError

runner = CliRunner()

SAME_FILES = ("games.jsonl", "games.csv", "meta.json")


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(build(), list(args))
    text = result.output + (result.stderr if result.stderr_bytes else "")
    return result.exit_code, " ".join(text.split())  # undo the console's line wrapping


def _files(path: Path) -> dict[str, bytes]:
    out = {name: (path / name).read_bytes() for name in SAME_FILES}
    for record in sorted((path / "records").glob("*.json")):
        out[f"records/{record.name}"] = record.read_bytes()
    return out


def test_a_non_empty_out_dir_is_refused_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", "race", "-n", "4", "-p", "2", "--out", str(out), "-q"]
    assert _run(*args)[0] == 0
    (out / "report").mkdir()
    (out / "report" / "report.html").write_text("old report")
    (out / "notes.txt").write_text("mine")
    before = (out / "games.jsonl").read_bytes()
    code, text = _run(*args[:-3], "--seed", "9", "--out", str(out), "-q")
    assert code == 2 and "is not empty" in text and "--force" in text and "--resume" in text
    assert (out / "games.jsonl").read_bytes() == before  # nothing touched
    code, text = _run(*args[:-3], "--seed", "9", "--out", str(out), "-q", "--force")
    assert code == 0, text
    assert (out / "games.jsonl").read_bytes() != before
    assert not (out / "report").exists()  # the old report went with the old data
    assert (out / "notes.txt").read_text() == "mine"  # files liftoff did not write stay
    with pytest.raises(StoreError, match="not empty"):
        simulate(make_config("race", 2, ["random"], 2), out)


def test_resume_refuses_what_it_cannot_resume(tmp_path: Path) -> None:
    code, text = _run("simulate", "--resume", str(tmp_path))
    assert code == 2 and "no interrupted run" in text
    out = tmp_path / "done"
    simulate(make_config("race", 2, ["random"], 2), out)
    code, text = _run("simulate", "--resume", str(out))
    assert code == 2 and "finished run" in text
    code, text = _run("simulate", "race", "--resume", str(out))
    assert code == 2 and "give no GAME" in text


def test_resume_after_a_lost_chunk_gives_the_same_files(tmp_path: Path) -> None:
    config = make_config("planet", 2, ["random"], 30, seed=4, keep_records=3)
    whole = tmp_path / "whole"
    simulate(config, whole, chunk_size=7)
    cut = tmp_path / "cut"
    simulate(config, cut, chunk_size=7)
    # pretend the run stopped: keep some finished games, one line cut in half
    lines = (cut / "games.jsonl").read_text().splitlines()
    assert len(lines) == 30
    from liftoff.sim.runner import run_chunk
    from liftoff.sim.store import partial_line, start_partial

    for name in ("games.jsonl", "games.csv", "meta.json", "run.json"):
        (cut / name).unlink()
    for record in (cut / "records").glob("*.json"):
        record.unlink()
    start_partial(cut, config, "csv")
    kept = run_chunk(config, 0, 12)
    text = "".join(partial_line(r) + "\n" for r in kept[:11]) + partial_line(kept[11])[:40]
    (cut / "partial.jsonl").write_text(text)
    info = resume(cut, workers=2, chunk_size=5)
    assert info["resumed_with"] == 11
    assert _files(cut) == _files(whole)
    assert not (cut / "partial.jsonl").exists() and not (cut / "partial.json").exists()


def _cli() -> list[str]:
    return [sys.executable, "-c", "from liftoff.cli.main import main; main()"]


#: a run long enough to be interrupted after its first game (a few seconds)
GAMES = 300
SETTINGS = ["planet", "-n", str(GAMES), "-p", "2", "--seed", "3", "--keep-records", "4", "-q"]


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run uninterrupted (the same for any number of workers): what a
    resumed run must equal. (Played in this process: only the run a test
    interrupts needs a process of its own.)"""
    whole = tmp_path_factory.mktemp("whole") / "run"
    code, said = _run("simulate", *SETTINGS, "--out", str(whole))
    assert code == 0, said
    return whole


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_finished_games_and_resume_matches_an_uninterrupted_run(
    tmp_path: Path, workers: int, whole: Path, started: Callable[..., subprocess.Popen[str]]
) -> None:
    settings = SETTINGS
    cut = tmp_path / "cut"
    proc = started(
        [*_cli(), "simulate", *settings, "--workers", str(workers), "--out", str(cut)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    partial = cut / "partial.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if partial.exists() and partial.read_text().count("\n") >= 1:
            break
        if proc.poll() is not None:
            pytest.fail(f"the run ended before it could be interrupted: {proc.stderr.read()}")
        time.sleep(0.02)
    else:
        proc.kill()
        pytest.fail("no game finished within 60 s")
    os.kill(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted:" in err and f"liftoff simulate --resume {cut}" in err
    assert "Traceback" not in err
    kept = partial.read_text().splitlines()
    assert 1 <= len(kept) < GAMES
    assert not (cut / "games.jsonl").exists()
    indices = [json.loads(line)["index"] for line in kept]
    assert len(set(indices)) == len(indices)
    code, said = _run("simulate", "--resume", str(cut), "-q")  # here: a run like any other
    assert code == 0, said
    assert _files(cut) == _files(whole)
    meta, rows = load_run(cut)
    assert len(rows) == GAMES and json.loads((cut / "run.json").read_text())["resumed_with"] >= 1
    assert meta["command"].startswith("liftoff simulate planet")
