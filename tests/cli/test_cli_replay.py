"""``liftoff replay`` of a race record draws the race board (never a raw dict)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import liftoff
from liftoff import bots
from liftoff.cli.main import build
from liftoff.engine.realtime import SPEEDS, LiveSeat


def _race_record(tmp_path: Path) -> Path:
    game = liftoff.games.get("race")
    state = game.new_game(3, seed=11, options={"auto_choices": True})
    seats = [LiveSeat.of(bots.make("random", seed=p), SPEEDS["fast"], p) for p in range(3)]
    game.realtime_driver(state, seats).run()
    assert state.is_over()
    path = tmp_path / "race.json"
    path.write_text(json.dumps({**state.record(), "names": ["Ann", "Bea", "Cid"]}))
    return path


def test_replay_of_a_race_record_renders_the_board_by_name(tmp_path: Path) -> None:
    path = _race_record(tmp_path)
    env = {"COLUMNS": "80", "LINES": "24", "NO_COLOR": "1"}
    result = CliRunner().invoke(build(), ["replay", str(path), "--to-end"], env=env)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "{'game'" not in out and "'planets':" not in out and "'rows'" not in out
    assert "Round 3/3 · game over" in out and "+1" in out  # the last resolution, marked
    assert "Ann" in out and "Bea" in out and "Cid" in out and "p0" not in out
    assert "T Tank S Settlers" in out  # the legend
    assert all(len(line) <= 80 for line in out.splitlines())


def test_stepping_through_a_race_replay_shows_boards_and_sentences(tmp_path: Path) -> None:
    path = _race_record(tmp_path)
    env = {"COLUMNS": "80", "LINES": "24", "NO_COLOR": "1"}
    result = CliRunner().invoke(
        build(), ["replay", str(path), "--as", "1"], input="\n\n\nq\n", env=env
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Round 1/3 · loading") >= 4 and "{'game'" not in out
    assert "action 3/" in out and "You " in out and " 0 VP " in out
    # (piped input echoes no newline after the prompt: a board starts on its line)
    lines = [line.rpartition("q quit ")[2] for line in out.splitlines()]
    assert all(len(line) <= 80 for line in lines)


def test_the_step_of_a_stop_shows_the_board_the_resolution_left(tmp_path: Path) -> None:
    path = _race_record(tmp_path)
    record = json.loads(path.read_text())
    game = liftoff.games.get("race")
    state = game.new_game(3, seed=11, options={"auto_choices": True})
    stop = next(
        i + 1
        for i, (p, text) in enumerate(record["actions"])
        if state.apply(p, text) and state.round == 1
    )
    env = {"COLUMNS": "80", "LINES": "24", "NO_COLOR": "1"}
    keys = f"g {stop - 1}\n\nq\n"
    result = CliRunner().invoke(build(), ["replay", str(path)], input=keys, env=env)
    assert result.exit_code == 0, result.output
    before, _, after = result.output.partition(f"action {stop}/")
    board = before.rpartition("Round ")[2]  # the board drawn for the Stop
    assert board.startswith("1/3 · resolved")
    assert "Round 1 is over" in after  # and the sentences of the whole resolution
    planets = [line for line in board.splitlines() if line[:3].strip().rstrip(".").isdigit()]
    assert len(planets) == 9
    # the rows as resolved (a round that has just begun has none)
    assert any(set(line[34:].split()) - {"·"} for line in planets)
