"""The Gymnasium adapter passes Gymnasium's env checker and plays whole episodes."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import liftoff  # noqa: E402
from liftoff.rl.gymnasium import LiftoffEnv, make  # noqa: E402

GAMES = liftoff.games.names()


@pytest.mark.parametrize("name", GAMES)
def test_check_env_with_the_defaults_and_the_heuristic(name: str) -> None:
    with warnings.catch_warnings():
        # "Not able to test alternative render modes": the env is not registered
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")
        check_env(make(name, players=2), skip_render_check=True)
        check_env(make(name, "heuristic", observation="dict"), skip_render_check=True)


@pytest.mark.parametrize(("name", "players"), [("planet", 3), ("race", 3), ("agency", 2)])
def test_masked_random_learner_plays_whole_episodes(name: str, players: int) -> None:
    env = make(name, opponents="random", players=players, seat="random", observation="dict")
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
    env = make("race", opponents="random", players=3, seat=0, observation="dict")
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
        env = make("planet", opponents="heuristic", players=2, observation="dict")
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
    env = make("planet", opponents="random", illegal_reward=-5.0, observation="dict")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-5.0, True, False)
    assert info["illegal_action"] is True


def test_opponents_can_be_listed_and_unknown_bots_are_refused_at_construction() -> None:
    env = make("race", opponents=["random", "heuristic"], players=3, seat=0)
    env.reset(seed=0)
    assert type(env.bots[1]).__name__ == "RandomBot"
    with pytest.raises(ValueError, match="need 2 opponents"):
        make("race", opponents=["random"], players=3)
    with pytest.raises(ValueError, match=r"'nosuchbot'.*known bots:.*heuristic"):
        make("planet", opponents="nosuchbot")
    with pytest.raises(ValueError, match="has no parameter 'speed'"):
        make("planet", opponents="random:speed=3")
    with pytest.raises(ValueError, match="neither a bot spec nor an agent"):
        make("planet", opponents=[42])
    with pytest.raises(ValueError, match="seat"):
        make("planet", seat=2)


@pytest.mark.parametrize("name", GAMES)
def test_registered_ids_make_checked_envs(name: str) -> None:
    import gymnasium

    env = gymnasium.make(f"liftoff/{name}-v0", opponents="random", players=2)
    assert isinstance(env.unwrapped, LiftoffEnv) and env.unwrapped.game.info.name == name
    _, info = env.reset(seed=1)
    mask = env.unwrapped.action_masks()
    assert mask.dtype == bool and np.array_equal(mask, info["action_mask"].astype(bool))
    assert np.array_equal(env.get_wrapper_attr("action_masks")(), mask)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")
        check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("name", GAMES)
def test_flat_observation_is_a_box_with_the_mask_in_info(name: str) -> None:
    env = make(name, opponents="random", observation="flat")
    assert isinstance(env.observation_space, gymnasium_spaces().Box)
    obs, info = env.reset(seed=2)
    assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
    for _ in range(20):
        action = int(np.flatnonzero(info["action_mask"])[0])
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        obs, _, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            break
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")
        check_env(make(name, opponents="random", observation="flat"), skip_render_check=True)
    with pytest.raises(ValueError, match="observation must be"):
        make(name, observation="pixels")


def gymnasium_spaces():  # type: ignore[no-untyped-def]
    import gymnasium

    return gymnasium.spaces


def test_vector_env_final_observations_carry_usable_masks() -> None:
    """In a vector env every observation and every ``action_masks()`` call, the
    last step of an episode included, offers at least one id (a maskable
    policy fails on an all-zero mask); during play the mask is the legal ids."""
    import gymnasium

    envs = gymnasium.vector.SyncVectorEnv(
        [
            lambda: make("race", opponents="random", players=2, max_steps=25, observation="dict")
            for _ in range(2)
        ]
    )
    obs, _ = envs.reset(seed=[1, 2])
    finished = 0
    for _ in range(200):
        masks = np.stack(envs.call("action_masks"))
        assert masks.any(axis=1).all()
        assert np.array_equal(masks, obs["action_mask"].astype(bool))
        actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
        obs, _, terminated, truncated, _ = envs.step(actions)
        assert obs["action_mask"].any(axis=1).all()
        finished += int(np.sum(terminated | truncated))
        if finished >= 3:
            break
    assert finished >= 3
    env = make("planet", opponents="random", observation="dict")
    obs, _ = env.reset(seed=0)
    legal = env.index.legal_ids(env.state, env.seat)
    assert sorted(np.flatnonzero(obs["action_mask"])) == legal
