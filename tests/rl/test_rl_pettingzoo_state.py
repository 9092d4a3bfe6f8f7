"""PettingZoo's render_test and state_test, the global state for centralised
critics, and max_cycles."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import render_test, state_test  # noqa: E402

import liftoff  # noqa: E402
from liftoff.rl.board import board_text  # noqa: E402
from liftoff.rl.pettingzoo import env, parallel_env  # noqa: E402

GAMES = liftoff.games.names()
MOST = {"planet": 5, "race": 4, "agency": 4}


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # PettingZoo warns that dict observations are not arrays (its own classic
    # games use the same {"observation", "action_mask"} convention)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("name", GAMES)
def test_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda **kwargs: env(name, 2, **kwargs))
    assert capsys.readouterr().out  # "human" printed boards


@pytest.mark.parametrize("players", [2, "most"])
@pytest.mark.parametrize("name", GAMES)
def test_state_test(name: str, players: int | str) -> None:
    n = MOST[name] if players == "most" else int(players)
    state_test(env(name, n), parallel_env(name, n), num_cycles=20)


@pytest.mark.parametrize("name", GAMES)
def test_state_is_every_seats_observation_seat_0_first(name: str) -> None:
    e = env(name, 3)
    e.reset(seed=4)
    for agent in e.possible_agents:
        e.action_space(agent).seed(2)
    for _ in range(30):
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        e.step(int(e.action_space(agent).sample(obs["action_mask"])))
    state = e.state()
    assert e.state_space.contains(state)
    parts = [e.observe(a)["observation"] for a in e.possible_agents]
    assert np.array_equal(state, np.concatenate(parts))
    par = parallel_env(name, 3)
    par.reset(seed=4)
    assert par.state().shape == par.state_space.shape


def test_ansi_is_the_spectators_board_and_rgb_array_is_refused() -> None:
    e = env("planet", 2, render_mode="ansi")
    e.reset(seed=3)
    assert e.engine_state is not None
    text = e.render()
    assert text == board_text(e.engine_state, None)
    assert "Your hand" not in text  # a spectator sees no hand
    with pytest.raises(ValueError, match="'rgb_array' is not offered"):
        env("planet", 2, render_mode="rgb_array")


@pytest.mark.parametrize("name", GAMES)
def test_max_cycles_truncates_after_that_many_cycles(name: str) -> None:
    """PettingZoo's max_cycles_test, with masked actions: it samples actions
    without the mask, and an illegal action ends a liftoff episode (PettingZoo's
    TerminateIllegal convention, as in its classic games), so the checker
    itself does not apply."""
    par = parallel_env(name, 2, max_cycles=4)
    obs, _ = par.reset(seed=1)
    steps = 0
    while par.agents:
        actions = {a: int(par.action_space(a).sample(obs[a]["action_mask"])) for a in par.agents}
        obs, _, terminated, truncated, _ = par.step(actions)
        steps += 1
    assert steps == 4 and all(truncated.values()) and not any(terminated.values())
    aec = env(name, 2, max_cycles=4)
    aec.reset(seed=1)
    acted = 0
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(int(aec.action_space(agent).sample(obs["action_mask"])))
        acted += 1
    assert acted == 4 * 2  # a cycle is one step per player
