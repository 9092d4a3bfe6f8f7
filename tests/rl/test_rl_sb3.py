"""sb3-contrib's MaskablePPO trains on the Gymnasium adapter out of the box:
a registered id, a flat ``Box`` observation (``MlpPolicy``), ``action_masks()``
(and agency's factored action space).

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

from sb3_contrib.common.maskable.utils import get_action_masks

EXAMPLE = "examples/train_maskable_ppo.py"


@pytest.mark.timeout(300)
@pytest.mark.parametrize(("game", "players", "steps"), [("planet", 2, 2048), ("agency", 3, 1024)])
def test_maskable_ppo_trains_and_only_picks_legal_actions(
    game: str, players: int, steps: int, script: Callable[[str], ModuleType]
) -> None:
    example = script(EXAMPLE)
    model = example.make_model(game, players, n_envs=2, n_steps=512, batch_size=256, n_epochs=2)
    model.learn(total_timesteps=steps)
    assert model.num_timesteps >= steps
    env = model.get_env()
    obs = env.reset()
    for _ in range(200):
        masks = get_action_masks(env)
        assert masks.any(axis=1).all()
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert all(masks[i, a] for i, a in enumerate(actions))
        obs, _, _, _ = env.step(actions)
    assert 0.0 <= example.win_rate(model, game, players, games=2) <= 1.0
