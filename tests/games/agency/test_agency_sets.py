"""Named content sets: today's card files are kept under a name, and a record
made on them replays on them after the shipped cards change (AG-LR-9)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from liftoff.engine import ReplayError
from liftoff.games.agency import GAME, load_game
from liftoff.games.agency.content import FILES, by_fingerprint
from liftoff.games.agency.sets import SHIPPED, load_set, named_sets, resolve, set_dir, set_for

DATA = resources.files("liftoff.games.agency.data")
FIXTURES = Path(__file__).resolve().parents[2] / "records" / "fixtures"
AGENCY_RECORDS = sorted(FIXTURES.glob("agency-*.json"))


def _changed_content(tmp: Path) -> Path:
    """The shipped files with one card changed (both Weather Satellites pay 3, not 2)."""
    out = tmp / "changed"
    out.mkdir()
    for kind in FILES:
        text = DATA.joinpath(f"{kind}.toml").read_text("utf-8")
        if kind == "missions":
            old = 'name = "Weather Satellite"\nlevel = 1\nweight = 1\npoints = 0\n'
            old += 'effects = [{kind = "money", amount = 2}]'
            assert old in text
            text = text.replace(old, old.replace("amount = 2", "amount = 3"))
        (out / f"{kind}.toml").write_text(text, "utf-8")
    return out


def _final(state: Any) -> dict[str, Any]:
    return {k: v for k, v in state.to_json().items() if k != "history"}


def test_every_kept_set_loads_with_the_fingerprint_it_is_listed_with() -> None:
    sets = named_sets()
    assert sets, "no content set is kept"
    for name, kept in sets.items():
        assert {p.name for p in set_dir(name).iterdir()} == {f"{k}.toml" for k in FILES}
        assert load_set(name).fingerprint == kept.fingerprint
    assert len({s.fingerprint for s in sets.values()}) == len(sets)


@pytest.mark.rules("AG-LR-9")
@pytest.mark.parametrize("path", AGENCY_RECORDS, ids=[p.stem for p in AGENCY_RECORDS])
def test_an_old_record_replays_on_its_kept_cards_after_a_card_changed(
    path: Path, tmp_path: Path
) -> None:
    fixture = json.loads(path.read_text("utf-8"))
    record = fixture["record"]
    changed = load_game(_changed_content(tmp_path))
    assert changed.content.fingerprint != record["version"]["content"]
    state = changed.replay(record)
    assert state.content.fingerprint == record["version"]["content"]
    then = GAME.from_json({**fixture["final"], "history": record["actions"]})
    assert _final(state) == _final(then)
    assert state.record() == {**record, "format": state.record()["format"]}


@pytest.mark.rules("AG-LR-9")
def test_a_record_of_content_no_set_keeps_is_still_refused(tmp_path: Path) -> None:
    changed = load_game(_changed_content(tmp_path))
    record = changed.new_game(2, 5).record()
    assert set_for(record["version"]["content"]) is None
    with pytest.raises(ReplayError, match="content"):
        GAME.replay(record)
    assert changed.replay(record).content.fingerprint == changed.content.fingerprint


def test_a_replayed_kept_set_is_found_by_fingerprint_for_renderers_and_bots(
    tmp_path: Path,
) -> None:
    record = json.loads(AGENCY_RECORDS[0].read_text("utf-8"))["record"]
    load_game(_changed_content(tmp_path)).replay(record)
    found = by_fingerprint(record["version"]["content"])
    assert found is not None and found.fingerprint == record["version"]["content"]


def test_resolve_names_shipped_a_kept_set_or_a_directory(tmp_path: Path) -> None:
    assert resolve(SHIPPED) == (SHIPPED, GAME.content)
    name = next(iter(named_sets()))
    assert resolve(name)[1].fingerprint == named_sets()[name].fingerprint
    label, content = resolve(_changed_content(tmp_path))
    assert label == "changed" and content.fingerprint != GAME.content.fingerprint
    with pytest.raises(ValueError, match="neither a content directory nor a content set"):
        resolve(tmp_path / "nowhere")
