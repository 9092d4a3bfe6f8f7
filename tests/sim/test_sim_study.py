"""``liftoff study agency``: the designer's loop in one command — simulate a
content and the content it is compared with, report the cards and seats
against the balance criterion, and finish an interrupted study on the next
run with the same report."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from liftoff.cli.main import build
from liftoff.games.agency.content import FILES, default_content, load_content
from liftoff.sim import SimInterrupted
from liftoff.sim.store import PARTIAL_CONFIG
from liftoff.sim.studies.agency_check import (
    Seats,
    Side,
    StudySettings,
    criterion,
    run_path,
    run_study,
    seat_figures,
)

DATA = resources.files("liftoff.games.agency.data")
#: small sizes: random bots play an agency game in a few hundredths of a second
SMALL = ["--games", "3", "--players", "2,3", "--bots", "random", "--seed", "5", "--quiet"]


def _changed(tmp: Path) -> Path:
    """Shipped content with both Weather Satellites paying 3 money instead of 2."""
    out = tmp / "cards"
    out.mkdir()
    text = DATA.joinpath("missions.toml").read_text("utf-8")
    old = 'name = "Weather Satellite"\nlevel = 1\nweight = 1\npoints = 0\n'
    old += 'effects = [{kind = "money", amount = 2}]'
    assert text.count(old) == 2
    (out / "missions.toml").write_text(text.replace(old, old.replace("2}", "3}")), "utf-8")
    return out


def _study(args: list[str]) -> Any:
    return CliRunner().invoke(build(), ["study", "agency", *args])


def test_the_study_reports_both_contents_and_says_which_items_pass(tmp_path: Path) -> None:
    cards, out = _changed(tmp_path), tmp_path / "out"
    done = _study(["--content", str(cards), "--compare", "shipped", "--out", str(out), *SMALL])
    assert done.exit_code == 0, done.output
    data = json.loads((out / "study.json").read_text("utf-8"))
    labels = [c["label"] for c in data["contents"]]
    assert labels == ["cards", "shipped"]
    assert data["contents"][1]["fingerprint"] == default_content().fingerprint
    assert data["contents"][0]["fingerprint"] == load_content(cards).fingerprint
    for content in data["contents"]:
        assert [i["item"] for i in content["criterion"]] == [
            "no card design is dominant or weak",
            "every card design is used in at least 1% of games",
            "every seat wins within 5 points of a fair share",
        ]
        assert content["games"] == 6  # 3 games at 2 and at 3 players
        word = "meets" if content["passed"] else "does not meet"
        assert f"{content['label']} ({content['fingerprint']}, 6 games) {word}" in done.output
    page = (out / "report.html").read_text("utf-8")
    assert "Wilson" in page and "Holm" in page
    weather = page.split("<td class='changed'>M1-01/02</td>", 1)
    assert len(weather) == 2, "the changed card is not marked"
    assert "<td class='changed'>M1-03" not in page
    for side in ("content", "compare"):
        meta = json.loads((run_path(out, side, 2) / "meta.json").read_text("utf-8"))
        assert meta["config"]["keep_records"] == 3
    assert (
        "--content"
        in json.loads((run_path(out, "content", 3) / "meta.json").read_text())["command"]
    )


def test_an_interrupted_study_run_again_gives_the_same_report(tmp_path: Path) -> None:
    cards = _changed(tmp_path)
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    args = ["--content", str(cards), "--compare", "shipped", *SMALL]
    assert _study([*args, "--out", str(whole)]).exit_code == 0
    side = Side("cards", load_content(cards), str(cards.resolve()))
    shipped = Side("shipped", default_content(), "")
    settings = StudySettings(games=3, players=(2, 3), bots="random", seed=5)
    played = [0]

    def stop_in_the_third_run(n: int) -> None:
        played[0] += n
        if played[0] == 8:  # the third run (compare, 2 players) has played 2 of 3
            raise KeyboardInterrupt

    with pytest.raises(SimInterrupted):
        run_study(cut, [side, shipped], settings, progress=stop_in_the_third_run)
    assert (run_path(cut, "compare", 2) / PARTIAL_CONFIG).is_file()
    assert not run_path(cut, "compare", 3).exists()
    again = _study([*args, "--out", str(cut)])
    assert again.exit_code == 0, again.output
    assert not (run_path(cut, "compare", 2) / PARTIAL_CONFIG).is_file()
    for name in ("report.html", "study.json"):
        assert (cut / name).read_bytes() == (whole / name).read_bytes(), name
    for run in ("content/2p", "content/3p", "compare/2p", "compare/3p"):
        for name in ("games.jsonl", "meta.json"):
            assert (cut / run / name).read_bytes() == (whole / run / name).read_bytes()


def test_a_study_refuses_to_mix_runs_of_other_settings(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = ["--content", "shipped", "--out", str(out), *SMALL]
    assert _study(first).exit_code == 0
    cards = str(_changed(tmp_path))
    other = _study(["--content", cards, "--out", str(out), *SMALL])
    assert other.exit_code == 2 and "other settings" in other.output
    forced = _study(["--content", cards, "--out", str(out), "--force", *SMALL])
    assert forced.exit_code == 0, forced.output
    assert json.loads((out / "study.json").read_text())["contents"][0]["label"] == "cards"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--content", "nowhere-at-all"], "neither a content directory nor a content set"),
        (["--content", "shipped", "--players", "5"], "2-4 players"),
        (["--content", "shipped", "--games", "0"], "at least 1"),
    ],
)
def test_bad_study_input_is_refused_in_one_line(tmp_path: Path, args: list[str], says: str) -> None:
    done = _study([*args, "--out", str(tmp_path / "out")])
    assert done.exit_code == 2 and says in done.output


def test_seat_shares_count_shared_wins_and_the_band_is_five_points() -> None:
    rows = [{"winners": [0]}, {"winners": [1]}, {"winners": [0, 1]}, {"winners": [1]}]
    seats = seat_figures(rows, 2)
    assert seats.shares == (0.375, 0.625) and seats.games == 4
    assert seats.off == [0, 1]
    near = Seats(4, 100, (0.20, 0.25, 0.25, 0.30), ((0, 1),) * 4, 1.0)
    assert near.off == []  # exactly 5 points off is within
    items = criterion([], [near])
    assert [i.passed for i in items] == [True, True, True]


def test_kept_content_sets_can_be_studied_by_name(tmp_path: Path) -> None:
    from liftoff.games.agency.sets import named_sets

    name = next(iter(named_sets()))
    out = tmp_path / "out"
    done = _study(["--content", name, "--out", str(out), *SMALL[:2], "--players", "2",
                   "--bots", "random", "--quiet"])  # fmt: skip
    assert done.exit_code == 0, done.output
    assert json.loads((out / "study.json").read_text())["contents"][0]["label"] == name
    assert set(FILES) <= {p.stem for p in (Path(str(DATA)) / "sets" / name).iterdir()}
