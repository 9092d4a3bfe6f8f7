"""The simulation runner: configuration checks, seeds, seating, rows and chunks."""

from __future__ import annotations

import pytest

import liftoff
from liftoff.engine import derive_seed, play
from liftoff.sim.runner import (
    SimConfig,
    SimError,
    chunks,
    game_seed,
    make_config,
    play_game,
    record_indices,
    run_chunk,
    seat_orders,
    seating,
    tables,
)


def test_bot_lists_are_read_by_the_one_seat_grammar() -> None:
    def bots(text: str) -> tuple[str, ...]:
        return make_config("planet", 2, text, 1, seating="round-robin").bots

    assert bots("heuristic,heuristic,random") == ("heuristic", "random")
    assert bots("ismcts:iterations=40,rollout=heuristic,random") == (
        "ismcts:iterations=40,rollout=heuristic",
        "random",
    )
    assert bots("ismcts:iterations=40;random") == ("ismcts:iterations=40", "random")
    # canonical text: the same bot written two ways is one bot
    assert bots("bot:random, ismcts: iterations = 40") == ("random", "ismcts:iterations=40")
    with pytest.raises(SimError, match="a parameter without a bot"):
        make_config("planet", 2, "ismcts:iterations=4;c=1", 1)
    with pytest.raises(SimError, match="bots only"):
        make_config("planet", 2, "human,random", 1)


def test_round_robin_seating_cycles_tables_and_seat_orders() -> None:
    assert tables(["a", "b", "c"], 2) == (("a", "b"), ("a", "c"), ("b", "c"))
    assert tables(["a", "b"], 3) == (("a", "a", "b"), ("a", "b", "b"))
    assert tables(["a"], 2) == (("a", "a"),)
    assert len(seat_orders(("a", "a", "b"))) == 3
    config = make_config(
        "planet", 2, "random,heuristic,ismcts:iterations=2", 12, seating="round-robin"
    )
    seats = [seating(config, i) for i in range(12)]
    assert seats[:3] == [
        ["random", "heuristic"],
        ["random", "ismcts:iterations=2"],
        ["heuristic", "ismcts:iterations=2"],
    ]
    assert seats[3] == ["heuristic", "random"] and seats[6] == seats[0]


def test_one_bot_spec_fills_every_seat_and_options_are_typed() -> None:
    config = make_config("planet", 3, ["random"], 5, seed=9, options={"days": "4", "fast": "no"})
    assert config.bots == ("random", "random", "random")
    # typed, and only the options that differ from the defaults are kept
    assert config.options == {"days": 4}
    assert SimConfig.from_json(config.to_json()) == config


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"players": 9}, "is for 2-5 players, not 9"),
        ({"bots": ["random", "random"]}, "3 players need 3 bots"),
        ({"bots": ["nobot"]}, "unknown bot 'nobot'"),
        ({"options": {"moon_model": "C"}}, "option 'moon_model'"),
        ({"options": {"colour": "red"}}, "unknown option 'colour'"),
        ({"games": 0}, "--games must be at least 1"),
        ({"seating": "shuffle"}, "unknown seating 'shuffle'"),
    ],
)
def test_bad_configurations_are_refused_with_a_reason(kwargs: dict, message: str) -> None:
    args = {"game": "planet", "players": 3, "bots": ["random"], "games": 10} | kwargs
    with pytest.raises(SimError, match=message.replace("(", r"\(")):
        make_config(
            args.pop("game"), args.pop("players"), args.pop("bots"), args.pop("games"), **args
        )


def test_each_game_has_its_own_explicit_seed() -> None:
    seeds = [game_seed(7, i) for i in range(200)]
    assert len(set(seeds)) == 200
    assert seeds == [derive_seed(7, "sim-game", i) for i in range(200)]
    assert game_seed(8, 0) != game_seed(7, 0)


def test_rotating_seats_gives_each_bot_each_seat_equally_often() -> None:
    config = make_config("planet", 3, ["heuristic", "random", "random"], 9, seating="rotate")
    seen = [seating(config, i) for i in range(9)]
    assert seen[0] == ["heuristic", "random", "random"]
    assert seen[1] == ["random", "random", "heuristic"]
    for seat in range(3):
        assert sum(1 for s in seen if s[seat] == "heuristic") == 3
    fixed = make_config("planet", 3, ["heuristic", "random", "random"], 9)
    assert all(seating(fixed, i) == ["heuristic", "random", "random"] for i in range(9))


def test_sampled_records_are_evenly_spread() -> None:
    assert sorted(record_indices(100, 4)) == [0, 25, 50, 75]
    assert record_indices(3, 10) == frozenset({0, 1, 2})
    assert record_indices(50, 0) == frozenset()


def test_chunks_cover_every_game_once() -> None:
    for games, workers in ((1, 1), (7, 2), (1000, 2), (5000, 8)):
        spans = list(chunks(games, workers))
        covered = [i for start, stop in spans for i in range(start, stop)]
        assert covered == list(range(games))
        assert all(0 < stop - start <= 200 for start, stop in spans)


def test_a_row_is_the_outcome_of_the_game_its_seed_and_bots_give() -> None:
    config = make_config("planet", 3, ["random"], 4, seed=3, options={"days": 3})
    result = play_game(config, 2, keep_record=True)
    row = result.row
    # the same game played by hand through the engine API
    game = liftoff.games.get("planet")
    seed = game_seed(3, 2)
    state = game.new_game(3, seed, {"days": 3})
    bots = [liftoff.bots.make("random", seed=derive_seed(seed, "seat", s)) for s in range(3)]
    play(state, bots, seed=seed)
    outcome = state.outcome()
    assert outcome is not None
    assert row["seed"] == seed
    assert row["scores"] == list(outcome.scores)
    assert row["winners"] == list(outcome.winners)
    assert row["places"] == list(outcome.places)
    assert row["termination"] == outcome.termination
    assert row["details"] == dict(outcome.details)
    assert row["length"]["actions"] == len(state.record()["actions"])
    assert row["length"]["turns"] == outcome.details["turns"]
    assert result.record == state.record()


def test_a_failing_game_becomes_an_error_row_with_its_record() -> None:
    config = make_config("planet", 2, ["random"], 1, max_actions=5)
    result = play_game(config, 0)
    assert result.row["termination"] == "error"
    assert "TooLong" in result.row["error"]
    assert result.record is not None and len(result.record["actions"]) == 6


def test_chunks_give_the_same_rows_as_single_games() -> None:
    config = make_config("race", 2, ["random"], 6, seed=5, keep_records=2)
    rows = run_chunk(config, 2, 6)
    assert [r.index for r in rows] == [2, 3, 4, 5]
    assert rows[1].row == play_game(config, 3).row
    assert [r.record is not None for r in rows] == [False, True, False, False]


def test_rows_count_each_seats_decisions_and_search_iterations() -> None:
    config = make_config("race", 2, "random,ismcts:iterations=2", 1, seed=3)
    row = play_game(config, 0).row
    assert sum(row["decisions"]) == row["length"]["actions"]
    assert row["iterations"][0] == 0
    assert 0 < row["iterations"][1] <= 2 * row["decisions"][1]
