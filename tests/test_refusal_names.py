"""Refusals name the players (issue 38, item 4): a seat in a refusal is said by
the player's name ("Ann called Stop"), "you" for the one refused, and
"Player N" counted from 1 without names — never the seat number (player 0).
In both languages, in the terminal and over the API."""

from __future__ import annotations

import re

import pytest

import liftoff
from liftoff import speech
from liftoff.engine import IllegalAction, State
from liftoff.games.race.testing import resolution

RACE = liftoff.games.get("race")
AGENCY = liftoff.games.get("agency")  # its words registered
NAMES = ["Ann", "Bea"]
SEAT_NUMBER = re.compile(r"player \d|プレイヤー\d", re.I)


def stopped() -> State:
    """Resolving Pios Proxima: Ann (seat 0) called Stop and pays for a red card."""
    return resolution(
        "Pios Proxima", ["solar", "tank", "liftoff", "ore", "terraform"], ["tank", "liftoff"]
    )


def refused(state: State, player: int, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        state.apply(player, RACE.parse_action(state, player, text))
    return caught.value


@pytest.mark.parametrize(
    ("lang", "late", "not_yours", "own"),
    [
        ("en", "Ann called Stop", "Ann is choosing now", "you called Stop"),
        ("ja", "Annが「ストップ」と宣言", "今はAnnが選んで", "あなたが「ストップ」と宣言"),
    ],
)
def test_a_race_refusal_names_the_player(lang: str, late: str, not_yours: str, own: str) -> None:
    said = speech.of(RACE)
    state = stopped()
    assert late in said.refusal(refused(state, 1, "discard"), NAMES, lang)
    assert not_yours in said.refusal(refused(state, 1, "pay solar"), NAMES, lang)
    assert own in said.refusal(refused(state, 0, "discard"), NAMES, lang)
    for player, text in ((1, "discard"), (1, "pay solar"), (0, "discard")):
        words = said.refusal(refused(state, player, text), NAMES, lang)
        assert not SEAT_NUMBER.search(words), words


def test_without_names_a_seat_is_counted_from_one() -> None:
    exc = refused(stopped(), 1, "discard")
    assert "Player 1 called Stop" in exc.message and "player 0" not in exc.message
    assert "Player 1 called Stop" in speech.of(RACE).refusal(exc, [])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_agency_turn_refusals_speak_to_the_player(lang: str) -> None:
    from liftoff.engine.messages import render

    for code in ("agency.turn.already-chosen", "agency.turn.launches-finished"):
        words = render(code, {"seat": 1}, lang)
        assert not SEAT_NUMBER.search(words) and ("you" in words or "あなた" in words), words
    words = render("agency.turn.not-yours", {"seat": 0, "what": "step 3"}, lang)
    assert not SEAT_NUMBER.search(words), words
