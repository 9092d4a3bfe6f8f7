"""The turn, cards, resources, movement and paying (PL-TURN, PL-CARD, PL-RES,
PL-MOVE, PL-PAY)."""

from __future__ import annotations

import json

import pytest

from liftoff import IllegalAction
from liftoff.games.planet.testing import area, hand, position

FIRST = ("bonfire", "satellite", "rocket", "jetpack")


def frozen(s: object) -> str:
    return json.dumps(s.to_json(), sort_keys=True)  # type: ignore[attr-defined]


def refused(s: object, player: int, text: str, rule: str) -> None:
    before = frozen(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(player, text)  # type: ignore[attr-defined]
    assert err.value.rule == rule, err.value
    assert frozen(s) == before


@pytest.mark.rules("PL-TURN-3", "PL-PAY-4", "PL-MOVE-6")
def test_play_step_actions_in_any_order_and_paying_costs_no_movement() -> None:
    s = position(2, slots=FIRST, hands={0: "S S F moon"}, draw="S F", surface={0: {2: 1}})
    s.apply(0, "pay satellite S")
    s.apply(0, "move S2 S1")
    s.apply(0, "trade F F")
    s.apply(0, "board bonfire S")
    assert s.moves == 1  # boarding used no movement point
    s.apply(0, "move core S0")
    s.apply(0, "play moon ccw")
    assert s.moves == 0 and s.moon == 1


@pytest.mark.rules("PL-TURN-5", "PL-CARD-6", "PL-GAP-36")
def test_only_the_active_player_acts() -> None:
    s = position(3, slots=FIRST, hands={1: "moon F"}, draw="F F")
    refused(s, 1, "play moon ccw", "PL-TURN-5")
    refused(s, 2, "end", "PL-TURN-5")
    assert s.legal_actions(1) == []


@pytest.mark.rules("PL-CARD-1", "PL-PAY-8")
def test_used_cards_go_to_the_discard_pile() -> None:
    s = position(
        2, slots=FIRST, hands={0: "moon S S S S S S"}, draw="F F", boarded={"satellite": [1]}
    )
    before = list(s.discard)
    s.apply(0, "play moon ccw")
    assert s.discard[3] == before[3] + 1
    for _ in range(6):
        s.apply(0, "pay satellite S")
    assert s.saved[1] == 1
    assert s.discard[1] == before[1] + 6  # the Satellite's whole card area


@pytest.mark.rules("PL-CARD-2", "PL-GAP-13")
def test_reshuffle_when_the_draw_pile_runs_out() -> None:
    s = position(2, slots=FIRST, hands={0: "F S"}, draw="F S")
    for k in s.draw:  # move the draw pile onto the discard pile
        s.discard[k] += 1
    s.draw = []
    waiting = sum(s.discard)
    told = s.apply(0, "trade F S")  # discard 2 first, then reshuffle everything and draw 1
    assert sum(s.hands[0]) == 3
    assert len(s.draw) == waiting + 2 - 1 and sum(s.discard) == 0
    assert "planet.ev.reshuffle" in [e.kind for e in told]
    assert s.invariants() == []
    # no draw pile and no discard pile: draw what there is (nothing) and play on
    for k in range(len(s.discard)):
        s.hands[1][k] += s.discard[k]
        s.discard[k] = 0
    for k in s.draw:
        s.hands[1][k] += 1
    s.draw = []
    told = s.apply(0, "end")
    assert [e.data for e in told if e.kind == "planet.ev.draw-none"] == [{"who": 1}] and s.turn == 1
    assert s.invariants() == []


@pytest.mark.rules("PL-CARD-3")
def test_trade_two_cards_for_one() -> None:
    s = position(2, slots=FIRST, hands={0: "F moon"}, draw="S garglore W")
    s.apply(0, "trade F moon")
    assert hand(s, 0) == {"S": 1, "garglore": 1, "W": 1}
    refused(s, 0, "trade F F", "PL-CARD-3")


@pytest.mark.rules("PL-CARD-4", "PL-GAP-12")
def test_no_hand_limit() -> None:
    s = position(2, slots=FIRST, hands={0: "F " * 20}, draw="S S S S")
    s.apply(0, "end")
    assert sum(s.hands[0]) == 22
    s.apply(1, "end")
    assert sum(s.hands[0]) == 24


@pytest.mark.rules("PL-CARD-5", "PL-RES-4", "PL-MIRA-2", "PL-SGATE-2", "PL-LR-1")
def test_action_cards_as_costs_have_no_effect() -> None:
    s = position(
        2,
        slots=("stargate", "miracle", "rocket", "jetpack"),
        hands={0: "storm F", 1: "S S"},
        draw="moon F",
        surface={0: {1: 1, 3: 1}},
    )
    s.apply(0, "board stargate storm")
    assert hand(s, 1) == {"S": 2}  # Electric Storm! paid as a cost: no storm
    refused(s, 0, "board miracle F", "PL-MIRA-2")
    s.apply(0, "board miracle moon")
    assert s.boarded[1] == [0]
    refused(s, 0, "pay stargate F", "PL-LR-1")


@pytest.mark.rules("PL-RES-1", "PL-RES-2", "PL-RES-3", "PL-GAP-33", "PL-ROCK-2")
def test_fuel_screw_and_wild() -> None:
    s = position(2, slots=FIRST, hands={0: "W W F S"}, draw="F S", surface={0: {5: 2}})
    boards = {str(a) for a in s.legal_actions(0) if str(a).startswith("board rocket")}
    assert boards == {
        "board rocket F S",
        "board rocket F W=S",
        "board rocket W=F S",
        "board rocket W=F W=S",
    }
    s.apply(0, "board rocket W=F W=S")
    assert area(s, "rocket") == {"fuel": 1, "screw": 1}
    assert s.area[2][2] == 2  # two Wild cards, fixed as one Fuel and one Screw
    refused(s, 0, "board rocket F F", "PL-ROCK-2")


@pytest.mark.rules("PL-MOVE-1", "PL-MOVE-8")
def test_two_movement_points_per_turn() -> None:
    s = position(2, slots=FIRST, hands={}, draw="F F F F")
    s.apply(0, "move core S0")
    s.apply(0, "move core S2")
    refused(s, 0, "move S0 S1", "PL-MOVE-1")
    s.apply(0, "end")
    s.apply(1, "end")
    assert s.moves == 2  # unused points do not carry over


@pytest.mark.rules("PL-MOVE-2", "PL-MOVE-3", "PL-MOVE-4", "PL-GAP-21")
def test_movement_geometry() -> None:
    s = position(2, slots=FIRST, hands={}, draw="F F", surface={0: {0: 1}})
    refused(s, 0, "move core S1", "PL-MOVE-2")
    refused(s, 0, "move S0 S2", "PL-MOVE-3")
    s.apply(0, "move S0 S7")  # clockwise, wrapping around the ring
    s.apply(0, "move S7 S6")  # through the Jetpack without boarding
    assert s.surf[0][6] == 1 and not any(s.boarded)


@pytest.mark.rules("PL-MOVE-5", "PL-END-1")
def test_four_alien_states() -> None:
    s = position(
        2,
        slots=FIRST,
        hands={},
        draw="F F",
        surface={0: {0: 2}},
        boarded={"rocket": [0]},
        saved={0: 3},
    )
    v = s.view(0)
    assert v["players"][0]["core"] == 4
    assert v["ring"][0]["aliens"][0] == 2
    assert v["ring"][5]["boarded"] == [0]
    assert v["players"][0]["saved"] == 3 and v["players"][0]["on_planet"] == 7


@pytest.mark.rules("PL-MOVE-7", "PL-GAP-20", "PL-PAY-5")
def test_abandon_a_platform() -> None:
    s = position(
        2,
        slots=FIRST,
        hands={0: "S"},
        draw="S F",
        boarded={"satellite": [0]},
        areas={"satellite": "S S"},
    )
    s.apply(0, "abandon satellite")
    assert s.moves == 1 and s.boarded[1] == [] and s.surf[0][3] == 1
    assert area(s, "satellite")["screw"] == 2  # the cards stay
    s.apply(0, "board satellite S S")  # pay again to get back on
    assert s.boarded[1] == [0] and area(s, "satellite")["screw"] == 4


@pytest.mark.rules("PL-MOVE-9")
def test_no_return_to_the_core_and_no_segment_capacity() -> None:
    s = position(2, slots=FIRST, hands={}, draw="F F", surface={0: {0: 9}})
    refused(s, 0, "move S0 core", "PL-MOVE-9")
    s.apply(0, "move core S0")
    assert s.surf[0][0] == 10


@pytest.mark.rules("PL-MOVE-10", "PL-ACT-MYA-1")
def test_move_your_alien_moves_only_your_own_in_the_base_game() -> None:
    s = position(2, slots=FIRST, hands={0: "mya"}, draw="F F", surface={1: {0: 1}})
    refused(s, 0, "play mya p1 S0 S1", "PL-MOVE-10")
    s.apply(0, "play mya p0 core S2")
    assert s.surf[0][2] == 1 and s.moves == 2  # on top of the 2 points


@pytest.mark.rules("PL-PAY-1", "PL-LIFT-5", "PL-SAT-1", "PL-SAT-2")
def test_boarding_needs_an_alien_there_and_a_free_space() -> None:
    s = position(
        2,
        slots=FIRST,
        hands={0: "S S S S"},
        draw="S S",
        boarded={"satellite": [1, 1, 1]},
        surface={0: {3: 1}},
    )
    refused(s, 0, "board bonfire S", "PL-PAY-1")
    refused(s, 0, "board satellite S S", "PL-LIFT-5")


@pytest.mark.rules(
    "PL-PAY-3",
    "PL-PAY-6",
    "PL-PAY-7",
    "PL-GAP-16",
    "PL-SAT-4",
    "PL-ROCK-4",
    "PL-GAP-26",
    "PL-GAP-35",
    "PL-LIFT-7",
)
def test_extra_payments_count_toward_lift_off() -> None:
    s = position(2, slots=FIRST, hands={0: "S S S S S S F F S S"}, draw="F F", surface={0: {3: 1}})
    for _ in range(6):
        s.apply(0, "pay satellite S")  # no Alien of ours aboard, nobody at all: it waits
    assert area(s, "satellite")["screw"] == 6 and s.saved == [0, 0]
    s.apply(0, "move S3 S4")
    s.apply(0, "move S4 S3")
    s.apply(0, "board satellite S S")  # surplus stays and launches at once
    assert s.saved[0] == 1
    s.apply(0, "pay rocket F")  # extra Fuel on the Rocket Ship is allowed too
    assert area(s, "rocket")["fuel"] == 1


@pytest.mark.rules("PL-PAY-10", "PL-LIFT-6")
def test_icons_are_in_the_view() -> None:
    s = position(2, slots=("bonfire", "trampoline", "rocket", "stargate"), hands={}, draw="F F")
    ring = {seg["lp"]: seg for seg in s.view(0)["ring"] if "lp" in seg}
    assert ring["bonfire"]["placement_cost"] == {"fuel": 0, "screw": 1, "action": 0}
    assert ring["rocket"]["lift"] == {"fuel": 6, "screw": 6, "phases": ["full"]}
    assert ring["trampoline"]["roll"]["cost"] == "screw"
    assert s.cfg.lps["trampoline"].fail_to_core and not s.cfg.lps["bonfire"].fail_to_core
    assert ring["stargate"]["mechanic"] == "stargate" and ring["stargate"]["capacity"] is None
