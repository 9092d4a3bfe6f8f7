"""Safe input at the terminal: a number acts only on the menu on the screen,
ending a turn with other moves open asks first, and the end of input (Ctrl-D)
asks like ``q`` before an unsaved game is lost (exiting non-zero when it is)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from liftoff.cli.main import build

runner = CliRunner()
app = build()
PLANET = ("play", "planet", "--seats", "human,random", "--seed", "7")


def invoke(*args: str, stdin: str) -> tuple[int, str]:
    result = runner.invoke(
        app, list(args), input=stdin, env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80"}
    )
    return result.exit_code, result.output


def test_a_number_typed_when_no_menu_is_listed_lists_it_instead(tmp_path: Path) -> None:
    """The issue's steps (seed 7: Enter, 2, 1, 1): after the move no menu is
    on the screen, so ``1`` lists the choices instead of ending the turn."""
    save = tmp_path / "g.json"
    code, out = invoke(*PLANET, "--save", str(save), stdin="\n2\n1\n1\nq\n")
    assert code == 0, out
    actions = json.loads(save.read_text())["actions"]
    assert [0, "end"] not in actions, actions
    assert actions == [[0, "move core S0"]]
    assert "No choices are listed right now" in out


def test_ending_a_turn_with_moves_left_asks_first(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = invoke(*PLANET, "--save", str(save), stdin="end\nn\nend\ny\nq\n")
    assert code == 0, out
    assert "End your turn: the Moon moves over the Stargate?" in out
    assert "You could still make 14 other" in out
    actions = json.loads(save.read_text())["actions"]
    assert [a for a in actions if a[0] == 0] == [[0, "end"]]  # "n" kept the turn going


def test_the_end_of_input_asks_like_q_and_exits_non_zero_when_the_game_is_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = invoke(*PLANET, stdin="move core S0\n")  # then Ctrl-D (the input ends)
    assert "This game is not saved." in out
    assert "bye\n" not in out.replace("bye (", "")
    assert code == 1, out
    assert list(tmp_path.iterdir()) == []
    code, out = invoke(*PLANET, stdin="move core S0\nq\ns\n")
    assert code == 0, out
    (saved,) = tmp_path.iterdir()
    assert json.loads(saved.read_text())["actions"] == [[0, "move core S0"]]


def test_dropping_an_unsaved_game_on_purpose_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = invoke(*PLANET, stdin="move core S0\nq\ny\n")
    assert code == 1 and "bye (the game was not saved)" in out
    code, out = invoke(*PLANET, stdin="q\n")  # nothing played: nothing lost
    assert code == 0


def test_the_end_of_input_with_a_save_file_saves_and_exits_zero(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = invoke(*PLANET, "--save", str(save), stdin="move core S0\n")
    assert code == 0 and "saved to" in out
    assert json.loads(save.read_text())["actions"] == [[0, "move core S0"]]


def test_a_very_long_line_is_refused_without_being_echoed_back(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    long = "move " + "x" * 5000
    code, out = invoke(*PLANET, "--save", str(save), stdin=f"{long}\nq\n")
    assert code == 0 and "That line has 5005 characters" in out
    assert "x" * 200 not in out


def test_replay_counts_players_from_1_and_says_what_it_cannot_read(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    invoke(*PLANET, "--names", "Ann,Robo", "--save", str(save), stdin="move core S0\nq\n")
    code, out = invoke("replay", str(save), "--as", "0", stdin="q\n")
    assert code == 2 and "no player 0 (1 to 2)" in out
    code, out = invoke("replay", str(save), "--as", "1", stdin="next please\nq\n")
    assert code == 0, out
    assert "Your hand:" in out  # player 1 (Ann)'s own view
    assert "'next please' is not a replay command" in out
    assert out.count("start") == 1  # the unknown line did not step on
