"""sb3-contrib's MaskablePPO trains on the Gymnasium adapter out of the box:
``MaskablePPO("MlpPolicy", gymnasium.make("liftoff/planet-v0"))`` with no
wrapper (a flat ``Box`` observation, ``action_masks()``), and agency's
factored action space through Stable-Baselines3's ``make_vec_env``. A short
smoke run of the documented training (examples/train_maskable_ppo.py); the
learning figures in docs/rl.md come from the full run.

torch and sb3-contrib are not project dependencies (through uv, torch would be
a multi-GB CUDA download): CI installs the CPU wheel with pip after
``uv sync`` (see ``.ci/run``); elsewhere this test skips with the reason."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip(
    "torch", reason="torch is not installed (CI installs the CPU wheel: see .ci/run)"
)
pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (see .ci/run)")

import numpy as np
from sb3_contrib.common.maskable.utils import get_action_masks

import liftoff  # noqa: F401  (registers liftoff/<game>-v0 with Gymnasium)

EXAMPLE = "examples/train_maskable_ppo.py"


@pytest.mark.timeout(300)
def test_the_default_recipe_trains_and_is_evaluated_with_a_wilson_interval(
    script: Callable[[str], ModuleType],
) -> None:
    import gymnasium
    from sb3_contrib import MaskablePPO

    MaskablePPO("MlpPolicy", gymnasium.make("liftoff/planet-v0"))  # no wrapper, no refusal
    example = script(EXAMPLE)
    model = example.make_model("planet", 2, n_steps=64, batch_size=32, n_epochs=1)
    model.learn(total_timesteps=128)
    assert model.num_timesteps >= 128
    rate, low, high = example.win_rate(example.model_policy(model), "planet", 2, games=2)
    assert 0.0 <= low <= rate <= high <= 1.0
    baseline = example.win_rate(example.random_policy(), "planet", 2, games=2)
    assert 0.0 <= baseline[0] <= 1.0


@pytest.mark.timeout(300)
def test_agency_factored_space_through_make_vec_env_only_picks_legal_actions(
    script: Callable[[str], ModuleType],
) -> None:
    example = script(EXAMPLE)
    model = example.make_model("agency", 3, n_envs=2, n_steps=256, batch_size=128, n_epochs=1)
    model.learn(total_timesteps=512)
    env = model.get_env()
    obs = env.reset()
    for _ in range(200):
        masks = get_action_masks(env)
        assert masks.any(axis=1).all()
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert all(masks[i, a] for i, a in enumerate(np.asarray(actions)))
        obs, _, _, _ = env.step(actions)
