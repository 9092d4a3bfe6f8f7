"""The ten Lift Off Points (PL-BONF, PL-SAT, PL-ROCK, PL-JET, PL-TRAMP, PL-MIRA,
PL-UFO, PL-TELE, PL-SLING, PL-SGATE) and Lift Off in general (PL-LIFT)."""

from __future__ import annotations

import pytest

from liftoff.games.planet.testing import force_rolls, lift_face, position, stargate_face


@pytest.mark.rules("PL-BONF-1", "PL-BONF-2", "PL-BONF-5", "PL-GAP-8")
def test_bonfire() -> None:
    s = position(
        2,
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        hands={0: "S F"},
        draw="S F",
        boarded={"bonfire": [1, 1, 1]},
        surface={0: {1: 2}},
    )
    assert s.lp_at(0).thresholds == (3, 2, 1)  # Full / Half / New: best at New
    assert s.placement_cost(0) == (0, 1, 0)
    s.apply(0, "board bonfire S")
    assert len(s.boarded[0]) == 4
    assert not any(str(a).startswith("board bonfire") for a in s.legal_actions(0))


@pytest.mark.rules("PL-JET-1", "PL-JET-2", "PL-GAP-9")
@pytest.mark.parametrize(("moon", "fuel"), [(4, 1), (0, 3), (2, 5)])
def test_jetpack_costs_fuel_by_phase(moon: int, fuel: int) -> None:
    s = position(
        2,
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        moon=moon,
        hands={0: "F F F F F"},
        draw="S S",
        surface={0: {7: 1}},
    )
    assert s.placement_cost(3) == (fuel, 0, 0)
    s.apply(0, "board jetpack " + " ".join(["F"] * fuel))
    assert s.saved[0] == 1 and s.boarded[3] == []
    alt = position(
        2,
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        moon=moon,
        options={"jetpack_costs": "2/3/4"},
        hands={},
        draw="S S",
    )
    assert alt.placement_cost(3)[0] == {1: 2, 3: 3, 5: 4}[fuel]


@pytest.mark.rules("PL-TRAMP-1", "PL-TRAMP-3", "PL-TRAMP-5")
def test_trampoline() -> None:
    s = position(
        3,
        slots=("trampoline", "satellite", "rocket", "jetpack"),
        moon=0,
        hands={0: "S S"},
        draw="F F",
        boarded={"trampoline": [1]},
        surface={0: {1: 2}},
    )
    assert s.lp_at(0).thresholds == (1, 2, 3)
    s.apply(0, "board trampoline")
    assert not any(str(a) == "board trampoline" for a in s.legal_actions(0))  # 2 is the limit
    force_rolls(s, lift_face(s, 1))
    s.apply(0, "roll trampoline S")  # Half needs 2: a 1 fails and everyone goes home
    assert s.boarded[0] == [] and s.core[1] == 10 and s.core[0] == 9


@pytest.mark.rules("PL-MIRA-1", "PL-MIRA-3", "PL-MIRA-4", "PL-GAP-22")
def test_miracle_needs_one_alien_from_every_player() -> None:
    s = position(
        3,
        slots=("miracle", "satellite", "rocket", "jetpack"),
        hands={0: "moon moon"},
        draw="F F",
        boarded={"miracle": [1, 2]},
        surface={0: {1: 2}},
    )
    assert s.capacity(0) == 3
    s.apply(0, "board miracle moon")
    assert s.saved == [1, 1, 1] and s.boarded[0] == []
    t = position(
        3,
        slots=("miracle", "satellite", "rocket", "jetpack"),
        hands={0: "moon moon"},
        draw="F F",
        boarded={"miracle": [0]},
        surface={0: {1: 1}},
    )
    assert not any(str(a).startswith("board miracle") for a in t.legal_actions(0))


@pytest.mark.rules("PL-SGATE-1", "PL-SGATE-9")
def test_stargate_lift_off_face() -> None:
    s = position(
        2,
        slots=("stargate", "satellite", "rocket", "jetpack"),
        moon=4,
        moon_net=4,
        hands={},
        draw="F F",
        boarded={"stargate": [0] * 7 + [1]},
    )
    force_rolls(s, stargate_face(s, "liftoff"))
    s.apply(0, "end")
    assert s.saved == [7, 1]


@pytest.mark.rules("PL-SGATE-4", "PL-SGATE-5")
@pytest.mark.parametrize(("face", "n"), [("draw1", 1), ("draw2", 2)])
def test_stargate_draw_faces(face: str, n: int) -> None:
    s = position(
        3,
        slots=("stargate", "satellite", "rocket", "jetpack"),
        moon=4,
        moon_net=4,
        hands={},
        draw="F F " + "S " * 6 + "W W",
    )
    sizes = [sum(h) for h in s.hands]
    force_rolls(s, stargate_face(s, face))
    s.apply(0, "end")
    # everyone draws n (starting with the active player), then p1 draws its 2 for the turn
    assert [sum(h) for h in s.hands] == [sizes[0] + n, sizes[1] + n + 2, sizes[2] + n]


@pytest.mark.rules("PL-SGATE-6", "PL-GAP-27")
def test_stargate_earthquake() -> None:
    s = position(
        2,
        slots=("stargate", "satellite", "rocket", "jetpack"),
        moon=4,
        moon_net=4,
        hands={},
        draw="F F",
        boarded={"stargate": [0, 1]},
        surface={0: {1: 2}},
        areas={"stargate": "moon garglore"},
    )
    force_rolls(s, stargate_face(s, "earthquake"), 0)
    s.apply(0, "end")
    assert "stargate" in s.removed and "stargate" not in s.slots + s.box
    assert s.slots[0] in ("bonfire", "trampoline", "miracle", "ufo", "teleport", "slingshot")
    assert s.core == [10, 10] and sum(s.area[0]) == 0


@pytest.mark.rules("PL-SGATE-7", "PL-SGATE-8")
def test_stargate_tornado_and_storm() -> None:
    s = position(
        2,
        slots=("stargate", "satellite", "rocket", "jetpack"),
        moon=4,
        moon_net=4,
        hands={0: "F", 1: "S"},
        draw="F F W W",
        surface={0: {0: 1}, 1: {3: 1}},
        boarded={"rocket": [0]},
    )
    force_rolls(s, stargate_face(s, "tornado"))
    s.apply(0, "end")
    assert s.surf == [[0] * 8, [0] * 8] and s.boarded[2] == [0]
    for _ in range(4):
        s.apply(s.turn, "end")
    force_rolls(s, stargate_face(s, "storm"))
    ender = s.turn
    told = s.apply(ender, "end")
    assert "planet.ev.stargate.storm" in [e.kind for e in told]
    assert sum(s.hands[ender]) == 0 and sum(s.hands[s.turn]) == 2  # the next player drew 2


@pytest.mark.rules("PL-LIFT-3", "PL-LIFT-4", "PL-LIFT-8")
def test_lift_off_takes_only_boarded_aliens_and_needs_no_full_platform() -> None:
    s = position(
        2,
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        hands={0: "S S"},
        draw="S S",
        boarded={"satellite": [1]},
        surface={0: {3: 3}},
        areas={"satellite": "S S S S"},
    )
    s.apply(0, "pay satellite S")
    s.apply(0, "pay satellite S")
    assert s.saved == [0, 1] and s.surf[0][3] == 3  # 1 of 3 seats was enough; bystanders stay
    assert s.boarded[1] == [] and s.afuel[1] == s.ascrew[1] == 0


@pytest.mark.rules("PL-LIFT-7", "PL-GAP-35")
def test_a_ready_point_without_passengers_waits_with_its_cards() -> None:
    s = position(
        2,
        slots=("bonfire", "satellite", "rocket", "jetpack"),
        moon=3,
        hands={},
        draw="F F",
        areas={"rocket": " ".join(["F", "S"] * 6)},
    )
    assert s.phase(2) == 0 and s.afuel[2] == 6 and s.saved == [0, 0]
    assert not any(str(a).startswith("roll") for a in s.legal_actions(0))
