"""The one definition of a *stale* action in the engine API (``State.apply(...,
version=)``, ``State.boundary``, ``State.is_stale``), and int-only player numbers."""

from __future__ import annotations

import pytest

import liftoff
from liftoff.engine import IllegalAction
from liftoff.games.race.testing import position


def test_turn_based_an_action_chosen_on_an_older_version_is_stale() -> None:
    state = liftoff.games.get("planet").new_game(2, 3, {})
    p = state.active_players()[0]
    first = state.legal_actions(p)[0]
    state.apply(p, first, version=0)
    assert state.boundary == state.version == 1
    assert state.is_stale(0) and not state.is_stale(1)
    q = state.active_players()[0]
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(q, state.legal_actions(q)[0], version=0)
    assert err.value.rule == "API-STALE" and "too late" in err.value.message
    assert state.to_json() == before  # refused: nothing changed
    with pytest.raises(IllegalAction) as err:
        state.apply(q, state.legal_actions(q)[0], version=7)  # a version it never had
    assert err.value.rule == "API-VERSION"
    state.apply(q, state.legal_actions(q)[0], version=1)


@pytest.mark.rules("RC-EX-11", "RC-STOP-3")
def test_race_late_discard_after_stop_is_refused_by_the_bare_engine() -> None:
    """With automatic choices player 0's Stop ends the round at once; player 1's
    discard chosen before it must not land in round 2."""
    s = position(2, stacks={0: ["tank"], 1: ["ore", "ore"]}, options={"auto_choices": True})
    chosen_on = s.version
    s.apply(0, "discard", version=chosen_on)  # empties the stack: Stop
    assert s.round == 1 and s.boundary == s.version  # round 2 (index 1) began
    assert s.can_apply(1, "discard")  # legal again in round 2 ...
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(1, "discard", version=chosen_on)  # ... but chosen before the Stop
    assert err.value.rule == "RC-STOP-3"
    assert s.to_json() == before


@pytest.mark.rules("RC-STOP-3")
def test_race_other_players_loading_does_not_make_a_choice_stale() -> None:
    s = position(2, stacks={0: ["tank", "tank", "tank"], 1: ["ore", "ore", "ore"]})
    s.apply(0, "discard", version=0)
    s.apply(0, "discard", version=1)
    assert s.boundary == 0 and not s.is_stale(0)
    s.apply(1, "discard", version=0)  # others' actions in between: not stale
    assert s.version == 3
    copy = s.clone()
    assert copy.boundary == s.boundary


def test_agency_draft_keeps_chosen_while_others_keep_are_not_stale() -> None:
    """Simultaneous default: players finishing their part is no boundary; everyone
    becoming able to act again is."""
    state = liftoff.games.get("agency").new_game(2, 5, {})
    both = state.active_players()
    assert len(both) == 2
    v = state.version
    a0 = state.legal_actions(0)[0]
    a1 = state.legal_actions(1)[0]
    state.apply(0, a0, version=v)
    assert not state.is_stale(v)
    state.apply(1, a1, version=v)  # chosen before player 0 kept: still fine
    if set(state.active_players()) == set(both):  # the hands were passed on
        assert state.is_stale(v)


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
def test_players_are_ints_only(game: str) -> None:
    state = liftoff.games.get(game).new_game(2, 1, {})
    assert state.legal_actions(1) or state.legal_actions(0)
    for player in (True, False, 1.0, "1", None):
        assert state.legal_actions(player) == []  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            state.apply(player, "discard")  # type: ignore[arg-type]
    state.legal_actions(1)  # cached under the key 1 (== True): True stays refused
    assert state.legal_actions(True) == []
