"""The Gymnasium adapter passes Gymnasium's env checker and plays whole episodes."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import liftoff  # noqa: E402
from liftoff.rl.gymnasium import make  # noqa: E402

GAMES = liftoff.games.names()


@pytest.mark.parametrize("name", GAMES)
def test_check_env_against_the_default_opponents(name: str) -> None:
    with warnings.catch_warnings():
        # "Not able to test alternative render modes": the env is not registered
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")
        check_env(make(name, players=2), skip_render_check=True)


@pytest.mark.parametrize(("name", "players"), [("planet", 3), ("race", 3), ("agency", 2)])
def test_masked_random_learner_plays_whole_episodes(name: str, players: int) -> None:
    env = make(name, opponents="random", players=players, seat="random")
    env.action_space.seed(0)
    seats = set()
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        seats.add(info["seat"])
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        steps, terminated, truncated, reward = 0, False, False, 0.0
        while not (terminated or truncated):
            assert env.observation_space.contains(obs)
            action = env.action_space.sample(obs["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            steps += 1
        assert terminated and not truncated and steps > 5
        assert -1.0 <= reward <= 1.0
        outcome = info["outcome"]
        seat = info["seat"]
        won = seat in outcome["winners"]
        assert (reward > 0) == (won and len(outcome["winners"]) < players)
    assert len(seats) >= 1


def test_simultaneous_loading_lets_every_seat_act_between_learner_moves() -> None:
    env = make("race", opponents="random", players=3)
    obs, _ = env.reset(seed=4)
    state = env.state
    assert state is not None
    for _ in range(5):
        before = state.version
        obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if state.active_players() == (0, 1, 2):
            assert state.version - before == 3  # learner, then both bots
    assert [p for p, _ in state.history[:6]] == [0, 1, 2, 0, 1, 2]


def test_reset_with_a_seed_replays_the_episode() -> None:
    def run() -> list[float]:
        env = make("planet", opponents="heuristic", players=2)
        obs, _ = env.reset(seed=9)
        out = []
        for _ in range(30):
            action = int(np.flatnonzero(obs["action_mask"])[-1])
            obs, reward, terminated, truncated, _ = env.step(action)
            out.append(float(obs["observation"].sum()) + reward)
            if terminated or truncated:
                break
        return out

    assert run() == run()


def test_illegal_action_terminates_with_a_penalty() -> None:
    env = make("planet", opponents="random", illegal_reward=-5.0)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-5.0, True, False)
    assert info["illegal_action"] is True


def test_opponents_can_be_listed_and_unknown_bots_fall_back_to_random() -> None:
    env = make("race", opponents=["random", "heuristic"], players=3)
    env.reset(seed=0)
    assert type(env.bots[1]).__name__ == "RandomBot"
    with pytest.raises(ValueError, match="need 2 opponents"):
        make("race", opponents=["random"], players=3)
    env = make("planet", opponents="no_such_bot")
    with pytest.warns(UserWarning, match="using 'random' instead"):
        env.reset(seed=0)
    assert type(env.bots[1]).__name__ == "RandomBot"
    with pytest.raises(ValueError, match="seat"):
        make("planet", seat=2)
