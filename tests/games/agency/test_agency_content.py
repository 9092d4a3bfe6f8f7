"""Agency content: counts and structure of the shipped files, validation of broken
files (path and field in every message), custom content and the CLI."""

from __future__ import annotations

import shutil
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from liftoff.cli.main import build
from liftoff.engine import ContentError
from liftoff.games.agency import GAME, load_game, validate_content
from liftoff.games.agency.content import FILES, load_content

C = GAME.content
DATA = resources.files("liftoff.games.agency.data")


def copy_data(tmp: Path) -> Path:
    out = tmp / "content"
    out.mkdir()
    for kind in FILES:
        (out / f"{kind}.toml").write_text(DATA.joinpath(f"{kind}.toml").read_text("utf-8"), "utf-8")
    return out


@pytest.mark.rules("AG-COMP-3", "AG-EX-2", "AG-COMP-1")
def test_specialists_counts_and_marks() -> None:
    specs = C.specialists.specialists
    assert len(specs) == 36
    marks = Counter(s.players for s in specs)
    assert marks == {2: 18, 3: 9, 4: 9}
    assert {s.banner.colour for s in specs} == {"blue", "yellow"}
    assert {s.banner.kind for s in specs} == {"money", "points", "capacity", "mission", "launch"}
    assert all(1 <= len(s.actions) <= 2 for s in specs)
    assert any(len(s.actions) == 2 for s in specs) and any(len(s.actions) == 1 for s in specs)


@pytest.mark.rules("AG-COMP-5", "AG-GAP-22")
def test_missions_counts_and_structure() -> None:
    ms = C.missions.missions
    assert len(ms) == 96
    assert Counter(m.level for m in ms) == {1: 24, 2: 24, 3: 24, 4: 24}
    assert Counter(m.players for m in ms) == {2: 64, 3: 16, 4: 16}
    assert any(m.hourglass for m in ms) and any(m.effects and not m.hourglass for m in ms)
    assert any(m.duplicates for m in ms)
    names = Counter(m.name for m in ms)
    assert max(names.values()) == 2  # copies exist: uniqueness matters
    # weights and points grow with the level
    for lv in (1, 2, 3):
        a = [m.points for m in ms if m.level == lv]
        b = [m.points for m in ms if m.level == lv + 1]
        assert sum(a) < sum(b)


@pytest.mark.rules("AG-COMP-6", "AG-COMP-7", "AG-COMP-4", "AG-COMP-2", "AG-GAP-3", "AG-GAP-24")
def test_technology_labs_objectives_board() -> None:
    assert sum(t.count for t in C.technology.technology) == 74
    assert [t.colour for t in C.technology.technology] == ["red", "yellow", "blue", "green"]
    assert len(C.labs.labs) == 8
    assert len(C.objectives.objectives) == 16
    b = C.board.board
    assert (
        b.start.money,
        b.income_track[0],
        b.income_track[-1],
        b.cost_track[0],
        b.capacity_track[0],
    ) == (10, 5, 9, 5, 1)
    assert b.objective_sale == 5
    assert {(r.phase, r.level) for r in b.requirements} == {
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (2, 3),
        (2, 4),
    }
    assert any(len(r.alternatives) > 1 for r in b.requirements)  # a slash on the board
    assert {s.bonus for s in b.station} == {"income", "green"}


def test_everything_is_labelled_a_reconstruction() -> None:
    for kind in FILES:
        data = tomllib.loads(DATA.joinpath(f"{kind}.toml").read_text("utf-8"))
        assert data["meta"]["reconstruction"] is True
        assert "RECONSTRUCTION" in data["meta"]["note"]
    assert C.reconstruction
    assert GAME.new_game(2, 1).view(0)["reconstruction"] is True


@pytest.mark.rules("AG-GAP-1")
def test_broken_files_report_path_and_field(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    missions = d / "missions.toml"
    text = missions.read_text("utf-8")
    # wrong type
    missions.write_text(text.replace("weight = 2", 'weight = "heavy"', 1), "utf-8")
    problems = validate_content(str(missions))
    assert problems and all(p[0] == str(missions) for p in problems)
    assert any(p[1].startswith("M") and p[1].endswith(".weight") for p in problems)
    # a missing field, named by the card's id
    first = C.missions.missions[0].id
    missions.write_text(text.replace("level = 1\n", "", 1), "utf-8")
    problems = validate_content(str(missions))
    assert any(p[1] == f"{first}.level" and "required" in p[2].lower() for p in problems)
    # wrong counts
    cut = text.split("[[missions]]")
    missions.write_text("[[missions]]".join(cut[:-1]), "utf-8")
    problems = validate_content(str(missions))
    assert any("96" in p[2] for p in problems)
    # a broken effect
    missions.write_text(text.replace('kind = "money"', 'kind = "gold"', 1), "utf-8")
    problems = validate_content(str(missions))
    assert any(".effects[0]" in p[1] for p in problems)


def test_dangling_and_cross_file_errors(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    specs = d / "specialists.toml"
    text = specs.read_text("utf-8")
    specs.write_text(text.replace('id = "S02"', 'id = "S01"', 1), "utf-8")
    problems = validate_content(str(d))
    assert any(p[1] == "S01" and "duplicate" in p[2] and "1 and 2" in p[2] for p in problems)
    specs.write_text(text.replace("players = 3", "players = 2", 1), "utf-8")
    problems = validate_content(str(specs))
    assert any("'3' mark" in p[2] for p in problems)
    specs.write_text(text, "utf-8")
    board = d / "board.toml"
    btext = board.read_text("utf-8")
    board.write_text(btext.replace('"3" = [9, 11]', '"3" = [9, 40]'), "utf-8")
    problems = validate_content(str(board))
    assert any(p[1] == "board.neutral.3" and "40" in p[2] for p in problems)
    board.write_text(btext.replace("phase = 2\nlevel = 4", "phase = 2\nlevel = 3", 1), "utf-8")
    problems = validate_content(str(board))
    assert any("level 4 in phase 2" in p[2] for p in problems)
    board.write_text(btext, "utf-8")
    objectives = d / "objectives.toml"
    otext = objectives.read_text("utf-8")
    objectives.write_text(otext.replace('what = "station"', 'what = "stations"', 1), "utf-8")
    problems = validate_content(str(objectives))
    assert any(".counts.what" in p[1] for p in problems)
    with pytest.raises(ContentError) as err:
        load_content(d)
    assert str(objectives) in str(err.value)


def test_not_toml_and_unknown_files(tmp_path: Path) -> None:
    bad = tmp_path / "missions.toml"
    bad.write_text("this is = = not toml", "utf-8")
    assert validate_content(str(bad))[0][1] == "(file)"
    other = tmp_path / "stuff.toml"
    other.write_text("x = 1\n", "utf-8")
    assert validate_content(str(other))[0][1] == "meta.kind"


@pytest.mark.rules("AG-LR-9")
def test_custom_content_directory(tmp_path: Path) -> None:
    d = tmp_path / "mine"
    d.mkdir()
    board = (
        DATA.joinpath("board.toml")
        .read_text("utf-8")
        .replace("objective_sale = 5", "objective_sale = 7")
    )
    (d / "board.toml").write_text(board, "utf-8")
    game = load_game(d)
    assert game.content.board.board.objective_sale == 7
    assert game.content.mission == C.mission  # missing files fall back to the shipped ones
    assert game.content.fingerprint != C.fingerprint
    s = game.new_game(2, 1)
    record = s.record()
    assert game.replay(record).to_json() == s.to_json()
    with pytest.raises(ValueError, match="content"):
        GAME.replay(record)
    assert load_game(None).content.fingerprint == C.fingerprint


def test_cli_validate(tmp_path: Path) -> None:
    runner = CliRunner()
    app = build()
    ok = runner.invoke(app, ["content", "validate", str(DATA)])  # type: ignore[list-item]
    assert ok.exit_code == 0, ok.output
    assert "valid" in ok.output
    d = copy_data(tmp_path)
    shutil.copy(d / "labs.toml", d / "spare.toml")
    labs = d / "labs.toml"
    labs.write_text(labs.read_text("utf-8").replace("vp_phase1 = 9", "vp_phase1 = 1"), "utf-8")
    bad = runner.invoke(app, ["content", "validate", str(labs), "--game", "agency"])
    assert bad.exit_code == 1
    assert "labs" in bad.output and "AG-LAB-1" in bad.output.replace("\n", "")
    missing = runner.invoke(app, ["content", "validate", str(tmp_path / "nope.toml")])
    assert missing.exit_code != 0


@pytest.mark.rules("AG-GAP-1")
def test_validate_reports_every_kind_of_error_at_once_by_card_id(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    missions = d / "missions.toml"
    text = missions.read_text("utf-8")
    # a type error in M1-01 and a duplicate id (M1-03 written as M1-02) in one file
    broken = text.replace(
        'id = "M1-01"\nname = "Weather Satellite"\nlevel = 1\nweight = 1',
        'id = "M1-01"\nname = "Weather Satellite"\nlevel = 1\nweight = "heavy"',
        1,
    ).replace('id = "M1-03"', 'id = "M1-02"', 1)
    missions.write_text(broken, "utf-8")
    labs = d / "labs.toml"
    labs.write_text(labs.read_text("utf-8").replace('id = "L02"', 'id = "L01"', 1), "utf-8")
    for problems in (validate_content(str(d)), validate_content(str(missions))):
        fields = {p[1] for p in problems if p[0] == str(missions)}
        assert "M1-01.weight" in fields  # by card id, not missions[0]
        assert "M1-02" in fields  # the duplicate, in the same run as the type error
        assert not any("missions[" in p[1] for p in problems)
    together = validate_content(str(d))
    assert any(p[0] == str(labs) and p[1] == "L01" and "duplicate" in p[2] for p in together)
    alone = validate_content(str(labs))
    assert [p[1] for p in alone] == ["L01"]
    result = CliRunner().invoke(build(), ["content", "validate", str(d)])
    assert result.exit_code == 1
    assert "M1-01.weight" in result.output and "L01" in result.output
    assert "3 problem(s)" in result.output


@pytest.mark.rules("AG-GAP-3")
def test_a_nesting_requirement_table_is_refused(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    board = d / "board.toml"
    text = board.read_text("utf-8")
    board.write_text(
        text.replace(
            "alternatives = [{red = 3}, {green = 3}]", "alternatives = [{red = 2}, {green = 3}]"
        ),
        "utf-8",
    )
    problems = validate_content(str(board))
    assert any("level 3's 2 red + 2 yellow also meets level 1's 2 red" in p[2] for p in problems)


@pytest.mark.rules("AG-GAP-8")
def test_the_board_file_no_longer_carries_missions_per_round(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    board = d / "board.toml"
    board.write_text(
        board.read_text("utf-8").replace(
            "missions_per_level = 7", "missions_per_round = 3\nmissions_per_level = 7"
        ),
        "utf-8",
    )
    problems = validate_content(str(board))
    assert any(p[1] == "board.missions_per_round" for p in problems)  # the option decides
    assert GAME.options["missions_per_round"].default == 3
