"""The `liftoff` command: games, rules, play, replay, bench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import liftoff
from liftoff.bots.seats import SeatError, parse_seats
from liftoff.cli.main import build
from liftoff.cli.seats import terminal_seats

runner = CliRunner()
app = build()


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(
        app, list(args), input=stdin, env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "140"}
    )
    return result.exit_code, result.output


def test_games_lists_every_registered_game() -> None:
    code, out = invoke("games")
    assert code == 0
    for name in liftoff.games.names():
        assert name in out


def test_rules_options_and_rule_text() -> None:
    code, out = invoke("rules", "planet", "--options")
    assert code == 0 and "moon_model" in out and "day_track" in out
    code, out = invoke("rules", "planet", "--rule", "PL-MOON-3")
    assert code == 0 and "Full" in out
    code, out = invoke("rules", "chess")
    assert code == 2 and "unknown game" in out and "Traceback" not in out


def test_play_against_bots_then_quit_and_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = invoke(
        "play",
        "planet",
        "--seats",
        "human,random",
        "--seed",
        "5",
        "--save",
        str(save),
        stdin="move core S0\nnonsense\n999\nq\n",
    )
    assert code == 0, out
    assert "cannot read 'nonsense'" in out and "choose a number from 1" in out
    record = json.loads(save.read_text())
    assert record["game"] == "planet" and record["actions"][0] == [0, "move core S0"]
    again = liftoff.games.get("planet").replay(record)
    assert again.version == 1


def test_illegal_text_shows_the_rule(tmp_path: Path) -> None:
    code, out = invoke(
        "play", "planet", "--seats", "human,random", "--seed", "5", stdin="move S3 S4\nq\n"
    )
    assert code == 0
    assert "PL-MOVE-3" in out


def test_bots_only_game_runs_to_the_end_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    code, out = invoke(
        "play",
        "planet",
        "--seats",
        "random,random",
        "--seed",
        "3",
        "-o",
        "days=1",
        "--save",
        str(save),
    )
    assert code == 0 and "Game over" in out
    code, out = invoke("replay", str(save), "--to-end")
    assert code == 0 and "Game over" in out


def test_bad_input_gets_a_message_not_a_traceback(tmp_path: Path) -> None:
    for args in (
        ("play", "planet", "--seats", "human,nobot"),
        ("play", "planet", "--seats", "random,random", "-o", "family=maybe"),
        ("play", "planet", "--seats", "random,random", "-o", "nonsense"),
        ("play", "planet", "--players", "7", "--seats", "random"),
    ):
        code, out = invoke(*args)
        assert code == 2, (args, out)
        assert "error:" in out and "Traceback" not in out
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "planet", "players": 2}')
    code, out = invoke("replay", str(bad))
    assert code == 2 and "missing" in out


def test_replay_steps_forward_and_back(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    invoke(
        "play",
        "planet",
        "--seats",
        "random,random",
        "--seed",
        "8",
        "-o",
        "days=1",
        "--save",
        str(save),
    )
    code, out = invoke("replay", str(save), stdin="\n\nb\ng 3\nq\n")
    assert code == 0
    assert "action 1/" in out and "action 2/" in out and "action 3/" in out


@pytest.mark.parametrize(
    ("text", "seats"),
    [
        ("human,random", ["human", "random"]),
        (
            "human,ismcts:iterations=40,rollout=random,random",
            ["human", "ismcts:iterations=40,rollout=random", "random"],
        ),
        ("random", ["random", "random", "random"]),
    ],
)
def test_seat_lists_keep_bot_parameters_together(text: str, seats: list[str]) -> None:
    assert [s.text for s in parse_seats(text, 3 if text == "random" else None)] == seats


def test_seat_errors() -> None:
    with pytest.raises(SeatError, match="unknown bot"):
        terminal_seats("human,nobot", None, "planet", 1)
    with pytest.raises(SeatError, match="2 seats given for 3 players"):
        terminal_seats("human,random", 3, "planet", 1)
    with pytest.raises(SeatError, match="real-time games only"):
        terminal_seats("random@fast,human", None, "planet", 1)
    with pytest.raises(SeatError, match="has no parameter 'depth'; its parameters: none"):
        terminal_seats("human,random:depth=2", None, "planet", 1)


def test_bench_prints_rows() -> None:
    code, out = invoke(
        "bench", "--seconds", "0.5", "--game", "planet", "--extras", "no-such-dir", "--json"
    )
    assert code == 0
    rows = json.loads(out)
    metrics = {r["metric"] for r in rows if r["game"] == "planet"}
    assert any("actions/s" in m for m in metrics) and any("clone" in m for m in metrics)
    assert all(r["value"] > 0 for r in rows if r["game"] == "planet")


@pytest.mark.rules("PL-GAP-31")
def test_a_combination_the_rules_advise_against_is_allowed_with_a_note(tmp_path: Path) -> None:
    args = ("play", "planet", "--seats", "human,random", "-o", "cutthroat=true")
    code, out = invoke(*args, "-o", "family=true", stdin="q\ny\n")
    assert code == 0, out
    assert "Note:" in out and "Cutthroat" in out and "Family Fun" in out
    code, out = invoke(*args, stdin="q\ny\n")
    assert code == 0 and "Note:" not in out, out


def test_each_prompt_tells_what_happened_since_and_log_shows_more(tmp_path: Path) -> None:
    """Narrated for the seat at the keyboard: the bots' actions and the results of
    one's own, as sentences with names; no bot explanations, no seat ids."""
    save = tmp_path / "g.json"
    code, out = invoke(
        "play",
        "planet",
        "--seats",
        "human,heuristic",
        "--seed",
        "5",
        "--save",
        str(save),
        stdin="end\nend\nlog\nq\n",
    )
    assert code == 0, out
    record = json.loads(save.read_text())
    game = liftoff.games.get("planet")
    state = game.new_game(2, 5, record["options"])
    said = []
    for p, text in record["actions"]:
        said += [
            x
            for x in (game.narrate(e, 0, ["Player 1", "Heuristic 2"]) for e in state.apply(p, text))
            if x
        ]
    catch_up = out.split("Since your last turn:", 1)[1]
    assert said[0] in catch_up  # one's own action, told as "You: …"
    assert any(line.startswith("Heuristic 2") for line in said)
    log = out.split("Game log:", 1)[1]
    assert all(line in log for line in said[-30:])
    assert "p1 (heuristic)" not in out
