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


def test_keep_favourite_needs_a_margin_the_visits_support() -> None:
    from liftoff.bots.ismcts import keep_favourite

    close = [("a", 60, 0.6), ("b", 40, 0.5)]
    assert keep_favourite(close, "b", 2.0)[0][0] == "b"  # 0.1 apart is within the noise
    assert keep_favourite(close, "b", 0.5)[0][0] == "a"
    many = [("a", 600, 0.6), ("b", 400, 0.5)]
    assert keep_favourite(many, "b", 2.0)[0][0] == "a"  # the same gap, well measured
    assert keep_favourite(many, "a", 2.0) == many
    assert [
        t[0] for t in keep_favourite([("a", 5, 0.6), ("c", 3, 0.5), ("b", 2, 0.5)], "b", 9)
    ] == [
        "b",
        "a",
        "c",
    ]


def planet_positions(count: int) -> list[tuple[liftoff.engine.State, int]]:
    """Positions with a choice from a seeded heuristic game of planet."""
    state = liftoff.games.get("planet").new_game(2, 5)
    bots = [make("heuristic", seed=1), make("heuristic", seed=2)]
    found: list[tuple[liftoff.engine.State, int]] = []

    def record(s: liftoff.engine.State, p: int, _a: object) -> None:
        if len(s.legal_actions(p)) > 2 and len(found) < count:
            found.append((s.clone(), p))

    play(state, bots, seed=3, on_action=record)
    return found


def test_keep_holds_the_heuristic_favourite_against_a_small_search() -> None:
    positions = planet_positions(12)
    assert len(positions) == 12
    differs = 0
    for state, p in positions:
        held = make("ismcts:iterations=40,keep=1000", seed=2)
        assert held.choose(state, p) == held.last_favourite
        free = make("ismcts:iterations=40,keep=0", seed=2)
        differs += free.choose(state, p) != free.last_favourite
    assert differs > 0  # without keep a small search often overrides the favourite


def test_keep_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="keep"):
        make("ismcts:keep=-1")


def test_a_kept_favourite_is_explained_as_such() -> None:
    """When the heuristic's move is kept over a better-looking one, the reason says
    so (not "won 50% … next: 56%" as if the search had preferred it), in English
    and in Japanese."""
    from liftoff.bots.ismcts import keep_favourite, search_reason

    stats = keep_favourite([("roll", 60, 0.56), ("end", 40, 0.5)], "end", 1.0)
    why = search_reason(stats, 100)
    assert why.code == "bots.reason.search.kept"
    english = why.render("en")
    assert english.startswith("the usual good move here: won about 50% of the 40 of 100")
    assert english.endswith("“roll” did a little better (about 56% of its 60), but within chance")
    assert "「roll」" in why.render("ja") and "偶然" in why.render("ja")
    # a search that prefers its own most visited move says it as before
    assert search_reason([("roll", 60, 0.56), ("end", 40, 0.5)], 100).code == (
        "bots.reason.search.versus"
    )


@pytest.mark.parametrize("game", ["planet", "race", "agency"])
def test_board_view_leaves_the_history_out(game: str) -> None:
    """Bots read ``board_view``: the position as in ``view``, without the recent
    events and the log, which would cost most of a race search's time."""
    state = liftoff.games.get(game).new_game(2, 3)
    bot = make("heuristic", seed=1)
    for _ in range(12):
        p = state.active_players()[0]
        state.apply(p, bot.choose(state, p))
    for viewer in (None, 0, 1):
        full, board = state.view(viewer), state.board_view(viewer)
        assert full["recent"] and board["recent"] == []
        assert board.get("log", []) == []
        assert {k: v for k, v in board.items() if k not in ("recent", "log")} == {
            k: v for k, v in full.items() if k not in ("recent", "log")
        }


def test_race_priors_put_the_heuristics_move_first() -> None:
    """Race's priors rank the heuristic's own move first and every row by what
    the top card adds there, so a search with ``keep`` anchors on that move."""
    from liftoff.bots.heuristics import race
    from liftoff.engine import Rng

    game = liftoff.games.get("race")
    loading = 0
    for seed in range(4):
        state = game.new_game(2, seed)
        bot = make("heuristic", seed=seed)
        for _ in range(40):
            if state.is_over():
                break
            p = state.active_players()[0]
            legal = state.legal_actions(p)
            scores = race.priors(state, p, Rng(1))
            chosen = race.choose(state, p, Rng(1))[0]
            assert len(scores) == len(legal)
            assert scores[legal.index(chosen)] == max(scores)
            assert scores.count(max(scores)) == 1
            loading += len(legal) > 1 and state.board_view(p)["loading"]
            state.apply(p, bot.choose(state, p))
    assert loading > 20


def test_the_search_names_its_parameters_on_every_build() -> None:
    """Seats check a bot's parameters by its signature, which a compiled class
    gives only when every default is a literal (a constant's name hides it)."""
    import inspect

    from liftoff.bots.ismcts import DEFAULT_KEEP, IsmctsBot
    from liftoff.bots.seats import parameters

    assert {"iterations", "time_limit", "clock", "prior", "keep"} <= set(parameters("ismcts"))
    assert inspect.signature(IsmctsBot).parameters["keep"].default == DEFAULT_KEEP
    assert make("ismcts:iterations=5,keep=0").keep == 0.0  # type: ignore[attr-defined]
