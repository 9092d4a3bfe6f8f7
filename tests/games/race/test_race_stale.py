"""Stale means one thing (issue 38, item 5): the engine's ``is_stale``. A late
action cites the rule it comes too late for and says when it was chosen; an
action that is illegal in itself is refused as illegal, whoever acted between."""

from __future__ import annotations

import pytest

from liftoff.engine import StaleAction
from liftoff.engine.realtime import DriverEvent, LiveSeat, ManualClock
from liftoff.games.race.realtime import RealtimeRace
from liftoff.games.race.state import RaceState
from liftoff.games.race.testing import position

NAMES = ["Pios Proxima", "Beta Minor", "Planet-2", "Planet-4", "Planet-5"]
#: at planet 1, player 0 pays for a Lift Off, then may steal (auto_choices off)
ROWS = {
    1: (
        ["solar", "tank", "liftoff", "ore", "theft"],
        ["tank", "tank", "settlers", "liftoff", "terraform"],
    )
}


def two_people(state: RaceState) -> tuple[RealtimeRace, list[DriverEvent]]:
    events: list[DriverEvent] = []
    d = RealtimeRace(state, [LiveSeat(), LiveSeat()], clock=ManualClock())
    d.subscribe(events.append)
    return d, events


def test_an_illegal_action_is_refused_as_illegal_though_another_player_acted_between() -> None:
    s = position(2, stacks={0: ["ore", "tank"], 1: ["tank", "tank", "tank"]})
    d, events = two_people(s)
    d.submit(1, "under", at=1.0, based_on=0)  # the other player acts: not a boundary
    d.submit(0, "place 1", at=2.0, based_on=0)  # a red card on an empty row: illegal
    d.advance(2.0)
    assert not s.is_stale(0)
    mine = [e for e in events if e.player == 0]
    assert [e.kind for e in mine] == ["rejected"]  # it said "stale" (409) before
    assert mine[0].rule != s.stale_rule


@pytest.mark.rules("RC-STOP-3")
def test_a_card_played_before_stop_is_stale_and_says_so() -> None:
    s = position(2, stacks={0: ["tank"], 1: ["ore", "ore", "ore"]}, options={"auto_choices": True})
    d, events = two_people(s)
    d.submit(0, "discard", at=1.0, based_on=0)  # Stop
    d.submit(1, "discard", at=2.0, based_on=0)
    d.advance(2.0)
    assert s.is_stale(0)
    late = [e for e in events if e.player == 1]
    assert [e.kind for e in late] == ["stale"] and late[0].rule == "RC-STOP-3"
    assert "before Stop was called" in late[0].message
    assert late[0].said is not None and late[0].said[0] in ("race.stale.round", "race.stale.stop")


@pytest.mark.rules("RC-RED-4", "RC-THEFT-7")
def test_a_choice_made_for_an_earlier_reveal_cites_the_choice_rule_and_when() -> None:
    s = position(2, planets=NAMES, stacks={0: ["ore"], 1: ["ore", "ore"]}, rows=ROWS)
    d, events = two_people(s)
    d.submit(0, "discard", at=1.0)  # Stop: player 0 pays at planet 2
    d.advance(1.0)
    paying = s.version
    assert s.pending_player() == 0
    d.submit(0, "pay solar", at=2.0, based_on=paying)
    d.advance(2.0)
    assert s.history[-1] == (0, "pay solar") and s.pending is not None
    d.submit(0, "pay solar", at=3.0, based_on=paying)  # answered on the previous choice
    d.advance(3.0)
    late = events[-1]
    assert late.kind == "stale" and s.is_stale(paying)
    assert late.rule == "RC-RED-4"  # not RC-STOP-3, a rule about stacks after Stop
    assert "earlier reveal" in late.message and "planet 1" in late.message
    assert "before Stop" not in late.message
    # the other direction: chosen on the current version, it counts
    d.submit(0, "steal settlers", at=4.0, based_on=s.version)
    d.advance(4.0)
    assert s.history[-1] == (0, "steal settlers")


@pytest.mark.rules("RC-THEFT-7")
def test_the_engine_check_and_the_driver_refuse_the_same_way() -> None:
    s = position(2, planets=NAMES, stacks={0: ["ore"], 1: ["ore", "ore"]}, rows=ROWS)
    s.apply(0, "discard")
    paying = s.version
    s.apply(0, "pay solar")
    with pytest.raises(StaleAction) as caught:
        s.apply(0, "steal settlers", version=paying)
    assert caught.value.rule == "RC-THEFT-7" and caught.value.params["planet"] == 1
    d, events = two_people(s)
    d.submit(0, "steal settlers", at=1.0, based_on=paying)
    d.advance(1.0)
    assert events[-1].kind == "stale" and events[-1].rule == caught.value.rule
    assert events[-1].message == caught.value.message
