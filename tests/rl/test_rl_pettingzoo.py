"""The PettingZoo adapters pass PettingZoo's own checkers and play whole games."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

import liftoff  # noqa: E402
from liftoff.rl.pettingzoo import env, parallel_env  # noqa: E402

GAMES = liftoff.games.names()
PLAYERS = {"planet": 3, "race": 3, "agency": 2}


@pytest.fixture(autouse=True)
def _quiet() -> object:
    # PettingZoo warns that dict observations are not arrays (its own classic
    # games use the same {"observation", "action_mask"} convention)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("name", GAMES)
def test_aec_api_test(name: str) -> None:
    api_test(env(name, PLAYERS[name]), num_cycles=400)


@pytest.mark.parametrize("name", GAMES)
def test_aec_seed_test(name: str) -> None:
    seed_test(lambda: env(name, PLAYERS[name]), num_cycles=100)


@pytest.mark.parametrize("name", GAMES)
def test_parallel_api_test(name: str) -> None:
    parallel_api_test(parallel_env(name, PLAYERS[name]), num_cycles=400)


@pytest.mark.parametrize("name", ["race", "agency"])
def test_parallel_seed_test(name: str) -> None:
    parallel_seed_test(lambda: parallel_env(name, PLAYERS[name]), num_cycles=100)


def _masked(space: object, mask: object) -> int:
    return int(space.sample(mask))  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_aec_plays_a_whole_game_with_zero_sum_rewards(name: str) -> None:
    e = env(name, PLAYERS[name])
    e.reset(seed=7)
    for agent in e.possible_agents:
        e.action_space(agent).seed(1)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            assert not truncated
            assert "outcome" in info
            e.step(None)
            continue
        assert obs["action_mask"].sum() >= 1
        e.step(_masked(e.action_space(agent), obs["action_mask"]))
        steps += 1
    assert not e.agents and steps > 20
    assert abs(sum(totals.values())) < 1e-9
    assert max(totals.values()) > 0


def test_aec_rotates_players_in_race_loading() -> None:
    e = env("race", 3)
    e.reset(seed=1)
    seen = []
    for _ in range(6):
        agent = e.agent_selection
        seen.append(agent)
        obs, *_ = e.last()
        e.step(_masked(e.action_space(agent), obs["action_mask"]))
    assert seen == ["player_0", "player_1", "player_2"] * 2


def test_parallel_race_applies_everyones_loading_actions_in_one_step() -> None:
    e = parallel_env("race", 3)
    obs, _ = e.reset(seed=2)
    for agent in e.possible_agents:
        e.action_space(agent).seed(3)
    state = e.engine_state
    assert state is not None
    before = state.version
    actions = {a: _masked(e.action_space(a), obs[a]["action_mask"]) for a in e.agents}
    obs, *_ = e.step(actions)
    assert state.version - before == 3  # three simultaneous actions applied
    steps, skipped, waited = 1, 0, 0
    while e.agents:
        actions = {}
        for a in e.agents:
            mask = obs[a]["action_mask"]
            if mask[e.WAIT]:
                assert mask.sum() == 1  # a player who may not act may only wait
                waited += 1
            actions[a] = _masked(e.action_space(a), mask)
        obs, rewards, terms, _, infos = e.step(actions)
        skipped += sum(1 for a in infos if infos[a].get("skipped"))
        steps += 1
    assert all(terms.values()) and abs(sum(rewards.values())) < 1e-9
    assert skipped >= 1  # an action after the Stop in the same step is skipped
    assert waited >= 1  # resolution choices are made by one player at a time
    assert steps < state.version  # fewer steps than actions


def test_illegal_action_ends_the_episode_with_a_penalty() -> None:
    e = env("planet", 2)
    e.reset(seed=0)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = e.agent_selection
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1.0
    assert e.infos[agent]["illegal_action"] is True

    p = parallel_env("race", 2, illegal_reward=-2.0)
    p.reset(seed=0)
    _, rewards, terms, _, infos = p.step({"player_0": p.WAIT, "player_1": 0})
    assert all(terms.values()) and rewards["player_0"] == -2.0 and not p.agents
    assert infos["player_0"]["illegal_action"] is True


def test_reset_with_a_seed_replays_and_options_reach_the_game() -> None:
    a = env("planet", 2, fast=True)
    b = env("planet", 2, fast=True)
    a.reset(seed=11)
    b.reset(seed=11)
    assert np.array_equal(
        a.observe("player_0")["observation"], b.observe("player_0")["observation"]
    )
    assert a.engine_state is not None and a.engine_state.options["fast"] is True
    with pytest.raises(liftoff.OptionError):
        env("planet", 2, no_such_option=1)
    with pytest.raises(ValueError, match="unknown reward"):
        env("planet", 2, reward="elo")


def test_max_steps_truncates() -> None:
    e = env("planet", 2, max_steps=3)
    e.reset(seed=0)
    for _ in range(3):
        obs, *_ = e.last()
        e.step(_masked(e.action_space(e.agent_selection), obs["action_mask"]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
