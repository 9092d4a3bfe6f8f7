"""Between two rounds at a table where people sit (issue 38, item 3): reveals at a
pace, the next round when the people are ready (a countdown after the first one,
a bounded wait), choices taken once their reveal is on screen. Manual clock."""

from __future__ import annotations

import pytest

from liftoff.bots.live import live_seats
from liftoff.bots.seats import parse_seats
from liftoff.engine.realtime import ROUND_BREAK, DriverEvent, LiveSeat, ManualClock
from liftoff.games.race.realtime import RealtimeRace
from liftoff.games.race.testing import position

BRK = ROUND_BREAK


def ended_round(players: int = 2) -> tuple[RealtimeRace, list[DriverEvent], float]:
    """Two people; player 0 calls Stop at 1.0 and round 1 resolves at once.
    Returns the driver, its events, and when the reveals are all on screen."""
    s = position(
        2,
        stacks={0: ["tank"], 1: ["ore", "ore", "ore"]},
        rows={1: (["settlers", "tank", "liftoff"], ["settlers", "liftoff"])},
        options={"auto_choices": True},
    )
    events: list[DriverEvent] = []
    d = RealtimeRace(s, [LiveSeat()] * players, clock=ManualClock(), round_break=BRK)
    d.subscribe(events.append)
    d.submit(0, "discard", at=1.0)
    d.advance(1.0)
    assert s.round == 1 and any(e.kind == "round" for e in events)
    reveals = sum(1 for e in s.log if e[0] == "reveal")
    assert reveals > 0
    shown = d.reveals_shown_at()
    assert shown == pytest.approx(1.0 + reveals * BRK.reveal_pace)
    return d, events, shown


def test_the_next_round_waits_for_the_people_at_most_the_documented_time() -> None:
    d, _, shown = ended_round()
    assert d.between_rounds_at(shown + BRK.most - 0.01)
    assert not d.counting_down_at(shown + BRK.most)  # a person away: it opens anyway


def test_the_first_ready_person_starts_the_others_countdown() -> None:
    d, events, shown = ended_round()
    assert d.ready(0, at=shown + 1.0)
    assert events[-1].kind == "ready" and events[-1].player == 0
    assert d.paused_until == pytest.approx(shown + 1.0 + BRK.countdown)
    assert d.ready(1, at=shown + 2.0)  # everybody: the round opens shortly
    assert d.paused_until == pytest.approx(shown + 2.0 + BRK.start)
    d.advance(shown + 2.0 + BRK.start)
    assert not d.counting_down


def test_ready_before_the_reveals_are_shown_waits_for_them() -> None:
    d, _, shown = ended_round()
    d.ready(0, at=1.5)
    d.ready(1, at=1.5)
    assert d.paused_until == pytest.approx(shown + BRK.start)


def test_ready_counts_only_between_rounds_and_for_people() -> None:
    s = position(2)
    d = RealtimeRace(s, [LiveSeat(), LiveSeat()], clock=ManualClock(), round_break=BRK)
    assert not d.ready(0, at=0.5)  # the round is on


def test_a_person_leaving_does_not_hold_the_table() -> None:
    d, _, shown = ended_round()
    d.ready(0, at=shown)
    assert isinstance(d.clock, ManualClock)
    d.clock.advance(shown)
    d.set_seat(1, live_seats(parse_seats(["random@fast"]), 1)[0])  # the other one left
    assert d.paused_until == pytest.approx(shown + BRK.start)


def test_tables_without_people_keep_the_plain_pause() -> None:
    s = position(2, stacks={0: ["tank"], 1: ["ore", "ore", "ore"]}, options={"auto_choices": True})
    seats = live_seats(parse_seats(["random@fast", "random@fast"]), 1)
    d = RealtimeRace(s, seats, clock=ManualClock(), round_pause=5.0, round_break=BRK)
    rounds: list[DriverEvent] = []
    d.subscribe(lambda e: rounds.append(e) if e.kind == "round" else None)
    while not rounds:
        nxt = d.next_arrival()
        assert nxt is not None
        d.advance(nxt)
    assert d.paused_until == pytest.approx(rounds[0].time + 5.0)


@pytest.mark.rules("RC-RED-4", "RC-RES-3")
def test_a_choice_is_taken_once_its_reveal_is_on_screen() -> None:
    names = ["Pios Proxima", "Beta Minor", "Planet-2", "Planet-4", "Planet-5"]
    rows = {
        1: (
            ["solar", "tank", "liftoff", "ore", "theft"],
            ["tank", "tank", "settlers", "liftoff", "terraform"],
        )
    }
    s = position(2, planets=names, stacks={0: ["ore"], 1: ["ore", "ore"]}, rows=rows)
    events: list[DriverEvent] = []
    d = RealtimeRace(s, [LiveSeat(), LiveSeat()], clock=ManualClock(), round_break=BRK)
    d.subscribe(events.append)
    d.submit(0, "discard", at=1.0)
    d.advance(1.0)
    assert s.pending_player() == 0
    on_screen = d.reveals_shown_at()
    assert on_screen > 2.0
    d.submit(0, "pay solar", at=1.5)  # answered before its reveal was shown
    d.advance(on_screen - 0.01)
    assert s.history[-1] == (0, "discard"), "held until its reveal is on screen"
    d.advance(on_screen)
    assert s.history[-1] == (0, "pay solar")
