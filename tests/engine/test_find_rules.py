"""``Game.find_rules``: rules and rulings found by the words of their ID or text."""

from __future__ import annotations

import pytest
import toygame

import liftoff


def test_every_word_must_match_and_the_best_come_first() -> None:
    game = liftoff.games.get("planet")
    found = game.find_rules("moon phase", limit=50)
    assert found and len(found) <= 50
    for rid, text in found:
        haystack = (rid + " " + text).lower()
        assert "moon" in haystack and "phase" in haystack
        assert game.rule_text(rid) == text
    ids = [rid for rid, _ in found]
    assert ids.index("PL-MOON-3") < 5  # the Moon's phase is the rule of PL-MOON-*


def test_an_exact_id_comes_first_whatever_its_case() -> None:
    game = liftoff.games.get("planet")
    found = game.find_rules("pl-move-1")
    assert found[0] == ("PL-MOVE-1", game.rule_text("PL-MOVE-1"))
    assert all(rid != "PL-MOVE-1" for rid, _ in found[1:])


def test_results_are_bounded_and_nothing_matches_nonsense() -> None:
    game = liftoff.games.get("agency")
    assert len(game.find_rules("the", limit=4)) == 4
    assert game.find_rules("the", limit=0) == []
    assert game.find_rules("zzyzx moon") == []
    assert game.find_rules("   ") == []


@pytest.mark.parametrize("name", liftoff.games.names())
def test_rulings_are_found_too_and_a_plural_finds_its_singular(name: str) -> None:
    game = liftoff.games.get(name)
    catalogue = game.rule_catalogue()
    assert catalogue and all(game.rule_text(rid) == text for rid, text in catalogue.items())
    gap = next(rid for rid in catalogue if "-GAP-" in rid)
    assert game.find_rules(gap)[0][0] == gap
    plural = {rid for rid, _ in game.find_rules("players", limit=500)}
    singular = {rid for rid, _ in game.find_rules("player", limit=500)}
    assert plural == singular


def test_a_game_without_a_catalogue_finds_nothing() -> None:
    assert toygame.GAME.find_rules("pick") == []
