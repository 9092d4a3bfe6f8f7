"""Variants: Family Fun, Let's Team Up, We Don't Have Time!, Cutthroat Planet
and Vicious, and their combinations (PL-FAM, PL-TEAM, PL-FAST, PL-CUT, PL-VIC, PL-VAR)."""

from __future__ import annotations

import pytest

import liftoff
from liftoff.games.planet import GAME
from liftoff.games.planet.testing import position

FIRST = ("bonfire", "satellite", "rocket", "jetpack")
FAMILY = {"family": True}


@pytest.mark.rules("PL-FAM-1", "PL-GAP-29")
def test_family_play_goes_on_after_a_rescue() -> None:
    s = position(
        3,
        slots=FIRST,
        hands={0: "S S"},
        draw="F F",
        options=FAMILY,
        saved={0: 9},
        surface={0: {3: 1}},
        areas={"satellite": "S S S S"},
    )
    s.apply(0, "board satellite S S")
    assert s.saved[0] == 10 and not s.is_over()
    assert s.turn == 1 and s.moon == 1  # p0's turn ended at once, with its Moon step
    s.apply(1, "end")
    s.apply(2, "end")
    assert s.turn == 1  # p0 is skipped from now on


@pytest.mark.rules("PL-FAM-1", "PL-GAP-29")
def test_family_ends_when_all_are_finished_and_ranks_by_finishing_order() -> None:
    s = position(
        3,
        slots=FIRST,
        turn=1,
        hands={1: "S S"},
        draw="F F",
        options=FAMILY,
        saved={0: 10, 1: 9, 2: 10},
        surface={1: {3: 1}},
        areas={"satellite": "S S S S"},
    )
    s.finish_seq = [2, 0, 1]  # p2 finished first, then p0
    s.seq = 2
    s.apply(1, "board satellite S S")
    assert s.is_over() and s.termination == "all_rescued"
    out = s.outcome()
    assert out is not None and out.ranking == (2, 0, 1) and out.winners == (2,)


@pytest.mark.rules("PL-FAM-3", "PL-FAST-3")
@pytest.mark.parametrize("variant", ["family", "fast"])
def test_random_terraform(variant: str) -> None:
    s = position(2, slots=FIRST, hands={0: "terraform"}, draw="F F", options={variant: True})
    plays = [str(a) for a in s.legal_actions(0) if "terraform" in str(a) and "play" in str(a)]
    assert plays == [f"play terraform {lp}" for lp in FIRST]
    s.apply(0, "play terraform jetpack")
    assert s.slots[3] != "jetpack" and s.slots[3] in s.cfg.lp_order


@pytest.mark.rules("PL-FAM-5")
def test_family_adds_no_mechanics() -> None:
    base = position(2, slots=FIRST, hands={0: "F S moon"}, draw="F F")
    fam = position(2, slots=FIRST, hands={0: "F S moon"}, draw="F F", options=FAMILY)
    assert {type(a) for a in fam.legal_actions(0)} == {type(a) for a in base.legal_actions(0)}


TEAM = {"team": True}


@pytest.mark.rules("PL-TEAM-1", "PL-TEAM-2")
def test_team_up_is_for_four_in_alternating_seats() -> None:
    with pytest.raises(liftoff.OptionError):
        GAME.new_game(3, seed=1, options=TEAM)
    s = GAME.new_game(4, seed=1, options=TEAM)
    assert [p["team"] for p in s.view(0)["players"]] == [0, 1, 0, 1]


@pytest.mark.rules("PL-TEAM-4", "PL-TEAM-3", "PL-GAP-30")
def test_action_cards_on_another_players_turn() -> None:
    s = position(4, slots=FIRST, hands={0: "F", 1: "S", 2: "moon F"}, draw="S S", options=TEAM)
    s.apply(0, "move core S0")
    assert s.active_players() == (1,)  # the window asks the others in turn order
    assert [str(a) for a in s.legal_actions(1)] == ["pass"]  # no sharing of resources
    s.apply(1, "pass")
    assert s.active_players() == (2,)
    s.apply(2, "play moon ccw")  # p2 moves the Moon during p0's turn
    assert s.moon == 1
    s.apply(2, "pass")
    assert s.active_players() == (0,) and s.turn == 0


@pytest.mark.rules("PL-TEAM-5", "PL-TEAM-6")
def test_a_team_wins_when_both_colours_are_saved() -> None:
    s = position(
        4,
        slots=FIRST,
        hands={0: "S S"},
        draw="F F",
        options=TEAM,
        saved={0: 10, 2: 9},
        boarded={"satellite": [2]},
        surface={0: {}},
        areas={"satellite": "S S S S"},
        core={0: 0},
    )
    assert s.active_players() == (0,)  # p0 is done but still takes turns to help
    s.apply(0, "pay satellite S")
    s.apply(0, "pay satellite S")
    assert s.is_over() and s.termination == "rescue"
    out = s.outcome()
    assert out is not None and out.winners == (0, 2)


@pytest.mark.rules("PL-TEAM-7")
def test_team_totals_at_the_explosion() -> None:
    s = position(
        4,
        slots=FIRST,
        moon=4,
        moon_net=10 * 5 - 1,
        hands={0: "F", 1: "S S", 2: "F"},
        draw="moon moon",
        options=TEAM,
        saved={0: 5, 1: 2, 2: 3, 3: 6},
    )
    s.apply(0, "end")
    out = s.outcome()
    assert out is not None and out.termination == "explosion"
    assert out.winners == (0, 1, 2, 3)  # 8 each, 2 resource cards each: shared
    assert out.details["teams"] == [[0, 2], [1, 3]]


@pytest.mark.rules("PL-FAST-1", "PL-FAST-2", "PL-FAST-4")
def test_we_dont_have_time() -> None:
    s = GAME.new_game(3, seed=2, options={"fast": True})
    assert [sum(h) for h in s.hands] == [5, 3, 3]
    assert s.core == [8, 8, 8] and s.cfg.aliens == 8
    assert s.cfg.days_total == 8 - 2
    t = position(
        2,
        slots=FIRST,
        hands={0: "S S"},
        draw="F F",
        options={"fast": True},
        saved={0: 7},
        surface={0: {3: 1}},
        areas={"satellite": "S S S S"},
    )
    t.apply(0, "board satellite S S")
    assert t.is_over() and t.outcome().winners == (0,)  # type: ignore[union-attr]


@pytest.mark.rules("PL-CUT-1", "PL-CUT-2")
def test_cutthroat_move_your_alien() -> None:
    s = position(
        2,
        slots=FIRST,
        hands={0: "mya mya"},
        draw="F F",
        options={"cutthroat": True},
        boarded={"rocket": [1]},
        surface={1: {0: 1}},
        areas={"rocket": "F S"},
    )
    assert s.cfg.days_total == 6 - 1
    s.apply(0, "play mya p1 off rocket")
    assert s.boarded[2] == [] and s.surf[1][5] == 1 and s.afuel[2] == 1
    s.apply(0, "play mya p1 S0 S7")
    assert s.surf[1][7] == 1


@pytest.mark.rules("PL-VIC-1", "PL-VIC-2")
def test_vicious_terraform() -> None:
    with pytest.raises(liftoff.OptionError):
        GAME.new_game(2, seed=1, options={"vicious": True})
    s = position(
        2,
        slots=FIRST,
        hands={0: "terraform"},
        draw="F F",
        options={"cutthroat": True, "vicious": True},
        boarded={"rocket": [1, 0]},
        surface={1: {5: 2}},
        areas={"rocket": "F S F S"},
    )
    s.apply(0, "play terraform rocket ufo")
    assert s.slots[2] == "ufo" and s.boarded[2] == [] and s.surf[1][5] == 0
    assert s.core == [10, 10] and sum(s.area[2]) == 0


@pytest.mark.rules("PL-VAR-1", "PL-GAP-31")
def test_variants_combine_and_keep_at_least_one_day() -> None:
    both = {"fast": True, "cutthroat": True}
    assert GAME.new_game(2, seed=1, options=both).cfg.days_total == 6 - 3
    literal = {**both, "day_track": "literal"}
    assert GAME.new_game(2, seed=1, options=literal).cfg.days_total == 1
    s = GAME.new_game(4, seed=1, options={"team": True, "fast": True, "family": True})
    assert s.cfg.aliens == 8 and s.cfg.random_terraform
