"""Replaceable race content, declared on the Game: content_files,
validate_content (problems naming the planet) and load_content."""

from __future__ import annotations

from pathlib import Path

import pytest

import liftoff
from liftoff.engine import ContentError, OptionError, ReplayError, Rng
from liftoff.games.race import validate_content
from liftoff.games.race.game import RaceGame

GAME = liftoff.games.get("race")
NAMES = ["Beta Minor", "Alpha", "Pios Proxima", "Gamma", "Delta"]

pytestmark = pytest.mark.rules("RC-GAP-1", "RC-COMP-9")


def _table(vps: list[int], names: list[str] = NAMES, *, extra: str = "") -> str:
    body = "".join(
        f'[[planets]]\nname = "{n}"\nterraforming = {0 if n == "Beta Minor" else 1}\n'
        f"vp = {v}\nore = 2\n{extra}"
        for n, v in zip(names, vps, strict=True)
    )
    return f'reconstructed = false\nnote = "a transcription"\n{body}'


def _folder(tmp_path: Path, text: str, name: str = "planets.toml") -> Path:
    folder = tmp_path / "content"
    folder.mkdir()
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def _play(state: object, steps: int = 80) -> None:
    rng = Rng(3)
    for _ in range(steps):
        if state.is_over():  # type: ignore[attr-defined]
            return
        p = rng.choice(state.active_players())  # type: ignore[attr-defined]
        state.apply(p, rng.choice(state.legal_actions(p)))  # type: ignore[attr-defined]


def test_content_files_are_declared() -> None:
    assert GAME.content_files() == ("planets.toml",)
    assert GAME.content_fingerprint() == ""
    assert GAME.version.content == ""


def test_the_shipped_table_and_a_good_folder_are_valid(tmp_path: Path) -> None:
    shipped = Path(liftoff.games.race.__file__).parent / "data" / "planets.toml"
    assert GAME.validate_content(shipped) == []
    folder = _folder(tmp_path, _table([5, 4, 3, 2, 1]))
    assert GAME.validate_content(folder) == []
    assert validate_content(str(folder / "planets.toml")) == []
    empty = tmp_path / "empty"
    empty.mkdir()
    assert GAME.validate_content(empty) == []  # the shipped table is used


def test_problems_name_the_planet_and_field(tmp_path: Path) -> None:
    bad = _table([5, 9, 3, 2, 1], ["Beta Minor", "Alpha", "Alpha", "Gamma", "Delta"])
    folder = _folder(tmp_path, bad)
    problems = GAME.validate_content(folder)
    where = str(folder / "planets.toml")
    assert (where, "Alpha.vp", "Input should be less than or equal to 5") in problems
    assert any(p[:2] == (where, "Alpha") and "duplicate" in p[2] for p in problems)
    assert all(p[0] == where for p in problems)
    broken = tmp_path / "broken.toml"
    broken.write_text("reconstructed = \n", encoding="utf-8")
    assert GAME.validate_content(broken)[0][:2] == (str(broken), "(file)")
    assert GAME.validate_content(tmp_path / "nowhere.toml")[0][2] == "does not exist"


def test_duplicates_alone_are_named_once(tmp_path: Path) -> None:
    names = ["Beta Minor", "Alpha", "Alpha", "Gamma", "Delta"]
    problems = GAME.validate_content(_folder(tmp_path, _table([1, 2, 3, 4, 5], names)))
    assert [p[1] for p in problems] == ["Alpha"]


def test_load_content_binds_a_new_game_to_the_folder(tmp_path: Path) -> None:
    folder = _folder(tmp_path, _table([5, 5, 5, 5, 5]))
    game = GAME.load_content(folder)
    assert isinstance(game, RaceGame) and game is not GAME
    assert len(game.content_fingerprint()) == 16
    s = game.new_game(2, 4)
    view = s.view(0)
    assert {p["vp"] for p in view["planets"]} == {5}
    assert view["planet_table"] == {
        "reconstructed": False,
        "source": str(folder / "planets.toml"),
    }
    _play(s)
    record = s.record()
    assert record["version"]["content"] == game.content_fingerprint()
    assert game.replay(record).to_json() == s.to_json()
    assert game.from_json(s.to_json()).to_json() == s.to_json()
    with pytest.raises(ReplayError):
        GAME.replay(record)  # other content: refused, not replayed differently
    # the shipped game is unchanged
    assert {p["vp"] for p in GAME.new_game(2, 4).view(0)["planets"]} != {5}


def test_json_files_work_too(tmp_path: Path) -> None:
    import json
    import tomllib

    data = tomllib.loads(_table([1, 2, 3, 4, 5]))
    folder = _folder(tmp_path, json.dumps(data), "planets.json")
    game = GAME.load_content(folder)
    planets = game.new_game(2, 0).view(0)["planets"]
    assert sorted(p["vp"] for p in planets) == [1, 2, 3, 4, 5]


def test_a_folder_without_planets_or_with_the_shipped_file_plays_the_shipped_table(
    tmp_path: Path,
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    plain = GAME.load_content(empty)
    assert plain.content_fingerprint() == ""
    assert plain.new_game(3, 7).to_json() == GAME.new_game(3, 7).to_json()
    shipped = Path(liftoff.games.race.__file__).parent / "data" / "planets.toml"
    same = GAME.load_content(_folder(tmp_path, shipped.read_text(encoding="utf-8")))
    assert same.content_fingerprint() == ""
    s = same.new_game(2, 2)
    _play(s)
    assert GAME.replay(s.record()).to_json() == s.to_json()


def test_bad_content_raises_content_error(tmp_path: Path) -> None:
    folder = _folder(tmp_path, _table([5, 9, 3, 2, 1]))
    with pytest.raises(ContentError) as err:
        GAME.load_content(folder)
    assert err.value.problems == [
        (str(folder / "planets.toml"), "Alpha.vp", "Input should be less than or equal to 5")
    ]
    with pytest.raises(ContentError):
        GAME.load_content(tmp_path / "missing")


def test_the_planets_option_still_names_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(_table([2, 2, 2, 2, 2]), encoding="utf-8")
    game = GAME.load_content(_folder(tmp_path, _table([5, 5, 5, 5, 5])))
    for g in (GAME, game):
        s = g.new_game(2, 1, {"planets": str(path)})
        assert {p["vp"] for p in s.view(0)["planets"]} == {2}
        assert s.view(0)["planet_table"]["source"] == str(path)
    with pytest.raises(OptionError):
        game.new_game(2, 1, {"planets": str(tmp_path / "none.toml")})
