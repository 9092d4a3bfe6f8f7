"""Race planets that share a name are told apart (issue 38, item 4): with 3
players every player sits beside two planets of one type, so the log says a
planet by its name and its number ("Beta Minor (planet 3)"), in both languages."""

from __future__ import annotations

import pytest

import liftoff
from liftoff import speech
from liftoff.engine import State

RACE = liftoff.games.get("race")
NAMES = ["Ann", "Bea", "Cy"]


def two_placements_on_twins(seed: int) -> tuple[State, list[str]]:
    """A 3-player game where seat 0's top card can go to two planets of one name:
    the state and those two placements."""
    state: State = RACE.new_game(3, seed)
    for _ in range(30):
        places = [str(a) for a in state.legal_actions(0) if str(a).startswith("place")]
        view = state.view(0)
        named: dict[str, list[str]] = {}
        for place in places:
            planet = view["planets"][int(place.split()[1]) - 1]
            named.setdefault(planet["key"], []).append(place)
        twins = next((p for p in named.values() if len(p) > 1), None)
        if twins:
            return state, twins[:2]
        state.apply(0, RACE.parse_action(state, 0, "under"))
    raise AssertionError("no two planets of one name to place at")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_two_placements_at_planets_sharing_a_name_read_differently(lang: str) -> None:
    state, twins = two_placements_on_twins(1)
    said = []
    for place in twins:
        again = state.clone()
        events = again.apply(0, RACE.parse_action(again, 0, place))
        told = [speech.of(RACE).narrate(e, 1, NAMES, lang) for e in events]
        said.append(" ".join(t for t in told if t))
    assert said[0] and said[1] and said[0] != said[1], said
    number = twins[0].split()[1]
    assert f"(planet {number})" in said[0] or f"（惑星{number}）" in said[0], said
