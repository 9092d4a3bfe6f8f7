"""The native vector environment (the ids' ``vector_entry_point``): the same
games as Gymnasium's SyncVectorEnv, step for step, in every autoreset mode;
masks that are never all zero; refused inputs."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.vector import AutoresetMode  # noqa: E402

import liftoff  # noqa: E402
from liftoff.rl.gymnasium import UnsupportedRenderMode  # noqa: E402
from liftoff.rl.vector import LiftoffVectorEnv  # noqa: E402


def _trace(envs: Any, steps: int, seed: int = 0) -> list[tuple[Any, ...]]:
    """Observations, rewards, flags and masks of ``steps`` masked random steps."""
    obs, infos = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = [(obs.tobytes(), infos["action_mask"].tobytes())]
    for _ in range(steps):
        masks = infos["action_mask"]
        assert masks.any(axis=1).all(), "an all-zero mask"
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        final = infos.get("final_obs")
        out.append(
            (
                obs.tobytes(),
                rewards.tobytes(),
                terminated.tobytes(),
                truncated.tobytes(),
                infos["action_mask"].tobytes(),
                None if final is None else [None if f is None else f.tobytes() for f in final],
            )
        )
    return out


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize("name", liftoff.games.names())
def test_the_native_vector_env_plays_the_same_games_as_sync(name: str, mode: AutoresetMode) -> None:
    native = gymnasium.make_vec(f"liftoff/{name}-v0", num_envs=3, autoreset_mode=mode)
    assert isinstance(native.unwrapped, LiftoffVectorEnv)  # the default vectorization
    assert native.metadata["autoreset_mode"] == mode
    sync = gymnasium.make_vec(
        f"liftoff/{name}-v0",
        num_envs=3,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": mode},
    )
    steps = 150 if name == "race" else 120
    assert _trace(native, steps) == _trace(sync, steps)


def test_games_end_and_reset_within_the_trace() -> None:
    envs = gymnasium.make_vec("liftoff/race-v0", num_envs=2, max_steps=15)
    _, infos = envs.reset(seed=2)
    ended = 0
    for _ in range(60):
        actions = np.array([np.flatnonzero(m)[0] for m in infos["action_mask"]])
        _, _, terminated, truncated, infos = envs.step(actions)
        ended += int((terminated | truncated).sum())
        assert infos["action_mask"].any(axis=1).all()
        assert np.array_equal(envs.unwrapped.action_masks(), infos["action_mask"].astype(bool))
    assert ended >= 4


def test_disabled_autoreset_resets_what_the_mask_says() -> None:
    envs = LiftoffVectorEnv("race", num_envs=2, autoreset_mode="Disabled", max_steps=5)
    _, infos = envs.reset(seed=0)
    for _ in range(5):
        actions = np.array([np.flatnonzero(m)[0] for m in infos["action_mask"]])
        _, _, terminated, truncated, infos = envs.step(actions)
    done = terminated | truncated
    assert done.all()
    with pytest.raises(RuntimeError, match="game 0, 1 is over"):
        envs.step(np.zeros(2, dtype=np.int64))
    _, infos = envs.reset(options={"reset_mask": np.array([True, False])})
    first = envs.envs[0].state
    assert first is not None and first.version <= 1  # a new game
    # game 1 was not reset: the step is refused and changes nothing
    with pytest.raises(RuntimeError, match="game 1 is over"):
        envs.step(np.array([np.flatnonzero(infos["action_mask"][0])[0], 0]))
    assert envs.envs[0].state is first and first.version <= 1
    envs.reset(options={"reset_mask": np.array([False, True])})
    envs.step(np.array([np.flatnonzero(m)[0] for m in envs.action_masks()]))


def test_dict_observations_and_refused_inputs() -> None:
    envs = LiftoffVectorEnv("planet", num_envs=2, observation="dict")
    obs, infos = envs.reset(seed=[5, None])
    assert obs["observation"].shape == (2, 373) and obs["action_mask"].shape == (2, 396)
    assert np.array_equal(obs["action_mask"], infos["action_mask"])
    with pytest.raises(ValueError, match="one action per game"):
        envs.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="need 2 seeds"):
        envs.reset(seed=[1])
    with pytest.raises(ValueError, match="num_envs"):
        LiftoffVectorEnv("planet", num_envs=0)
    with pytest.raises(UnsupportedRenderMode, match="'human' is not offered"):
        LiftoffVectorEnv("planet", num_envs=2, render_mode="human")
    boards = LiftoffVectorEnv("race", num_envs=2, render_mode="ansi")
    boards.reset(seed=1)
    drawn = boards.render()
    assert drawn is not None and len(drawn) == 2 and all("Round 1/3" in b for b in drawn)
