"""OpenSpiel games: ``register()`` makes ``liftoff_planet``, ``liftoff_race`` and
``liftoff_agency`` loadable with ``pyspiel.load_game``.

>>> import pyspiel
>>> from liftoff.rl import openspiel
>>> names = openspiel.register()
>>> game = pyspiel.load_game("liftoff_planet", {"players": 3})
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)

Design:

- **Game type.** Sequential, imperfect information, zero-sum, terminal
  rewards, ``SAMPLED_STOCHASTIC`` chance: dice and draws happen inside the
  engine with the state's seeded RNG, so there are no chance nodes. Cloning a
  state copies its RNG (a clone replays the same future);
  ``resample_from_infostate`` reseeds it, so a search that resamples sees fresh
  chance every time.
- **Simultaneous phases** (race loading, agency drafts) are played in turn: the
  current player is the first player who may act after the previous actor, in
  seat order. Any interleaving is a legal history, and a player's information
  state never shows another's hidden choice (an agency draft pick stays secret).
- **Actions** are :class:`~liftoff.rl.spaces.ActionIndex` ids;
  ``num_distinct_actions`` is the size of the game's fixed action space.
- **Observations** come from ``view(player)`` only: the observation string is
  the view as compact JSON, the observation tensor is the game's encoder
  (:mod:`liftoff.rl.encoders`), the information-state string is the view plus
  the player's own past actions. No information-state tensor is provided.
- **Returns** are ``rank`` rewards from ``outcome()``: for each player, (players
  placed below − players placed above) / (n − 1), so +1 for a sole winner and
  −1 for the sole last; they sum to 0.
- **Length.** ``max_game_length`` (parameter, default 3000 actions) ends a game
  early as a draw (all returns 0); no game reaches it in normal play.
- **Parameters.** ``players``, ``rng_seed`` (the n-th new initial state is
  dealt with ``derive_seed(rng_seed, n)``; a C++ int), ``max_game_length`` and
  every option a user chooses, with its default (not those the game sets
  itself, like agency's content fingerprint).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import liftoff
from liftoff.engine import Action, Game, State, derive_seed
from liftoff.rl import missing_extra
from liftoff.rl.encoders import encoder_for
from liftoff.rl.spaces import action_index, next_actor, returns_from_outcome

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise missing_extra(exc) from exc

DEFAULT_MAX_LENGTH = 3000
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_REGISTERED: dict[str, pyspiel.GameType] = {}


def short_name(game: str) -> str:
    """``liftoff_<game>``."""
    return f"liftoff_{game}"


def _public_options(game: Game[Any]) -> list[Any]:
    """The options a user chooses (not those a game sets itself, like agency's
    content fingerprint)."""
    return [o for o in game.options.options if not getattr(o, "internal", False)]


def _game_type(game: Game[Any]) -> Any:
    params: dict[str, Any] = {
        "players": game.info.min_players,
        "rng_seed": 0,
        "max_game_length": DEFAULT_MAX_LENGTH,
    }
    for option in _public_options(game):
        params[option.name] = option.default
    return pyspiel.GameType(
        short_name=short_name(game.info.name),
        long_name=f"liftoff: {game.info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.info.max_players,
        min_num_players=game.info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )


class LiftoffGame(pyspiel.Game):  # type: ignore[misc]
    """A liftoff game as a pyspiel Python game (see the module docstring)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        engine_game = liftoff.games.get(name)
        params = dict(params or {})
        game_type = _REGISTERED.get(name) or _game_type(engine_game)
        spec = game_type.parameter_specification
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(f"unknown parameters {unknown} for {short_name(name)}")
        full = {k: params.get(k, v) for k, v in spec.items()}
        players = int(full["players"])
        options = {o.name: full[o.name] for o in _public_options(engine_game)}
        engine_game.new_game(players, 0, options)  # validates the settings
        index = action_index(engine_game, players, options)
        info = pyspiel.GameInfo(
            num_distinct_actions=index.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=int(full["max_game_length"]),
        )
        super().__init__(game_type, info, full)
        self.engine_game = engine_game
        self.players = players
        self.engine_options = options
        self.index = index
        self.encoder = encoder_for(engine_game, players, options)
        self.rng_seed = int(full["rng_seed"])
        self.max_length = int(full["max_game_length"])
        self._dealt = 0

    def next_seed(self) -> int:
        """The seed of the next new initial state."""
        seed = derive_seed(self.rng_seed, self._dealt)
        self._dealt += 1
        return seed

    def new_initial_state(self) -> LiftoffState:
        return LiftoffState(self)

    def state_from(self, state: State) -> LiftoffState:
        """A pyspiel state wrapping (a clone of) an engine state of this game,
        e.g. to search the very same position with several bots."""
        if state.game.info.name != self.engine_game.info.name:
            raise ValueError(f"not a {self.engine_game.info.name} state")
        if state.num_players != self.players:
            raise ValueError(f"this game has {self.players} players, the state {state.num_players}")
        out = LiftoffState(self)
        core = out._core
        core.state = state.clone()
        hist = core.own
        last = -1
        for player, text in state.history:
            hist[player].append(self.index.id_of_text(state, player, text))
            last = player
        core.last = last
        return out

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self, perfect_recall)


class _Core:
    """Everything a state holds, in one attribute: OpenSpiel's C++ ``Clone``
    deep-copies each attribute, and ``__deepcopy__`` makes that a cheap engine
    ``clone()``. The current player and the legal ids are cached until the next
    action (pyspiel asks for them several times per action); ``fresh`` is False
    when the cache is stale."""

    __slots__ = ("amap", "cur", "fresh", "game", "ids", "last", "own", "state", "steps")

    def __init__(self, game: LiftoffGame) -> None:
        self.game = game
        self.state: State | None = None  # dealt on first use
        self.last = -1
        self.own: list[list[int]] = [[] for _ in range(game.players)]
        self.steps = 0
        self.fresh = False
        self.cur = 0
        self.ids: list[int] | None = None
        self.amap: dict[int, Action] | None = None

    def get(self) -> State:
        state = self.state
        if state is None:
            g = self.game
            state = self.state = g.engine_game.new_game(g.players, g.next_seed(), g.engine_options)
        return state

    def current(self) -> int:
        """The player to act (``TERMINAL`` when over), cached until the next action."""
        if not self.fresh:
            state = self.get()
            self.fresh = True
            self.ids = self.amap = None
            if state.is_over() or self.steps >= self.game.max_length:
                self.cur = TERMINAL
            else:
                self.cur = next_actor(state.active_players(), self.last, self.game.players)
        return self.cur

    def legal(self) -> dict[int, Action]:
        """``{id: action}`` for the current player, cached until the next action."""
        player = self.current()
        if self.amap is None:
            if player < 0:
                self.amap = {}
            else:
                self.amap = self.game.index.legal_map(self.get(), player)
            self.ids = sorted(self.amap)
        return self.amap

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        new = _Core.__new__(_Core)
        new.game = self.game
        new.state = self.get().clone()
        new.last = self.last
        new.own = [h.copy() for h in self.own]
        new.steps = self.steps
        new.fresh = False
        new.cur = 0
        new.ids = new.amap = None
        return new


class LiftoffState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over an engine state."""

    def __init__(self, game: LiftoffGame) -> None:
        super().__init__(game)
        self._core = _Core(game)

    # -- the engine state ---------------------------------------------------------------------
    @property
    def engine_state(self) -> State:
        """The wrapped engine state (do not modify it)."""
        return self._core.get()

    # -- pyspiel API --------------------------------------------------------------------------
    def current_player(self) -> int:
        return self._core.current()

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        if player != core.current():
            return []
        core.legal()
        assert core.ids is not None
        return list(core.ids)

    def _apply_action(self, action: int) -> None:
        core = self._core
        player = core.current()
        chosen = core.legal().get(int(action)) if player >= 0 else None
        if chosen is None:
            raise ValueError(
                f"action {action} ({core.game.index.text(action)}) is not legal for "
                f"player {player} now"
            )
        core.get().apply_legal(player, chosen)
        core.own[player].append(int(action))
        core.last = player
        core.steps += 1
        core.fresh = False

    def _action_to_string(self, player: int, action: int) -> str:
        return self._core.game.index.text(action)

    def is_terminal(self) -> bool:
        return self._core.current() == TERMINAL

    def returns(self) -> list[float]:
        state = self._core.get()
        if not state.is_over():
            return [0.0] * state.num_players
        return returns_from_outcome(state, "rank")

    def rewards(self) -> list[float]:
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LiftoffState:
        """A copy in which everything ``player_id`` cannot know is resampled
        (``determinize``), with a fresh RNG drawn from ``probability_sampler``."""
        seed = int(probability_sampler() * 2**52) ^ (int(probability_sampler() * 2**52) << 11)
        return self.resampled(player_id, seed)

    def resampled(self, player_id: int, seed: int) -> LiftoffState:
        """``resample_from_infostate`` with an explicit seed."""
        new: LiftoffState = self.clone()
        core = new._core
        core.state = self._core.get().determinize(player_id, seed)
        core.fresh = False
        return new

    def __str__(self) -> str:
        return json.dumps(self._core.get().to_json(), sort_keys=True, separators=(",", ":"))


class Observer:
    """The PyObserver of a liftoff game: strings and tensors from ``view(player)``."""

    def __init__(self, game: LiftoffGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor: Any = None if perfect_recall else np.zeros(game.encoder.size, np.float32)
        self.dict: dict[str, Any] = {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: LiftoffState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.game.encoder.encode(state.engine_state.view(player))

    def string_from(self, state: LiftoffState, player: int) -> str:
        view = json.dumps(state.engine_state.view(player), sort_keys=True, separators=(",", ":"))
        if not self.perfect_recall:
            return view
        own = ",".join(map(str, state._core.own[player]))
        return f"{view}|{own}"


def _game_class(name: str) -> type[LiftoffGame]:
    """A subclass of :class:`LiftoffGame` bound to one game: pyspiel keeps the
    creator for the life of the process, and a class (unlike a closure) is safe
    to hold until the interpreter exits."""

    def __init__(self: LiftoffGame, params: dict[str, Any] | None = None) -> None:
        LiftoffGame.__init__(self, name, params)

    title = "".join(part.capitalize() for part in name.split("_"))
    return type(f"Liftoff{title}Game", (LiftoffGame,), {"__init__": __init__})


_CLASSES: dict[str, type[LiftoffGame]] = {}


def register(games: list[str] | None = None) -> list[str]:
    """Register liftoff games with pyspiel (all installed games by default);
    returns their short names. Registering twice is harmless."""
    out = []
    for name in games or liftoff.games.names():
        if name not in _REGISTERED:
            game_type = _game_type(liftoff.games.get(name))
            _CLASSES[name] = _game_class(name)
            pyspiel.register_game(game_type, _CLASSES[name])
            _REGISTERED[name] = game_type
        out.append(short_name(name))
    return out


def load(game: str, **params: Any) -> LiftoffGame:
    """``pyspiel.load_game("liftoff_<game>", params)`` after registering it."""
    register([game])
    loaded: LiftoffGame = pyspiel.load_game(short_name(game), params)
    return loaded


def seeded_resampler(seed: int) -> Callable[[LiftoffState, int], LiftoffState]:
    """A resampler for ``ISMCTSBot.set_resampler`` drawing its seeds from ``seed``
    (OpenSpiel's default sampler is seeded from the machine, so searches would
    not repeat)."""
    counter = [0]

    def resample(state: LiftoffState, player: int) -> LiftoffState:
        counter[0] += 1
        return state.resampled(player, derive_seed(seed, "resample", counter[0]))

    return resample


__all__ = [
    "LiftoffGame",
    "LiftoffState",
    "Observer",
    "load",
    "register",
    "seeded_resampler",
    "short_name",
]
