"""Components, planet content, table layouts, seat rotation and the 3-round game."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import liftoff
from liftoff.engine import OptionError, Rng, random_playout
from liftoff.games.race import cards as C
from liftoff.games.race.content import load_planets
from liftoff.games.race.layout import FOUR_PLAYER, deal_layout, seat_of
from liftoff.games.race.testing import position, resolution

GAME = liftoff.games.get("race")


@pytest.mark.rules("RC-COMP-1")
def test_two_to_four_players() -> None:
    for n in (2, 3, 4):
        assert GAME.new_game(n, seed=1).num_players == n
    for bad in (1, 5):
        with pytest.raises(OptionError):
            GAME.new_game(bad, seed=1)


@pytest.mark.rules("RC-COMP-2", "RC-COMP-3", "RC-COMP-4")
def test_each_set_has_30_cards_of_the_right_kinds() -> None:
    s = GAME.new_game(4, seed=9)
    for p in range(4):
        assert sorted(s.stacks[p]) == C.player_set(p)
        kinds = Counter(C.code(c) for c in s.stacks[p])
        assert kinds == {
            "tank": 6,
            "settlers": 6,
            "security": 1,
            "solar": 2,
            "liftoff": 5,
            "theft": 2,
            "terraform": 3,
            "ore": 5,
        }
        colours = Counter(C.COLOUR[c] for c in s.stacks[p])
        assert colours == {C.BLUE: 15, C.YELLOW: 5, C.RED: 10}


@pytest.mark.rules("RC-COMP-5", "RC-SETUP-5", "RC-SETUP-8", "RC-GAP-2")
@pytest.mark.parametrize("arrangement", sorted(FOUR_PLAYER))
def test_four_players_use_all_ten_planets_one_of_each_type_per_player(arrangement: str) -> None:
    for seed in range(5):
        planets = deal_layout(4, Rng(seed), arrangement)
        assert Counter(t for t, _, _ in planets) == {t: 2 for t in range(5)}
        for seat in range(4):
            types = sorted(t for t, a, b in planets if seat in (a, b))
            assert types == [0, 1, 2, 3, 4]
        pairs = Counter(frozenset((a, b)) for _, a, b in planets)
        neighbours = [pairs[frozenset((s, (s + 1) % 4))] for s in range(4)]
        assert neighbours == ([2] * 4 if arrangement == "standard" else [1] * 4)


@pytest.mark.rules("RC-COMP-6", "RC-COMP-7", "RC-COMP-8", "RC-COMP-9", "RC-GAP-1")
def test_shipped_planet_table_is_labelled_reconstructed_and_keeps_known_values() -> None:
    table = load_planets()
    assert table.reconstructed and "RC-GAP-1" in table.note
    assert len(table.planets) == 5
    beta = table.planets[table.index("Beta Minor")]
    pios = table.planets[table.index("Pios Proxima")]
    assert beta.terraforming == 0
    assert [p.name for p in table.planets if p.terraforming == 0] == ["Beta Minor"]
    assert (pios.terraforming, pios.vp, pios.ore) == (1, 3, 2)
    for p in table.planets:
        assert 0 <= p.terraforming <= 2 and 1 <= p.vp <= 5 and 1 <= p.ore <= 3
    assert GAME.new_game(2, 1).view(0)["planet_table"]["reconstructed"] is True


REAL = """
reconstructed = false
note = "a transcription"
{planets}
"""


def _planet_file(tmp_path: Path, vps: list[int]) -> str:
    names = ["Beta Minor", "A", "Pios Proxima", "B", "C"]
    body = "".join(
        f'[[planets]]\nname = "{n}"\nterraforming = {1 if n != "Beta Minor" else 0}\n'
        f"vp = {v}\nore = 2\n"
        for n, v in zip(names, vps, strict=True)
    )
    path = tmp_path / "planets.toml"
    path.write_text(REAL.format(planets=body), encoding="utf-8")
    return str(path)


@pytest.mark.rules("RC-COMP-9", "RC-GAP-1")
def test_a_data_file_replaces_the_planet_table(tmp_path: Path) -> None:
    path = _planet_file(tmp_path, [5, 5, 5, 5, 5])
    s = GAME.new_game(2, seed=4, options={"planets": path})
    assert {p["vp"] for p in s.view(0)["planets"]} == {5}
    assert s.view(0)["planet_table"]["reconstructed"] is False
    again = GAME.replay(s.record())
    assert again.view(0) == s.view(0)
    bad = tmp_path / "bad.toml"
    bad.write_text('reconstructed = true\n[[planets]]\nname = "x"\nterraforming = 3\n')
    with pytest.raises(OptionError) as err:
        GAME.new_game(2, seed=1, options={"planets": str(bad)})
    assert err.value.option == "planets" and "terraforming" in str(err.value)


@pytest.mark.rules("RC-SETUP-1", "RC-GAP-21")
def test_each_set_is_shuffled_per_game() -> None:
    orders = {tuple(GAME.new_game(2, seed).stacks[0]) for seed in range(6)}
    assert len(orders) == 6
    assert tuple(C.player_set(0)) not in orders


@pytest.mark.rules("RC-SETUP-2", "RC-SETUP-3", "RC-SETUP-6")
def test_two_players_five_different_planets_in_random_order() -> None:
    orders = set()
    for seed in range(8):
        s = GAME.new_game(2, seed)
        assert sorted(t for t, _, _ in s.planets) == [0, 1, 2, 3, 4]
        assert all((a, b) == (0, 1) for _, a, b in s.planets)
        orders.add(tuple(t for t, _, _ in s.planets))
    assert len(orders) > 1


@pytest.mark.rules("RC-SETUP-4", "RC-SETUP-6", "RC-GAP-2")
def test_three_players_nine_random_planets_six_each() -> None:
    for seed in range(6):
        s = GAME.new_game(3, seed)
        assert len(s.planets) == 9
        assert all(v <= 2 for v in Counter(t for t, _, _ in s.planets).values())
        for p in range(3):
            assert sum(1 for side in s.side_of[p] if side >= 0) == 6
        for _, a, b in s.planets:
            assert a != b


@pytest.mark.rules("RC-EX-10", "RC-ROT-1", "RC-ROT-2", "RC-GAP-22")
def test_ex10_three_player_seats_rotate_each_round() -> None:
    seats = {p: [seat_of(3, p, r) for r in range(3)] for p in range(3)}
    for p in range(3):
        assert sorted(seats[p]) == [0, 1, 2]  # each seat exactly once
        assert seats[p][1] == (seats[p][0] + 1) % 3  # one seat on, clockwise
    s = GAME.new_game(3, seed=11, options={"auto_choices": True})
    planets = s.planets
    adjacency = [s.side_of]
    while not s.is_over():
        r = s.round
        random_playout_round(s)
        if not s.is_over():
            assert s.round == r + 1
            assert s.planets == planets  # the planets stay where they are
            adjacency.append(s.side_of)
    assert len({a for a in adjacency}) == 3


def random_playout_round(s: object) -> None:
    from liftoff.games.race.state import RaceState

    assert isinstance(s, RaceState)
    r, rng = s.round, Rng(s.round)
    while not s.is_over() and s.round == r:
        p = s.active_players()[rng.below(len(s.active_players()))]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])


@pytest.mark.rules("RC-ROT-3")
def test_three_players_at_most_five_missions_each() -> None:
    for seed in range(10):
        s = GAME.new_game(3, seed, {"rounds": 1, "auto_choices": True})
        rng = Rng(seed)
        while s.phase_name == "loading":
            p = rng.below(3)
            legal = s.legal_actions(p)
            places = [a for a in legal if str(a).startswith("place")]
            s.apply(p, (places or legal)[rng.below(len(places or legal))])
        for p in range(3):
            missions = sum(
                1 for i, side in enumerate(s.side_of[p]) if side >= 0 and s.rows[2 * i + side]
            )
            assert missions <= 5 < 6 == sum(1 for x in s.side_of[p] if x >= 0)


@pytest.mark.rules("RC-GAME-1", "RC-GAP-3", "RC-SCORE-2")
def test_three_rounds_and_scores_carry_over() -> None:
    for n in (2, 3, 4):
        s = GAME.new_game(n, seed=n, options={"auto_choices": True})
        random_playout(s, Rng(n))
        assert len(s.stop_callers) == 3 and len(s.round_scores) == 3
        assert [sum(r[p] for r in s.round_scores) for p in range(n)] == s.scores
    one = GAME.new_game(2, seed=1, options={"rounds": 1})
    random_playout(one, Rng(1))
    assert len(one.round_scores) == 1


@pytest.mark.rules("RC-GAME-2", "RC-GAME-3", "RC-THEFT-8")
def test_between_rounds_stolen_cards_go_home_and_everything_is_reshuffled() -> None:
    s = resolution(
        "Pios Proxima",
        ["solar", "tank", "liftoff", "ore", "theft"],
        ["tank", "tank", "settlers", "liftoff", "terraform"],
        options={"rounds": 2},
    )
    s.apply(0, "pay solar")
    stolen = next(c for c in s.pools[1] if C.code(c) == "settlers")  # B's Settlers
    s.apply(0, "steal settlers")  # now in A's row; round 1 ends
    assert s.round == 1 and s.phase_name == "loading"
    assert stolen in s.stacks[1]
    for p in range(2):
        assert sorted(s.stacks[p]) == C.player_set(p)
        assert not s.discards[p] and not s.aside[p]
    assert s.terra == [0] * 5 and s.ore_used == [0] * 5 and not s.pools and not s.spent
    assert s.scores == [4, 0] and s.round_scores == [(4, 0)]


@pytest.mark.rules("RC-GAME-4", "RC-GAP-15")
def test_most_points_wins_ties_shared_or_broken_by_settlers() -> None:
    s = position(2, stacks={0: ["tank"], 1: ["tank"]}, options={"rounds": 1})
    s.apply(0, "discard")
    out = s.outcome()
    assert out is not None and out.winners == (0, 1)  # 0:0 shared
    w = resolution("Beta Minor", ["settlers", "liftoff"], ["tank", "liftoff", "ore"])
    out = w.outcome()
    assert out is not None and out.scores == (1, 1) and out.winners == (0, 1)
    t = resolution(
        "Beta Minor",
        ["settlers", "liftoff"],
        ["tank", "liftoff", "ore"],
        options={"tiebreak": "settlers"},
    )
    out = t.outcome()
    assert out is not None and out.winners == (0,) and out.places == (1, 2)
    assert out.details["settler_vp"] == [1, 0] and out.details["ore_vp"] == [0, 1]


@pytest.mark.rules("RC-GAME-4", "RC-SCORE-1")
def test_outcome_details_for_studies() -> None:
    s = GAME.new_game(4, seed=3, options={"auto_choices": True})
    random_playout(s, Rng(3))
    out = s.outcome()
    assert out is not None
    d = out.details
    for key in ("ore_vp", "settler_vp", "thefts", "counter_thefts", "repelled", "terraforms"):
        assert len(d[key]) == 4
    assert [a + b for a, b in zip(d["ore_vp"], d["settler_vp"], strict=True)] == list(out.scores)
    assert len(d["stop_callers"]) == 3
    assert all(set(x) == {"round", "planet", "name", "player", "vp"} for x in d["planets_scored"])
    assert max(out.scores) == out.scores[out.winners[0]]
