"""`undo` in `liftoff play`: a person takes back their own last decision, and the
bots' moves since, only when the engine lets each of them be taken back (it
revealed nothing to anyone: no card drawn, dealt, turned up or shown, no roll
— the server's rule too); another person's move since is never taken back. The
game is rebuilt from its record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import liftoff
from liftoff.bots import Bot, make
from liftoff.cli.main import build
from liftoff.cli.play import TerminalGame
from liftoff.cli.seats import TerminalSeat
from liftoff.cli.undo import plan_undo
from liftoff.engine import Action, Rng, State
from liftoff.games.planet.testing import position

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
        *PLANET, "--seats", "human,random", "--save", str(save), stdin="end\ny\nundo\nq\n"
    )
    assert code == 0, out
    assert "Nothing was taken back" in out  # the bot's moves since stand too
    assert actions(save)[0] == [0, "end"] and len(actions(save)) > 1


def test_another_persons_move_is_not_taken_back(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    stdin = "\nmove core S0\nend\ny\n\nmove core S2\nundo\nend\ny\n\nundo\nq\n"
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


def test_the_plan_stops_at_anything_the_engine_does_not_take_back() -> None:
    names = ["Ann", "Bob", "Cyd"]
    s = position(3, slots=("bonfire", "satellite", "rocket", "jetpack"), draw="S " * 12)
    s._history = []
    assert plan_undo(s, 0, [0], names).reason == "You have no move to take back yet."
    s.keep_undo()
    for seat, move in ((0, "move core S0"), (0, "end"), (1, "move core S0"), (1, "end")):
        s.apply(seat, move)
    s.apply(2, "move core S0")
    plan = plan_undo(s, 2, [2], names)  # Cyd's move, on a copy
    assert plan.state is not None and plan.state.version == 4 and s.version == 5
    assert [(p, str(a)) for p, a in plan.taken] == [(2, "move core S0")]
    # Ann's end drew cards, and so did Bob's since: Bob's stands in the way
    assert plan_undo(s, 0, [0], names).reason.startswith("Nothing was taken back: Bob's move")
    assert "Bob has played since" in plan_undo(s, 0, [0, 1], names).reason
    mine = plan_undo(s, 1, [1], names).reason
    assert mine.startswith("Nothing was taken back. What it showed the other players is now")
    # a game opened here keeps nothing from before
    again = liftoff.games.get("planet").from_json(s.to_json())
    assert "Only a move played here" in plan_undo(again, 2, [2], names).reason
    s.keep_undo(0)
    assert "The position before it was not kept" in plan_undo(s, 2, [2], names).reason


def played_to(game: str, seed: int, moves: int, pick: Any) -> tuple[State, int, Action]:
    """A game of two dealt from ``seed`` after ``moves - 1`` moves picked by
    ``pick(state) -> (seat, move)``, and the next move and its seat."""
    state = liftoff.games.get(game).new_game(2, seed)
    for _ in range(moves - 1):
        state.apply(*pick(state))
    seat, action = pick(state)
    return state, seat, action


def take_back_at_the_terminal(state: State, seat: int, action: Action, tmp_path: Path) -> str:
    """A person at ``seat`` (a random bot at the other) plays ``action``, then
    asks for it back: what the terminal said."""
    bots = [TerminalSeat("random", make("random", seed=3)), TerminalSeat("human", None)]
    seats = bots[1:] + bots[:1] if seat == 0 else bots
    game = liftoff.games.get(state.game.info.name)
    table = TerminalGame(game, state, seats, tmp_path / "g.json")
    with runner.isolation(input=f"{action}\nundo\nq\n") as streams:
        with pytest.raises(typer.Exit):
            table.run()
        return " ".join(streams[0].getvalue().decode().split())


@pytest.mark.rules("API-UNDO")
def test_agency_the_move_that_ends_a_round_deals_cards_and_stands(tmp_path: Path) -> None:
    """Agency seed 1, the lowest seat that may act taking its first move: the
    26th, a launch, ends the round and deals new specialists (found by search)."""

    def first(state: State) -> tuple[int, Action]:
        seat = min(state.active_players())
        return seat, state.legal_actions(seat)[0]

    state, seat, action = played_to("agency", 1, 26, first)
    assert str(action).startswith("launch ")
    said = take_back_at_the_terminal(state, seat, action, tmp_path)
    assert "Nothing was taken back. The cards it showed you are now known" in said
    assert actions(tmp_path / "g.json")[25] == [seat, str(action)]


@pytest.mark.rules("API-UNDO", "PL-TELE-4")
def test_planet_the_last_pledge_at_the_teleport_draws_cards_and_stands(tmp_path: Path) -> None:
    """Planet seed 16, moves picked by ``Rng(16)``: the 8th, ``pledge 0``, closes
    the Teleport's window and the next turn's cards are drawn (found by search)."""
    rng = Rng(16)

    def seeded(state: State) -> tuple[int, Action]:
        seat = state.active_players()[0]
        legal = state.legal_actions(seat)
        return seat, legal[rng.below(len(legal))]

    state, seat, action = played_to("planet", 16, 8, seeded)
    assert str(action) == "pledge 0"
    pledged = state.clone()
    pledged.keep_undo()
    pledged.apply(seat, action)
    refused = plan_undo(pledged, seat, [seat], ["Ann", "Bob"]).reason
    assert refused.startswith("Nothing was taken back.") and "now known" in refused
    said = take_back_at_the_terminal(state, seat, action, tmp_path)
    assert "Nothing was taken back" in said  # the bot's moves since (cards paid) too
    assert actions(tmp_path / "g.json")[7] == [seat, "pledge 0"]
