"""The tournament: schedule, reproducibility across workers, statistics, files, CLI."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from liftoff.cli.main import build
from liftoff.sim.runner import SimConfig, SimError, game_seed, make_config, play_game
from liftoff.sim.stats import wilson
from liftoff.sim.tournament import (
    games_per_table,
    record,
    run,
    save_records,
    schedule,
    summarize,
    tournament,
)


def test_the_bot_list_is_read_by_the_one_seat_grammar() -> None:
    config = tournament("race", "random, heuristic ,ismcts:iterations=200,rollout=heuristic")
    assert config.bots == ("random", "heuristic", "ismcts:iterations=200,rollout=heuristic")
    assert tournament("race", "ismcts:iterations=5,c=1.2,random").bots == (
        "ismcts:iterations=5,c=1.2",
        "random",
    )
    with pytest.raises(SimError, match="a parameter without a bot"):
        tournament("race", "ismcts:iterations=4;c=1")
    with pytest.raises(SimError, match="has no parameter 'depth'; its parameters: none"):
        tournament("race", "random:depth=3,heuristic")


def test_schedule_alternates_seats_and_counts_games() -> None:
    config = tournament("race", ["random", "heuristic", "ismcts"], 2, 5, seed=1)
    tasks = schedule(config)
    assert len(tasks) == config.games == 3 * 5 and games_per_table(config) == 5
    assert [t.index for t in tasks] == list(range(15))
    assert [t.table for t in tasks[:4]] == [0, 1, 2, 0]
    first = [t.seats for t in tasks if t.table == 0]
    assert len(first) == 5
    assert first[0] == ("random", "heuristic") and first[1] == ("heuristic", "random")
    assert first[2] == first[0]
    assert [t.seed for t in tasks] == [game_seed(1, i) for i in range(15)]
    assert schedule(tournament("race", ["random", "heuristic", "ismcts"], 2, 5, seed=1)) == tasks
    assert schedule(tournament("race", ["random", "heuristic", "ismcts"], 2, 5, seed=2)) != tasks


def test_wilson_interval() -> None:
    lo, hi = wilson(90, 100)
    assert 0.82 < lo < 0.83 and 0.94 < hi < 0.95
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def _strip(records: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_same_results_with_one_or_two_workers_and_the_same_seed() -> None:
    config = tournament("race", ["random", "heuristic"], 2, 4, seed=3)
    one = run(config, workers=1)
    two = run(config, workers=2, chunk_size=1)
    assert _strip(one) == _strip(two)
    assert [r["index"] for r in two] == [0, 1, 2, 3]
    assert _strip(run(tournament("race", "random,heuristic", 2, 4, seed=3))) == _strip(one)
    assert _strip(run(tournament("race", "random,heuristic", 2, 4, seed=4))) != _strip(one)


def test_a_tournament_plays_the_games_of_a_round_robin_simulation() -> None:
    """A tournament is a simulation with round-robin seating: the same games,
    the same seeds, the same outcomes as ``liftoff simulate --seating round-robin``."""
    config = tournament("race", "random,heuristic", 2, 3, seed=5)
    sim = make_config("race", 2, "random,heuristic", 3, seed=5, seating="round-robin")
    for rec in run(config):
        row = play_game(sim, rec["index"]).row
        assert (rec["seed"], rec["seats"], rec["winners"]) == (
            row["seed"],
            row["seats"],
            row["winners"],
        )
        assert rec["scores"] == [float(x) for x in row["scores"]]


def test_summary_counts_wins_and_rates() -> None:
    config = tournament("race", ["random", "heuristic"], 2, 6, seed=1)
    records = run(config)
    summary = summarize("race", 2, 1, ["random", "heuristic"], records)
    assert summary.played + summary.errors == 6
    by = {s.bot: s for s in summary.stats}
    assert by["random"].games == by["heuristic"].games == summary.played
    wins: Counter[str] = Counter()
    for r in records:
        for w in r["winners"]:
            wins[r["seats"][w]] += 1 / len(r["winners"])
    assert by["heuristic"].wins == pytest.approx(wins["heuristic"])
    assert summary.stats[0].bot == "heuristic"  # the stronger bot is rated first
    w, n = summary.head_to_head["heuristic"]["random"]
    assert n == 6 and w == pytest.approx(wins["heuristic"])
    data = summary.to_json()
    assert data["games_played"] == summary.played
    assert {s["bot"] for s in data["stats"]} == {"random", "heuristic"}


def test_a_failing_game_is_recorded_not_raised() -> None:
    config = SimConfig("race", 2, ("random", "nobody"), 1, seating="round-robin")
    rec = record(config, play_game(config, 0))
    assert rec["error"] and "nobody" in rec["error"]
    assert rec["termination"] == "error"
    summary = summarize("race", 2, 0, ["random", "nobody"], [rec])
    assert summary.errors == 1 and summary.played == 0


def test_records_as_jsonl_and_csv(tmp_path: Path) -> None:
    records = run(tournament("race", ["random", "heuristic"], 2, 2, seed=0))
    jsonl = tmp_path / "games.jsonl"
    save_records(records, jsonl)
    lines = [json.loads(x) for x in jsonl.read_text().splitlines()]
    assert lines == records
    csv_path = tmp_path / "games.csv"
    save_records(records, csv_path)
    rows = csv_path.read_text().splitlines()
    assert rows[0].startswith("index,table,seed,seats")
    assert len(rows) == 3


runner = CliRunner()


def test_cli_runs_a_tournament(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    summary = tmp_path / "s.json"
    result = runner.invoke(
        build(),
        [
            "tournament",
            "race",
            "--bots",
            "random,heuristic",
            "--games",
            "2",
            "--seed",
            "4",
            "--out",
            str(out),
            "--summary",
            str(summary),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "random" in result.output
    assert len(out.read_text().splitlines()) == 2
    assert not (tmp_path / "t.jsonl.partial").exists()
    data = json.loads(summary.read_text())
    assert data["games_played"] + data["errors"] == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tournament", "chess"], "unknown game"),
        (["tournament", "race", "--bots", "random,wizard"], "unknown bot 'wizard'"),
        (["tournament", "race", "--bots", "ismcts:iterations=4;c=1"], "a parameter without"),
        (["tournament", "race", "--bots", "random:depth=3"], "its parameters: none"),
        (["tournament", "race", "--backend", "cloud"], "unknown backend"),
        (["tournament", "race", "--bots", "ismcts:iterations=0"], "iterations"),
        (["tournament", "race", "--players", "9"], "not 9"),
        (["tournament", "race", "--games", "0"], "--games"),
        (["tournament", "race", "--option", "nonsense=1"], "nonsense"),
    ],
)
def test_cli_refuses_bad_input_clearly(args: list[str], message: str) -> None:
    result = runner.invoke(build(), args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_records_count_decisions_and_search_iterations() -> None:
    bots = ["random", "ismcts:iterations=3"]
    records = run(tournament("race", bots, 2, 2, seed=5))
    for rec in records:
        assert not rec["error"]
        seat = rec["seats"].index("ismcts:iterations=3")
        assert rec["decisions"][seat] > 0
        assert 0 < rec["iterations"][seat] <= 3 * rec["decisions"][seat]
        assert rec["iterations"][1 - seat] == 0
    by = {s.bot: s for s in summarize("race", 2, 5, bots, records).stats}
    assert by["random"].iterations_per_decision is None
    per = by["ismcts:iterations=3"].iterations_per_decision
    assert per is not None and 0 < per <= 3


def test_ratings_with_a_bot_in_several_seats() -> None:
    bots = ["random", "heuristic"]
    records = run(tournament("race", bots, 4, 3, seed=2))
    assert all(len(r["seats"]) == 4 for r in records)
    by = {s.bot: s for s in summarize("race", 4, 2, bots, records).stats}
    assert by["heuristic"].seats == sum(r["seats"].count("heuristic") for r in records)
    assert by["heuristic"].games == sum(1 for r in records if "heuristic" in r["seats"])
    assert by["heuristic"].mu > by["random"].mu


def test_a_bot_in_several_seats_counts_games_not_seats_in_its_interval() -> None:
    """Bot "a" holds two seats of every 3-player game: 40 games are 40
    observations, not 80 independent seats. The interval is the Wilson interval
    at the effective sample size of the game-level (clustered) variance, not
    the per-seat one."""
    import math

    from liftoff.sim.stats import clustered_wilson

    records = []
    for i in range(40):
        won = i % 4 != 0  # "a" wins 30 of 40 games, with one of its two seats
        records.append(
            {
                "index": i,
                "seed": i,
                "seats": ["a", "a", "b"],
                "winners": [i % 2] if won else [2],
                "places": ([1, 2, 3] if i % 2 == 0 else [2, 1, 3]) if won else [2, 3, 1],
                "scores": [1, 0, 0] if won else [0, 0, 1],
            }
        )
    by = {s.bot: s for s in summarize("race", 3, 0, ["a", "b"], records).stats}
    a = by["a"]
    assert (a.games, a.seats, a.wins) == (40, 80, 30.0)
    assert a.win_rate == 0.375
    per_game = [(1.0 if i % 4 else 0.0, 2) for i in range(40)]
    p = 30 / 80
    var = 40 / 39 * sum((y - p * m) ** 2 for y, m in per_game) / 80**2
    expected = wilson(p * (p * (1 - p) / var), p * (1 - p) / var)
    assert a.interval == pytest.approx(expected)
    assert a.interval == pytest.approx(clustered_wilson(per_game))
    naive = wilson(a.wins, a.seats)  # what counting seats as games gave
    assert not math.isclose(a.interval[0], naive[0], abs_tol=0.005)
    # one seat per game: the plain Wilson interval (up to the g/(g-1) correction)
    single = clustered_wilson([(1.0, 1)] * 30 + [(0.0, 1)] * 10)
    assert single == pytest.approx(wilson(30, 40), abs=0.01)
    assert a.to_json()["seats"] == 80 and a.to_json()["games"] == 40


def _without_timing(path: Path) -> list[dict[str, object]]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    for row in rows:
        row.pop("seconds", None)
    return rows


#: the command line of the Ctrl-C test's tournament (long enough to be
#: interrupted after its first game: a second or more)
CLI = [sys.executable, "-c", "from liftoff.cli.main import main; main()"]
GAMES = 60
TOURNAMENT = ["tournament", "race", "--bots", "random,heuristic", "--games", str(GAMES)]


@pytest.fixture(scope="module")
def whole_tournament(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tournament uninterrupted (the same for any number of workers): its
    records ``whole.jsonl`` and summary ``whole.json``, what a resumed one must
    equal. (Played in this process: only the run a test interrupts needs a
    process of its own.)"""
    folder = tmp_path_factory.mktemp("whole")
    out, summary = str(folder / "whole.jsonl"), str(folder / "whole.json")
    done = runner.invoke(build(), [*TOURNAMENT, "--seed", "2", "--out", out, "--summary", summary])
    assert done.exit_code == 0, done.output
    return folder


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_then_resume_gives_the_same_tournament(
    tmp_path: Path,
    workers: int,
    whole_tournament: Path,
    started: Callable[..., subprocess.Popen[str]],
) -> None:
    """A real SIGINT keeps the finished games in OUT.partial and says how to go
    on; the same command with --resume plays only the rest, and records (timing
    aside) and summary equal those of an uninterrupted run."""
    cli, settings = CLI, [*TOURNAMENT, "--seed", "2"]
    whole = whole_tournament / "whole.jsonl"
    cut = tmp_path / "cut.jsonl"
    args = [*settings, "--workers", str(workers), "--out", str(cut)]
    proc = started([*cli, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    partial = tmp_path / "cut.jsonl.partial"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if partial.exists() and partial.read_text().count("\n") >= 1:
            break
        if proc.poll() is not None:
            pytest.fail(
                f"the tournament ended before it could be interrupted: {proc.stderr.read()}"
            )
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    text = " ".join((out + err).split())
    assert proc.returncode == 130, text
    assert "interrupted:" in text and "--resume" in text and "Traceback" not in text
    kept = len(partial.read_text().splitlines())
    assert 1 <= kept < GAMES and not cut.exists()
    # here: a run like any other
    resumed = runner.invoke(build(), [*args, "--resume", "--summary", str(tmp_path / "cut.json")])
    assert resumed.exit_code == 0, resumed.output
    assert "resuming:" in " ".join(resumed.output.split())
    assert _without_timing(cut) == _without_timing(whole)
    assert (tmp_path / "cut.json").read_text() == (whole_tournament / "whole.json").read_text()
    assert not partial.exists()


def test_resume_without_saved_games_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    result = runner.invoke(build(), ["tournament", "race", "--out", str(out), "--resume"])
    assert result.exit_code == 2 and "nothing to resume" in " ".join(result.output.split())


def test_resume_extends_a_finished_run_to_more_games(tmp_path: Path) -> None:
    """--resume with a larger --games keeps a finished run's games and plays
    the rest: the result equals a run that asked for the larger number at
    once (timing aside). A schedule the file does not belong to, or fewer
    games than it holds, is refused and leaves the file as it was."""
    bots = ["tournament", "race", "--bots", "random,heuristic"]
    once, grown = tmp_path / "once.jsonl", tmp_path / "grown.jsonl"

    def tournament_cli(*args: str) -> Result:
        return runner.invoke(build(), [*bots, *args])

    assert tournament_cli("--seed", "3", "--games", "6", "--out", str(once)).exit_code == 0
    assert tournament_cli("--seed", "3", "--games", "4", "--out", str(grown)).exit_code == 0
    first = [json.loads(line) for line in grown.read_text().splitlines()]
    result = tournament_cli("--seed", "3", "--games", "6", "--out", str(grown), "--resume")
    assert result.exit_code == 0, result.output
    assert "resuming: 4 of 6 games kept" in " ".join(result.output.split())
    assert _without_timing(grown) == _without_timing(once)
    grown_rows = [json.loads(line) for line in grown.read_text().splitlines()]
    assert grown_rows[:4] == first  # kept as they were, timings included: not played again
    assert not (tmp_path / "grown.jsonl.partial").exists()
    before = grown.read_text()
    for other in (["--seed", "3", "--games", "3"], ["--seed", "4", "--games", "6"]):
        refused = tournament_cli(*other, "--out", str(grown), "--resume")
        assert refused.exit_code == 2, refused.output
        assert "nothing was changed" in " ".join(refused.output.split())
        assert grown.read_text() == before


def test_a_finished_csv_run_is_not_extended(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    settings = ["tournament", "race", "--bots", "random,random", "--out", str(out)]
    assert runner.invoke(build(), [*settings, "--games", "2"]).exit_code == 0
    before = out.read_text()
    result = runner.invoke(build(), [*settings, "--games", "4", "--resume"])
    assert result.exit_code == 2
    assert "a finished CSV run cannot be extended" in " ".join(result.output.split())
    assert out.read_text() == before


def test_resume_refuses_an_out_file_that_is_not_text(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    out.write_bytes(b"\xff\xfe\x00binary")
    result = runner.invoke(build(), ["tournament", "race", "--out", str(out), "--resume"])
    assert result.exit_code == 2 and "cannot read" in " ".join(result.output.split())
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert out.read_bytes() == b"\xff\xfe\x00binary"
