"""A Gymnasium environment: one learner against bots.

``make(game, opponents="random", players=2, seat="random", **options)``
returns a ``gymnasium.Env`` whose observations are the float32 observation
vector (a ``Box``, what Stable-Baselines3's ``MlpPolicy`` takes) and whose
actions are ids of :class:`~liftoff.rl.spaces.ActionIndex`; the legal-action
mask is in ``info["action_mask"]`` and ``action_masks()``. With
``observation="dict"`` the observation is ``{"observation": float32 vector,
"action_mask": int8 vector}`` (PettingZoo's convention).

The defaults are made for learning out of the box: the learner sits in a
random seat each episode against random opponents, so that
``MaskablePPO("MlpPolicy", gymnasium.make("liftoff/planet-v0"))`` learns
with its own default settings (docs/rl.md has the figures).

``import liftoff`` registers ``liftoff/planet-v0``, ``liftoff/race-v0`` and
``liftoff/agency-v0`` with Gymnasium (when Gymnasium is imported, before or
after), with string entry points (``EnvSpec.to_json`` works) and a native
vector environment (``gymnasium.make_vec(id, num_envs)``:
:class:`liftoff.rl.vector.LiftoffVectorEnv`). Without importing liftoff
first, ``gymnasium.make("liftoff:liftoff/planet-v0")`` imports it.

``render_mode="ansi"`` returns the board as text, drawn as the terminal
draws it (``liftoff play``), from the learner's view; ``"human"`` prints it
(in colour) after every ``reset`` and ``step``. There is no ``rgb_array``:
the board is text here, and the picture of the browser's board exists only in
the web front end.

For agency the actions are ids of the **factored** space by default
(:mod:`liftoff.rl.factored`: a launch or a draft keep is chosen part by part,
one ``step`` per part; the bots do not move between the parts of one choice,
and the observation carries the choice so far); ``action_space="flat"``
gives the flat ids instead.

``action_masks()`` (the name sb3-contrib's ``MaskablePPO`` calls) and
``action_mask()`` return the learner's mask now. Once the episode is over no
action is legal, but the mask then marks every id: whatever a vector
environment sends before its automatic reset is ignored, and a maskable
policy must never see an all-zero mask.

Each ``step`` applies the learner's action, then lets the bots act until the
learner may act again or the game ends. In simultaneous phases (race loading,
agency drafts) seats take turns in a deterministic rotation — after the
learner acts, every other seat that may act gets one action before the learner
acts again.

``opponents`` is a bot spec for every other seat (``"heuristic"``,
``"random"``, ``"ismcts:iterations=200"``, …), a list of specs (one per other
seat, in seat order), or agent objects with ``choose(state, player)``. A spec
naming an unknown bot, or with bad parameters, is refused at construction
(``ValueError``). Bots are reseeded from the episode seed, so
``reset(seed=s)`` replays exactly.

Rewards come at the end (``rank`` by default: +1 sole winner … −1 sole last;
``win``; ``score``). An illegal action ends the episode with
``illegal_reward`` and ``info["illegal_action"] = True``; ``max_steps``
truncates.

>>> from liftoff.rl.gymnasium import make
>>> env = make("planet", observation="dict")
>>> obs, info = env.reset(seed=3)
>>> obs["action_mask"].sum() > 0
np.True_
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from liftoff import gymnasium_ids
from liftoff.engine import Agent, Game, State, derive_seed
from liftoff.rl import missing_extra
from liftoff.rl.board import board_text
from liftoff.rl.encoders import HIGH, encoder_for
from liftoff.rl.factored import Chooser, check_space, make_space
from liftoff.rl.spaces import (
    REWARD_KINDS,
    as_action_id,
    game_of,
    next_actor,
    returns_from_outcome,
)

try:
    import gymnasium as gym
    import numpy as np
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise missing_extra(exc) from exc

DEFAULT_MAX_STEPS = 10_000


OBSERVATIONS = ("dict", "flat")


RENDER_MODES = ("ansi", "human")


class UnsupportedRenderMode(ValueError, TypeError):
    """A ``render_mode`` other than ``"ansi"``, ``"human"`` or ``None``. Also a
    ``TypeError``: Stable-Baselines3's ``make_vec_env`` first asks for
    ``render_mode="rgb_array"`` and falls back to no render mode on a
    ``TypeError``."""


def check_render_mode(render_mode: str | None) -> None:
    """:class:`UnsupportedRenderMode` unless ``render_mode`` is offered."""
    if render_mode is None or render_mode in RENDER_MODES:
        return
    if render_mode == "rgb_array":
        raise UnsupportedRenderMode(
            "render_mode 'rgb_array' is not offered: the board is drawn as text "
            "(render_mode 'ansi' returns it, 'human' prints it); the picture of the "
            "browser's board exists only in the web front end"
        )
    raise UnsupportedRenderMode(
        f"unsupported render_mode {render_mode!r} (use 'ansi', 'human' or None)"
    )


def _bot(spec: str, seed: int) -> Agent:
    from liftoff import bots

    return bots.make(spec, seed=seed)


def _check_bot_spec(spec: str) -> None:
    """``ValueError`` (naming the known bots) unless ``spec`` makes a bot."""
    from liftoff import bots

    try:
        bots.make(spec, seed=0)
    except ValueError as exc:
        raise ValueError(f"opponent {spec!r}: {exc}") from None


class LiftoffEnv(gym.Env[dict[str, Any], Any]):
    """One learner at ``seat`` against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game[Any],
        opponents: str | Sequence[str | Agent] | Agent = "random",
        players: int = 2,
        *,
        seat: int | str = "random",
        reward: str = "rank",
        max_steps: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        observation: str = "flat",
        action_space: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = game_of(game)
        space_kind = check_space(self.game, action_space)
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be 'dict' or 'flat', not {observation!r}")
        if reward not in REWARD_KINDS:
            raise ValueError(f"unknown reward {reward!r}; choose one of {', '.join(REWARD_KINDS)}")
        check_render_mode(render_mode)
        self.game.new_game(players, 0, options)  # validates players and options early
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat must be 0..{players - 1} or 'random', not {seat!r}")
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            specs: list[str | Agent] = [opponents] * (players - 1)
        else:
            specs = list(opponents)
            if len(specs) != players - 1:
                raise ValueError(f"need {players - 1} opponents, got {len(specs)}")
        for spec in specs:
            if isinstance(spec, str):
                _check_bot_spec(spec)
            elif not callable(getattr(spec, "choose", None)):
                raise ValueError(f"opponent {spec!r} is neither a bot spec nor an agent")
        self.opponent_specs = specs
        self.observation_kind = observation
        self.num_players = players
        self.seat_choice = seat
        self.game_options = dict(options)
        self.space_kind = space_kind
        self.index = make_space(self.game, players, options, space_kind)
        self.chooser = Chooser(self.index, 0)
        self.encoder = encoder_for(self.game, players, options)
        self.reward_kind = reward
        self.max_steps = DEFAULT_MAX_STEPS if max_steps is None else max_steps
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        width = self.encoder.size + self.chooser.feature_size
        vector = gym.spaces.Box(0.0, HIGH, (width,), np.float32)
        self.observation_space: Any = (
            vector
            if observation == "flat"
            else gym.spaces.Dict(
                {
                    "observation": vector,
                    "action_mask": gym.spaces.Box(0, 1, (self.index.size,), np.int8),
                }
            )
        )
        self.action_space = gym.spaces.Discrete(self.index.size)
        self.state: State | None = None
        self.seat = 0 if seat == "random" else int(seat)
        self.bots: dict[int, Agent] = {}
        self._last_actor = -1
        self._steps = 0

    # -- episode -----------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        episode_seed = int(self.np_random.integers(0, 2**62))
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(0, self.num_players))
        self.state = self.game.new_game(
            self.num_players, derive_seed(episode_seed, "game"), self.game_options
        )
        others = [p for p in range(self.num_players) if p != self.seat]
        self.bots = {}
        for p, spec in zip(others, self.opponent_specs, strict=True):
            seed_p = derive_seed(episode_seed, "bot", p)
            self.bots[p] = _bot(spec, seed_p) if isinstance(spec, str) else spec
        self._last_actor = -1
        self._steps = 0
        self.chooser = Chooser(self.index, self.seat)
        self._run_bots()
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, illegal = self.advance(action)
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        elif terminated:
            info["outcome"] = self.outcome()
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, info

    def advance(self, action: Any) -> tuple[float, bool, bool, bool]:
        """``step`` without building the observation and the info: apply the
        learner's action and the bots' replies; returns ``(reward, terminated,
        truncated, illegal)`` (an illegal action ends the episode)."""
        state = self.state
        assert state is not None, "call reset() first"
        if state.is_over():
            raise RuntimeError("the episode is over: call reset()")
        action_id = as_action_id(action)
        try:
            chosen = None if action_id is None else self.chooser.choose(state, action_id)
        except KeyError:
            action_id = None
        if action_id is None:
            return self.illegal_reward, True, False, True
        self._steps += 1
        if chosen is not None:  # a whole action (in the factored space, the last part)
            state.apply_legal(self.seat, chosen)
            self._last_actor = self.seat
            self._run_bots()
        terminated = state.is_over()
        reward = returns_from_outcome(state, self.reward_kind)[self.seat] if terminated else 0.0
        truncated = not terminated and self._steps >= self.max_steps
        return float(reward), terminated, truncated, False

    def outcome(self) -> dict[str, Any] | None:
        """The outcome of the game (``Outcome.to_json()``), ``None`` while in play."""
        assert self.state is not None, "call reset() first"
        outcome = self.state.outcome()
        return None if outcome is None else outcome.to_json()

    def _run_bots(self) -> None:
        """Let the bots act until the learner may act or the game is over."""
        state = self.state
        assert state is not None
        n = self.num_players
        while True:
            active = state.active_players()
            if not active:
                return
            p = next_actor(active, self._last_actor, n)
            if p == self.seat:
                return
            action = self.bots[p].choose(state, p)
            state.apply(p, action)
            self._last_actor = p

    # -- observations --------------------------------------------------------------------------
    def action_mask(self) -> Any:
        """The learner's legal-action mask now (int8, one entry per id); every
        id once the episode is over (no action is wrong then: it is ignored)."""
        state = self.state
        assert state is not None, "call reset() first"
        if state.is_over() or (self._steps >= self.max_steps):
            return np.ones(self.index.size, dtype=np.int8)
        return self.chooser.mask(state)

    def action_masks(self) -> Any:
        """The learner's legal-action mask now, as booleans (sb3-contrib's
        ``MaskablePPO`` calls this name)."""
        return self.action_mask().astype(bool)

    def observation_vector(self) -> Any:
        """The learner's observation vector now (float32)."""
        assert self.state is not None, "call reset() first"
        vector = self.encoder.observe(self.state, self.seat)
        if self.chooser.feature_size:
            vector = np.concatenate([vector, self.chooser.features()])
        return vector

    def _obs(self) -> Any:
        vector = self.observation_vector()
        if self.observation_kind == "flat":
            return vector
        return {"observation": vector, "action_mask": self.action_mask()}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_mask(), "seat": self.seat}

    def render(self) -> str | None:
        """``ansi``: the board as the learner sees it, as the terminal draws it;
        ``human``: the same, printed in colour (returns ``None``)."""
        if self.render_mode is None or self.state is None:
            return None
        if self.render_mode == "human":
            print(board_text(self.state, self.seat, colour=True), flush=True)
            return None
        return board_text(self.state, self.seat)


def make(
    game: str | Game[Any],
    opponents: str | Sequence[str | Agent] | Agent = "random",
    players: int = 2,
    **kwargs: Any,
) -> LiftoffEnv:
    """A :class:`LiftoffEnv`: keyword arguments ``seat`` (int or ``"random"``,
    the default), ``reward``, ``max_steps``, ``illegal_reward``,
    ``render_mode``, ``observation`` (``"flat"``, the default, or ``"dict"``),
    ``action_space`` (``"factored"``, agency's default, or ``"flat"``) and the
    game's options."""
    return LiftoffEnv(game, opponents, players, **kwargs)


env_id = gymnasium_ids.env_id


def register() -> list[str]:
    """Register ``liftoff/<game>-v0`` for every installed game (``import
    liftoff`` does it; harmless to repeat); returns the ids.
    ``gymnasium.make(id, **kwargs)`` passes its keyword arguments to
    :class:`LiftoffEnv`, ``gymnasium.make_vec(id, num_envs, **kwargs)`` to
    :class:`~liftoff.rl.vector.LiftoffVectorEnv`."""
    return gymnasium_ids.register_gymnasium_ids()


register()

__all__ = [
    "RENDER_MODES",
    "LiftoffEnv",
    "UnsupportedRenderMode",
    "check_render_mode",
    "env_id",
    "make",
    "register",
]
