"""Planet's content is declared on its Game: the files it reads, their
validation (every problem named by file, card or Lift Off Point id, and field),
and a game bound to a folder of replacement files."""

from __future__ import annotations

from pathlib import Path

import pytest

import liftoff.games.planet as planet
from liftoff.engine import ContentError
from liftoff.games.planet import GAME, PlanetGame, load_game

DATA = Path(planet.__file__).parent / "data"


def copy(tmp_path: Path, name: str, edit: tuple[str, str] | None = None) -> Path:
    """The shipped ``name`` copied into ``tmp_path``, with one text replacement."""
    text = (DATA / name).read_text(encoding="utf-8")
    if edit is not None:
        assert edit[0] in text
        text = text.replace(edit[0], edit[1], 1)
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path / name


def test_the_game_declares_its_content_files() -> None:
    assert GAME.content_files() == ("deck.toml", "lift_off_points.toml", "board.toml")
    for name in GAME.content_files():
        assert (DATA / name).is_file()
        assert GAME.validate_content(DATA / name) == []
    assert GAME.validate_content(DATA) == []


def test_a_broken_deck_names_file_card_and_field(tmp_path: Path) -> None:
    deck = copy(tmp_path, "deck.toml", ('code = "moon"\nname = "Move the Moon!"', ""))
    text = deck.read_text(encoding="utf-8")
    start = text.index('code = "tornado"')
    text = text[:start] + text[start:].replace("count = ", "count = -", 1)
    deck.write_text(text, encoding="utf-8")
    problems = GAME.validate_content(deck)
    assert len(problems) >= 2
    files = {file for file, _, _ in problems}
    assert files == {str(deck)}
    fields = {field: message for _, field, message in problems}
    assert "tornado.count" in fields, problems
    assert "greater than or equal to 0" in fields["tornado.count"]
    # the card lost its code: it is named by its position
    assert any(field.startswith("cards[3]") for field in fields), problems
    # a folder holding the file reports the same problems
    assert GAME.validate_content(tmp_path) == problems
    with pytest.raises(ContentError) as err:
        GAME.load_content(tmp_path)
    assert err.value.problems == problems


def test_a_duplicate_lift_off_point_is_named(tmp_path: Path) -> None:
    points = copy(tmp_path, "lift_off_points.toml", ('id = "rocket"', 'id = "satellite"'))
    problems = GAME.validate_content(points)
    assert [(f, field) for f, field, _ in problems] == [(str(points), "satellite")]
    assert "duplicate id 'satellite'" in problems[0][2]


def test_cross_file_problems_name_the_file_and_field(tmp_path: Path) -> None:
    board = copy(tmp_path, "board.toml", ('"jetpack"]', '"hoverboard"]'))
    assert GAME.validate_content(board) == [
        (str(board), "first_game", "unknown Lift Off Points ['hoverboard']")
    ]
    board = copy(tmp_path, "board.toml", ('A = ["star"', 'C = ["star"'))
    problems = GAME.validate_content(board)
    assert [(f, field) for f, field, _ in problems] == [(str(board), "moon_models")]
    assert "'A'" in problems[0][2]


def test_a_file_that_is_not_planet_content(tmp_path: Path) -> None:
    other = tmp_path / "cards.toml"
    other.write_text("x = 1\n", encoding="utf-8")
    [(file, field, message)] = GAME.validate_content(other)
    assert (file, field) == (str(other), "(file)")
    assert "deck.toml" in message
    [(file, _, message)] = GAME.validate_content(tmp_path / "missing.toml")
    assert message == "does not exist"


def test_a_folder_with_one_replaced_file_loads(tmp_path: Path) -> None:
    copy(tmp_path, "deck.toml", ("count = 24\n", "count = 30\n"))  # 30 Fuel cards
    game = GAME.load_content(tmp_path)
    assert isinstance(game, PlanetGame) and game is not GAME
    assert game.content.deck.cards[0].count == 30
    assert game.content.points == GAME.content.points  # the shipped file
    assert game.content.board == GAME.content.board
    assert game.content_fingerprint() != GAME.content_fingerprint()
    s = game.new_game(3, 1)
    assert s.cfg.deck_counts[0] == 30
    assert s.invariants() == []
    assert load_game(tmp_path).content_fingerprint() == game.content_fingerprint()
    # a record made on it replays on the same content only
    assert game.replay(s.record()).to_json() == s.to_json()


def test_an_empty_folder_is_the_shipped_content(tmp_path: Path) -> None:
    assert GAME.load_content(tmp_path).content_fingerprint() == GAME.content_fingerprint()


def test_loading_needs_a_folder(tmp_path: Path) -> None:
    deck = copy(tmp_path, "deck.toml")
    with pytest.raises(ContentError):
        GAME.load_content(deck)
    with pytest.raises(ContentError):
        GAME.load_content(tmp_path / "nowhere")
