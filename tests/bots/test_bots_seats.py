"""The seat grammar's speeds: named ones, slowest first, and seconds per card."""

from __future__ import annotations

import pytest

from liftoff.bots.levels import levels
from liftoff.bots.seats import SEAT_SPEEDS, SeatError, parse_seat, parse_seats
from liftoff.engine import Rng


def test_named_speeds_are_ordered_slowest_first_and_include_two_slower_than_slow() -> None:
    means = [p.mean for p in SEAT_SPEEDS.values()]
    assert means == sorted(means, reverse=True)
    assert list(SEAT_SPEEDS)[:3] == ["gentle", "relaxed", "slow"]
    assert parse_seat("medium@gentle").speed_profile().mean == 4.0
    assert parse_seat("medium@Relaxed").speed == "relaxed"


@pytest.mark.parametrize(
    ("text", "mean"),
    [("medium@2.5s", 2.5), ("random@3s", 3.0), ("easy@ 1.25 s", 1.25), ("hard@.5s", 0.5)],
)
def test_seconds_per_card(text: str, mean: float) -> None:
    seat = parse_seat(text)
    profile = seat.speed_profile()
    assert profile.mean == mean and profile.jitter == pytest.approx(0.4 * mean)
    assert seat.text.endswith(f"@{mean:g}s")  # canonical, and it reads back the same
    assert parse_seat(seat.text).speed_profile() == profile
    rng = Rng(3)
    assert all(0.6 * mean <= profile.delay(rng) <= 1.4 * mean for _ in range(50))


def test_a_custom_speed_in_a_seat_list_with_parameters() -> None:
    seats = parse_seats("human,ismcts:iterations=4,c=1@2s;medium@slow")
    assert [s.text for s in seats] == ["human", "ismcts:iterations=4,c=1@2s", "medium@slow"]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("medium@2.5", "write 2.5s"),
        ("medium@0s", "from 0.1 to 60"),
        ("medium@61s", "from 0.1 to 60"),
        ("medium@-1s", "unknown speed '-1s'"),
        ("medium@nans", "unknown speed 'nans'"),
        ("medium@1e3s", "unknown speed"),
        ("medium@warp", "speeds: gentle, relaxed, slow, normal, fast, instant, or seconds"),
        ("medium@", "unknown speed ''"),
        ("human@2s", "a human seat has no speed"),
    ],
)
def test_nonsense_speeds_are_refused_with_a_clear_message(text: str, says: str) -> None:
    with pytest.raises(SeatError, match=None) as caught:
        parse_seat(text)
    assert says in str(caught.value) and text.strip() in str(caught.value)


def test_speeds_only_in_real_time_games() -> None:
    with pytest.raises(SeatError, match="real-time games only"):
        parse_seat("medium@2s", realtime=False)


def test_levels_play_the_live_race_at_their_own_pace_unless_a_speed_is_written() -> None:
    means = [parse_seat(level).speed_profile().mean for level in levels()]
    assert means == sorted(means, reverse=True)  # beginner slowest, expert fastest
    assert parse_seat("beginner").speed_profile().mean > parse_seat("medium").speed_profile().mean
    assert parse_seat("beginner@fast").speed_profile().name == "fast"  # written wins
    assert parse_seat("random").speed_profile().name == "normal"  # not a level: the default
