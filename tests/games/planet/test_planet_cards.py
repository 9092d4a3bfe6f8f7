"""Action cards (PL-ACT-*)."""

from __future__ import annotations

import pytest

from liftoff.games.planet.testing import area, hand, position

FIRST = ("bonfire", "satellite", "rocket", "jetpack")


@pytest.mark.rules("PL-ACT-SUPER-1", "PL-ACT-AST-1", "PL-GAP-19", "PL-UFO-3")
def test_supernova_and_asteroids_override_phases_for_the_rest_of_the_turn() -> None:
    s = position(
        2,
        slots=("ufo", "satellite", "rocket", "jetpack"),
        moon=1,
        hands={0: "asteroids supernova"},
        draw="F F",
        boarded={"ufo": [1]},
        areas={"ufo": "F F F F S S"},
    )
    assert s.phase(0) == 0  # Full over the UFO: no launch
    s.apply(0, "play supernova")
    assert all(s.phase(slot) == 0 for slot in range(4)) and s.moon == 1
    s.apply(0, "play asteroids")  # the later card applies from now on
    assert all(s.phase(slot) == 2 for slot in range(4))
    assert s.saved[1] == 1  # the UFO launched at New
    s.apply(0, "end")
    assert s.override == -1 and s.phase(0) == 1  # real phases again


@pytest.mark.rules("PL-GAP-19")
def test_override_expiry_rechecks_lift_offs() -> None:
    s = position(
        2,
        slots=FIRST,
        moon=2,
        hands={0: "asteroids"},
        draw="F F",
        boarded={"rocket": [1]},
        areas={"rocket": " ".join(["F", "S"] * 6)},
    )
    s.apply(0, "play asteroids")
    told = s.apply(
        0, "end"
    )  # the Moon moves above the Rocket Ship under Asteroids!, then it expires
    assert s.saved[1] == 1
    assert "planet.ev.phases-return" in [e.kind for e in told]


@pytest.mark.rules("PL-ACT-TORN-1", "PL-GAP-23")
def test_tornado_sends_every_unboarded_alien_home() -> None:
    s = position(
        3,
        slots=FIRST,
        hands={0: "tornado"},
        draw="F F",
        surface={0: {0: 1, 1: 1}, 1: {4: 2}},
        boarded={"rocket": [2]},
    )
    s.apply(0, "play tornado")
    assert s.surf == [[0] * 8] * 3
    assert s.core[0] == 10 and s.core[1] == 10
    assert s.boarded[2] == [2]


@pytest.mark.rules("PL-ACT-MYA-2", "PL-ACT-MYA-1")
def test_move_your_alien_never_boards_for_free() -> None:
    s = position(2, slots=FIRST, hands={0: "mya"}, draw="F F", surface={0: {4: 1}})
    s.apply(0, "play mya p0 S4 S5")
    assert s.surf[0][5] == 1 and s.boarded[2] == []


@pytest.mark.rules("PL-ACT-MYA-1", "PL-GAP-20")
def test_move_your_alien_can_take_your_alien_off_a_platform() -> None:
    s = position(
        2,
        slots=FIRST,
        hands={0: "mya"},
        draw="F F",
        boarded={"rocket": [0, 1]},
        areas={"rocket": "F S F S"},
    )
    s.apply(0, "play mya p0 off rocket")
    assert s.boarded[2] == [1] and s.surf[0][5] == 1
    assert area(s, "rocket") == {"fuel": 2, "screw": 2}


@pytest.mark.rules("PL-ACT-STORM-1", "PL-GAP-14")
def test_electric_storm_empties_every_hand() -> None:
    s = position(
        3, slots=FIRST, hands={0: "storm F", 1: "S S", 2: "moon"}, draw="W W", areas={"rocket": "F"}
    )
    s.apply(0, "play storm")
    assert [sum(h) for h in s.hands] == [0, 0, 0]
    assert area(s, "rocket")["fuel"] == 1


@pytest.mark.rules(
    "PL-ACT-TERRA-1",
    "PL-ACT-TERRA-2",
    "PL-ACT-TERRA-3",
    "PL-ACT-TERRA-4",
    "PL-GAP-38",
    "PL-GAP-15",
    "PL-SETUP-3",
)
def test_terraform_replaces_an_empty_platform() -> None:
    s = position(
        2,
        slots=FIRST,
        hands={0: "terraform terraform"},
        draw="F F",
        surface={1: {1: 2}},
        boarded={"rocket": [1]},
        areas={"bonfire": "S F"},
        garglore="bonfire",
    )
    options = {str(a) for a in s.legal_actions(0) if "terraform" in str(a)}
    assert "play terraform rocket ufo" not in options  # its platform is not empty
    assert "play terraform bonfire bonfire" not in options  # "another" Lift Off Point
    assert "play terraform bonfire ufo" in options
    discard_before = sum(s.discard)
    s.apply(0, "play terraform bonfire ufo")
    assert s.slots[0] == "ufo" and "bonfire" in s.box
    assert s.surf[1][1] == 2  # unboarded Aliens stay, now on the UFO's segment
    assert sum(s.area[0]) == 0 and sum(s.discard) == discard_before + 3  # area + the card
    assert s.garglore == 0  # the Garglore stays on the slot
    s.apply(0, "play terraform ufo bonfire")  # the removed one can come back
    assert s.slots[0] == "bonfire"


@pytest.mark.rules("PL-ACT-GARG-1", "PL-GARG-1", "PL-GARG-3")
def test_garglore_card_moves_it_anywhere_but_where_it_is() -> None:
    s = position(2, slots=FIRST, hands={0: "garglore garglore"}, draw="F F", garglore="rocket")
    targets = {str(a) for a in s.legal_actions(0) if "garglore" in str(a) and "play" in str(a)}
    assert targets == {
        "play garglore bonfire",
        "play garglore satellite",
        "play garglore jetpack",
        "play garglore pool",
    }
    s.apply(0, "play garglore satellite")
    assert s.garglore == 1
    s.apply(0, "play garglore pool")
    assert s.garglore == -1 and hand(s, 0) == {"F": 2}
