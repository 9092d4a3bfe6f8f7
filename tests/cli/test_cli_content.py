"""``liftoff content validate`` goes through the Game API (``content_files``,
``validate_content``) and picks the game from the files it is given."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import liftoff
from liftoff.cli.main import build
from liftoff.engine import Game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))  # the toy game
import toygame

runner = CliRunner()
TOY_DATA = Path(toygame.__file__).parent / "data"


@pytest.fixture
def toy() -> Iterator[None]:
    liftoff.games.register("toy", toygame.GAME)
    try:
        yield
    finally:
        liftoff.games.unregister("toy")


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(build(), ["content", "validate", *args])
    return result.exit_code, " ".join(result.output.split())


def test_valid_content_found_by_its_file_names(toy: None) -> None:
    assert run(str(TOY_DATA)) == (0, f"{TOY_DATA}: valid toy content")
    code, out = run(str(TOY_DATA / "cards.toml"))
    assert code == 0 and "valid toy content" in out
    code, out = run(str(TOY_DATA), "--game", "toy")
    assert code == 0 and "valid toy content" in out


def test_every_problem_is_listed(toy: None, tmp_path: Path) -> None:
    bad = tmp_path / "cards.toml"
    bad.write_text('[[cards]]\nid = "b"\npoints = 0\nextra = 1\n', encoding="utf-8")
    code, out = run(str(bad))
    assert code == 1
    assert "cards[0].points: card 'b': Input should be greater than or equal to 1" in out
    assert "cards[0].extra" in out
    assert "problem(s)" in out


def test_no_game_or_several_games_is_a_clear_error(toy: None, tmp_path: Path) -> None:
    stray = tmp_path / "stray.toml"
    stray.write_text("x = 1\n", encoding="utf-8")
    code, out = run(str(stray))
    assert code == 2 and "cannot tell which game" in out and "--game" in out
    code, out = run(str(tmp_path / "missing"))
    assert code == 2 and "does not exist" in out

    class Twin(toygame.ToyGame):
        pass

    liftoff.games.register("toy2", Twin())
    try:
        code, out = run(str(TOY_DATA))
        assert code == 2 and "several games (toy, toy2)" in out
        code, out = run(str(TOY_DATA), "--game", "toy2")
        assert code == 0 and "valid toy content" in out
    finally:
        liftoff.games.unregister("toy2")


def test_a_game_without_content_is_refused(tmp_path: Path) -> None:
    for name in liftoff.games.names():
        if not liftoff.games.get(name).content_files():
            code, out = run(str(tmp_path), "--game", name)
            assert code == 2 and f"{name} has no content files to validate" in out
    code, out = run(str(tmp_path), "--game", "no-such-game")
    assert code == 2 and "unknown game" in out


AGENCY = liftoff.games.get("agency")


@pytest.mark.skipif(
    type(AGENCY).validate_content is Game.validate_content,
    reason="agency's Game does not implement validate_content here",
)
def test_agency_content(tmp_path: Path) -> None:
    data = Path(liftoff.games.agency.__file__).parent / "data"  # type: ignore[attr-defined]
    code, out = run(str(data))
    assert code == 0 and "valid agency content" in out
    missions = tmp_path / "missions.toml"
    missions.write_text("this is = = not toml", encoding="utf-8")
    code, out = run(str(missions))
    assert code == 1 and "missions.toml" in out
