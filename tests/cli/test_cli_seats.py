"""One seat grammar: play, simulate and tournament read a bot list alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from liftoff.bots.seats import SeatError, parse_seats
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
