"""`undo` in `liftoff play`: a person takes back their own last decision, and the
bots' moves since, only when nothing taken back drew a card, rolled a die or
showed something hidden (the server's policy); another person's move since is
never taken back. The game is rebuilt from its record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import liftoff
from liftoff.bots import Bot
from liftoff.cli.main import build
from liftoff.cli.play import TerminalGame
from liftoff.cli.seats import TerminalSeat
from liftoff.cli.undo import plan_undo
from liftoff.engine import Action, Rng, State

runner = CliRunner()
app = build()
PLANET = ("play", "planet", "--seed", "5")


def invoke(*args: str, stdin: str) -> tuple[int, str]:
    result = runner.invoke(
        app, list(args), input=stdin, env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80"}
    )
    return result.exit_code, result.output


def actions(save: Path) -> list[list[object]]:
    played: list[list[object]] = json.loads(save.read_text())["actions"]
    return played


def test_undo_takes_back_ones_own_moves_one_by_one(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = invoke(
        *PLANET,
        "--seats",
        "human,random",
        "--save",
        str(save),
        stdin="move core S0\nmove core S2\nundo\nundo\nundo\nmove core S4\nq\n",
    )
    assert code == 0, out
    first, second = out.split("Taken back (1 move):")[1:]
    assert first.startswith("\n  You move an Alien from the Core to Exit S2\n")
    assert second.startswith("\n  You move an Alien from the Core to Exit S0\n")
    assert "You have no move to take back yet." in out
    assert actions(save) == [[0, "move core S4"]]
    record = json.loads(save.read_text())
    assert liftoff.games.get("planet").replay(record).version == 1


def test_a_move_that_drew_cards_stands(tmp_path: Path) -> None:
    """Ending the turn starts the next one, whose cards are drawn: it stands."""
    save = tmp_path / "g.json"
    code, out = invoke(
        *PLANET, "--seats", "human,random", "--save", str(save), stdin="end\nundo\nq\n"
    )
    assert code == 0, out
    assert "Nothing was taken back: your last move drew a card" in out
    assert actions(save)[0] == [0, "end"] and len(actions(save)) > 1


def test_another_persons_move_is_not_taken_back(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    stdin = "\nmove core S0\nend\n\nmove core S2\nundo\nend\n\nundo\nq\n"
    code, out = invoke(
        *PLANET, "--seats", "human,human", "--names", "Ann,Bob", "--save", str(save), stdin=stdin
    )
    assert code == 0, out
    assert "Taken back (1 move):\n  You move an Alien from the Core to Exit S2" in out
    assert "Bob has played since your last move: it stands" in out
    assert [a for _, a in actions(save)] == ["move core S0", "end", "end"]


class Script(Bot):
    """A bot that plays the moves of a game written down beforehand."""

    name = "script"

    def __init__(self, moves: list[Action]) -> None:
        self.moves = moves

    def choose(self, state: State, player: int) -> Action:
        return self.moves[state.version]


def random_game(seed: int, length: int) -> tuple[State, list[tuple[int, Action]]]:
    game = liftoff.games.get("planet")
    state, rng, moves = game.new_game(2, seed), Rng(seed), []
    for _ in range(length):
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        moves.append((p, legal[rng.below(len(legal))]))
        state.apply(p, moves[-1][1])
    return state, moves


def test_undo_takes_back_the_bots_moves_since_too(tmp_path: Path) -> None:
    """Planet seed 45, moves 129 and 130: the person's move, then a bot's, both
    undoable (found by search); the bot plays the same move again after undo."""
    _, moves = random_game(45, 131)
    assert [p for p, _ in moves[129:]] == [0, 1]
    game = liftoff.games.get("planet")
    start = game.new_game(2, 45)
    for p, a in moves[:129]:
        start.apply(p, a)
    seats = [TerminalSeat("human", None), TerminalSeat("script", Script([a for _, a in moves]))]
    save = tmp_path / "g.json"
    table = TerminalGame(game, start, seats, save)
    with runner.isolation(input=f"{moves[129][1]}\nundo\nq\n") as streams:
        with pytest.raises(typer.Exit):
            table.run()
        text = streams[0].getvalue().decode()
    assert "Taken back (2 moves):" in text
    taken = text.split("Taken back (2 moves):", 1)[1].splitlines()[1:3]
    assert taken[0].startswith("  You ") and taken[1].startswith("  Script 2 ")
    assert len(actions(save)) == 129


def test_the_plan_stops_at_anything_not_undoable() -> None:
    names = ["Ann", "Bob", "Heuristic 3"]
    assert plan_undo([0, 2, 2], [True] * 3, 0, [0, 1], names).start == 0
    assert plan_undo([1, 0, 2], [True] * 3, 0, [0, 1], names).start == 1
    refused = plan_undo([0, 2, 2], [True, False, True], 0, [0, 1], names)
    assert "Heuristic 3's move since" in refused.reason
    assert "Bob has played" in plan_undo([0, 1], [True, True], 0, [0, 1], names).reason
    # actions from before this terminal session (a loaded game) are not taken back
    assert "your last move" in plan_undo([0, 2], [True], 0, [0], names).reason
    assert plan_undo([1], [True], 0, [0], names).reason == "You have no move to take back yet."
