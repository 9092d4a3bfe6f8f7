"""Observation encoders: fixed shape, bounded, seat-relative, and blind to hidden state."""

from __future__ import annotations

import itertools

import pytest

np = pytest.importorskip("numpy")

import liftoff  # noqa: E402
from liftoff.engine import Rng, State  # noqa: E402
from liftoff.rl.encoders import HIGH, encoder_for  # noqa: E402
from liftoff.rl.encoders.planet import CARD  # noqa: E402

GAMES = liftoff.games.names()


def _positions(name: str, players: int, seeds: int = 2, every: int = 7) -> list[State]:
    """States along random games (every ``every`` actions, and the end)."""
    game = liftoff.games.get(name)
    out: list[State] = []
    for seed in range(seeds):
        state = game.new_game(players, seed)
        rng = Rng(seed + 100)
        while not state.is_over():
            if state.version % every == 0:
                out.append(state.clone())
            active = state.active_players()
            player = active[rng.below(len(active))]
            legal = state.legal_actions(player)
            state.apply_legal(player, legal[rng.below(len(legal))])
        out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_encodings_have_a_fixed_shape_and_stay_in_bounds(name: str) -> None:
    game = liftoff.games.get(name)
    for players in (game.info.min_players, game.info.max_players):
        enc = encoder_for(name, players)
        fields = enc.layout()
        assert fields[0].offset == 0
        assert all(a.offset + a.length == b.offset for a, b in itertools.pairwise(fields))
        assert fields[-1].offset + fields[-1].length == enc.size
        for state in _positions(name, players, seeds=1):
            for p in range(players):
                vec = enc.encode(state.view(p))
                assert vec.shape == (enc.size,) and vec.dtype == np.float32
                assert np.all(vec >= 0) and np.all(vec <= HIGH)
                assert np.any(vec > 0)


@pytest.mark.parametrize("name", GAMES)
def test_encoding_is_unchanged_by_determinize(name: str) -> None:
    """Everything the encoder sees comes from view(p): resampling what p cannot
    know (other hands, deck orders, future chance) never changes p's vector."""
    game = liftoff.games.get(name)
    players = min(3, game.info.max_players)
    enc = encoder_for(name, players)
    checked = 0
    for state in _positions(name, players, seeds=2, every=5):
        for p in range(players):
            vec = enc.encode(state.view(p))
            for seed in (1, 2):
                other = state.determinize(p, seed)
                assert np.array_equal(vec, enc.encode(other.view(p)))
                checked += 1
    assert checked > 50


def test_determinize_does_change_hidden_state_that_the_encoder_ignores() -> None:
    """The check above is not vacuous: determinized planet states do differ in
    the opponents' hands, which would change an encoding of hidden state."""
    game = liftoff.games.get("planet")
    enc = encoder_for("planet", 3)
    state = game.new_game(3, 5)
    differs = 0
    for seed in range(20):
        other = state.determinize(0, seed)
        if other.view(1)["players"][1]["hand"] != state.view(1)["players"][1]["hand"]:
            differs += 1
            assert np.array_equal(enc.encode(other.view(0)), enc.encode(state.view(0)))
    assert differs > 0


def test_planet_encoding_is_seat_relative_and_reads_the_own_hand() -> None:
    game = liftoff.games.get("planet")
    enc = encoder_for("planet", 3)
    fields = {f.name: f for f in enc.layout()}
    state = game.new_game(3, 1)
    for p in range(3):
        view = state.view(p)
        vec = enc.encode(view)
        hand = fields["hand"]
        expected = np.zeros(hand.length, np.float32)
        for code, count in view["players"][p]["hand"].items():
            expected[CARD[code]] = count / 5.0
        assert np.allclose(vec[hand.offset : hand.offset + hand.length], expected)
        seat = fields["seat"]
        assert vec[seat.offset + p] == 1.0
        slots = fields["player_slots"]
        # slot 0 is the observer: present, and active exactly when p is to move
        assert vec[slots.offset] == 1.0
        assert vec[slots.offset + 7] == float(p in state.active_players())


def test_race_encodings_differ_only_by_seat_in_a_public_position() -> None:
    """A race view is public except for unseen stack order: two players see the
    same facts, so their vectors hold the same values in other slots."""
    game = liftoff.games.get("race")
    enc = encoder_for("race", 2)
    state = game.new_game(2, 3)
    a, b = enc.encode(state.view(0)), enc.encode(state.view(1))
    assert not np.array_equal(a, b)
    assert sorted(a.tolist()) == sorted(b.tolist())


def test_encoder_tables_document_every_field() -> None:
    for name in GAMES:
        enc = encoder_for(name, 2)
        table = enc.layout_table()
        for field in enc.layout():
            assert f"`{field.name}`" in table
