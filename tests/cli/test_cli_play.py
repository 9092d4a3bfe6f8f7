"""The `liftoff` command: games, rules, play, replay, bench."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import liftoff
from liftoff import speech
from liftoff.bots.seats import SeatError, parse_seats
from liftoff.cli.main import build
from liftoff.cli.seats import terminal_seats
from liftoff.engine import IllegalAction, Rng, State

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
        stdin="move core S0\nnonsense\n\n999\nq\n",
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


def test_bench_prints_rows(tmp_path: Path) -> None:
    code, out = invoke(
        "bench", "--seconds", "0.5", "--game", "planet", "--extras", str(tmp_path), "--json"
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
        stdin="end\ny\nend\ny\nlog\nq\n",
    )
    assert code == 0, out
    record = json.loads(save.read_text())
    game = liftoff.games.get("planet")
    state = game.new_game(2, 5, record["options"])
    said = []
    for p, text in record["actions"]:
        said += [
            x
            for x in (
                speech.of(game).narrate(e, 0, ["Player 1", "Heuristic 2"])
                for e in state.apply(p, text)
            )
            if x
        ]
    catch_up = " ".join(out.split("Since your last turn:", 1)[1].split())
    assert " ".join(said[0].split()) in catch_up  # one's own action, told as "You: …"
    assert any(line.startswith("Heuristic 2") for line in said)
    log = " ".join(out.split("Game log:", 1)[1].split())  # rows folded at any width
    assert all(" ".join(line.split()) in log for line in said[-30:])
    assert "p1 (heuristic)" not in out


def outside_the_board(out: str) -> str:
    """The lines of ``out`` that are not part of a drawn board."""
    return "\n".join(line for line in out.splitlines() if not line.startswith(("│", "╭", "╰")))


def test_players_are_named_never_seat_ids(tmp_path: Path) -> None:
    code, out = invoke(
        "play",
        "planet",
        "--seats",
        "human,human,easy",
        "--names",
        "Ann,Bob",
        "--seed",
        "5",
        stdin="\nmove core S0\nend\ny\n\nend\ny\n\nq\ny\n",
    )
    assert code == 1, out  # the game was dropped unsaved
    assert "Pass the keyboard to Ann and press Enter" in out
    assert "Ann, your move (number or text, Enter lists, ? help):" in out
    assert "Ann has played." in out and "Pass the keyboard to Bob" in out
    assert "Ann moves an Alien from the Core to Exit S0" in out  # Bob's catch-up
    assert "Easy 3" in out
    text = outside_the_board(out)
    assert not re.search(r"\bp[0-9]\b", text), text


def test_one_person_is_asked_plainly_and_names_may_cover_every_seat() -> None:
    code, out = invoke("play", "planet", "--seats", "human,random", "--seed", "5", stdin="q\n")
    assert code == 0 and "\nYour move (number or text" in out
    args = ("play", "planet", "--seats", "human,random", "--seed", "5")
    code, out = invoke(*args, "--names", "Zoe,Robo", stdin="end\ny\nlog\nq\ny\n")
    assert code == 1 and "Zoe, your move" in out and "Robo" in out.split("Game log:", 1)[1]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Ann,Bob,Cy", "3 names given for 1 person and 2 seats"),
        ("Ann,ann", "two players would have the same name"),
        (",", "every name must be some printable text"),
        ("A" * 17, "longer than 16 characters"),
    ],
)
def test_bad_names_get_a_message(names: str, message: str) -> None:
    code, out = invoke("play", "planet", "--seats", "human,random", "--names", names)
    assert code == 2 and message in out and "Traceback" not in out


def test_quitting_asks_before_losing_a_game_in_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ("play", "planet", "--seats", "human,random", "--seed", "5")
    code, out = invoke(*args, stdin="move core S0\nq\nn\nmove core S2\nquit\ny\n")
    assert code == 1, out  # dropped unsaved
    assert out.count("This game is not saved.") == 2
    assert "Back to the game." in out and "bye (the game was not saved)" in out
    assert list(tmp_path.iterdir()) == []
    code, out = invoke(*args, stdin="move core S0\nq\ns\n")
    assert code == 0, out
    (saved,) = tmp_path.iterdir()
    assert saved.name.startswith("planet-") and saved.suffix == ".json"
    assert f"saved to {saved.name}" in out
    assert json.loads(saved.read_text())["actions"] == [[0, "move core S0"]]
    # nothing played yet: nothing to lose, no question
    code, out = invoke(*args, stdin="q\n")
    assert code == 0 and "not saved" not in out


def test_help_lists_every_command_and_legend_asks_the_renderers() -> None:
    from liftoff.cli import render
    from liftoff.cli.turn import COMMANDS

    code, out = invoke(
        "play", "planet", "--seats", "human,random", "--seed", "5", stdin="?\nlegend\nq\n"
    )
    assert code == 0, out
    helped = out.split("Commands", 1)[1].split("Your move", 1)[0]
    assert len(helped.splitlines()) <= 14
    for command in COMMANDS:
        assert f"\n  {command[:1]}" in helped and command in helped
    legend = getattr(render, "legend", None)
    if legend is None:
        assert "There is no legend for this game." in out
    else:  # drawn by the renderers' own function
        drawn = Console(width=80, file=io.StringIO(), record=True)
        drawn.print(legend("planet"))
        assert drawn.export_text().strip().splitlines()[0] in out


def random_positions(game: str, seed: int, players: int) -> list[tuple[State, int]]:
    g = liftoff.games.get(game)
    state, rng, out = g.new_game(players, seed), Rng(seed), []
    for _ in range(120):
        if state.is_over():
            break
        active = state.active_players()
        p = active[rng.below(len(active))]
        out.append((state.clone(), p))
        legal = state.legal_actions(p)
        state.apply_legal(p, legal[rng.below(len(legal))])
    return out


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
def test_typed_actions_are_read_case_insensitively(game: str) -> None:
    """``MOVE CORE s0``, ``Keep o05,o16``, ``PLACE 3``: every legal action's text in
    upper, lower or swapped case reads as that action; nonsense is still refused."""
    g = liftoff.games.get(game)
    checked = 0
    for state, p in random_positions(game, 7, 3)[::3]:
        for action in state.legal_actions(p):
            text = str(action)
            for variant in (text.upper(), text.lower(), text.swapcase(), text.title()):
                assert g.parse_action(state, p, variant) == action, (text, variant)
                checked += 1
        with pytest.raises(IllegalAction):
            g.parse_action(state, p, "FLY TO THE MOON")
    assert checked > 100


def test_play_help_names_the_live_paces() -> None:
    """The tour's `medium@relaxed` is explained where a person looks for it."""
    from liftoff.bots.seats import SEAT_SPEEDS

    code, out = invoke("play", "--help")
    assert code == 0
    words = " ".join(out.replace("│", " ").split())
    assert "medium@relaxed" in words and "easy@2.5s" in words, words
    assert all(pace in words for pace in SEAT_SPEEDS), words
