"""Every bot returns a legal action, in positions of every registered game."""

from __future__ import annotations

import pytest

import liftoff
from liftoff.bots import Bot, make
from liftoff.engine import Rng, State, derive_seed

GAMES = liftoff.games.names()
BOTS = [
    "random",
    "heuristic",
    "ismcts:iterations=5",
    "ismcts:iterations=6,rollout=heuristic,depth=6",
    "ismcts:iterations=6,rollout=heuristic,depth=6,prior=heuristic,widening=true,opponents=rollout",
    "ismcts:iterations=3,rollout=full,depth=4",
]


def positions(game: str, players: int, count: int, seed: int) -> list[State]:
    """States reached by random play at spread-out depths (none finished)."""
    g = liftoff.games.get(game)
    out: list[State] = []
    for k in range(count):
        state = g.new_game(players, derive_seed(seed, "pos", k))
        rng = Rng(derive_seed(seed, "walk", k))
        steps = rng.below(120) if k else 0
        for _ in range(steps):
            active = state.active_players()
            if not active:
                break
            p = active[rng.below(len(active))]
            legal = state.legal_actions(p)
            state.apply_legal(p, legal[rng.below(len(legal))])
        if not state.is_over():
            out.append(state)
    return out


def player_counts(game: str) -> list[int]:
    info = liftoff.games.get(game).info
    return sorted({info.min_players, info.max_players})


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spec", BOTS)
def test_bots_choose_legal_actions(game: str, spec: str) -> None:
    for players in player_counts(game):
        for i, state in enumerate(positions(game, players, 5, seed=players)):
            for p in state.active_players():
                bot: Bot = make(spec, seed=i)
                before = state.to_json()
                action = bot.choose(state, p)
                assert action in state.legal_actions(p), (game, spec, str(action))
                assert state.to_json() == before, "choose must not change the state"
                assert isinstance(bot.explain(), str)


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_plays_whole_games(game: str) -> None:
    g = liftoff.games.get(game)
    state = g.new_game(2, 5)
    bots = [make("heuristic", seed=1), make("heuristic", seed=2)]
    liftoff.engine.play(state, bots, seed=5)
    assert state.is_over()
    assert state.outcome() is not None


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_explains_its_choice(game: str) -> None:
    state = liftoff.games.get(game).new_game(2, 9)
    p = state.active_players()[0]
    bot = make("heuristic", seed=3)
    action = bot.choose(state, p)
    assert bot.explain().startswith(f"heuristic: {action}")


def test_ismcts_explains_visits_and_values() -> None:
    state = liftoff.games.get("planet").new_game(2, 4)
    p = state.active_players()[0]
    bot = make("ismcts:iterations=30", seed=1)
    action = bot.choose(state, p)
    text = bot.explain()  # plain words for people
    assert text.startswith(f"{action}: won about ")
    assert " of 30 imagined games that began with it" in text and "n=" not in text
    details = bot.details()  # type: ignore[attr-defined]
    assert details.startswith(f"ismcts 30 it: {action} (n=") and "v=" in details
    stats = bot.last_stats  # type: ignore[attr-defined]
    assert sum(n for _, n, _ in stats) <= 30
    assert stats[0][0] == action


def test_ismcts_with_time_limit_stops() -> None:
    state = liftoff.games.get("planet").new_game(2, 4)
    p = state.active_players()[0]
    bot = make("ismcts:time_limit=0.05", seed=1)
    assert bot.choose(state, p) in state.legal_actions(p)
    assert bot.last_iterations >= 1  # type: ignore[attr-defined]


def test_single_legal_action_needs_no_search() -> None:
    # race resolution and planet windows often leave one choice
    g = liftoff.games.get("planet")
    for state in positions("planet", 2, 30, seed=7):
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        if len(legal) == 1:
            bot = make("ismcts:iterations=50", seed=1)
            assert bot.choose(state, p) == legal[0]
            assert bot.last_iterations == 0  # type: ignore[attr-defined]
            return
    assert g is not None  # no such position in the sample: nothing more to check
