"""A mistyped move or command gets "did you mean …" with the closest legal
moves or commands (best first), in English and Japanese; text like no move
gets no guess."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from liftoff.cli.main import build

runner = CliRunner()
app = build()


def play(game: str, seed: str, stdin: str, lang: str = "en") -> str:
    args = ["play", game, "--seats", "human,random", "--seed", seed, "--lang", lang]
    env = {"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "200"}
    result = runner.invoke(app, args, input=stdin + "q\ny\n", env=env)
    return result.output


@pytest.mark.parametrize(("lang", "said"), [("en", "Did you mean {}?"), ("ja", "もしかして：{}")])
def test_a_mistyped_move_or_command_gets_the_closest_legal_ones(lang: str, said: str) -> None:
    out = play("planet", "7", "mvoe core S0\nedn\nboad\n", lang)
    lines = out.splitlines()
    near = said.split("{}")[0] + "move core S0"
    assert any(line.startswith(near) for line in lines), out  # the closest first
    assert said.format("end") in lines, out
    assert said.format("board") in lines, out


def test_agency_names_the_cards_that_may_be_kept() -> None:
    out = play("agency", "3", "kep O0\n")
    (line,) = [line for line in out.splitlines() if line.startswith("Did you mean")]
    offered = line.removeprefix("Did you mean ").rstrip("?").split(", ")
    assert offered and all(m.startswith("keep O") for m in offered), line


def test_text_like_no_move_gets_no_guess() -> None:
    out = play("planet", "7", "xyzzy plover\n")
    assert "cannot read 'xyzzy plover'" in out
    assert "Did you mean" not in out
