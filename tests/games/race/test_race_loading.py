"""Loading in real time: the three actions, placement legality, Stop and cleanup."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liftoff
from liftoff.engine import IllegalAction
from liftoff.games.race import cards as C
from liftoff.games.race.testing import position

GAME = liftoff.games.get("race")


def canon(state: object) -> str:
    data = state.to_json()  # type: ignore[attr-defined]
    data.pop("history")
    return json.dumps(data, sort_keys=True)


@pytest.mark.rules("RC-PLAY-1", "RC-PLAY-3", "RC-GAP-4", "RC-GAP-21")
def test_everyone_loads_at_the_same_time() -> None:
    for n in (2, 3, 4):
        s = GAME.new_game(n, seed=3)
        assert s.phase_name == "loading"
        assert s.active_players() == tuple(range(n))
        assert all(s.legal_actions(p) for p in range(n))


@pytest.mark.rules("RC-PLAY-4", "RC-PLAY-5", "RC-PLAY-8")
def test_the_three_actions_on_the_top_card() -> None:
    s = position(2, stacks={0: ["tank", "settlers", "ore"], 1: ["tank", "tank"]})
    assert [str(a) for a in s.legal_actions(0)] == [
        "place 1",
        "place 2",
        "place 3",
        "place 4",
        "place 5",
        "under",
        "discard",
    ]
    top = s.stacks[0][0]
    s.apply(0, "place 2")
    assert s.rows[2] == [top]  # planet 2, side 0 is player 0's row
    s.apply(0, "place 2")
    assert [C.code(c) for c in s.rows[2]] == ["tank", "settlers"]  # placement order kept
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "pay solar")
    assert err.value.rule == "RC-PLAY-5"


@pytest.mark.rules("RC-PLAY-6", "RC-STOP-4")
def test_under_any_number_of_times_never_stops() -> None:
    s = GAME.new_game(2, seed=5)
    order = list(s.stacks[0])
    for _ in range(C.SET_SIZE):
        s.apply(0, "under")
        assert len(s.stacks[0]) == C.SET_SIZE
    assert s.stacks[0] == order
    one = position(2, stacks={0: ["ore"], 1: ["tank", "tank"]})
    for _ in range(3):
        one.apply(0, "under")
    assert one.phase_name == "loading" and len(one.stacks[0]) == 1


@pytest.mark.rules("RC-PLAY-7")
def test_discarded_cards_are_gone_for_the_round() -> None:
    s = position(2, stacks={0: ["theft", "tank"], 1: ["tank", "tank"]})
    card = s.stacks[0][0]
    s.apply(0, "discard")
    assert s.discards[0] == [card] and card not in s.stacks[0]
    assert s.view(1)["players"][0]["discards"] == ["theft"]


@pytest.mark.rules("RC-PLAY-9")
def test_placed_cards_are_public_and_stay_put() -> None:
    s = position(2, stacks={0: ["settlers", "liftoff", "tank"], 1: ["tank", "tank", "tank"]})
    s.apply(0, "place 1")
    s.apply(0, "place 1")
    row = list(s.rows[0])
    for viewer in (0, 1, None):
        assert s.view(viewer)["planets"][0]["rows"][0] == ["settlers", "liftoff"]
    s.apply(1, "place 1")
    s.apply(1, "discard")
    assert s.rows[0] == row


EX7 = [
    ([], "settlers", True, None),
    ([], "liftoff", True, None),
    ([], "ore", False, "RC-PLACE-3"),
    (["settlers"], "liftoff", True, None),
    (["settlers", "liftoff"], "tank", False, "RC-PLACE-5"),
    (["settlers", "liftoff"], "theft", True, None),
    (["liftoff", "ore"], "terraform", True, None),
    (["settlers", "liftoff", "ore"], "liftoff", False, "RC-PLACE-4"),
    (["tank"], "ore", False, "RC-PLACE-3"),
    (["tank", "solar"], "security", True, None),
]


@pytest.mark.rules(
    "RC-EX-7",
    "RC-PLACE-1",
    "RC-PLACE-2",
    "RC-PLACE-3",
    "RC-PLACE-4",
    "RC-PLACE-5",
    "RC-PLACE-6",
)
@pytest.mark.parametrize(("row", "card", "legal", "rule"), EX7)
def test_ex7_placement_legality(row: list[str], card: str, legal: bool, rule: str | None) -> None:
    s = position(2, stacks={0: [card], 1: ["tank"]}, rows={1: (row, [])})
    assert s.can_apply(0, "place 1") is legal
    if not legal:
        before = canon(s)
        with pytest.raises(IllegalAction) as err:
            s.apply(0, "place 1")
        assert err.value.rule == rule
        assert canon(s) == before  # the state is exactly as it was


@pytest.mark.rules("RC-PLACE-7", "RC-GAP-5")
def test_strict_mode_prevents_illegal_placement_so_it_is_a_discard_at_best() -> None:
    s = position(2, stacks={0: ["ore", "tank"], 1: ["tank"]})
    assert all(str(a) in ("under", "discard") for a in s.legal_actions(0))
    with pytest.raises(IllegalAction):
        s.apply(0, "place 3")
    s.apply(0, "discard")  # the legal way to get rid of it
    assert [C.code(c) for c in s.discards[0]] == ["ore"]


@pytest.mark.rules("RC-SETUP-7")
def test_only_adjacent_planets() -> None:
    s = GAME.new_game(4, seed=2)
    mine = {i + 1 for i, side in enumerate(s.side_of[0]) if side >= 0}
    assert len(mine) == 5
    for number in range(1, 11):
        ok = any(str(a) == f"place {number}" for a in s.legal_actions(0))
        if number not in mine:
            assert not ok
            with pytest.raises(IllegalAction) as err:
                s.apply(0, f"place {number}")
            assert err.value.rule == "RC-SETUP-7"
            assert "not next to you" in err.value.message


@pytest.mark.rules("RC-EX-11", "RC-STOP-1", "RC-STOP-2", "RC-STOP-3")
def test_ex11_stop_is_immediate_for_everyone() -> None:
    s = position(
        2,
        stacks={0: ["settlers"], 1: ["tank", "ore", "liftoff"]},
        options={"rounds": 2},
    )
    left = list(s.stacks[1])
    s.apply(0, "place 4")  # P1's last card, placed legally
    assert s.stop_callers == [0]
    assert s.round == 1  # the round ended at once (and was resolved)
    # in the same step: P2 may not act on the old stack; it was set aside unused
    assert s.log[0] == ("stop", 0)
    assert all(c in s.stacks[1] for c in left)  # reshuffled back for round 2
    t = position(
        2,
        stacks={0: ["settlers"], 1: ["tank", "ore", "liftoff"]},
        options={"rounds": 1},
    )
    t.apply(0, "discard")
    assert t.is_over()
    with pytest.raises(IllegalAction):
        t.apply(1, "discard")
    assert [C.code(c) for c in t.stacks[1]] == ["tank", "ore", "liftoff"]


@pytest.mark.rules("RC-STOP-3")
def test_loading_actions_are_refused_after_stop_while_resolving() -> None:
    from liftoff.games.race.testing import resolution

    s = resolution("Pios Proxima", ["solar", "tank", "liftoff", "ore"], ["tank"])
    assert s.phase_name == "resolving"
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "under")
    assert err.value.rule == "RC-STOP-3"
    with pytest.raises(IllegalAction) as err:
        s.apply(1, "discard")
    assert err.value.rule == "RC-STOP-3"


@pytest.mark.rules("RC-EX-8", "RC-CLEAN-1", "RC-GAP-5")
def test_ex8_lenient_cleanup_state_machine() -> None:
    s = position(
        2,
        stacks={0: ["tank"], 1: ["tank"]},
        rows={1: (["ore", "settlers", "liftoff", "terraform", "solar"], [])},
        options={"lenient": True, "rounds": 1},
    )
    first, last = s.rows[0][0], s.rows[0][-1]
    s.apply(0, "discard")
    assert [C.code(c) for c in s.rows[0]] == ["settlers", "liftoff", "terraform"]
    assert ("illegal", 0, 0, 0, ["ore", "solar"]) in s.log
    assert first in s.aside[0] and last in s.aside[0]
    assert s.invariants() == []


@pytest.mark.rules("RC-GAP-5", "RC-CLEAN-1")
def test_lenient_accepts_any_adjacent_placement() -> None:
    s = position(
        2,
        stacks={0: ["ore", "liftoff", "liftoff"], 1: ["tank"]},
        options={"lenient": True, "rounds": 1},
    )
    assert s.can_apply(0, "place 1")
    s.apply(0, "place 1")
    s.apply(0, "place 1")
    assert s.can_apply(0, "place 1")  # a second Lift Off: accepted now, removed at cleanup
    s.apply(0, "place 1")
    assert s.is_over()
    assert ("illegal", 0, 0, 0, ["ore", "liftoff"]) in s.log


@pytest.mark.rules("RC-CLEAN-2", "RC-LIFT-2")
def test_rows_without_lift_off_are_removed() -> None:
    s = position(
        2,
        planets=["Beta Minor", "Pios Proxima", "Planet-2", "Planet-4", "Planet-5"],
        stacks={0: ["tank"], 1: ["tank"]},
        rows={1: (["settlers", "settlers"], ["settlers", "liftoff"])},
        options={"rounds": 1},
    )
    s.apply(1, "discard")
    assert s.rows[0] == [] and sorted(C.code(c) for c in s.aside[0]).count("settlers") >= 2
    assert ("no-liftoff", 0, 0, 0, ["settlers", "settlers"]) in s.log
    assert s.scores == [0, 1]  # Beta Minor goes to the only surviving Settler


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 50), min_size=2, max_size=2))
@pytest.mark.rules("RC-GAP-4", "RC-PLAY-3")
def test_loading_actions_of_different_players_commute(seed: int, picks: list[int]) -> None:
    s = GAME.new_game(3, seed)
    a = s.legal_actions(0)[picks[0] % len(s.legal_actions(0))]
    b = s.legal_actions(1)[picks[1] % len(s.legal_actions(1))]
    x, y = s.clone(), s.clone()
    x.apply(0, a)
    x.apply(1, b)
    y.apply(1, b)
    y.apply(0, a)
    assert canon(x) == canon(y)


@pytest.mark.rules("RC-GAP-18", "RC-STOP-1")
def test_any_player_can_force_stop_by_discarding() -> None:
    s = GAME.new_game(3, seed=4, options={"rounds": 1, "auto_choices": True})
    for _ in range(C.SET_SIZE):
        s.apply(2, "discard")
    assert s.is_over() and s.stop_callers == [2]
    assert len(s.stacks[0]) == len(s.stacks[1]) == C.SET_SIZE  # the others never acted


@pytest.mark.rules("RC-LR-5", "RC-SETUP-7", "RC-GAP-5")
def test_lenient_mode_still_needs_an_adjacent_planet() -> None:
    s = GAME.new_game(4, seed=3, options={"lenient": True})
    far = next(i + 1 for i, side in enumerate(s.side_of[0]) if side < 0)
    with pytest.raises(IllegalAction) as err:
        s.apply(0, f"place {far}")
    assert err.value.rule == "RC-SETUP-7"


@pytest.mark.rules("RC-LR-8", "RC-PLAY-6")
def test_under_with_a_single_card_changes_nothing_but_is_allowed() -> None:
    s = position(2, stacks={0: ["ore"], 1: ["tank"]})
    card = s.stacks[0][0]
    assert "under" in [str(a) for a in s.legal_actions(0)]
    s.apply(0, "under")
    assert s.stacks[0] == [card] and s.phase_name == "loading"
