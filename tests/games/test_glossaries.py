"""Every content id a player meets in a view or an action text has a glossary
entry ("Name: what it does"), over seeded random games of planet and race; and
agency's glossary also names its technology colours."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import liftoff
from liftoff import speech
from liftoff.engine import State

# the words of action texts that are grammar, places or numbers, not content
PLANET_GRAMMAR = re.compile(
    r"^(move|board|pay|roll|abandon|play|trade|end|pledge|pass|off|cw|ccw|core|S[0-7]|p\d|\d+[FW]?)$"
)
RACE_GRAMMAR = re.compile(r"^(place|under|discard|pay|steal|none|\d+)$")


def planet_ids(view: dict[str, Any]) -> Iterator[str]:
    """The card codes and Lift Off Point ids a planet view shows."""
    for p in view["players"]:
        yield from p.get("hand", {})
    yield from view["discard"]
    yield from view["box"]
    yield from view["removed"]
    if view["garglore"] is not None:
        yield view["garglore"]
    for seg in view["ring"]:
        if seg["kind"] == "lift_off_point":
            yield seg["lp"]
            yield from seg["area"]["cards"]


def race_ids(view: dict[str, Any]) -> Iterator[str]:
    """The card codes and planet names a race view shows."""
    for p in view["players"]:
        yield from [p["top"]] if p["top"] else []
        yield from p["known_bottom"] + p["discards"] + p["set_aside"]
    for planet in view["planets"]:
        yield planet["key"]
        for row in planet["rows"]:
            yield from row
        for held in planet["held"]:
            yield from (h["card"] for h in held)


def unexplained(
    game_name: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    ids: Callable[[dict[str, Any]], Iterator[str]],
    grammar: re.Pattern[str],
) -> tuple[set[str], int]:
    """Ids met in one random game that the glossary lacks, and how many were met."""
    game = liftoff.games.get(game_name)
    words = speech.of(game).glossary()
    state: State = game.new_game(players, seed, options)
    rng = random.Random(seed)
    met: set[str] = set()
    while not state.is_over():
        for viewer in (*state.active_players(), None):
            met.update(ids(state.view(viewer)))
        player = rng.choice(state.active_players())
        legal = state.legal_actions(player)
        for action in legal:
            met.update(t for t in re.split(r"[\s,]+", str(action)) if not grammar.match(t))
        state.apply(player, rng.choice(legal))
    return {m for m in met if m not in words}, len(met)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (3, 2, {}),
        (4, 3, {"team": True}),
        (5, 4, {"cutthroat": True, "vicious": True}),
        (3, 5, {"family": True}),
        (2, 6, {"first_game": True, "fast": True}),
    ],
)
def test_planet_ids_in_views_and_actions_have_texts(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    missing, met = unexplained("planet", players, seed, options, planet_ids, PLANET_GRAMMAR)
    assert met >= 10 and not missing, missing


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_race_ids_in_views_and_actions_have_texts(players: int, seed: int) -> None:
    options = {"rounds": 1, "auto_choices": seed == 3}
    missing, met = unexplained("race", players, seed, options, race_ids, RACE_GRAMMAR)
    assert met >= 8 and not missing, missing


def test_glossary_texts_name_the_thing_and_say_what_it_does() -> None:
    planet = speech.of(liftoff.games.get("planet")).glossary()
    assert planet["F"] == "Fuel: Resource card. Counts as 1 Fuel."
    assert planet["moon"].startswith("Move the Moon!: Action card. Move the Moon 1 spot")
    assert planet["W=F"].startswith("Wild as Fuel:")
    # a Lift Off Point: its room, its boarding cost and how it lifts off
    assert planet["rocket"] == (
        "Rocket Ship: holds 6 Aliens; boarding costs 1 Fuel + 1 Screw; everyone aboard "
        "lifts off once 6 Fuel + 6 Screws have been paid into it, at Full Moon; extra "
        "resources may be paid in on your turn."
    )
    assert "1 Fuel at Full Moon, 3 Fuel at Half Moon, 5 Fuel at New Moon" in planet["jetpack"]
    assert "back to the Core" in planet["trampoline"]
    race = speech.of(liftoff.games.get("race")).glossary()
    assert race["solar"].startswith("Solar Module: blue Freight card.")
    assert race["Pios Proxima"] == (
        "Pios Proxima: planet, habitable once terraformed once; the most Settlers there "
        "score 3 VP; 2 ore deposits (1 VP each for Ore Production)."
    )
    assert "habitable from the start" in race["Beta Minor"]
    agency = speech.of(liftoff.games.get("agency")).glossary()
    assert {agency[c].split(" (")[0] for c in ("red", "yellow", "blue", "green")} == {
        "Fuel",
        "Energy",
        "Life Support",
        "Food",
    }
    for words in (planet, race, agency):
        assert all(": " in text and not text.startswith(":") for text in words.values())


def test_a_planet_content_change_shows_in_the_glossary(tmp_path: Any) -> None:
    shipped = liftoff.games.get("planet")
    deck = (tmp_path / "deck.toml").open("w")
    from importlib import resources

    text = (resources.files("liftoff.games.planet.data") / "deck.toml").read_text()
    deck.write(text.replace('name = "Screw"', 'name = "Bolt"'))
    deck.close()
    changed = speech.of(shipped.load_content(tmp_path)).glossary()
    assert changed["S"].startswith("Bolt: Resource card.")
    assert changed["W=S"].startswith("Wild as Bolt:")
    assert speech.of(shipped).glossary()["S"].startswith("Screw:")
