"""Choosing moves in `liftoff play`: a summary at the prompt, a menu walked
word by word (Terraform: the Lift Off Point, then its replacement; agency's
keeps: card by card), numbers and typed texts, and the same menu for any
game (it reads only action texts and descriptions)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest
from typer.testing import CliRunner

import liftoff
from liftoff import speech
from liftoff.cli.main import build
from liftoff.cli.menu import SEAT_ID, Choice, Menu, build_choices
from liftoff.engine import Action, Rng, State

runner = CliRunner()
app = build()


def invoke(*args: str, stdin: str) -> tuple[int, str]:
    result = runner.invoke(
        app, list(args), input=stdin, env={"LIFTOFF_NO_CLEAR": "1", "COLUMNS": "80"}
    )
    return result.exit_code, result.output


def played(save: Path) -> list[list[object]]:
    actions: list[list[object]] = json.loads(save.read_text())["actions"]
    return actions


def test_the_prompt_summarises_and_enter_lists_the_choices(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ("play", "planet", "--seats", "human,random", "--seed", "5", "--save", str(save))
    code, out = invoke(*args, stdin="\nq\n")
    assert code == 0, out
    assert "36 choices: end, move (4), pay (3), play (24), trade (4). Enter lists them." in out
    listing = out.split("Enter lists them.", 1)[1]
    assert "1  End your turn: the Moon moves over the Rocket Ship  end" in listing
    assert "Play Terraform!: replace the … (24 choices)" in listing
    assert "move core S0" not in listing  # grouped: the moves are one line
    assert played(save) == []


def test_terraform_is_chosen_as_a_lift_off_point_then_its_replacement(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ("play", "planet", "--seats", "human,random", "--seed", "5", "--save", str(save))
    # Enter lists, 4: Play Terraform! → 2: the Slingshot → back → 1: the Rocket Ship → 6: the UFO
    code, out = invoke(*args, stdin="\n4\n2\nback\n1\n6\nq\n")
    assert code == 0, out
    assert "Play Terraform!: replace the …\n   1  Rocket Ship with the … (6 choices)" in out
    assert "Play Terraform!: replace the Rocket Ship with the …\n   1  Bonfire" in out
    assert "   6  UFO" in out
    assert played(save) == [[0, "play terraform rocket ufo"]]


def test_typed_words_walk_the_menu_and_full_texts_play(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ("play", "planet", "--seats", "human,random", "--seed", "5", "--save", str(save))
    code, out = invoke(*args, stdin="PLAY terraform\nslingshot\n2\nMove Core s2\n\n9\nq\n")
    assert code == 0, out
    assert "Play Terraform!: replace the Slingshot with the …" in out
    assert "choose a number from 1 to 4" in out  # the top menu after the move, listed
    assert played(save) == [[0, "play terraform slingshot jetpack"], [0, "move core S2"]]


AGENCY = ("play", "agency", "--seats", "human,human", "--seed", "5")  # no bot: no chance


def test_agency_keeps_are_picked_card_by_card(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    # each keeps one objective; then Player 1 keeps two of three: O14, then O02
    code, out = invoke(*AGENCY, "--save", str(save), stdin="\n1\n\n1\n\n3\n1\nq\n")
    assert code == 0, out
    assert "Keep … (pick 2 cards)\n   1  O02 Lunar Programme … (2 choices)" in out
    assert "   3  O14 Strong Economy … (2 choices)" in out
    assert "Keep … (chosen so far: O14 Strong Economy) (pick 1 card)" in out
    assert "   1  O02 Lunar Programme, so: Keep Lunar Programme and Strong Economy" in out
    assert [a for p, a in played(save) if p == 0] == ["keep O02", "keep O02,O14"]


def test_agency_keeps_typed_in_any_order_and_case(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = invoke(
        *AGENCY, "--save", str(save), stdin="\nKeep o02\n\nKEEP O06\n\nkeep O14 o11\nq\n"
    )
    assert code == 0, out
    assert [a for p, a in played(save) if p == 0] == ["keep O02", "keep O11,O14"]


def test_a_partial_keep_walks_into_the_pick(tmp_path: Path) -> None:
    """``keep O02`` when two cards must be kept is legal as a start: the menu picks on."""
    save = tmp_path / "g.json"
    code, out = invoke(
        *AGENCY, "--save", str(save), stdin="\nkeep O02\n\nkeep O06\n\nkeep O02\no14\nq\n"
    )
    assert code == 0, out
    assert "(chosen so far: O02 Lunar Programme)" in out
    assert [a for p, a in played(save) if p == 0] == ["keep O02", "keep O02,O14"]


def positions(game: str, seed: int) -> list[tuple[State, int]]:
    g = liftoff.games.get(game)
    state, rng, out = g.new_game(3, seed), Rng(seed), []
    for _ in range(300):
        if state.is_over():
            break
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        out.append((state.clone(), p))
        state.apply_legal(p, legal[rng.below(len(legal))])
    return out


def reachable(
    choices: tuple[Choice, ...], glossary: Mapping[str, str], path: tuple[str, ...]
) -> list[Action]:
    """Every action reached by taking each line from ``path`` on, checking each menu."""
    lines = Menu(choices, glossary, ["Ann", "Bea", "Cy"], path).lines()
    assert lines and all(line.label for line in lines)
    assert not any(SEAT_ID.search(line.label) for line in lines)
    out: list[Action] = []
    for line in lines:
        at = Menu(choices, glossary, (), path)
        action = at.enter(line)
        out += reachable(choices, glossary, at.path) if action is None else [action]
    return out


@pytest.mark.parametrize("game", ["planet", "agency"])
def test_every_action_can_be_reached_by_walking_the_menu(game: str) -> None:
    """From the top, taking every line in turn reaches every legal action and only
    those (a card set may be reached in several orders); no line names a seat id."""
    g = liftoff.games.get(game)
    for state, p in positions(game, 11)[::7]:
        legal = state.legal_actions(p)
        choices = build_choices(legal, [speech.of(g).describe(state, p, a) for a in legal])
        reached = reachable(choices, speech.of(g).glossary(), ())
        assert set(map(str, reached)) == set(map(str, legal))
        assert Menu(choices).summary().startswith(f"{len(legal)} choice")
