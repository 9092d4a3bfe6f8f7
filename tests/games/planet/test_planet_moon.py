"""The Moon, the Day Track, dice, the Garglore and the order of effects
(PL-MOON, PL-DAY, PL-DIE, PL-GARG, PL-ORDER)."""

from __future__ import annotations

import pytest

from liftoff.games.planet import GAME
from liftoff.games.planet.config import FULL, HALF, NEW
from liftoff.games.planet.testing import force_rolls, lift_face, position, stargate_face

FIRST = ("bonfire", "satellite", "rocket", "jetpack")


@pytest.mark.rules("PL-MOON-3", "PL-MOON-4", "PL-MOON-5", "PL-GAP-2", "PL-EX-C2", "PL-EX-C3")
def test_phase_table_model_b() -> None:
    s = GAME.new_game(2, seed=1)
    table = s.cfg.phase_table
    assert len(table) == 5
    assert table[0] == (HALF, HALF, HALF, HALF)  # the star
    assert table[1] == (FULL, HALF, NEW, HALF)
    assert table[3] == (NEW, HALF, FULL, HALF)
    assert table[4] == (HALF, NEW, HALF, FULL)
    for slot in range(4):
        column = [row[slot] for row in table]
        assert column.count(FULL) == 1 and column.count(NEW) == 1 and column.count(HALF) == 3


@pytest.mark.rules("PL-MOON-5", "PL-GAP-2", "PL-EX-C3")
def test_phase_table_model_a() -> None:
    s = GAME.new_game(2, seed=1, options={"moon_model": "A"})
    table = s.cfg.phase_table
    assert len(table) == 8
    assert table[0] == table[2] == table[4] == table[6] == (HALF,) * 4  # above Exit Points
    assert table[1] == (FULL, HALF, NEW, HALF)
    for slot in range(4):
        column = [row[slot] for row in table]
        assert column.count(FULL) == 1 and column.count(NEW) == 1 and column.count(HALF) == 6


@pytest.mark.rules("PL-MOON-9", "PL-ROCK-3", "PL-LIFT-2")
def test_the_moon_step_itself_can_launch() -> None:
    s = position(
        2,
        slots=FIRST,
        moon=2,
        hands={},
        draw="F F",
        boarded={"rocket": [1]},
        areas={"rocket": " ".join(["F", "S"] * 6)},
    )
    assert s.saved == [0, 0]
    s.apply(0, "end")  # the Moon arrives above the Rocket Ship: Full Moon
    assert s.saved == [0, 1]


@pytest.mark.rules("PL-DAY-3", "PL-ORDER-1", "PL-GAP-6", "PL-END-3")
def test_explosion_mid_turn_before_the_garglore_and_stargate() -> None:
    s = position(
        3,
        slots=("stargate", "satellite", "rocket", "jetpack"),
        moon=4,
        moon_net=8 * 5 - 1,
        hands={0: "moon"},
        draw="F F",
        garglore="rocket",
        saved={1: 2, 2: 1},
    )
    assert s.cfg.days_total - s.days_passed == 1
    told = s.apply(0, "play moon ccw")
    assert s.is_over() and s.termination == "explosion"
    assert s.garglore == s.slots.index("rocket")  # the game ended before the return
    assert not any(e.kind.startswith("planet.ev.stargate") for e in told)
    out = s.outcome()
    assert out is not None and out.winners == (1,) and out.scores == (0.0, 2.0, 1.0)


@pytest.mark.rules("PL-ORDER-1", "PL-GARG-4", "PL-GARG-3", "PL-MOON-7")
def test_star_landing_returns_the_garglore_then_rolls_then_rechecks() -> None:
    s = position(
        2,
        slots=("stargate", "satellite", "rocket", "jetpack"),
        moon=4,
        moon_net=4,
        hands={},
        draw="F F",
        garglore="satellite",
        boarded={"satellite": [1]},
        areas={"satellite": "S S S S S S"},
    )
    force_rolls(s, stargate_face(s, "draw1"))
    kinds = [e.kind for e in s.apply(0, "end")]
    assert s.garglore == -1
    assert s.saved == [0, 1]  # the Satellite launched as soon as the Garglore left
    assert (
        kinds.index("planet.ev.garglore-home")
        < next(i for i, k in enumerate(kinds) if k.startswith("planet.ev.lift-off"))
        < kinds.index("planet.ev.stargate.draw1")
    )


@pytest.mark.rules("PL-ORDER-2", "PL-GAP-34", "PL-END-4", "PL-END-2")
def test_simultaneous_lift_offs_finish_together_and_tie_break_on_resources() -> None:
    s = position(
        2,
        slots=("rocket", "satellite", "ufo", "jetpack"),
        moon=0,
        hands={0: "moon", 1: "F S"},
        draw="W F",
        saved={0: 9, 1: 9},
        boarded={"rocket": [0], "ufo": [1]},
        areas={"rocket": " ".join(["F", "S"] * 6), "ufo": "F F F F S S"},
    )
    s.apply(0, "play moon ccw")  # above the Rocket Ship (Full), opposite the UFO (New)
    assert s.saved == [10, 10] and s.is_over()
    out = s.outcome()
    assert out is not None
    # p0 holds W F (2 resource cards), p1 holds F S (2): a shared win
    assert s.resources(0) == 2 and s.resources(1) == 2
    assert out.winners == (0, 1)


@pytest.mark.rules("PL-END-4", "PL-END-5", "PL-GAP-28")
def test_tie_breaks_count_resource_cards_in_hand_only() -> None:
    s = position(
        3,
        slots=FIRST,
        moon=4,
        moon_net=8 * 5 - 1,
        hands={0: "F moon moon", 1: "S", 2: "W W"},
        draw="garglore garglore",
        saved={0: 3, 1: 3, 2: 1},
        areas={"rocket": "F F F"},
    )
    s.apply(0, "end")
    out = s.outcome()
    assert out is not None and out.termination == "explosion"
    assert out.winners == (0, 1)  # 1 resource each (Action cards and card areas do not count)
    assert out.places == (1, 1, 3)


@pytest.mark.rules("PL-DAY-1", "PL-DAY-2", "PL-GAP-5", "PL-MOON-6")
def test_sun_never_goes_behind_its_start() -> None:
    s = position(2, slots=FIRST, moon=0, hands={0: "moon moon"}, draw="F F")
    s.apply(0, "play moon cw")
    assert s.days_passed == 0 and s.moon == 4
    s.apply(0, "play moon ccw")
    assert s.days_passed == 0  # landing on the star after going back: no day completed
    s.apply(0, "end")
    for _ in range(4):
        s.apply(s.turn, "end")
    assert s.moon == 0 and s.days_passed == 1


@pytest.mark.rules("PL-DIE-1", "PL-DIE-2", "PL-DIE-3", "PL-GAP-7", "PL-BONF-3", "PL-BONF-4")
def test_lift_off_die() -> None:
    s = GAME.new_game(2, seed=1)
    assert s.cfg.lift_die == (0, 1, 1, 2, 2, 3)
    assert GAME.new_game(2, 1, {"lift_die": "X,X,1,2,2,3"}).cfg.lift_die == (0, 0, 1, 2, 2, 3)
    s = position(
        2, slots=FIRST, moon=1, hands={0: "F F F"}, draw="S S", boarded={"bonfire": [0, 1]}
    )
    force_rolls(s, lift_face(s, 2), lift_face(s, 0), lift_face(s, 3))
    s.apply(0, "roll bonfire F")  # Full Moon needs 3: a 2 fails, Aliens stay
    assert s.boarded[0] == [0, 1] and s.saved == [0, 0]
    s.apply(0, "roll bonfire F")  # X always fails
    assert s.boarded[0] == [0, 1]
    s.apply(0, "roll bonfire F")
    assert s.saved == [1, 1]
    assert s.hands[0][0] == 0


@pytest.mark.rules("PL-DIE-4", "PL-COMP-9")
def test_stargate_die_faces() -> None:
    s = GAME.new_game(2, seed=1)
    assert sorted(s.cfg.stargate_faces) == sorted(
        ["draw1", "draw2", "earthquake", "tornado", "storm", "liftoff"]
    )


@pytest.mark.rules("PL-GARG-2", "PL-GARG-5", "PL-GAP-18")
def test_garglore_blocks_launches_and_rolls_but_not_boarding() -> None:
    s = position(
        2,
        slots=("bonfire", "satellite", "teleport", "jetpack"),
        moon=1,
        hands={0: "S F F F F", 1: "F F F"},
        draw="F F",
        surface={0: {1: 1, 7: 1}},
        boarded={"teleport": [1]},
        garglore="bonfire",
    )
    s.apply(0, "board bonfire S")
    assert s.boarded[0] == [0]
    assert not any(str(a).startswith("roll bonfire") for a in s.legal_actions(0))
    # a Jetpack boarder waits under the Garglore, then leaves the moment it goes
    s2 = position(
        2,
        slots=("bonfire", "satellite", "teleport", "jetpack"),
        moon=0,
        hands={0: "F F F garglore"},
        draw="F F",
        surface={0: {7: 1}},
        garglore="jetpack",
    )
    s2.apply(0, "board jetpack F F F")
    assert s2.boarded[3] == [0] and s2.saved[0] == 0
    s2.apply(0, "play garglore pool")
    assert s2.saved[0] == 1


@pytest.mark.rules("PL-GARG-5", "PL-GAP-17")
def test_no_teleport_window_under_the_garglore() -> None:
    s = position(
        2,
        slots=("teleport", "satellite", "rocket", "jetpack"),
        moon=2,
        hands={1: "F"},
        draw="F F",
        boarded={"teleport": [1]},
        garglore="teleport",
    )
    s.apply(0, "end")  # New Moon at the Teleport, but the Garglore is there
    assert s.stage == 0 and s.turn == 1
