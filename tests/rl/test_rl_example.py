"""The training example runs with a tiny budget and its policy moves."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_planet_pg.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("liftoff_example_train_planet_pg", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_training_example_runs_and_updates_the_policy() -> None:
    example = _load()
    lines: list[str] = []
    result = example.train(episodes=6, block=3, eval_games=2, lr=0.5, log=lines.append)
    assert len(result["returns"]) == 6
    assert all(-1.0 <= r <= 1.0 for r in result["returns"])
    assert len(result["curve"]) == 2
    policy = result["policy"]
    # the policy starts uniform (all zeros) and REINFORCE moved it, unless every
    # episode's advantage was exactly zero
    moved = float(np.abs(policy.W).sum() + np.abs(policy.b).sum())
    advantages = any(r != 0 for r in result["returns"])
    assert (moved > 0) == advantages
    assert lines[0].startswith("untrained") and lines[-1].startswith("trained")


def test_masked_softmax_gives_illegal_actions_no_probability() -> None:
    example = _load()
    policy = example.LinearPolicy(4, 5)
    policy.b[:] = [5.0, 0.0, 1.0, 9.0, 0.0]
    mask = np.array([1, 1, 1, 0, 0], dtype=np.int8)
    p = policy.probs(np.ones(4), mask)
    assert p[3] == 0.0 and p[4] == 0.0
    assert abs(p.sum() - 1.0) < 1e-12 and p[0] > p[2] > p[1]
