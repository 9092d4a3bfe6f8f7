"""PettingZoo environments: ``env(game, players=…)`` (AEC) and
``parallel_env(game, players=…)`` (simultaneous moves).

Agents are ``player_0`` … ``player_{n-1}`` (seats). Observations are dicts
``{"observation": float32 vector, "action_mask": int8 vector}`` (PettingZoo's
convention for masked discrete actions); actions are ids of
:class:`~liftoff.rl.spaces.ActionIndex`.

**AEC.** One agent acts per step. Where the rules let several players act at
once (race loading, agency drafts), the agent selected is the first of them
after the previous actor in seat order — a deterministic rotation; any
interleaving is a legal history of a simultaneous game.

**Parallel.** Every live agent sends an action each step. Those who may act
now (``state.active_players()`` at the start of the step) have their actions
applied one at a time in a rotating deterministic order (the first mover
advances one seat each step); an action that an earlier one in the same step
made illegal (the race card that empties a stack ends loading for everyone) is
skipped and reported in ``infos[agent]["skipped"]``. Agents who may not act
send anything: their action is ignored; their mask offers only the extra id
``WAIT = size`` (the action space has ``size + 1`` ids).

**agency** uses the factored action space by default
(:mod:`liftoff.rl.factored`): a launch or a draft keep is chosen part by part,
one step per part, by the same agent (AEC: the agent stays selected until its
choice is complete; parallel: an agent's parts go in one per step, the
action is applied with the step that completes it); observations carry the
choice so far. ``action_space="flat"`` gives the flat ids.

**Rewards** come at the end, from ``outcome()``: ``rank`` (default, zero-sum;
+1 sole winner … −1 sole last), ``win`` or ``score``. An illegal action ends
the episode: the offender gets ``illegal_reward`` (−1), the others 0, and
``infos[agent]["illegal_action"]`` is set (PettingZoo's TerminateIllegal
convention). ``max_steps`` truncates long episodes after that many steps;
``max_cycles`` (PettingZoo's name) after that many cycles: parallel steps,
or in the AEC env ``max_cycles × players`` steps.

**State** (for centralised training): ``state()`` is every seat's
observation vector, seat 0 first — everything any player knows, that is the
whole position but the order of face-down piles and the future dice;
``state_space`` is its ``Box``.

**Rendering**: ``render_mode="ansi"`` returns the board as the terminal
draws it, as a spectator sees it (no hidden card); ``"human"`` prints it in
colour after every step. There is no ``rgb_array``.

>>> from liftoff.rl.pettingzoo import env
>>> e = env("planet", players=2)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from liftoff.engine import Game, State, derive_seed
from liftoff.rl import missing_extra
from liftoff.rl.board import board_text
from liftoff.rl.encoders import HIGH, encoder_for
from liftoff.rl.factored import Chooser, check_space, make_space
from liftoff.rl.gymnasium import RENDER_MODES, check_render_mode
from liftoff.rl.spaces import (
    REWARD_KINDS,
    as_action_id,
    game_of,
    next_actor,
    returns_from_outcome,
)

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise missing_extra(exc) from exc

DEFAULT_MAX_STEPS = 10_000


def agent_name(seat: int) -> str:
    """``player_<seat>``."""
    return f"player_{seat}"


class _Common:
    """Set-up shared by the AEC and parallel environments."""

    metadata: dict[str, Any]

    def _setup(
        self,
        game: str | Game[Any],
        players: int,
        reward: str,
        max_steps: int | None,
        illegal_reward: float,
        render_mode: str | None,
        options: Mapping[str, Any],
        extra_ids: int,
        action_space: str | None = None,
        cycle: int | None = None,
    ) -> None:
        """``cycle``: ``max_cycles`` as steps (``None``: not given)."""
        self.game = game_of(game)
        self.space_kind = check_space(self.game, action_space)
        if reward not in REWARD_KINDS:
            raise ValueError(f"unknown reward {reward!r}; choose one of {', '.join(REWARD_KINDS)}")
        check_render_mode(render_mode)
        self.game.new_game(players, 0, options)  # validates players and options early
        self.num_players = players
        self.game_options = dict(options)
        self.index = make_space(self.game, players, options, self.space_kind)
        self.choosers = [Chooser(self.index, p) for p in range(players)]
        self.encoder = encoder_for(self.game, players, options)
        self.reward_kind = reward
        limits = [n for n in (max_steps, cycle) if n is not None]
        self.max_steps = min(limits) if limits else DEFAULT_MAX_STEPS
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(p) for p in range(players)]
        self.seats = {a: p for p, a in enumerate(self.possible_agents)}
        self.n_ids = self.index.size + extra_ids
        width = self.encoder.size + self.choosers[0].feature_size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, HIGH, (width,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_ids,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.n_ids) for a in self.possible_agents}
        self.state_space = spaces.Box(0.0, HIGH, (players * width,), np.float32)
        name = self.game.info.name
        self.metadata = {
            "name": f"liftoff_{name}_v0",
            "render_modes": list(RENDER_MODES),
            "render_fps": 4,
        }
        self._state: State | None = None
        self._seed_source = np.random.default_rng()

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _new_state(self, seed: int | None) -> State:
        if seed is not None:
            self._seed_source = np.random.default_rng(seed)
            game_seed = derive_seed(int(seed), "pettingzoo")
        else:
            game_seed = int(self._seed_source.integers(0, 2**62))
        state: State = self.game.new_game(self.num_players, game_seed, self.game_options)
        for chooser in self.choosers:
            chooser.reset()
        return state

    def _encode(self, seat: int, mask_seat: bool) -> dict[str, Any]:
        assert self._state is not None
        mask = np.zeros(self.n_ids, dtype=np.int8)
        chooser = self.choosers[seat]
        if mask_seat:
            ids = chooser.legal_ids(self._state)
            if ids:
                mask[ids] = 1
        vector = self.encoder.observe(self._state, seat)
        if chooser.feature_size:
            vector = np.concatenate([vector, chooser.features()])
        return {"observation": vector, "mask": mask}

    def state(self) -> Any:
        """The whole game for a centralised critic: every seat's observation
        vector (with its choice in progress), seat 0 first."""
        game = self._game()
        parts = []
        for seat, chooser in enumerate(self.choosers):
            parts.append(self.encoder.observe(game, seat))
            if chooser.feature_size:
                parts.append(chooser.features())
        return np.concatenate(parts).astype(np.float32, copy=False)

    def _game(self) -> State:
        assert self._state is not None, "call reset() first"
        return self._state

    @property
    def engine_state(self) -> State | None:
        """The engine state of the game in play (do not modify it); ``None``
        before ``reset``. (``state()`` is PettingZoo's global state.)"""
        return self._state

    def render(self) -> str | None:
        """``ansi``: the board as a spectator sees it, as the terminal draws it;
        ``human``: the same, printed in colour (returns ``None``)."""
        if self.render_mode is None or self._state is None:
            return None
        if self.render_mode == "human":
            print(board_text(self._state, None, colour=True), flush=True)
            return None
        return board_text(self._state, None)

    def close(self) -> None:
        pass


class LiftoffAECEnv(_Common, AECEnv):  # type: ignore[misc]
    """A liftoff game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self,
        game: str | Game[Any],
        players: int = 2,
        *,
        reward: str = "rank",
        max_steps: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        action_space: str | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        AECEnv.__init__(self)
        cycle = None if max_cycles is None else max_cycles * players
        self._setup(
            game,
            players,
            reward,
            max_steps,
            illegal_reward,
            render_mode,
            options,
            0,
            action_space,
            cycle,
        )

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._state = self._new_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._last_actor = -1
        self._select()

    def _select(self) -> None:
        assert self._state is not None
        active = self._state.active_players()
        seat = next_actor(active, self._last_actor, self.num_players)
        self.agent_selection = agent_name(seat)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.seats[agent]
        live = (
            agent == self.agent_selection
            and not self.terminations.get(agent, True)
            and not self.truncations.get(agent, True)
        )
        got = self._encode(seat, live)
        return {"observation": got["observation"], "action_mask": got["mask"]}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self._state is not None
        seat = self.seats[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        action_id = as_action_id(action)
        try:
            chosen = (
                None if action_id is None else self.choosers[seat].choose(self._state, action_id)
            )
        except KeyError:
            action_id = None
        if action_id is None:
            for a in self.agents:
                self.rewards[a] = self.illegal_reward if a == agent else 0.0
                self.terminations[a] = True
            self.infos[agent] = {"illegal_action": True, "action": repr(action)}
            self._accumulate_rewards()
            return
        self._steps += 1
        if chosen is not None:
            self._state.apply_legal(seat, chosen)
            self._last_actor = seat
        if self._state.is_over():
            for a, r in zip(
                self.agents, returns_from_outcome(self._state, self.reward_kind), strict=True
            ):
                self.rewards[a] = r
                self.terminations[a] = True
            outcome = self._state.outcome()
            assert outcome is not None
            for a in self.agents:
                self.infos[a] = {"outcome": outcome.to_json()}
        elif self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        elif chosen is not None:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class LiftoffParallelEnv(_Common, ParallelEnv):  # type: ignore[misc]
    """A liftoff game as a PettingZoo parallel environment (see the module docstring)."""

    def __init__(
        self,
        game: str | Game[Any],
        players: int = 2,
        *,
        reward: str = "rank",
        max_steps: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        action_space: str | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        self._setup(
            game,
            players,
            reward,
            max_steps,
            illegal_reward,
            render_mode,
            options,
            1,
            action_space,
            max_cycles,
        )
        self.WAIT = self.index.size

    def _observations(self) -> dict[str, dict[str, Any]]:
        assert self._state is not None
        active = set(self._state.active_players()) if self.agents else set()
        out = {}
        for a in self.agents:
            seat = self.seats[a]
            got = self._encode(seat, seat in active)
            if seat not in active and not self._state.is_over():
                got["mask"][self.WAIT] = 1
            out[a] = {"observation": got["observation"], "action_mask": got["mask"]}
        return out

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._state = self._new_state(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        state = self._state
        assert state is not None, "call reset() first"
        n = self.num_players
        agents = list(self.agents)
        rewards = dict.fromkeys(agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        terminated = dict.fromkeys(agents, False)
        truncated = dict.fromkeys(agents, False)
        active = state.active_players()
        start = self._steps % n
        order = sorted(active, key=lambda p: (p - start) % n)
        illegal = None
        chosen: dict[int, int] = {}
        for seat in order:
            agent = agent_name(seat)
            action_id = as_action_id(actions.get(agent))
            if action_id is None or action_id not in self.choosers[seat].legal_ids(state):
                illegal = agent
                break
            chosen[seat] = action_id
        if illegal is not None:
            for a in agents:
                rewards[a] = self.illegal_reward if a == illegal else 0.0
                terminated[a] = True
            infos[illegal] = {"illegal_action": True, "action": repr(actions.get(illegal))}
        else:
            for seat in order:
                chooser = self.choosers[seat]
                try:
                    action = chooser.choose(state, chosen[seat])
                except KeyError:  # an earlier action of this step made it illegal
                    chooser.reset()
                    infos[agent_name(seat)]["skipped"] = True
                    continue
                if action is not None:
                    state.apply_legal(seat, action)
            self._steps += 1
            if state.is_over():
                returns = returns_from_outcome(state, self.reward_kind)
                outcome = state.outcome()
                assert outcome is not None
                for a in agents:
                    rewards[a] = returns[self.seats[a]]
                    terminated[a] = True
                    infos[a]["outcome"] = outcome.to_json()
            elif self._steps >= self.max_steps:
                truncated = dict.fromkeys(agents, True)
        observations = self._observations()
        if any(terminated.values()) or any(truncated.values()):
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminated, truncated, infos


def env(game: str | Game[Any], players: int = 2, **kwargs: Any) -> LiftoffAECEnv:
    """An AEC environment for ``game`` with ``players`` players.

    Keyword arguments: ``reward`` (``rank``/``win``/``score``), ``max_steps``,
    ``max_cycles``, ``illegal_reward``, ``render_mode`` (``ansi``, ``human``),
    ``action_space`` and the game's options.
    """
    return LiftoffAECEnv(game, players, **kwargs)


def parallel_env(game: str | Game[Any], players: int = 2, **kwargs: Any) -> LiftoffParallelEnv:
    """A parallel environment for ``game`` (made for race's simultaneous loading;
    works for every game: agents who may not act send ``WAIT``)."""
    return LiftoffParallelEnv(game, players, **kwargs)


__all__ = ["LiftoffAECEnv", "LiftoffParallelEnv", "agent_name", "env", "parallel_env"]
