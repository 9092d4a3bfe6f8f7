"""Gymnasium ids that work after ``import liftoff`` (in a fresh interpreter, in
either import order, without importing Gymnasium on ``import liftoff``),
string entry points (``EnvSpec.to_json``), Gymnasium's own checker through
``gymnasium.make`` with render checks, and the board drawn as the terminal
draws it."""

from __future__ import annotations

import io
import subprocess
import sys
import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import liftoff  # noqa: E402
from liftoff.cli.render import renderer  # noqa: E402
from liftoff.rl.gymnasium import LiftoffEnv, UnsupportedRenderMode, make  # noqa: E402

GAMES = liftoff.games.names()


def _fresh(code: str) -> str:
    """Run ``code`` in a new interpreter; its output (fails with its error)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


@pytest.mark.parametrize(
    "code",
    [
        "import liftoff, gymnasium",  # liftoff first: registered when Gymnasium is imported
        "import gymnasium, liftoff",  # Gymnasium first: registered at once
        "import gymnasium.envs.registration, liftoff",
    ],
)
def test_ids_work_after_import_liftoff_in_either_order(code: str) -> None:
    out = _fresh(
        f"{code}\n"
        "import sys\n"
        "for game in ('planet', 'race', 'agency'):\n"
        "    env = gymnasium.make(f'liftoff/{game}-v0')\n"
        "    obs, info = env.reset(seed=0)\n"
        "    print(game, obs.shape[0], int(info['action_mask'].sum() > 0))\n"
        "print('adapters imported by registering:', 'liftoff.rl.gymnasium' in sys.modules)\n"
    )
    assert "planet 373 1" in out and "race 931 1" in out and "agency" in out


def test_import_liftoff_does_not_import_gymnasium_and_the_module_prefix_works() -> None:
    out = _fresh("import sys, liftoff; print('gymnasium' in sys.modules)")
    assert out == "False"  # the CLI does not pay for Gymnasium's import
    out = _fresh(
        "import gymnasium\n"
        "env = gymnasium.make('liftoff:liftoff/race-v0')\n"
        "print(env.reset(seed=1)[0].shape)"
    )
    assert out == "(931,)"


@pytest.mark.parametrize("name", GAMES)
def test_specs_have_string_entry_points_and_survive_to_json(name: str) -> None:
    from gymnasium.envs.registration import EnvSpec

    spec = gymnasium.spec(f"liftoff/{name}-v0")
    assert spec.entry_point == "liftoff.rl.gymnasium:LiftoffEnv"
    assert spec.vector_entry_point == "liftoff.rl.vector:LiftoffVectorEnv"
    text = spec.to_json()
    again = EnvSpec.from_json(text)
    assert again == spec
    env = gymnasium.make(again, players=2)
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("name", GAMES)
def test_check_env_through_gymnasium_make_with_render_checks(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning from the checker, render modes included
        env = gymnasium.make(f"liftoff/{name}-v0", render_mode="ansi")
        check_env(env.unwrapped)


def test_the_defaults_are_made_for_learning() -> None:
    env = gymnasium.make("liftoff/planet-v0").unwrapped
    assert isinstance(env, LiftoffEnv)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)  # MlpPolicy takes it
    assert env.opponent_specs == ["random"] and env.seat_choice == "random"
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1}


@pytest.mark.parametrize("name", GAMES)
def test_ansi_draws_the_board_as_the_terminal_does(name: str) -> None:
    from rich.console import Console

    env = make(name, players=2, render_mode="ansi")
    env.reset(seed=5)
    text = env.render()
    assert isinstance(text, str) and "\x1b[" not in text
    assert env.state is not None
    console = Console(width=100, color_system=None, record=True, file=io.StringIO())
    console.print(renderer(name)(env.state.view(env.seat), env.seat))
    assert text == console.export_text()  # the very picture `liftoff play` shows
    assert "You" in text  # drawn from the learner's seat


def test_human_prints_the_board_and_rgb_array_is_refused_plainly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = gymnasium.make("liftoff/race-v0", render_mode="human")
    env.reset(seed=1)
    assert "Round 1/3" in capsys.readouterr().out  # printed by reset
    env.step(int(np.flatnonzero(env.unwrapped.action_mask())[0]))
    assert env.render() is None
    assert "Round 1/3" in capsys.readouterr().out
    with pytest.raises(UnsupportedRenderMode, match=r"'rgb_array' is not offered.*text"):
        make("race", render_mode="rgb_array")
    with pytest.raises(TypeError):  # what Stable-Baselines3's make_vec_env falls back on
        make("race", render_mode="rgb_array")
