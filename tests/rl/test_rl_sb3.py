"""sb3-contrib's MaskablePPO trains on the Gymnasium adapter out of the box:
a registered id, a flat ``Box`` observation (``MlpPolicy``), ``action_masks()``.

torch and sb3-contrib are not project dependencies (through uv, torch would be
a multi-GB CUDA download): CI installs the CPU wheel with pip after
``uv sync`` (see ``.ci/run``); elsewhere this test skips with the reason."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip(
    "torch", reason="torch is not installed (CI installs the CPU wheel: see .ci/run)"
)
pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (see .ci/run)")

from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.env_util import make_vec_env

import liftoff.rl.gymnasium  # noqa: F401  (registers liftoff/<game>-v0)


@pytest.mark.timeout(300)
@pytest.mark.filterwarnings("ignore:.*render_mode=.rgb_array.*:UserWarning")
def test_maskable_ppo_trains_a_few_thousand_steps_and_only_picks_legal_actions() -> None:
    env = make_vec_env(
        "liftoff/planet-v0",
        n_envs=2,
        seed=0,
        env_kwargs={"opponents": "random", "observation": "flat", "seat": "random"},
    )
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, n_epochs=2, seed=0)
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048
    obs = env.reset()
    for _ in range(200):
        masks = get_action_masks(env)
        assert masks.any(axis=1).all()
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert all(masks[i, a] for i, a in enumerate(actions))
        obs, _, _, _ = env.step(actions)
