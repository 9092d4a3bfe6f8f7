"""Study helpers: the rush bot and the agency card-balance analysis."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import liftoff
from liftoff.engine import play
from liftoff.sim import simulate
from liftoff.sim.runner import make_config, play_game
from liftoff.sim.studies.agency import PlayerGame, card_stats, parse_record
from liftoff.sim.studies.summary import table
from liftoff.sim.studybots import RushBot


def test_the_rush_bot_never_puts_a_card_under_its_stack() -> None:
    game = liftoff.games.get("race")
    state = game.new_game(2, 3)
    rush = RushBot(seed=1, base="heuristic")
    other = liftoff.bots.make("heuristic", seed=2)
    play(state, [rush, other], seed=3)
    texts = Counter(text for player, text in state.record()["actions"] if player == 0)
    assert texts["under"] == 0 and texts["discard"] > 0
    assert rush.rushed > 0  # the base bot wanted to, and was overruled


def test_the_rush_bot_is_known_to_simulations() -> None:
    config = make_config("race", 2, ["rush", "heuristic"], 2, seed=1)
    assert play_game(config, 0).row["termination"] == "rounds"
    # elsewhere it is its base bot
    config = make_config("planet", 2, ["rush:base=random", "random"], 1, seed=1)
    assert play_game(config, 0).row["termination"] in ("rescue", "explosion")


def test_agency_records_give_each_players_cards() -> None:
    record = {
        "players": 2,
        "actions": [
            [0, "keep O03,O07"],
            [1, "keep O01"],
            [0, "play S12 money"],
            [1, "play S03 banner+actions"],
            [0, "launch lab M1-03,M2-11"],
            [1, "take M1-04"],
            [0, "sell O07"],
        ],
    }
    first, second = parse_record(record, winners=[1])
    assert first.specialists == {"S12"} and first.money_plays == Counter({"S12": 1})
    assert first.missions == {"M1-03", "M2-11"} and first.objectives == {"O03"}
    assert not first.won and second.won
    assert second.specialists == {"S03"} and second.missions == set()


def _pg(won: bool, specialists: set[str]) -> PlayerGame:
    return PlayerGame(won, specialists, Counter(), set(), set())


def test_card_statistics_flag_unused_and_winning_cards() -> None:
    games = []
    for i in range(200):
        # S01's user always wins; S03 is never played; S02 is everywhere
        games.append((2, [_pg(True, {"S01", "S02"}), _pg(False, {"S02"})]))
        if i % 2:
            games.append((2, [_pg(True, {"S02"}), _pg(False, {"S02"})]))
    names = {"S01": "Star", "S02": "Common", "S03": "Ghost", "S04": "Four-player"}
    stats = {s.card: s for s in card_stats(games, names, {"S04": 4})}
    assert set(stats) == {"S01", "S02", "S03", "S04"}
    assert stats["S01"].flags == ["dominant"] and stats["S01"].win_rate == 1.0
    assert stats["S01"].broken
    assert stats["S02"].flags == []
    assert stats["S03"].flags == ["never used"]
    assert stats["S04"].games == 0 and stats["S04"].flags == []  # not in 2-player games


def test_the_summary_table_has_a_column_per_run(tmp_path: Path) -> None:
    simulate(make_config("planet", 2, ["random"], 8, seed=1), tmp_path / "a")
    simulate(make_config("planet", 2, ["random"], 8, seed=2, options={"days": 2}), tmp_path / "b")
    text = table([tmp_path / "a", tmp_path / "b"])
    lines = text.splitlines()
    assert lines[0] == "| | a | b |"
    assert "| options | defaults | days=2 |" in lines
    assert any(line.startswith("| seat 1 wins | ") for line in lines)
    assert any(line.startswith("| days passed | ") for line in lines)


def test_copies_of_a_design_are_counted_together() -> None:
    games = [(2, [_pg(True, {"S01"}), _pg(False, {"S02"})]) for _ in range(10)]
    names = {"S01": "Twin", "S02": "Twin", "S03": "Other"}
    by_design = {s.card: s for s in card_stats(games, names, {})}
    assert set(by_design) == {"S01/02", "S03"}
    assert by_design["S01/02"].users == 20 and by_design["S01/02"].use_rate == 1.0
    by_card = {s.card: s for s in card_stats(games, names, {}, by_design=False)}
    assert by_card["S01"].win_rate == 1.0 and by_card["S02"].win_rate == 0.0
