"""The real-time driver: arrival order, tie-breaks, staleness, speeds, lockstep."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import liftoff
from liftoff.bots.live import live_seats
from liftoff.bots.seats import SeatError, parse_seat, parse_seats
from liftoff.engine.realtime import SPEEDS, DriverEvent, ManualClock
from liftoff.games.race.realtime import RealtimeRace
from liftoff.games.race.state import RaceState
from liftoff.games.race.testing import position

GAME = liftoff.games.get("race")


def driver(state: RaceState, seats: Sequence[str], seed: int = 0, **kw: Any) -> RealtimeRace:
    """The race's driver through the engine hook, its bots built from seat texts."""
    d = GAME.realtime_driver(state, live_seats(parse_seats(seats, realtime=True), seed), **kw)
    assert isinstance(d, RealtimeRace)
    return d


def test_seat_specs() -> None:
    assert parse_seat("human").human
    s = parse_seat("bot:random@fast")
    assert s.bot == "random" and s.speed_profile() is SPEEDS["fast"]
    assert parse_seat("random@slow").speed_profile().name == "slow"
    assert parse_seat("random").speed_profile().name == "normal"
    with pytest.raises(SeatError, match="speeds: gentle, relaxed, slow, normal, fast, instant"):
        parse_seat("random@warp")
    with pytest.raises(SeatError, match="no speed"):
        parse_seat("human@fast")
    with pytest.raises(SeatError, match=r"unknown bot 'nosuchbot'; known bots: .*random"):
        live_seats(parse_seats(["human", "bot:nosuchbot@fast"]), seed=1)


def test_speed_profiles_are_seeded_and_ordered() -> None:
    from liftoff.engine import Rng

    for name, prof in SPEEDS.items():
        a = [prof.delay(Rng(5)) for _ in range(3)]
        assert a == [prof.delay(Rng(5)) for _ in range(3)]
        assert all(d >= 0 for d in a)
        if name == "instant":
            assert a == [0.0, 0.0, 0.0]
    means = [SPEEDS[n].mean for n in ("slow", "normal", "fast", "instant")]
    assert means == sorted(means, reverse=True)


@pytest.mark.rules("RC-GAP-4", "RC-PLAY-3")
def test_actions_apply_in_arrival_order() -> None:
    s = position(2, stacks={0: ["tank", "tank", "tank"], 1: ["ore", "ore", "ore"]})
    d = driver(s, ["human", "human"], clock=ManualClock())
    d.submit(1, "under", at=2.0)
    d.submit(0, "place 1", at=1.0)
    d.submit(0, "place 2", at=3.0)
    d.advance(2.5)
    assert s.history == [(0, "place 1"), (1, "under")]
    d.advance(10)
    assert s.history[-1] == (0, "place 2")


@pytest.mark.rules("RC-GAP-4")
def test_simultaneous_arrivals_rotate_the_first_seat() -> None:
    s = position(2, stacks={0: ["tank"] * 4, 1: ["tank"] * 4})
    d = driver(s, ["human", "human"])
    for t in (1.0, 2.0, 3.0):
        d.submit(1, "under", at=t)
        d.submit(0, "under", at=t)
    d.advance(5)
    assert [p for p, _ in s.history] == [0, 1, 1, 0, 0, 1]


@pytest.mark.rules("RC-EX-11", "RC-STOP-3", "RC-GAP-4")
def test_actions_chosen_before_stop_arrive_stale() -> None:
    s = position(2, stacks={0: ["tank"], 1: ["ore", "ore"]}, options={"rounds": 1})
    events: list[DriverEvent] = []
    d = driver(s, ["human", "human"])
    d.subscribe(events.append)
    d.submit(1, "discard", at=1.0, based_on=0)
    d.submit(0, "discard", at=0.5, based_on=0)
    before = s.to_json()
    d.advance(2)
    kinds = [e.kind for e in events]
    assert kinds == ["applied", "stop", "over", "stale"]
    stale = events[-1]
    assert stale.player == 1 and stale.rule in ("RC-STOP-3", "API-OVER")
    assert len(s.stacks[1]) == 2  # set aside untouched
    assert before != s.to_json()


@pytest.mark.rules("RC-STOP-3")
def test_stale_during_resolution_names_the_stop_rule() -> None:
    from liftoff.games.race.testing import resolution

    r = resolution("Pios Proxima", ["solar", "tank", "liftoff", "ore"], ["tank"])
    events: list[DriverEvent] = []
    d = driver(r, ["human", "human"])
    d.subscribe(events.append)
    d.submit(1, "under", at=1.0, based_on=0)
    d.advance(1.0)
    assert events[0].kind == "stale" and events[0].rule == "RC-STOP-3"


@pytest.mark.rules("RC-GAP-4")
def test_lockstep_rotates_and_drops_the_rest_of_the_tick_after_stop() -> None:
    s = position(2, stacks={0: ["tank", "tank"], 1: ["ore", "ore"]}, options={"rounds": 1})
    d = driver(s, ["human", "human"])
    first = d.tick({0: "under", 1: "under"})
    assert [(e.player, e.kind) for e in first] == [(0, "applied"), (1, "applied")]
    second = d.tick({0: "discard", 1: "discard"})
    assert [(e.player, e.kind) for e in second][:2] == [(1, "applied"), (0, "applied")]
    third = d.tick({0: "discard", 1: "discard"})
    assert [(e.player, e.kind) for e in third] == [
        (0, "applied"),
        (0, "stop"),
        (None, "over"),
        (1, "stale"),
    ]
    assert s.stop_callers == [0]
    with pytest.raises(ValueError, match="human player"):
        driver(GAME.new_game(2, 1), ["human", "random"]).tick()
    with pytest.raises(ValueError, match="2 players need 2 seats"):
        driver(GAME.new_game(2, 1), ["human"])


def test_instant_realtime_is_lockstep() -> None:
    a = GAME.new_game(3, 4, {"auto_choices": True})
    driver(a, ["random@instant"] * 3, seed=9).run()
    b = GAME.new_game(3, 4, {"auto_choices": True})
    driver(b, ["random"] * 3, seed=9).run_lockstep()
    assert a.record() == b.record()
    assert a.is_over()


def test_same_seed_same_realtime_game() -> None:
    records = []
    for _ in range(2):
        s = GAME.new_game(2, 6)
        d = driver(s, ["random@fast", "random@slow"], seed=3)
        d.run()
        records.append((s.record(), d.time))
    assert records[0] == records[1]
    assert records[0][1] > 10  # virtual seconds passed, none slept


def test_faster_bots_call_stop() -> None:
    calls = []
    for seed in range(4):
        s = GAME.new_game(2, seed, {"auto_choices": True})
        driver(s, ["random@slow", "random@fast"], seed=seed).run()
        calls += s.stop_callers
    assert calls.count(1) >= 0.8 * len(calls)


def test_polling_an_injected_clock() -> None:
    clock = ManualClock()
    s = GAME.new_game(2, 1)
    d = driver(s, ["human", "random@normal"], clock=clock, seed=2)
    assert d.poll() == 0 and s.version == 0
    clock.advance(0.5)
    d.poll()
    assert s.version == 0  # a "normal" bot needs at least 0.6 s per decision
    clock.advance(10)
    d.poll()
    assert 5 <= s.version <= 17 and all(p == 1 for p, _ in s.history)
    d.submit(0, "discard")
    d.poll()
    assert s.history[-1] == (0, "discard")
    with pytest.raises(RuntimeError, match="human"):
        driver(GAME.new_game(2, 1), ["human", "human"]).run()


@pytest.mark.rules("RC-PLAY-2", "RC-LR-9")
def test_pause_before_and_between_rounds() -> None:
    s = position(2, stacks={0: ["tank"], 1: ["ore", "ore"]}, options={"rounds": 2})
    events: list[DriverEvent] = []
    d = driver(s, ["human", "random@instant"], round_pause=3.0, start_pause=1.0, seed=1)
    d.subscribe(events.append)
    d.submit(0, "discard", at=0.5)
    d.advance(0.5)
    assert events[0].kind == "rejected" and events[0].rule == "RC-PLAY-2"
    assert s.version == 0  # the bot waits for the countdown too
    d.submit(0, "discard", at=1.0)
    d.advance(1.0)
    assert s.round == 1 or s.stop_callers  # someone emptied a stack at t = 1
    assert any(e.kind == "round" for e in events)
    v = s.version
    d.advance(3.9)
    assert s.version == v  # nobody acts during the pause
    d.advance(4.0)
    assert s.version > v


@pytest.mark.rules("RC-STOP-3", "RC-GAP-4")
def test_actions_decided_before_stop_are_stale_even_if_legal_in_the_next_round() -> None:
    s = position(2, stacks={0: ["tank"], 1: ["ore", "ore"]}, options={"auto_choices": True})
    d = driver(s, ["human", "human"])
    events = d.tick({0: "discard", 1: "discard"})  # player 0 first: Stop, round 2 begins
    assert s.round == 1 and s.can_apply(1, "discard")
    assert [(e.player, e.kind) for e in events][-1] == (1, "stale")
    assert events[-1].rule == "RC-STOP-3"
    assert len(s.discards[1]) == 0
