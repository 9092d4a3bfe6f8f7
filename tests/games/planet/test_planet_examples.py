"""The rulebook's Examples of Play (PL-EX-1…9) and the catalogue's derived
scenarios (PL-EX-10…14), each built explicitly (PL-EX-0 fixture)."""

from __future__ import annotations

import pytest

from liftoff.games.planet.testing import area, force_rolls, hand, lift_face, position, stargate_face

EMILY, ADAM, ED, NICHOLE = 0, 1, 2, 3
FIRST_PLAY = ("bonfire", "satellite", "rocket", "jetpack")  # slots 1-4 = S1, S3, S5, S7


def fixture_first_turns() -> object:
    """PL-EX-0: the first-play layout, the four opening hands and the stacked draws."""
    return position(
        4,
        slots=FIRST_PLAY,
        hands={EMILY: "F S", ADAM: "F S", ED: "S mya", NICHOLE: "F F"},
        draw="F moon F S S garglore S W",
    )


@pytest.mark.rules(
    "PL-EX-0",
    "PL-EX-1",
    "PL-EX-2",
    "PL-EX-3",
    "PL-EX-4",
    "PL-BONF-6",
    "PL-PAY-9",
    "PL-PAY-8",
    "PL-MOVE-2",
    "PL-MOVE-3",
    "PL-TURN-2",
    "PL-TURN-4",
    "PL-EX-C1",
)
def test_first_round_of_the_walkthrough() -> None:
    s = fixture_first_turns()
    # PL-EX-1: Emily
    assert hand(s, EMILY) == {"F": 2, "S": 1, "moon": 1}
    for text in ("move core S0", "move S0 S1", "board bonfire S", "end"):
        s.apply(EMILY, text)
    assert hand(s, EMILY) == {"F": 2, "moon": 1}
    bonfire = s.slots.index("bonfire")
    assert s.boarded[bonfire] == [EMILY] and s.area[bonfire][1] == 1
    assert s.moon == 1 and s.phase(bonfire) == 0  # Full over the Bonfire
    assert sum(s.saved) == 0
    # PL-EX-2: Adam
    assert hand(s, ADAM) == {"F": 2, "S": 2}
    for text in ("move core S4", "move S4 S5", "board rocket F S", "end"):
        s.apply(ADAM, text)
    assert hand(s, ADAM) == {"F": 1, "S": 1}
    assert s.boarded[s.slots.index("rocket")] == [ADAM]
    assert area(s, "rocket") == {"fuel": 1, "screw": 1}
    assert s.moon == 2 and sum(s.saved) == 0
    # PL-EX-3: Ed
    for text in ("move core S2", "move S2 S3", "board satellite S S", "end"):
        s.apply(ED, text)
    assert hand(s, ED) == {"mya": 1, "garglore": 1}
    assert s.boarded[s.slots.index("satellite")] == [ED]
    assert area(s, "satellite") == {"fuel": 0, "screw": 2}
    assert s.moon == 3 and sum(s.saved) == 0
    # PL-EX-4: Nichole, Moon above the Rocket Ship: the Bonfire is at New (>= 1 rocket)
    assert s.phase(bonfire) == 2
    for text in ("move core S0", "move S0 S1", "board bonfire S"):
        s.apply(NICHOLE, text)
    force_rolls(s, lift_face(s, 0), lift_face(s, 2))
    s.apply(NICHOLE, "roll bonfire F")
    assert s.boarded[bonfire] == [EMILY, NICHOLE]  # an X: nothing happens
    s.apply(NICHOLE, "roll bonfire W=F")
    assert s.saved == [1, 0, 0, 1]
    assert s.boarded[bonfire] == [] and sum(s.area[bonfire]) == 0
    assert hand(s, NICHOLE) == {"F": 1}
    s.apply(NICHOLE, "end")
    assert s.moon == 4


@pytest.mark.rules("PL-EX-5", "PL-SAT-3", "PL-PAY-2", "PL-EX-C8", "PL-LIFT-1", "PL-LIFT-2")
def test_emily_satellite_turn() -> None:
    s = position(
        4,
        slots=FIRST_PLAY,
        turn=EMILY,
        moon=3,
        hands={EMILY: "S S S"},
        draw="S garglore",
        saved={EMILY: 4, ED: 1},
        surface={EMILY: {2: 1, 4: 1}},
        boarded={"satellite": [ED], "rocket": [EMILY, ADAM]},
        areas={"satellite": "S S", "rocket": "F S F S"},
    )
    s.apply(EMILY, "move S2 S3")
    s.apply(EMILY, "board satellite S S")
    assert area(s, "satellite")["screw"] == 4 and s.saved[EMILY] == 4
    s.apply(EMILY, "move S4 S3")
    s.apply(EMILY, "board satellite S S")
    assert s.saved[EMILY] == 6 and s.saved[ED] == 2
    assert s.on_planet(EMILY) == 4
    sat = s.slots.index("satellite")
    assert s.boarded[sat] == [] and sum(s.area[sat]) == 0
    assert hand(s, EMILY) == {"garglore": 1}
    s.apply(EMILY, "end")
    assert s.moon == 4


@pytest.mark.rules(
    "PL-EX-6", "PL-ACT-MYA-1", "PL-DAY-1", "PL-DAY-5", "PL-MOON-6", "PL-RES-3", "PL-PAY-5"
)
def test_adam_turn_ends_a_day() -> None:
    s = position(
        4,
        slots=FIRST_PLAY,
        turn=ADAM,
        moon=4,
        moon_net=5 * 5 + 4,
        hands={ADAM: "F mya"},
        draw="W supernova",
        saved={ADAM: 3},
        surface={ADAM: {4: 1}},
        boarded={"rocket": [ADAM, ED]},
        areas={"rocket": "F S F S"},
    )
    assert s.cfg.days_total == 10 and s.cfg.days_total - s.days_passed == 5
    s.apply(ADAM, "move S4 S5")
    s.apply(ADAM, "board rocket F W=S")
    assert area(s, "rocket") == {"fuel": 3, "screw": 3}
    assert s.boarded[s.slots.index("rocket")] == [ADAM, ED, ADAM]
    s.apply(ADAM, "move core S0")
    s.apply(ADAM, "play mya p1 core S2")
    assert hand(s, ADAM) == {"supernova": 1}
    told = s.apply(ADAM, "end")
    assert s.moon == 0
    assert s.cfg.days_total - s.days_passed == 4
    assert s.garglore == -1
    assert not any(e.kind.startswith("planet.ev.stargate") for e in told)
    assert s.on_planet(ADAM) == 7


@pytest.mark.rules("PL-EX-7", "PL-JET-3", "PL-JET-4", "PL-MOON-3", "PL-GAP-3")
def test_ed_jetpack_turn() -> None:
    s = position(4, slots=FIRST_PLAY, turn=ED, moon=0, hands={ED: "F"}, draw="F F", saved={ED: 5})
    jet = s.slots.index("jetpack")
    assert s.phase(jet) == 1  # every LP is at Half when the Moon is on the star
    s.apply(ED, "move core S6")
    s.apply(ED, "move S6 S7")
    s.apply(ED, "board jetpack F F F")
    assert s.saved[ED] == 6 and s.on_planet(ED) == 4
    assert s.boarded[jet] == [] and hand(s, ED) == {}
    s.apply(ED, "end")
    assert s.moon == 1


def nichole_middle_turn(rockets: int) -> object:
    s = position(
        4,
        slots=FIRST_PLAY,
        turn=NICHOLE,
        moon=1,
        hands={NICHOLE: "S garglore"},
        draw="terraform W",
        saved={NICHOLE: 5},
        boarded={"rocket": [ADAM, ED, EMILY, ADAM, ED]},
        areas={"rocket": "F S F S F S F S F S"},
    )
    s.apply(NICHOLE, "play garglore rocket")
    s.apply(NICHOLE, "play terraform bonfire trampoline")
    s.apply(NICHOLE, "move core S0")
    s.apply(NICHOLE, "move S0 S1")
    s.apply(NICHOLE, "board trampoline")
    force_rolls(s, lift_face(s, rockets))
    s.apply(NICHOLE, "roll trampoline S")
    return s


@pytest.mark.rules(
    "PL-EX-8",
    "PL-TRAMP-4",
    "PL-ACT-GARG-1",
    "PL-ACT-TERRA-1",
    "PL-ACT-TERRA-2",
    "PL-GARG-2",
    "PL-EX-C6",
    "PL-TRAMP-2",
)
def test_nichole_garglore_terraform_trampoline() -> None:
    s = nichole_middle_turn(3)
    tramp = s.slots.index("trampoline")
    assert tramp == 0 and s.phase(tramp) == 0  # Full: the Moon is above slot 1
    assert s.saved[NICHOLE] == 6 and s.on_planet(NICHOLE) == 4
    assert s.garglore == s.slots.index("rocket")
    assert len(s.boarded[s.slots.index("rocket")]) == 5
    assert hand(s, NICHOLE) == {"W": 1}
    assert "bonfire" in s.box
    s.apply(NICHOLE, "end")
    assert s.moon == 2


@pytest.mark.rules("PL-EX-8", "PL-TRAMP-5", "PL-GAP-24")
def test_nichole_trampoline_failure_sends_her_alien_home() -> None:
    s = nichole_middle_turn(0)
    assert s.saved[NICHOLE] == 5
    assert s.boarded[s.slots.index("trampoline")] == []
    assert s.core[NICHOLE] == 5


@pytest.mark.rules(
    "PL-EX-9", "PL-ROCK-3", "PL-ACT-SUPER-1", "PL-GARG-3", "PL-END-2", "PL-EX-C7", "PL-ROCK-1"
)
@pytest.mark.parametrize("order", [("garglore pool", "supernova"), ("supernova", "garglore pool")])
def test_adam_wins_with_supernova(order: tuple[str, str]) -> None:
    s = position(
        4,
        slots=FIRST_PLAY,
        turn=ADAM,
        moon=1,
        hands={ADAM: ""},
        draw="supernova garglore",
        saved={ADAM: 5, ED: 3},
        boarded={"rocket": [ADAM] * 5 + [ED]},
        areas={"rocket": " ".join(["F", "S"] * 6)},
        garglore="rocket",
    )
    s.apply(ADAM, f"play {order[0]}")
    assert s.saved[ADAM] == 5 and not s.is_over()  # no Lift Off yet
    s.apply(ADAM, f"play {order[1]}")
    assert s.saved[ADAM] == 10 and s.saved[ED] == 4
    assert s.is_over()
    out = s.outcome()
    assert out is not None and out.winners == (ADAM,) and out.termination == "rescue"


@pytest.mark.rules("PL-EX-10", "PL-DAY-2", "PL-GAP-5", "PL-MOON-7", "PL-ACT-MTM-1")
def test_move_the_moon_backward_across_the_star() -> None:
    s = position(
        4,
        slots=("stargate", "satellite", "rocket", "jetpack"),
        moon=0,
        moon_net=3 * 5,
        hands={EMILY: "moon"},
        draw="F F",
        garglore="rocket",
    )
    left = s.cfg.days_total - s.days_passed
    told = s.apply(EMILY, "play moon cw")
    assert s.moon == 4 and s.cfg.days_total - s.days_passed == left + 1
    assert s.garglore == s.slots.index("rocket")
    assert not any(e.kind.startswith("planet.ev.stargate") for e in told)
    force_rolls(s, stargate_face(s, "draw1"))
    told = s.apply(EMILY, "end")
    assert s.moon == 0 and s.cfg.days_total - s.days_passed == left
    assert s.garglore == -1
    assert "planet.ev.stargate.draw1" in [e.kind for e in told]


@pytest.mark.rules("PL-EX-11", "PL-MOON-8", "PL-SGATE-3")
def test_two_stargate_rolls_in_one_turn() -> None:
    s = position(
        4,
        slots=("stargate", "satellite", "rocket", "jetpack"),
        moon=1,
        moon_net=2 * 5 + 1,
        hands={EMILY: "moon moon"},
        draw="F F F F F F F F F F F F",
    )
    days = s.days_passed
    force_rolls(s, stargate_face(s, "draw1"), stargate_face(s, "draw1"))
    rolls = 0
    for text in ("play moon cw", "play moon cw", "end"):
        told = s.apply(EMILY, text)
        rolls += sum(e.kind.startswith("planet.ev.stargate.") for e in told)
    assert rolls == 2
    assert s.days_passed == days


@pytest.mark.rules(
    "PL-EX-12", "PL-UFO-2", "PL-UFO-3", "PL-UFO-4", "PL-GAP-25", "PL-LIFT-8", "PL-UFO-1"
)
def test_ufo_boarding_order() -> None:
    a, b, c = 0, 1, 2
    s = position(
        3,
        slots=("ufo", "satellite", "rocket", "jetpack"),
        moon=0,
        hands={a: "F", b: "F F F S", c: "S S F"},
        draw="",
        surface={a: {1: 1}, c: {1: 1}},
    )
    assert s.placement_cost(0) == (1, 0, 0)
    s.apply(a, "board ufo F")
    s.apply(a, "end")
    for token in ("F", "F", "F", "S"):
        s.apply(b, f"pay ufo {token}")
    assert area(s, "ufo") == {"fuel": 4, "screw": 1}
    s.apply(b, "end")
    assert s.placement_cost(0) == (0, 2, 0)
    s.apply(c, "board ufo S S")
    assert area(s, "ufo") == {"fuel": 4, "screw": 3}
    assert s.saved == [0, 0, 0]
    s.apply(c, "end")  # the Moon reaches spot 3: New Moon over slot 1
    assert s.phase(0) == 2
    assert s.saved == [1, 0, 1]
    assert s.placement_cost(0) == (1, 0, 0)


@pytest.mark.rules(
    "PL-EX-13",
    "PL-TELE-3",
    "PL-TELE-4",
    "PL-TELE-5",
    "PL-TELE-6",
    "PL-GAP-17",
    "PL-TELE-1",
    "PL-TELE-2",
)
def test_teleport_window() -> None:
    s = position(
        3,
        slots=("teleport", "satellite", "rocket", "jetpack"),
        moon=2,
        turn=0,
        hands={0: "moon moon moon", 1: "F F", 2: "W F F F"},
        draw="",
        boarded={"teleport": [1, 1, 2]},
    )
    s.apply(0, "end")  # Moon to spot 3: New Moon at the Teleport
    assert s.active_players() == (1,)
    assert s.view(0)["teleport_window"]["need"] == 3
    s.apply(1, "pledge 1F")
    s.apply(2, "pledge 1W")
    assert s.saved == [0, 0, 0]  # 2 < 3: nobody pays
    assert hand(s, 2) == {"F": 3, "W": 1}  # pledges are returned
    assert s.active_players() == (1,) and s.turn == 1  # the next turn began
    assert s.hands[1][0] >= 2
    s.apply(1, "end")
    s.apply(2, "end")
    # back to player 0 with the Moon on the star; three Move the Moon! cards re-create New Moon
    s.apply(0, "play moon ccw")
    s.apply(0, "play moon ccw")
    s.apply(0, "play moon ccw")
    assert s.active_players() == (1,)
    s.apply(1, "pledge 0")
    s.apply(2, "pledge 3F")
    assert s.saved == [0, 2, 1]
    assert s.active_players() == (0,)  # back to player 0's Play step


@pytest.mark.rules(
    "PL-EX-14", "PL-SLING-1", "PL-SLING-3", "PL-SLING-4", "PL-SLING-2", "PL-GAP-10", "PL-LR-5"
)
def test_slingshot_chain() -> None:
    s = position(
        2,
        slots=("slingshot", "satellite", "rocket", "jetpack"),
        moon=0,
        turn=1,
        hands={1: "F S"},
        draw="",
        boarded={"slingshot": [0]},
        surface={1: {0: 1}},
    )
    discarded = sum(s.discard)
    s.apply(1, "move S0 S1")
    assert s.placement_cost(0) == (1, 1, 0)  # Half Moon: 1 Fuel + 1 Screw (PL-GAP-10)
    s.apply(1, "board slingshot F S")
    assert s.saved == [1, 0]
    assert s.boarded[0] == [1]
    # the second Alien's payment goes to the discard pile with the Lift Off (PL-LR-5)
    assert sum(s.area[0]) == 0 and sum(s.discard) == discarded + 2


@pytest.mark.rules("PL-TELE-5", "PL-END-2")
def test_a_teleport_that_saves_a_last_alien_ends_the_game() -> None:
    # regression: the pledge that completes the Teleport's cost rescued the
    # pledger's last Alien, and closing the window then failed on the ended game
    s = position(
        2,
        slots=("teleport", "satellite", "rocket", "jetpack"),
        moon=2,
        turn=0,
        hands={0: "moon", 1: "F F"},
        draw="",
        boarded={"teleport": [1, 1]},
        saved={1: 8},
        core={0: 10, 1: 0},
    )
    s.apply(0, "end")  # New Moon at the Teleport
    assert s.active_players() == (1,)
    s.apply(1, "pledge 2F")
    assert s.is_over() and s.active_players() == ()
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.termination == "rescue"
    assert s.saved[1] == 10
