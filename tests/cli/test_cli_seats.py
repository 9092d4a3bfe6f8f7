"""One seat grammar: play, simulate and tournament read a bot list alike."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import liftoff
from liftoff.bots.seats import SeatError, parse_seat, parse_seats
from liftoff.cli.main import build

runner = CliRunner()


def _commands(seats: str, tmp_path: Path) -> dict[str, list[str]]:
    return {
        "play": ["play", "planet", "--seats", f"human;{seats}", "--seed", "1"],
        "simulate": [
            "simulate",
            "planet",
            "-p",
            "2",
            "-b",
            f"random;{seats}",
            "-n",
            "1",
            "--out",
            str(tmp_path / "sim"),
        ],
        "tournament": [
            "tournament",
            "planet",
            "-b",
            f"random;{seats}",
            "-n",
            "1",
            "--out",
            str(tmp_path / "t.jsonl"),
        ],
    }


def _error(args: list[str]) -> str:
    result = runner.invoke(build(), args, env={"LIFTOFF_NO_CLEAR": "1"})
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize(
    ("seats", "expected"),
    [
        ("ismcts:iterations=4;c=1", "a parameter without a bot (write ismcts:iterations=4,c=1)"),
        ("random:depth=3", "bot 'random' has no parameter 'depth'; its parameters: none"),
        (
            "heuristic:depth=3,mistakes=0.1",
            "bot 'heuristic' has no parameter 'depth'; its parameters: mistakes, slips",
        ),
        ("wizard", "unknown bot 'wizard'; known bots:"),
    ],
)
def test_play_simulate_and_tournament_refuse_a_bad_seat_alike(
    seats: str, expected: str, tmp_path: Path
) -> None:
    with pytest.raises(SeatError) as caught:
        [seat.make(0) for seat in parse_seats(seats)]
    errors = {name: _error(args) for name, args in _commands(seats, tmp_path).items()}
    assert len(set(errors.values())) == 1, errors
    message = errors["play"]
    assert expected in message and message == f"error: {caught.value}"
    assert "unexpected keyword" not in message


@pytest.fixture
def toy() -> Iterator[str]:
    """A run-time game without a heuristic policy (the race game renamed)."""
    game = copy.copy(liftoff.games.get("race"))
    game.info = dataclasses.replace(game.info, name="toy")  # type: ignore[misc]
    liftoff.games.register("toy", game)
    yield "toy"
    liftoff.games.unregister("toy")


@pytest.mark.parametrize("bot", ["heuristic", "medium", "ismcts:rollout=full"])
def test_a_bot_that_needs_a_heuristic_is_refused_for_a_game_without_one(
    toy: str, bot: str, tmp_path: Path
) -> None:
    with pytest.raises(SeatError, match="no heuristic bot for game 'toy'"):
        parse_seat(bot).check(toy)
    args = ["tournament", toy, "-b", f"random,{bot}", "-n", "1", "--out", str(tmp_path / "t")]
    assert "no heuristic bot for game 'toy'" in _error(args)
    sim = ["simulate", toy, "-p", "2", "-b", f"random,{bot}", "--out", str(tmp_path / "s")]
    assert "no heuristic bot for game 'toy'" in _error(sim)


def test_a_search_without_the_games_heuristic_rolls_out_at_random(toy: str) -> None:
    parse_seat("ismcts:iterations=2").check(toy)
    parse_seat("ismcts:iterations=2,rollout=heuristic").check(toy)
    parse_seat("random").check(toy)
