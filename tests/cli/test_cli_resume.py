"""Resuming a saved game: ``liftoff resume FILE`` and ``liftoff play GAME --load FILE``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import liftoff
from liftoff.cli.main import build
from liftoff.engine.game import canon

runner = CliRunner()
app = build()


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(
        app, list(args), input=stdin, env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80"}
    )
    return result.exit_code, result.output


def record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def uninterrupted(data: dict[str, Any]) -> str:
    """The state of one game played straight through with the record's actions."""
    game = liftoff.games.get(data["game"])
    state = game.new_game(data["players"], data["seed"], data["options"])
    for player, text in data["actions"]:
        state.apply(player, text)
    return canon(state.to_json())


def test_quit_then_resume_and_finish(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = invoke(
        "play", "planet", "--seats", "human,random", "--seed", "5", "-o", "days=1",
        "--save", str(save), stdin="move core S0\nmove S0 S1\nq\n",
    )  # fmt: skip
    assert code == 0, out
    first = record(save)
    assert first["seats"] == ["human", "random"]
    assert first["actions"][:2] == [[0, "move core S0"], [0, "move S0 S1"]]
    # bots take both seats now; the game saves back to the same file
    code, out = invoke("resume", str(save), "--seats", "random,random")
    assert code == 0, out
    assert "resumed after 2 actions" in out and "Game over: " in out
    final = record(save)
    assert final["actions"][: len(first["actions"])] == first["actions"]
    game = liftoff.games.get("planet")
    replayed = game.replay(final)
    assert replayed.is_over()
    assert canon(replayed.to_json()) == uninterrupted(final)
    assert final["seats"] == ["random", "random"]


def test_play_load_uses_the_saved_seats_and_can_save_elsewhere(tmp_path: Path) -> None:
    save, other = tmp_path / "a.json", tmp_path / "b.json"
    invoke(
        "play", "agency", "--seats", "human,random", "--seed", "2", "--save", str(save),
        stdin="1\nq\n",
    )  # fmt: skip
    before = record(save)
    assert len(before["actions"]) >= 1
    code, out = invoke("play", "agency", "--load", str(save), "--save", str(other), stdin="q\n")
    assert code == 0, out
    # the saved human seat is at the keyboard again (asked by the menu of its keep)
    assert "Your move" in out or "Choose 1-" in out
    assert record(save) == before
    after = record(other)
    assert after["seats"] == ["human", "random"]
    assert after["actions"][: len(before["actions"])] == before["actions"]


def test_an_old_record_without_seats_still_loads(tmp_path: Path) -> None:
    save = tmp_path / "old.json"
    game = liftoff.games.get("planet")
    state = game.new_game(3, 4)
    state.apply(0, "move core S0")
    save.write_text(json.dumps(state.record()))
    code, out = invoke("resume", str(save), stdin="q\n")
    assert code == 0, out
    data = record(save)
    assert data["seats"] == ["human", "random", "random"]
    assert data["actions"][0] == [0, "move core S0"]


def test_refused_records_and_settings_get_one_clear_line(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    state = liftoff.games.get("planet").new_game(2, 4)
    good.write_text(json.dumps(state.record()))
    other_rules = tmp_path / "rules.json"
    data = state.record()
    data["version"] = {**data["version"], "content": "not-this-content"}
    other_rules.write_text(json.dumps(data))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    live = tmp_path / "race.json"
    live.write_text(json.dumps(liftoff.games.get("race").new_game(2, 1).record()))
    cases = [
        (("resume", str(live)), "is played live and cannot be resumed"),
        (("resume", str(other_rules)), "cannot be resumed: this record was played under"),
        (("resume", str(broken)), "not valid JSON"),
        (("resume", str(tmp_path / "missing.json")), "cannot be read"),
        (("play", "agency", "--load", str(good)), "is a saved game of planet, not agency"),
        (("play", "planet", "--load", str(good), "--seed", "0"), "--seed: a loaded game keeps"),
        (("resume", str(good), "--seats", "human,random,random"), "3 seats given"),
    ]
    for args, message in cases:
        code, out = invoke(*args)
        assert code == 2, (args, out)
        assert message in out and "Traceback" not in out, (args, out)
        assert len([line for line in out.splitlines() if line.strip()]) <= 2, out


def test_a_finished_game_shows_its_end(tmp_path: Path) -> None:
    save = tmp_path / "done.json"
    invoke(
        "play", "planet", "--seats", "random,random", "--seed", "3", "-o", "days=1",
        "--save", str(save),
    )  # fmt: skip
    code, out = invoke("resume", str(save))
    assert code == 0 and "already over" in out and "Game over: " in out


def test_the_names_a_game_was_played_with_come_back_with_it(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ("play", "planet", "--seats", "human,easy", "--names", "Ann", "--seed", "3")
    code, out = invoke(*args, "--save", str(save), stdin="move core S0\nq\n")
    assert code == 0, out
    assert record(save)["names"] == ["Ann", "Easy 2"]
    code, out = invoke("resume", str(save), stdin="q\n")
    assert code == 0 and "Ann, your move" in out, out
    code, out = invoke("replay", str(save), stdin="q\n")
    assert code == 0 and "Ann" in out and "Player 1" not in out, out


def test_a_game_saved_without_names_is_resumed_speaking_to_one_person(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ("play", "planet", "--seats", "human,easy", "--seed", "3", "--save", str(save))
    assert invoke(*args, stdin="move core S0\nq\n")[0] == 0
    assert "names" not in record(save)
    code, out = invoke("resume", str(save), stdin="q\n")
    assert code == 0 and "Your move" in out, out
    code, out = invoke("replay", str(save), stdin="q\n")
    assert code == 0 and "Easy 2" in out, out  # bots named by kind from the saved seats


def test_resume_with_other_seats_keeps_the_names_of_the_seats_left_as_they_were(
    tmp_path: Path,
) -> None:
    save = tmp_path / "g.json"
    args = ("play", "planet", "--seats", "human,easy", "--names", "Ann,Robo", "--seed", "3")
    code, out = invoke(*args, "--save", str(save), stdin="move core S0\nq\n")
    assert code == 0, out
    code, out = invoke("resume", str(save), "--seats", "human,random", stdin="q\n")
    assert code == 0 and "Ann, your move" in out, out  # the person keeps her name
    assert record(save)["names"] == ["Ann", "Random 2"]  # the new bot has its own
