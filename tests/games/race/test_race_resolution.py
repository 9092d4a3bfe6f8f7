"""Resolution: reveals, blue cards, red orders, Theft, planet scoring, and the
rulebook's worked examples RC-EX-1..6 and RC-EX-9."""

from __future__ import annotations

from typing import Any

import pytest

from liftoff.games.race import cards as C
from liftoff.games.race.testing import position, resolution

PIOS = "Pios Proxima"  # needs 1 Terraforming, 3 VP, 2 ore (RC-COMP-8): known values only
BETA = "Beta Minor"  # needs 0 Terraforming (RC-COMP-7)

EX1_A = ["solar", "tank", "liftoff", "ore", "theft"]
EX1_B = ["tank", "tank", "settlers", "liftoff", "terraform"]


def events(state: Any, planet: int = 0) -> list[tuple[Any, ...]]:
    """The resolution log of one planet (without the Stop entry)."""
    return [e for e in state.log if e[0] != "stop" and len(e) > 1 and e[1] == planet]


def held(state: Any, side: int, planet: int = 0) -> list[str]:
    """Active (unspent) blue cards held on one side of a planet."""
    return sorted(C.code(c) for c in state.pools.get(2 * planet + side, []) if c not in state.spent)


@pytest.mark.rules(
    "RC-EX-1",
    "RC-COMP-8",
    "RC-COMP-10",
    "RC-RES-2",
    "RC-RES-3",
    "RC-RES-4",
    "RC-RES-7",
    "RC-RED-2",
    "RC-RED-4",
    "RC-ORE-1",
    "RC-ORE-2",
    "RC-THEFT-2",
    "RC-TERRA-1",
    "RC-TERRA-3",
    "RC-PLANET-1",
    "RC-SCORE-1",
    "RC-LIFT-3",
    "RC-STOP-2",
    "RC-GAP-12",
    "RC-GAP-16",
)
def test_ex1_pios_proxima_step_by_step() -> None:
    s = resolution(PIOS, EX1_A, EX1_B)  # A (player 0) called Stop
    assert s.stop_player == 0
    # steps 1-7: alternate reveals starting with the Stop Player, in placement order
    assert [(e[2], e[4]) for e in events(s)] == [
        (0, "solar"),
        (1, "tank"),
        (0, "tank"),
        (1, "tank"),
        (0, "liftoff"),
        (1, "settlers"),
        (0, "ore"),
    ]
    assert held(s, 0) == ["solar", "tank"] and held(s, 1) == ["settlers", "tank", "tank"]
    # step 7: A chooses which energy pays (the "Solar Cell" is the Solar Module)
    assert s.active_players() == (0,)
    assert [str(a) for a in s.legal_actions(0)] == ["pay solar", "pay tank"]
    s.apply(0, "pay solar")
    assert s.scores == [1, 0] and s.ore_used[0] == 1
    assert held(s, 0) == ["solar", "tank"]  # the tank is still active
    # steps 8-9: B lifts off, A's Theft finds no Security Force
    assert [str(a) for a in s.legal_actions(0)] == ["steal settlers", "steal tank", "steal none"]
    s.apply(0, "steal settlers")
    assert s.settlers(0, 0) == 1 and s.settlers(0, 1) == 0
    # step 10: B must terraform with both tanks; the planet becomes habitable
    assert s.terra[0] == 1 and held(s, 1) == []
    assert s.is_over()
    assert s.scores == [4, 0]
    assert s.results[0][1:] == (1, 1, 0, 0, 3)  # habitable, settlers 1:0, A wins 3 VP
    assert s.invariants() == []


@pytest.mark.rules("RC-EX-2", "RC-RED-3", "RC-PLANET-4", "RC-TERRA-1")
def test_ex2_stealing_a_tank_stops_the_terraforming() -> None:
    s = resolution(PIOS, EX1_A, EX1_B)
    s.apply(0, "pay solar")
    s.apply(0, "steal tank")
    fails = [e for e in events(s) if e[0] == "fail"]
    assert fails == [("fail", 0, 1, 1, "terraform", "no-energy")]
    assert s.terra[0] == 0
    assert held(s, 1) == ["settlers", "tank"]  # nothing was spent
    assert s.scores == [1, 0]  # B's Settler is on an uninhabitable planet


@pytest.mark.rules("RC-EX-3", "RC-PLANET-2", "RC-COMP-7", "RC-TERRA-3", "RC-GAP-20")
def test_ex3_settler_tie_scores_nothing() -> None:
    s = resolution(
        BETA,
        ["settlers", "settlers", "tank", "liftoff", "ore"],
        ["settlers", "settlers", "liftoff"],
        options={"auto_choices": True},
    )
    assert s.terra[0] == 0  # Beta Minor is habitable without Terraforming
    assert (s.settlers(0, 0), s.settlers(0, 1)) == (2, 2)
    assert s.results[0][4] == -1  # nobody wins the planet
    assert s.scores == [1, 0]  # ore points are unaffected


@pytest.mark.rules("RC-EX-4", "RC-PLANET-3", "RC-TERRA-2", "RC-RES-8")
def test_ex4_opponent_terraforms_and_the_majority_scores() -> None:
    s = resolution(
        PIOS,
        ["settlers", "settlers", "liftoff"],
        ["settlers", "tank", "tank", "liftoff", "terraform"],
    )
    assert s.terra[0] == 1
    assert s.scores == [3, 0]


@pytest.mark.rules("RC-EX-5", "RC-RED-5", "RC-RED-6", "RC-RED-1", "RC-THEFT-1")
def test_ex5_no_retroactive_evaluation() -> None:
    s = resolution(PIOS, ["liftoff", "ore", "theft", "ore"], ["tank", "liftoff"])
    order = [(e[0], e[2], e[4]) for e in events(s) if e[0] == "reveal"]
    assert order == [
        ("reveal", 0, "liftoff"),
        ("reveal", 1, "tank"),
        ("reveal", 0, "ore"),
        ("reveal", 1, "liftoff"),
        ("reveal", 0, "theft"),
    ]
    assert ("fail", 0, 0, 0, "ore", "no-energy") in events(s)
    # A's Theft needed no resources; A may take the tank
    assert [str(a) for a in s.legal_actions(0)] == ["steal tank", "steal none"]
    s.apply(0, "steal tank")
    assert s.scores == [1, 0]  # not 2: the first Ore Production is never re-evaluated
    assert held(s, 0) == [] and held(s, 1) == []  # the stolen tank paid and is exhausted


@pytest.mark.rules("RC-EX-6", "RC-THEFT-3", "RC-THEFT-4", "RC-SEC-1", "RC-SEC-2", "RC-GAP-6")
def test_ex6_both_security_forces() -> None:
    s = resolution(
        BETA,
        ["security", "settlers", "liftoff", "theft", "theft"],
        ["security", "settlers", "liftoff"],
        stop_player=0,
    )
    # A's first Theft is repelled; B may take a card from A, even A's Security Force
    assert ("repelled", 0, 0, 0) in events(s)
    assert s.active_players() == (1,)
    assert [str(a) for a in s.legal_actions(1)] == [
        "steal settlers",
        "steal security",
        "steal none",
    ]
    s.apply(1, "steal settlers")
    assert s.settlers(0, 1) == 2 and s.settlers(0, 0) == 0
    # B's Security Force is used up, so A's second Theft succeeds
    assert s.active_players() == (0,)
    assert [str(a) for a in s.legal_actions(0)] == ["steal settlers", "steal none"]
    s.apply(0, "steal settlers")
    assert s.settlers(0, 0) == 1 and s.settlers(0, 1) == 1
    assert s.scores == [0, 0]  # 1:1 tie on Beta Minor
    assert s.details()["counter_thefts"] == [0, 1] and s.details()["thefts"] == [1, 0]


@pytest.mark.rules("RC-GAP-6", "RC-SEC-2")
def test_persistent_security_repels_every_theft() -> None:
    s = resolution(
        BETA,
        ["settlers", "liftoff", "theft", "theft"],
        ["security", "settlers", "liftoff"],
        options={"security": "persistent", "auto_choices": True},
    )
    assert sum(1 for e in events(s) if e[0] == "repelled") == 2
    assert s.settlers(0, 0) == 0 and s.settlers(0, 1) == 2  # B counter-stole A's Settler
    assert ("steal", 0, 1, 1, "none") in events(s)  # the second time A had nothing left
    assert s.scores == [0, 1]


@pytest.mark.rules("RC-THEFT-5")
def test_a_security_force_revealed_later_does_not_undo_a_theft() -> None:
    s = resolution(
        BETA,
        ["liftoff", "theft"],
        ["settlers", "security", "liftoff"],
        options={"auto_choices": True},
    )
    # A's Theft is revealed (step 3) before B's Security Force (step 4)
    assert ("theft", 0, 0, 0) in events(s)
    assert s.settlers(0, 0) == 1 and s.settlers(0, 1) == 0
    assert s.scores == [1, 0]


@pytest.mark.rules("RC-THEFT-6", "RC-TANK-1", "RC-GAP-8")
def test_only_active_revealed_blue_cards_can_be_stolen() -> None:
    # B's tank is spent on Ore before A's Theft; B's Settlers are not yet revealed
    s = resolution(
        PIOS,
        ["liftoff", "settlers", "theft"],
        ["tank", "liftoff", "ore", "settlers"],
        stop_player=1,
    )
    # reveal order: B tank, A liftoff, B liftoff, A settlers, B ore (tank spent), A theft
    assert s.scores == [0, 1]
    assert s.is_over()  # nothing to take: no choice was asked
    assert ("steal", 0, 0, 0, "none") in events(s)


@pytest.mark.rules("RC-THEFT-7", "RC-GAP-7")
def test_taking_is_optional() -> None:
    s = resolution(PIOS, EX1_A, EX1_B)
    s.apply(0, "pay solar")
    s.apply(0, "steal none")
    assert s.settlers(0, 1) == 1 and s.terra[0] == 1
    assert s.scores == [1, 3]  # B keeps its Settler and scores the planet it terraformed


@pytest.mark.rules("RC-RED-4", "RC-GAP-9")
def test_auto_choices_use_the_default_policy() -> None:
    s = resolution(PIOS, EX1_A, EX1_B, options={"auto_choices": True})
    assert ("ore", 0, 0, 0, "solar") in events(s)  # modules first
    assert ("steal", 0, 0, 0, "settlers") in events(s)  # Settlers first
    assert s.scores == [4, 0]


@pytest.mark.rules("RC-RED-4")
def test_paying_with_a_tank_uses_it_up() -> None:
    s = resolution(PIOS, EX1_A, EX1_B)
    s.apply(0, "pay tank")
    assert held(s, 0) == ["solar"]
    s.apply(0, "steal none")
    assert s.is_over()


@pytest.mark.rules("RC-SOLAR-1", "RC-SOLAR-2", "RC-ORE-3", "RC-GAP-11", "RC-RES-8")
def test_solar_module_feeds_every_order_and_deposits_are_shared() -> None:
    s = resolution(
        PIOS,
        ["solar", "liftoff", "ore", "ore", "terraform"],
        ["tank", "liftoff", "ore"],
        options={"auto_choices": True},
    )
    # A: ore (solar), B: ore (tank) -> both deposits used; A's second ore fails
    assert s.ore_used[0] == 2
    assert ("fail", 0, 0, 0, "ore", "no-ore") in events(s)
    # one module cannot give 2 units to one Terraforming
    assert ("fail", 0, 0, 0, "terraform", "no-energy") in events(s)
    assert s.scores == [1, 1]
    two = resolution(
        PIOS, ["solar", "solar", "settlers", "liftoff", "terraform", "terraform"], ["settlers"]
    )
    assert two.terra[0] == 2  # two modules, reused by both orders, never used up
    assert held(two, 0) == ["settlers", "solar", "solar"]
    assert two.scores == [3, 0]


@pytest.mark.rules("RC-TERRA-4", "RC-GAP-10", "RC-RED-2")
def test_unneeded_terraforming_is_still_carried_out() -> None:
    s = resolution(BETA, ["tank", "tank", "liftoff", "terraform", "ore"], ["settlers"])
    assert s.terra[0] == 1  # on Beta Minor, which needs none
    assert held(s, 0) == []  # both tanks spent, so the ore fails
    assert ("fail", 0, 0, 0, "ore", "no-energy") in events(s)
    assert s.scores == [0, 0]


@pytest.mark.rules("RC-SETL-1", "RC-LIFT-1", "RC-GAP-20")
def test_settlers_are_never_used_up_and_lift_off_scores_nothing() -> None:
    s = resolution(BETA, ["settlers", "liftoff"], ["liftoff"])
    assert s.scores == [1, 0]  # Beta Minor's VP; the Lift Off cards gave nothing
    assert held(s, 0) == ["settlers"]


@pytest.mark.rules("RC-RES-5", "RC-RES-3")
def test_the_longer_row_keeps_revealing_alone() -> None:
    s = resolution(
        PIOS, ["liftoff"], ["settlers", "tank", "tank", "liftoff", "terraform"], stop_player=0
    )
    sides = [e[2] for e in events(s) if e[0] == "reveal"]
    assert sides == [0, 1, 1, 1, 1, 1]
    assert s.scores == [0, 3]


@pytest.mark.rules("RC-RES-6", "RC-GAP-14", "RC-LIFT-2", "RC-CLEAN-2")
def test_a_single_surviving_row_is_resolved_alone() -> None:
    s = resolution(
        PIOS,
        ["settlers", "settlers"],  # no Lift Off: removed at cleanup
        ["settlers", "tank", "tank", "liftoff", "terraform", "theft"],
        options={"auto_choices": True},
    )
    assert s.rows[0] == [] and len(s.aside[0]) >= 2
    assert ("steal", 0, 1, 1, "none") in events(s)  # the Theft finds nothing
    assert s.scores == [0, 3]


@pytest.mark.rules("RC-RES-1", "RC-GAP-19", "RC-SETUP-5")
def test_planets_resolve_independently_even_twins() -> None:
    names = [PIOS, PIOS, "Planet-2", "Planet-2", BETA, BETA, "Planet-4", "Planet-4"]
    names += ["Planet-5", "Planet-5"]
    s = position(
        4,
        planets=names,
        stacks={0: ["tank"], 1: ["tank"], 2: ["tank"], 3: ["tank"]},
        rows={
            1: (["solar", "liftoff", "ore", "ore"], ["liftoff"]),
            2: (["solar", "liftoff", "ore", "ore"], ["liftoff"]),
        },
        options={"rounds": 1, "auto_choices": True},
    )
    s.apply(0, "discard")
    assert s.ore_used[0] == 2 and s.ore_used[1] == 2  # each Pios card has its own deposits
    assert s.scores[0] == 4


@pytest.mark.rules("RC-EX-9", "RC-RES-4", "RC-GAP-13")
def test_ex9_first_revealer_clockwise_from_the_stop_player() -> None:
    # standard 4-player table: planet 1 lies between P1 and P2 (players 0, 1),
    # planet 5 between P3 and P4 (players 2, 3). P3 (player 2) calls Stop.
    rows = {1: (["liftoff"], ["liftoff"]), 5: (["liftoff"], ["liftoff"])}
    s = position(
        4,
        stacks={p: ["tank"] for p in range(4)},
        rows=rows,
        options={"rounds": 1},
    )
    assert s.side_players[0] == (0, 1) and s.side_players[4] == (2, 3)
    s.apply(2, "discard")
    first = {e[1]: e[3] for e in reversed(s.log) if e[0] == "reveal"}
    assert first[0] == 0  # P4 is not at planet 1, next clockwise is P1
    assert first[4] == 2  # P3 is the Stop Player


@pytest.mark.rules("RC-PLANET-1")
def test_majority_needs_at_least_one_settler_and_a_habitable_planet() -> None:
    s = resolution(PIOS, ["tank", "tank", "liftoff", "terraform"], ["liftoff"])
    assert s.terra[0] == 1 and s.scores == [0, 0]  # habitable, but no Settlers at all


@pytest.mark.rules("RC-LR-3", "RC-RED-4")
def test_a_choice_is_asked_only_when_there_are_several_ways() -> None:
    # two tanks and no module: "pay tank" is the only way, so nobody is asked
    s = resolution(PIOS, ["tank", "tank", "liftoff", "ore", "ore"], ["settlers"])
    assert s.is_over() and s.scores == [2, 0]
    assert [e[4] for e in events(s) if e[0] == "ore"] == ["tank", "tank"]


@pytest.mark.rules("RC-LR-4", "RC-GAP-9")
def test_default_steal_policy_order() -> None:
    s = resolution(
        BETA,
        ["liftoff", "theft", "theft"],
        ["security", "tank", "solar", "liftoff"],
        options={"auto_choices": True, "security": "persistent"},
        stop_player=1,
    )
    # B's Security Force repels both Thefts; B then takes nothing (A has no blue card)
    assert sum(1 for e in events(s) if e[0] == "repelled") == 2
    assert [e[4] for e in events(s) if e[0] == "steal"] == ["none", "none"]
    t = resolution(
        BETA,
        ["tank", "settlers", "liftoff", "theft", "theft"],
        ["tank", "solar", "settlers", "liftoff"],
        options={"auto_choices": True},
        stop_player=1,
    )
    # all three of B's blue cards are revealed before A's first Theft
    taken = [e[4] for e in events(t) if e[0] == "steal"]
    assert taken == ["settlers", "solar"]  # Settlers, then Solar Module, then Energy Tank
    assert t.scores == [1, 0]


@pytest.mark.rules("RC-LR-10", "RC-SEC-2", "RC-THEFT-7")
def test_a_repelling_security_force_is_used_up_even_when_its_owner_takes_nothing() -> None:
    s = resolution(
        BETA,
        ["security", "settlers", "liftoff", "theft", "theft"],
        ["security", "settlers", "liftoff"],
        stop_player=0,
    )
    assert ("repelled", 0, 0, 0) in events(s)
    assert s.active_players() == (1,)
    s.apply(1, "steal none")  # B repels A's first Theft but takes nothing
    assert s.active_players() == (0,)  # B's Security Force is spent: the second Theft works
    assert [str(a) for a in s.legal_actions(0)] == ["steal settlers", "steal none"]
    s.apply(0, "steal settlers")
    assert s.settlers(0, 0) == 2 and s.settlers(0, 1) == 0


@pytest.mark.rules("RC-LR-7", "RC-RES-1")
def test_planets_resolve_in_table_order() -> None:
    s = position(
        2,
        stacks={0: ["ore"], 1: ["ore", "ore"]},
        rows={
            3: (["liftoff", "theft"], ["settlers", "liftoff"]),
            1: (["liftoff", "theft"], ["settlers", "liftoff"]),
        },
        options={"rounds": 1},
    )
    s.apply(0, "discard")  # player 0's stack is empty: Stop
    thief = s.side_players[0][0]
    assert s.active_players() == (thief,)
    s.apply(thief, "steal settlers")  # planet 1 is asked first
    planets = [e[1] for e in s.log if e[0] == "steal"]
    assert planets == [0]
    thief3 = s.side_players[2][0]
    assert s.active_players() == (thief3,)
    s.apply(thief3, "steal none")
    assert [e[1] for e in s.log if e[0] == "steal"] == [0, 2]
    first = {p: next(i for i, e in enumerate(s.log) if len(e) > 1 and e[1] == p) for p in (0, 2)}
    assert first[0] < first[2]  # every event of planet 1 comes before planet 3's
