"""``Game.find_rules``: rules and rulings found by the words of their ID or text."""

from __future__ import annotations

import pytest
import toygame

import liftoff
from liftoff import speech


def test_the_rules_holding_every_word_come_first() -> None:
    game = liftoff.games.get("planet")
    found = speech.of(game).find_rules("moon phase", limit=50)
    assert found and len(found) <= 50
    assert all(game.rule_text(rid) == text for rid, text in found)
    assert found[0][0] == "PL-MOON-3"  # the Moon's phases
    for _, text in found[:5]:
        assert "moon" in text.lower() and "phase" in text.lower()


def test_developer_rulings_come_last() -> None:
    game = liftoff.games.get("planet")
    ids = [rid for rid, _ in speech.of(game).find_rules("moon", limit=500)]
    rulings = [i for i, rid in enumerate(ids) if "-GAP-" in rid]
    assert rulings and rulings[0] > max(i for i, rid in enumerate(ids) if "-GAP-" not in rid)


def test_an_exact_id_comes_first_whatever_its_case() -> None:
    game = liftoff.games.get("planet")
    found = speech.of(game).find_rules("pl-move-1")
    assert found[0] == ("PL-MOVE-1", game.rule_text("PL-MOVE-1"))
    assert all(rid != "PL-MOVE-1" for rid, _ in found[1:])


def test_results_are_bounded_and_nothing_matches_nonsense() -> None:
    game = liftoff.games.get("agency")
    assert len(speech.of(game).find_rules("cards", limit=4)) == 4
    assert speech.of(game).find_rules("cards", limit=0) == []
    assert speech.of(game).find_rules("zzyzx") == []
    assert speech.of(game).find_rules("the") == []  # only words that say nothing
    assert speech.of(game).find_rules("   ") == []


def test_a_word_nothing_holds_does_not_hide_the_others() -> None:
    planet = speech.of(liftoff.games.get("planet"))
    assert planet.find_rules("zzyzx moon")[0] == planet.find_rules("moon")[0]


@pytest.mark.parametrize("name", liftoff.games.names())
def test_rulings_are_found_too_and_a_plural_finds_its_singular(name: str) -> None:
    game = liftoff.games.get(name)
    catalogue = game.rule_catalogue()
    assert catalogue and all(game.rule_text(rid) == text for rid, text in catalogue.items())
    gap = next(rid for rid in catalogue if "-GAP-" in rid)
    assert speech.of(game).find_rules(gap)[0][0] == gap
    plural = {rid for rid, _ in speech.of(game).find_rules("players", limit=500)}
    singular = {rid for rid, _ in speech.of(game).find_rules("player", limit=500)}
    assert plural == singular


def test_a_game_without_a_catalogue_finds_nothing() -> None:
    assert speech.of(toygame.GAME).find_rules("pick") == []


# -- the command line and the terminal use it -------------------------------------


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    from typer.testing import CliRunner

    from liftoff.cli.main import build

    result = CliRunner().invoke(
        build(), list(args), input=stdin, env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80"}
    )
    return result.exit_code, result.output


def test_rules_find_lists_matches_with_their_texts() -> None:
    code, out = run("rules", "planet", "--find", "moon", "phase")
    assert code == 0 and out.startswith("PL-MOON-3 — Each LP's phase depends")
    code, out = run("rules", "planet", "--find", "PL-MOVE-1")
    assert code == 0 and out.startswith("PL-MOVE-1 — ") and "PL-MOVE-10" not in out
    code, out = run("rules", "race", "--find", "zzyzx")
    assert code == 0 and "No rule of race matches 'zzyzx'" in out
    code, out = run("rules", "planet", "moon")
    assert code == 2 and "use --find WORDS" in out and "Traceback" not in out


def test_the_terminal_rule_command_finds_by_words_or_id() -> None:
    code, out = run(
        "play", "planet", "--seats", "human,random", "--seed", "5",
        stdin="rule moon phase\nrule PL-MOVE-1\nrule zzyzx\nq\n",
    )  # fmt: skip
    assert code == 0, out
    assert "PL-MOON-3 — Each LP's phase depends" in out
    assert "More rules match: liftoff rules planet --find 'moon phase'" in out
    assert "PL-MOVE-1 — Each turn the active player has 2 movement points" in out
    assert "No rule of planet matches 'zzyzx'" in out
