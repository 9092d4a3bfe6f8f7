"""``liftoff simulate`` and ``liftoff report`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from liftoff.cli.main import build

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(build(), list(args))
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")


def test_simulate_then_report(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, text = _run(
        "simulate", "planet", "--games", "16", "--players", "3",
        "--bots", "random,random,random", "--option", "days=3", "--seed", "5",
        "--workers", "2", "--keep-records", "2", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert "16 games in" in text
    rows = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert [r["index"] for r in rows] == list(range(16))
    assert all(r["options"] == {"days": 3} and r["details"]["days_total"] == 3 for r in rows)
    meta = json.loads((out / "meta.json").read_text())
    assert meta["config"]["seed"] == 5 and meta["all_options"]["days"] == 3
    assert len(list((out / "records").glob("game-*.json"))) == 2
    run_info = json.loads((out / "run.json").read_text())
    assert run_info["workers"] == 2 and run_info["games"] == 16
    pytest.importorskip("matplotlib")
    code, text = _run("report", str(out), "--figures", "png")
    assert code == 0, text
    assert (out / "report" / "report.html").is_file()
    assert (out / "report" / "figures" / "seat_wins.png").is_file()
    assert not list((out / "report" / "figures").glob("*.svg"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess", "-p", "2"], "unknown game 'chess'"),
        (["simulate", "planet", "-p", "3", "--bots", "random,random"], "3 players need 3 bots"),
        (["simulate", "planet", "-p", "3", "--bots", "nobot"], "unknown bot 'nobot'"),
        (["simulate", "planet", "-p", "3", "-o", "moon_model=C"], "option 'moon_model'"),
        (["simulate", "planet", "-p", "3", "-o", "days"], "must be written name=value"),
        (["simulate", "planet", "-p", "8"], "for 2-5 players, not 8"),
        (["simulate", "planet", "-p", "3", "--backend", "mpi"], "unknown backend 'mpi'"),
        (["simulate", "planet", "-p", "3", "--workers", "0"], "--workers must be at least 1"),
        (["simulate", "planet", "-p", "3", "--address", "h:1"], "only applies to --backend ray"),
    ],
)
def test_bad_input_gets_a_message_not_a_traceback(
    tmp_path: Path, args: list[str], message: str
) -> None:
    code, text = _run(*args, "--games", "2", "--out", str(tmp_path / "x"))
    assert code == 2
    assert message in " ".join(text.split())
    assert "Traceback" not in text


def test_runaway_games_are_stopped_and_reported(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, text = _run(
        "simulate", "planet", "-p", "2", "-n", "3", "--max-actions", "20", "--out", str(out)
    )
    assert code == 0 and "3 game(s) failed" in text
    rows = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert all(r["termination"] == "error" and r["error"].startswith("TooLong") for r in rows)
    assert len(list((out / "records").glob("game-*.json"))) == 3  # failures keep their record
    meta = json.loads((out / "meta.json").read_text())
    assert meta["errors"] == [0, 1, 2] and "--max-actions 20" in meta["command"]


def test_an_unwritable_out_dir_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    code, text = _run("simulate", "planet", "-p", "2", "-n", "2", "--out", str(blocker / "run"))
    assert code == 2 and "cannot write to" in text and "Traceback" not in text


def test_report_of_a_directory_without_a_run_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    code, text = _run("report", str(tmp_path))
    assert code == 2 and "not a simulation directory" in " ".join(text.split())
