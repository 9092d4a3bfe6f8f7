"""Components, setup and the start of play (PL-COMP, PL-SETUP, PL-FIRST, PL-START)."""

from __future__ import annotations

import pytest

import liftoff
from liftoff.games.planet import GAME
from liftoff.games.planet.cards import CODES, GARGLORE, STORM, TERRAFORM, TORNADO
from liftoff.games.planet.testing import hand


@pytest.mark.rules("PL-COMP-1")
def test_two_to_five_players() -> None:
    for n in range(2, 6):
        assert GAME.new_game(n, seed=1).num_players == n
    for n in (1, 6):
        with pytest.raises(liftoff.OptionError) as err:
            GAME.new_game(n, seed=1)
        assert "2-5 players" in str(err.value)


@pytest.mark.rules("PL-COMP-10", "PL-COMP-11", "PL-COMP-12", "PL-COMP-13", "PL-GAP-37")
def test_the_deck_holds_the_hundred_game_cards() -> None:
    s = GAME.new_game(3, seed=1)
    counts = dict(zip(CODES, s.cfg.deck_counts, strict=True))
    assert sum(counts.values()) == 100
    assert (counts["F"], counts["S"], counts["W"]) == (24, 24, 16)
    assert counts == {
        "F": 24,
        "S": 24,
        "W": 16,
        "moon": 8,
        "supernova": 2,
        "tornado": 2,
        "mya": 8,
        "asteroids": 2,
        "storm": 2,
        "terraform": 4,
        "garglore": 8,
    }
    # Turn Cards are not Game Cards and do nothing: no card kind or view field for them
    assert "turn" not in " ".join(CODES) and "turn_card" not in str(s.view(0))


@pytest.mark.rules("PL-COMP-5", "PL-SETUP-1", "PL-SETUP-3")
def test_four_random_lift_off_points_and_the_rest_in_the_box() -> None:
    layouts = set()
    for seed in range(12):
        s = GAME.new_game(2, seed=seed)
        assert len(set(s.slots)) == 4
        assert sorted(s.slots + s.box) == sorted(s.cfg.lp_order)
        assert len(s.cfg.lp_order) == 10
        layouts.add(tuple(s.slots))
    assert len(layouts) > 6


@pytest.mark.rules(
    "PL-COMP-2", "PL-COMP-4", "PL-SETUP-2", "PL-GAP-1", "PL-COMP-6", "PL-SETUP-4", "PL-MOON-1"
)
def test_ring_alternates_and_moon_starts_on_the_star() -> None:
    view = GAME.new_game(3, seed=5).view(None)
    kinds = [seg["kind"] for seg in view["ring"]]
    assert kinds == ["exit", "lift_off_point"] * 4
    assert view["moon"]["spot"] == 0 and view["moon"]["spot_name"] == "star"
    assert view["days"]["passed"] == 0 and view["days"]["total"] > 0


@pytest.mark.rules("PL-COMP-3", "PL-COMP-7", "PL-SETUP-8", "PL-GARG-1")
def test_one_garglore_starting_in_its_pool() -> None:
    s = GAME.new_game(4, seed=2)
    assert s.view(None)["garglore"] == "pool"
    assert s.garglore == -1


@pytest.mark.rules("PL-COMP-8", "PL-SETUP-9")
def test_each_player_has_ten_aliens_in_the_core() -> None:
    s = GAME.new_game(5, seed=2)
    assert s.core == [10] * 5
    assert all(info["on_planet"] == 10 for info in s.view(None)["players"])


@pytest.mark.rules("PL-SETUP-5", "PL-DAY-4", "PL-GAP-4", "PL-EX-C4", "PL-EX-C5")
@pytest.mark.parametrize(
    ("players", "days", "literal"), [(2, 6, 3), (3, 8, 4), (4, 10, 5), (5, 12, 6)]
)
def test_day_track_length_per_player_count(players: int, days: int, literal: int) -> None:
    assert GAME.new_game(players, seed=1).cfg.days_total == days
    assert (
        GAME.new_game(players, seed=1, options={"day_track": "literal"}).cfg.days_total == literal
    )


@pytest.mark.rules("PL-SETUP-6", "PL-SETUP-7", "PL-TURN-2")
def test_deal_two_cards_then_the_first_player_draws_two() -> None:
    s = GAME.new_game(3, seed=9)
    sizes = [sum(h) for h in s.hands]
    assert sizes == [4, 2, 2]
    assert len(s.draw) == 100 - 8 and sum(s.discard) == 0
    assert s.view(1)["players"][1]["hand_size"] == 2


@pytest.mark.rules("PL-FIRST-1", "PL-FIRST-2", "PL-GAP-32")
def test_first_game_layout_and_no_terraform() -> None:
    s = GAME.new_game(2, seed=77, options={"first_game": True})
    assert s.slots == ["bonfire", "satellite", "rocket", "jetpack"]
    assert s.cfg.deck_size == 96 and s.cfg.deck_counts[TERRAFORM] == 0


@pytest.mark.rules("PL-START-1", "PL-GAP-11", "PL-COMP-9")
def test_first_player_by_option_or_by_the_number_die() -> None:
    assert GAME.new_game(4, seed=1, options={"first_player": 2}).turn == 2
    firsts = {GAME.new_game(4, seed=s, options={"first_player": -1}).turn for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    again = GAME.new_game(4, seed=3, options={"first_player": -1}).turn
    assert again == GAME.new_game(4, seed=3, options={"first_player": -1}).turn
    with pytest.raises(liftoff.OptionError):
        GAME.new_game(2, seed=1, options={"first_player": 3})


@pytest.mark.rules("PL-START-2", "PL-TURN-1", "PL-TURN-4", "PL-MOON-2")
def test_turns_run_in_seat_order_with_the_moon() -> None:
    s = GAME.new_game(3, seed=4)
    seen = []
    for _ in range(7):
        seen.append((s.turn, s.moon))
        s.apply(s.turn, "end")
    assert [t for t, _ in seen] == [0, 1, 2, 0, 1, 2, 0]
    assert [m for _, m in seen] == [0, 1, 2, 3, 4, 0, 1]


@pytest.mark.rules("PL-FAM-2", "PL-FAM-4")
def test_family_removes_take_that_cards() -> None:
    s = GAME.new_game(3, seed=1, options={"family": True, "no_garglore": True})
    assert s.cfg.deck_counts[TORNADO] == s.cfg.deck_counts[STORM] == 0
    assert s.cfg.deck_counts[GARGLORE] == 0
    assert s.view(None)["garglore"] is None
    assert not any(str(a).startswith("play garglore") for a in s.legal_actions(0))
    assert hand(s, 0).get("tornado", 0) == 0


def test_games_with_the_same_settings_share_one_config() -> None:
    # the engine's action caches key on the config's Lift Off Points: one config
    # per setting keeps them bounded however many games a server or simulation plays
    a, b = GAME.new_game(4, seed=1), GAME.new_game(4, seed=2)
    assert a.cfg is b.cfg
    assert GAME.from_json(a.to_json()).cfg is a.cfg
    assert GAME.new_game(3, seed=1).cfg is not a.cfg
    assert GAME.new_game(4, seed=1, options={"fast": True}).cfg is not a.cfg
