"""Bots at a table where people sit follow the people's pace (issue 38, item 1);
bot-only tables keep their speeds. All on a manual clock (simulated seconds)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import pytest

import liftoff
from liftoff.bots.live import live_seats
from liftoff.bots.seats import parse_seats
from liftoff.engine.realtime import PEOPLE_PACE, DriverEvent, ManualClock
from liftoff.games.race.realtime import RealtimeRace

GAME = liftoff.games.get("race")
BENCH = "benchmarks/bench_race_pace.py"


def driver(seats: Sequence[str], seed: int = 3, **kw: Any) -> RealtimeRace:
    state = GAME.new_game(len(seats), seed, {})
    d = GAME.realtime_driver(state, live_seats(parse_seats(seats, realtime=True), seed), **kw)
    assert isinstance(d, RealtimeRace)
    return d


def bot_times(d: RealtimeRace, player: int) -> list[float]:
    times: list[float] = []
    d.subscribe(
        lambda e: times.append(e.time) if e.kind == "applied" and e.player == player else None
    )
    return times


@pytest.mark.rules("RC-PLAY-3")
def test_a_bot_waits_for_a_person_who_has_not_placed_yet() -> None:
    d = driver(["human", "medium@fast"], clock=ManualClock(), people_pace=PEOPLE_PACE)
    times = bot_times(d, 1)
    d.advance(1.9)  # a fast bot alone would have played three or four cards by now
    assert times == []
    d.advance(PEOPLE_PACE.start * (1 + PEOPLE_PACE.jitter))
    assert len(times) == 1, "the bot plays once the assumed reading time has passed"


@pytest.mark.rules("RC-PLAY-3")
def test_a_bot_follows_the_slowest_persons_recent_pace() -> None:
    d = driver(["human", "human", "medium@fast"], clock=ManualClock(), people_pace=PEOPLE_PACE)
    times = bot_times(d, 2)
    for k in range(1, 21):  # one person at 1 s a card, the other at 4 s a card
        d.submit(0, "under", at=float(k))
        if k % 4 == 0:
            d.submit(1, "under", at=float(k))
    d.advance(20.0)
    # once the slow person has shown their pace (at 4 s), the bot keeps to it
    gaps = [b - a for a, b in itertools.pairwise(times) if a >= 4.0]
    assert len(gaps) >= 3, times
    assert all(g >= 4.0 * (1 - PEOPLE_PACE.jitter) - 1e-9 for g in gaps), times


def test_an_absent_person_slows_bots_no_further_than_the_cap() -> None:
    d = driver(["human", "medium@fast"], clock=ManualClock(), people_pace=PEOPLE_PACE)
    times = bot_times(d, 1)
    d.advance(60.0)
    gaps = [b - a for a, b in zip([0.0, *times], times, strict=False)]
    assert len(times) >= 8 and max(gaps) <= PEOPLE_PACE.cap * (1 + PEOPLE_PACE.jitter), gaps


def test_bot_only_tables_keep_their_speed() -> None:
    events: list[list[DriverEvent]] = []
    for pace in (None, PEOPLE_PACE):
        d = driver(["medium@fast", "medium@fast", "medium@fast"], people_pace=pace)
        events.append([])
        d.subscribe(events[-1].append)
        d.run()
    assert events[0] == events[1]


def test_the_pace_benchmark_sample(script: Callable[[str], ModuleType]) -> None:
    """A short sample of the documented benchmark: a person at 3 s a card places
    at least 70% as many cards as each default bot (it placed about 36% before)."""
    bench = script(BENCH)
    result = bench.measure(3.0, 3)
    assert result.rounds >= 3
    assert result.ratio(1) >= 0.7 and result.ratio(2) >= 0.7, result.line()
    assert sum(result.stops.values()) == result.rounds
