"""IS-MCTS finds what matters, and every bot is reproducible from its seed."""

from __future__ import annotations

import contextlib

import pytest

import liftoff
from liftoff.bots import make
from liftoff.bots.ismcts import outcome_rewards
from liftoff.engine import Outcome, play
from liftoff.games.planet.testing import position

FIRST = ("bonfire", "satellite", "rocket", "jetpack")


def last_turn_jetpack() -> liftoff.engine.State:
    """Planet, 2 players, the last turn before the explosion; 9 saved each.

    Player 0 has an Alien on the Jetpack at Full Moon and a Fuel: boarding wins
    at once. Ending the turn instead explodes the planet with a tie that player
    1 wins on Resource cards (6 against 3).
    """
    return position(
        2,
        slots=FIRST,
        hands={0: "F", 1: "F F F F F F"},
        draw="S S",
        moon=4,
        moon_net=29,
        saved={0: 9, 1: 9},
        surface={0: {7: 1}},
    )


def test_the_constructed_position_is_what_it_claims() -> None:
    s = last_turn_jetpack()
    assert s.active_players() == (0,)
    win = s.clone()
    win.apply(0, "board jetpack F")
    assert win.is_over() and win.outcome().winners == (0,)  # type: ignore[union-attr]
    lose = s.clone()
    lose.apply(0, "end")
    assert lose.is_over() and lose.outcome().winners == (1,)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iterations=150",
        "ismcts:iterations=150,rollout=heuristic,depth=10",
        "ismcts:iterations=100,rollout=heuristic,depth=10,prior=heuristic,widening=true",
        "ismcts:iterations=100,rollout=heuristic,depth=10,opponents=rollout,c=0.3",
    ],
)
def test_ismcts_finds_the_immediate_lift_off(spec: str) -> None:
    s = last_turn_jetpack()
    bot = make(spec, seed=4)
    assert str(bot.choose(s, 0)) == "board jetpack F"


def test_heuristic_finds_the_immediate_lift_off() -> None:
    s = last_turn_jetpack()
    assert str(make("heuristic", seed=1).choose(s, 0)) == "board jetpack F"


def test_rewards_split_shared_wins_and_rank_places() -> None:
    tie = Outcome.from_keys([(3,), (3,), (1,)], [3, 3, 1], "end")
    assert outcome_rewards(tie, 3) == [0.5, 0.5, 0.0]
    assert outcome_rewards(tie, 3, "rank") == [1.0, 1.0, 0.0]
    solo = Outcome.from_keys([(1,), (5,)], [1, 5], "end")
    assert outcome_rewards(solo, 2) == [0.0, 1.0]


def choices(spec: str, game: str, seed: int, moves: int) -> list[str]:
    """The first ``moves`` actions of a game between two copies of ``spec``."""
    state = liftoff.games.get(game).new_game(2, 11)
    bots = [make(spec, seed=seed), make(spec, seed=seed + 1)]
    out: list[str] = []

    def record(_s: object, _p: int, a: object) -> None:
        out.append(str(a))
        if len(out) >= moves:
            raise StopIteration

    with contextlib.suppress(StopIteration):
        play(state, bots, seed=3, on_action=record)
    return out


@pytest.mark.parametrize("game", liftoff.games.names())
@pytest.mark.parametrize(
    "spec", ["random", "heuristic", "ismcts:iterations=10,rollout=heuristic,depth=8"]
)
def test_same_seed_same_choices(game: str, spec: str) -> None:
    moves = 20 if spec.startswith("ismcts") else 80
    assert choices(spec, game, 5, moves) == choices(spec, game, 5, moves)


def test_bad_bot_parameters_are_refused() -> None:
    for spec in (
        "ismcts:iterations=0",
        "ismcts:rollout=smart",
        "ismcts:reward=money",
        "ismcts:time_limit=-1",
        "ismcts:depth=-2",
        "ismcts:colour=blue",
        "ismcts:prior=oracle",
        "ismcts:opponents=nobody",
        "heuristic:depth=3",
        "nobody",
    ):
        with pytest.raises(ValueError):
            make(spec)


def test_heuristic_refuses_a_game_without_one() -> None:
    from liftoff.bots.heuristic import policy_for

    with pytest.raises(ValueError, match="no heuristic bot for game 'chess'"):
        policy_for("chess")
