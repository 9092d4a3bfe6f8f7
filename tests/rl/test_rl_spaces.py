"""Fixed action ids: complete, stable, invertible; masks match legal actions."""

from __future__ import annotations

import functools

import pytest

pytest.importorskip("numpy")

import liftoff
from liftoff.engine import Outcome, Rng
from liftoff.rl.spaces import (
    ActionIndex,
    Memo,
    action_index,
    as_action_id,
    next_actor,
    returns_from_outcome,
    space_actions,
)

GAMES = liftoff.games.names()


def _cases() -> list[tuple[str, int, dict[str, object]]]:
    out: list[tuple[str, int, dict[str, object]]] = []
    for name in GAMES:
        game = liftoff.games.get(name)
        for players, options in game.conformance_cases():
            if name == "agency" and options.get("missions_per_round") == 0:
                continue  # no fixed space (tested below)
            if name == "agency" and players > 2:
                continue  # same code, larger launch tables: keep the suite fast
            out.append((name, players, dict(options)))
    return out


@pytest.mark.parametrize(("name", "players", "options"), _cases())
def test_every_legal_action_has_an_id_and_masks_match(
    name: str, players: int, options: dict[str, object]
) -> None:
    game = liftoff.games.get(name)
    index = action_index(game, players, options)
    for seed in range(3):
        state = game.new_game(players, seed, options)
        rng = Rng(seed)
        while not state.is_over():
            active = state.active_players()
            for p in range(players):
                legal = state.legal_actions(p)
                ids = index.legal_ids(state, p)
                assert ids == sorted(ids)
                assert [index.action(i) for i in ids] == sorted(legal, key=index.id_of)
                mask = index.mask(state, p)
                assert int(mask.sum()) == len(legal)
                assert (p in active) == bool(legal)
            player = active[rng.below(len(active))]
            legal = state.legal_actions(player)
            state.apply_legal(player, legal[rng.below(len(legal))])


@pytest.mark.parametrize("name", GAMES)
def test_ids_and_actions_are_inverse_and_texts_unique(name: str) -> None:
    game = liftoff.games.get(name)
    index = action_index(game, game.info.min_players)
    assert index.size == len(index) > 0
    texts = [str(a) for a in index.actions]
    assert len(set(texts)) == index.size
    for i in range(0, index.size, max(1, index.size // 500)):
        assert index.id_of(index.action(i)) == i
        assert index.text(i) == texts[i]
    state = game.new_game(game.info.min_players, 0)
    player = state.active_players()[0]
    action = state.legal_actions(player)[0]
    assert index.id_of_text(state, player, str(action)) == index.id_of(action)


def test_ids_are_stable_across_instances() -> None:
    game = liftoff.games.get("planet")
    a = ActionIndex(game, 3)
    b = ActionIndex(game, 3)
    assert a.actions == b.actions
    assert action_index("planet", 3) is action_index(game, 3)


def test_out_of_range_ids_and_foreign_actions_are_refused() -> None:
    planet = action_index("planet", 2)
    race = action_index("race", 2)
    with pytest.raises(ValueError, match="outside"):
        planet.action(planet.size)
    with pytest.raises(ValueError, match="outside"):
        planet.action(-1)
    with pytest.raises(ValueError, match="not in the planet action space"):
        planet.id_of(race.action(0))


def test_race_space_sizes_follow_the_table() -> None:
    # place 1..N for N planets, under, discard, 5 pay and 5 steal choices
    assert [action_index("race", n).size for n in (2, 3, 4)] == [5 + 12, 9 + 12, 10 + 12]
    game = liftoff.games.get("race")
    texts = [str(a) for a in space_actions(game, 2)]
    assert texts[:7] == ["place 1", "place 2", "place 3", "place 4", "place 5", "under", "discard"]


def test_agency_without_a_launch_limit_has_no_fixed_space() -> None:
    with pytest.raises(NotImplementedError, match="no fixed action space"):
        action_index("agency", 2, {"missions_per_round": 0})
    with pytest.raises(NotImplementedError, match="more than"):
        action_index("agency", 2, {"missions_per_round": 6})


def test_agency_launches_come_last_and_respect_the_limit() -> None:
    index = action_index("agency", 2, {"missions_per_round": 2})
    texts = [str(a) for a in index.actions]
    first = next(i for i, t in enumerate(texts) if t.startswith("launch "))
    assert all(t.startswith("launch ") for t in texts[first:])
    assert max(len(t.split()[2].split(",")) for t in texts[first:]) == 2


def test_rank_returns_are_zero_sum_and_ordered() -> None:
    class Fake:
        num_players = 3

        def __init__(self, outcome: Outcome | None) -> None:
            self._o = outcome

        def outcome(self) -> Outcome | None:
            return self._o

    sole = Outcome.from_keys([(3,), (1,), (2,)], [3, 1, 2], "end")
    assert returns_from_outcome(Fake(sole), "rank") == [1.0, -1.0, 0.0]  # type: ignore[arg-type]
    tie = Outcome.from_keys([(3,), (3,), (1,)], [3, 3, 1], "end")
    got = returns_from_outcome(Fake(tie), "rank")  # type: ignore[arg-type]
    assert got == [0.5, 0.5, -1.0] and sum(got) == 0
    assert returns_from_outcome(Fake(tie), "win") == [1.0, 1.0, 0.0]  # type: ignore[arg-type]
    assert returns_from_outcome(Fake(tie), "score") == [3.0, 3.0, 1.0]  # type: ignore[arg-type]
    assert returns_from_outcome(Fake(None)) == [0.0, 0.0, 0.0]  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown reward"):
        returns_from_outcome(Fake(tie), "elo")  # type: ignore[arg-type]


def test_next_actor_rotates_through_simultaneous_players() -> None:
    assert next_actor((0, 1, 2), -1, 3) == 0
    assert next_actor((0, 1, 2), 0, 3) == 1
    assert next_actor((0, 1, 2), 2, 3) == 0
    assert next_actor((0, 2), 0, 3) == 2
    assert next_actor((1,), 1, 3) == 1


def test_action_ids_are_read_from_ints_and_numpy_scalars_only() -> None:
    import numpy as np

    assert as_action_id(3) == 3
    assert as_action_id(np.int32(4)) == 4
    assert as_action_id(np.array([5])) == 5
    for bad in (True, None, "3", 2.0, np.array([1.0]), np.array([1, 2])):
        assert as_action_id(bad) is None


def test_the_memo_is_bounded_and_keeps_the_most_recently_used() -> None:
    memo: Memo[int] = Memo(size=3)
    built: list[int] = []

    def build(k: int) -> int:
        built.append(k)
        return k * 10

    for k in range(5):
        assert memo.get((k,), functools.partial(build, k)) == k * 10
    assert len(memo) == 3
    assert memo.get((4,), lambda: build(99)) == 40  # still there: not built again
    assert memo.get((0,), lambda: build(0)) == 0  # forgotten: built again
    assert built == [0, 1, 2, 3, 4, 0]
    assert len(memo) == 3


def test_cached_indexes_belong_to_their_game_object_and_stay_bounded() -> None:
    from liftoff.rl import spaces

    race = liftoff.games.get("race")
    assert action_index(race, 2) is action_index("race", 2)
    others = [type(race)() for _ in range(spaces._INDEXES.size + 5)]
    for game in others:
        index = action_index(game, 2)
        assert index.game is game  # never the index of another game object
    assert len(spaces._INDEXES) <= spaces._INDEXES.size
