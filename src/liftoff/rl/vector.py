"""A native Gymnasium vector environment: many games stepped in one call.

``gymnasium.make_vec("liftoff/planet-v0", num_envs=16)`` builds a
:class:`LiftoffVectorEnv` (the ids' ``vector_entry_point``): ``num_envs``
games of :class:`~liftoff.rl.gymnasium.LiftoffEnv` (keyword arguments as for
``gymnasium.make``), whose observations, legal-action masks, rewards and
flags are written straight into batch arrays — without the per-game
wrappers, copies and info merging of Gymnasium's ``SyncVectorEnv``.

- Observations: ``(num_envs, width)`` float32 (``observation="dict"``: a
  dict of that and the ``(num_envs, ids)`` masks); actions: one id per game.
- ``infos["action_mask"]``: the ``(num_envs, ids)`` int8 masks, always; also
  ``action_masks()`` (booleans). A game that has just ended has every id
  marked: whatever is sent for it next is ignored (next-step autoreset).
- ``infos["outcome"]`` (with ``infos["_outcome"]``) for games that ended in
  this step, ``infos["illegal_action"]`` for an illegal action (it ends that
  game), ``infos["seat"]`` the learner's seat in each game.
- Autoreset (``autoreset_mode``, Gymnasium's :class:`AutoresetMode`):
  ``NEXT_STEP`` (default: the step after a game ends resets it and ignores
  its action), ``SAME_STEP`` (reset at once; ``infos["final_obs"]`` and
  ``infos["final_info"]`` hold the end), ``DISABLED`` (reset ended games with
  ``reset(options={"reset_mask": mask})``).
- ``reset(seed=s)`` seeds game *i* with ``s + i``, as ``SyncVectorEnv`` does,
  so both give the same games.

>>> import gymnasium, liftoff
>>> envs = gymnasium.make_vec("liftoff/race-v0", num_envs=3)
>>> obs, infos = envs.reset(seed=0)
>>> obs.shape, infos["action_mask"].shape
((3, 931), (3, 17))
"""

from __future__ import annotations

from typing import Any

from liftoff.rl import missing_extra
from liftoff.rl.gymnasium import LiftoffEnv, UnsupportedRenderMode, check_render_mode

try:
    import numpy as np
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise missing_extra(exc) from exc


class LiftoffVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of one learner against bots, stepped together (see
    the module docstring)."""

    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        *,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        render_mode: str | None = None,
        **kwargs: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        check_render_mode(render_mode)
        if render_mode == "human":
            raise UnsupportedRenderMode(
                "render_mode 'human' is not offered for many games at once: "
                "render_mode 'ansi' returns each game's board"
            )
        mode = AutoresetMode(autoreset_mode)
        self.envs = [LiftoffEnv(game, render_mode=render_mode, **kwargs) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.render_mode = render_mode
        self.autoreset_mode = mode
        self.metadata = {"autoreset_mode": mode, "render_modes": ["ansi"]}
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._dict = first.observation_kind == "dict"
        width = first.encoder.size + first.chooser.feature_size
        self._vectors = np.zeros((num_envs, width), np.float32)
        self._masks = np.zeros((num_envs, first.index.size), np.int8)
        self._seats = np.zeros(num_envs, np.int64)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._ended = np.zeros(num_envs, np.bool_)

    # -- batches ---------------------------------------------------------------------------
    def _observe(self, i: int) -> None:
        env = self.envs[i]
        self._vectors[i] = env.observation_vector()
        self._masks[i] = env.action_mask()
        self._seats[i] = env.seat

    def _observations(self) -> Any:
        if self._dict:
            return {"observation": self._vectors.copy(), "action_mask": self._masks.copy()}
        return self._vectors.copy()

    def _infos(self) -> dict[str, Any]:
        every = np.ones(self.num_envs, np.bool_)
        return {
            "action_mask": self._masks.copy(),
            "_action_mask": every,
            "seat": self._seats.copy(),
            "_seat": every.copy(),
        }

    def action_masks(self) -> Any:
        """The learner's legal-action masks now, ``(num_envs, ids)`` booleans."""
        return self._masks.astype(bool)

    # -- episodes ----------------------------------------------------------------------------
    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Reset every game (or those of ``options["reset_mask"]``); ``seed``: an
        int seeds game *i* with ``seed + i``, or one seed (or ``None``) per game."""
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(n)]
        else:
            seeds = list(seed)
        if len(seeds) != n:
            raise ValueError(f"need {n} seeds, got {len(seeds)}")
        options = dict(options or {})
        mask = options.pop("reset_mask", None)
        which = np.ones(n, np.bool_) if mask is None else np.asarray(mask, np.bool_)
        if which.shape != (n,) or not which.any():
            raise ValueError(f"reset_mask must be {n} booleans with at least one True")
        for i in map(int, np.flatnonzero(which)):
            self.envs[i].reset(seed=seeds[i], options=options)
            self._observe(i)
        self._terminations[which] = False
        self._truncations[which] = False
        self._ended[which] = False
        self._rewards[which] = 0.0
        return self._observations(), self._infos()

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step every game with its action (see the module docstring for autoreset)."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"need one action per game, shape ({self.num_envs},): {actions.shape}")
        if self.autoreset_mode == AutoresetMode.DISABLED and self._ended.any():
            over = ", ".join(map(str, np.flatnonzero(self._ended)))
            raise RuntimeError(f"game {over} is over: reset it first (options: reset_mask)")
        ended: list[int] = []
        illegal: list[int] = []
        for i, env in enumerate(self.envs):
            if self._ended[i]:
                env.reset()  # NEXT_STEP: the action sent for an ended game is ignored
                self._rewards[i] = 0.0
                self._terminations[i] = self._truncations[i] = self._ended[i] = False
                self._observe(i)
                continue
            reward, terminated, truncated, wrong = env.advance(actions[i])
            self._rewards[i] = reward
            self._terminations[i] = terminated
            self._truncations[i] = truncated
            if wrong:
                illegal.append(i)
            if terminated or truncated:
                ended.append(i)
                self._ended[i] = True
            self._observe(i)
        infos = self._infos()
        if ended:
            flags = np.zeros(self.num_envs, np.bool_)
            flags[ended] = True
            outcomes = np.full(self.num_envs, None, dtype=object)
            for i in ended:
                outcomes[i] = self.envs[i].outcome()
            infos["outcome"], infos["_outcome"] = outcomes, flags
        if illegal:
            flags = np.zeros(self.num_envs, np.bool_)
            flags[illegal] = True
            infos["illegal_action"], infos["_illegal_action"] = flags.copy(), flags
        if ended and self.autoreset_mode == AutoresetMode.SAME_STEP:
            infos = self._reset_ended_now(ended, infos)
        return (
            self._observations(),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            infos,
        )

    def _reset_ended_now(self, ended: list[int], infos: dict[str, Any]) -> dict[str, Any]:
        """SAME_STEP autoreset: keep the ended games' last observation and info in
        ``final_obs`` / ``final_info``, then reset them."""
        flags = np.zeros(self.num_envs, np.bool_)
        flags[ended] = True
        last_obs = np.full(self.num_envs, None, dtype=object)
        last_info = np.full(self.num_envs, None, dtype=object)
        for i in ended:
            last_obs[i] = (
                {"observation": self._vectors[i].copy(), "action_mask": self._masks[i].copy()}
                if self._dict
                else self._vectors[i].copy()
            )
            last_info[i] = {
                "action_mask": self._masks[i].copy(),
                "seat": int(self._seats[i]),
                "outcome": infos.get("outcome", [None] * self.num_envs)[i],
            }
            self.envs[i].reset()
            self._ended[i] = False
            self._observe(i)
        infos = {**infos, **self._infos()}
        infos["final_obs"], infos["_final_obs"] = last_obs, flags
        infos["final_info"], infos["_final_info"] = last_info, flags.copy()
        return infos

    def render(self) -> tuple[Any, ...] | None:
        """``ansi``: each game's board as the learner sees it, as the terminal draws it."""
        if self.render_mode is None:
            return None
        return tuple(env.render() for env in self.envs)

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()


__all__ = ["LiftoffVectorEnv"]
