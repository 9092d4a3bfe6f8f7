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
  rewards. Dice and draws happen inside the engine with the state's own seeded
  RNG, so there are no chance nodes and the chance mode is ``DETERMINISTIC``:
  given a state, its future depends only on the actions (the RNG is part of
  the state, and serialization carries it). pyspiel cannot serialize a Python
  game declared ``SAMPLED_STOCHASTIC`` (it asks the game for a C++ RNG state
  that Python cannot provide), hence this choice. Cloning a state copies its
  RNG (a clone replays the same future); ``resample_from_infostate`` reseeds
  it, so a search that resamples sees fresh chance every time. Each
  ``new_initial_state()`` is a new deal (see ``rng_seed``).
- **Serialization.** ``state.serialize()``, ``game.deserialize_state``,
  ``pyspiel.serialize_game_and_state`` and ``pickle`` all work: the state's
  Python part is the engine state's ``to_json`` (RNG included) plus the
  adapter's bookkeeping, so a deserialized state replays the same future.
- **Simultaneous phases** (race loading, agency drafts) are played in turn: the
  current player is the first player who may act after the previous actor, in
  seat order. Any interleaving is a legal history, and a player's information
  state never shows another's hidden choice (an agency draft pick stays secret).
- **Actions** are :class:`~liftoff.rl.spaces.ActionIndex` ids;
  ``num_distinct_actions`` is the size of the game's fixed action space.
  agency uses its factored space by default (:mod:`liftoff.rl.factored`; one
  pyspiel action per part of a launch or keep, the player stays current until
  the choice is complete; parameter ``action_space``: ``factored`` or
  ``flat``).
- **Observations** come from views only. Default (``single_player`` private
  info, public info, no perfect recall): the observation string is
  ``view(player)`` as compact JSON, the observation tensor is the game's
  encoder (:mod:`liftoff.rl.encoders`). Information state (perfect recall,
  ``single_player``): the position as the player sees it, their first view of
  the table and every event since as they saw it (:mod:`liftoff.rl.recall`:
  every public action with its actor, the others' hidden actions as who
  acted, their own actions, draws and dice), string only: there is no
  information-state tensor, and asking for one raises ``SpielError`` as
  OpenSpiel's own games without one do. Public only (private info ``none``,
  no perfect recall): the spectator view ``view(None)`` as JSON (the same
  for every player), string only.
  Private only (no public info, no perfect recall): the entries of
  ``view(player)`` that the spectator view lacks or shows differently, string
  only. Other observation types (``all_players``, or perfect recall without
  ``single_player`` private info and public info) are refused with a
  ``ValueError``.
- **Returns** are ``rank`` rewards from ``outcome()``: for each player, (players
  placed below − players placed above) / (n − 1), so +1 for a sole winner and
  −1 for the sole last; they sum to 0.
- **Length.** ``max_game_length`` (parameter, default 3000 actions) ends a game
  early as a draw (all returns 0); no game reaches it in normal play.
- **Parameters.** ``players``, ``rng_seed`` (the n-th new initial state is
  dealt with ``derive_seed(rng_seed, n)``; a C++ int), ``max_game_length`` and
  every option a user chooses, with its default (not those the game sets
  itself, like agency's content fingerprint). A text option's commas are
  written ``;`` in OpenSpiel parameters (``lift_die=X;1;1;2;2;3``), since
  OpenSpiel game strings separate parameters with commas.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import liftoff
from liftoff.engine import Action, Game, State, derive_seed
from liftoff.rl import missing_extra
from liftoff.rl.encoders import encoder_for
from liftoff.rl.factored import Chooser, FactoredSpace, check_space, make_space, parts_of
from liftoff.rl.observers import (
    NO_INFORMATION_STATE_TENSOR,
    Observer,
    observation_kind,
)
from liftoff.rl.recall import Recall
from liftoff.rl.spaces import Memo, next_actor, returns_from_outcome

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise missing_extra(exc) from exc

DEFAULT_MAX_LENGTH = 3000
PARAM_COMMA = ";"  # stands for "," inside text option values in OpenSpiel parameters
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_REGISTERED: dict[str, pyspiel.GameType] = {}


def short_name(game: str) -> str:
    """``liftoff_<game>``."""
    return f"liftoff_{game}"


def _public_options(game: Game[Any]) -> list[Any]:
    """The options a user chooses (not those a game sets itself, like agency's
    content fingerprint)."""
    return [o for o in game.options.options if not getattr(o, "internal", False)]


def _to_param(value: Any) -> Any:
    """An option value as an OpenSpiel parameter (commas in text become ``;``)."""
    return value.replace(",", PARAM_COMMA) if isinstance(value, str) else value


def _from_param(value: Any) -> Any:
    """The inverse of :func:`_to_param`."""
    return value.replace(PARAM_COMMA, ",") if isinstance(value, str) else value


def _game_type(game: Game[Any]) -> Any:
    params: dict[str, Any] = {
        "players": game.info.min_players,
        "rng_seed": 0,
        "max_game_length": DEFAULT_MAX_LENGTH,
    }
    for option in _public_options(game):
        params[option.name] = _to_param(option.default)
    if check_space(game, None) == "factored":
        params["action_space"] = "factored"
    return pyspiel.GameType(
        short_name=short_name(game.info.name),
        long_name=f"liftoff: {game.info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
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
        options = {o.name: _from_param(full[o.name]) for o in _public_options(engine_game)}
        engine_game.new_game(players, 0, options)  # validates the settings
        space = check_space(engine_game, full.get("action_space", "flat"))
        index = make_space(engine_game, players, options, space)
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
        self.factored = isinstance(index, FactoredSpace)
        self.encoder = encoder_for(engine_game, players, options)
        self.observation_size = self.encoder.size + (index.size if self.factored else 0)
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
        core.recall = replayed_recall(state)
        core.last = state.history[-1][0] if state.history else -1
        for player, text in state.history:
            action = self.engine_game.parse_action(state, player, text)
            core.own[player].extend(parts_of(self.index, action))
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return (game_from_string, (str(self),))

    def information_state_tensor_shape(self) -> list[int]:
        """Not provided: raises ``SpielError``, as OpenSpiel's own games without one do."""
        raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)

    def information_state_tensor_size(self) -> int:
        """Not provided: raises ``SpielError``, as OpenSpiel's own games without one do."""
        raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return Observer(self, observation_kind(iig_obs_type))


_GAMES_BY_STRING: Memo[LiftoffGame] = Memo()


def game_from_string(text: str) -> LiftoffGame:
    """The game named by an OpenSpiel game string (``str(game)``), loaded once
    per string while it is among the recently used (unpickling states and
    games goes through here)."""

    def load_game() -> LiftoffGame:
        register()
        game: LiftoffGame = pyspiel.load_game(text)
        return game

    return _GAMES_BY_STRING.get((text,), load_game)


def replayed_recall(state: State) -> Recall:
    """What each player of ``state`` has seen, rebuilt by replaying its record
    (from its ``start`` snapshot for a determinized state)."""
    record = state.record()
    game = state.game
    start = record.get("start")
    replay: State = (
        game.from_json(dict(start))
        if start is not None
        else game.new_game(record["players"], record["seed"], record["options"])
    )
    recall = Recall.dealt(replay)
    for player, text in record["actions"]:
        recall.record(replay.apply(player, text))
    return recall


def _restore_core(
    game_text: str,
    state_json: str,
    last: int,
    recall: dict[str, Any],
    steps: int,
    partial: list[list[int]] | None = None,
    own: list[list[int]] | None = None,
) -> _Core:
    game = game_from_string(game_text)
    core = _Core(game)
    core.state = game.engine_game.from_json(json.loads(state_json))
    core.recall = Recall.from_json(recall)
    core.last = last
    core.steps = steps
    core.own = [list(ids) for ids in own or core.own]
    for chooser, ids in zip(core.choosers, partial or [], strict=False):
        chooser.partial = list(ids)
    return core


class _Core:
    """Everything a state holds, in one attribute: OpenSpiel's C++ ``Clone``
    deep-copies each attribute, and ``__deepcopy__`` makes that a cheap engine
    ``clone()``. The current player and the legal ids are cached until the next
    action (pyspiel asks for them several times per action); ``fresh`` is False
    when the cache is stale."""

    __slots__ = (
        "amap",
        "choosers",
        "cur",
        "fresh",
        "game",
        "ids",
        "last",
        "own",
        "recall",
        "state",
        "steps",
    )

    def __init__(self, game: LiftoffGame) -> None:
        self.game = game
        self.state: State | None = None  # dealt on first use
        self.recall: Recall | None = None  # what each player has seen; dealt with the state
        self.last = -1
        self.steps = 0
        #: each player's own pyspiel actions, in order (parts of factored choices included)
        self.own: list[list[int]] = [[] for _ in range(game.players)]
        self.fresh = False
        self.cur = 0
        self.ids: list[int] | None = None
        self.amap: dict[int, Action | None] | None = None
        # one per seat in the factored space: the choice in progress
        self.choosers = (
            [Chooser(game.index, p) for p in range(game.players)] if game.factored else []
        )

    def choosing(self) -> int:
        """The seat with a factored choice in progress (it acts again), or -1."""
        for chooser in self.choosers:
            if chooser.partial:
                return chooser.seat
        return -1

    def get(self) -> State:
        state = self.state
        if state is None:
            g = self.game
            state = self.state = g.engine_game.new_game(g.players, g.next_seed(), g.engine_options)
            self.recall = Recall.dealt(state)
        return state

    def seen(self) -> Recall:
        """What each player has seen since the deal."""
        self.get()
        assert self.recall is not None
        return self.recall

    def current(self) -> int:
        """The player to act (``TERMINAL`` when over), cached until the next action."""
        if not self.fresh:
            state = self.get()
            self.fresh = True
            self.ids = self.amap = None
            if state.is_over() or self.steps >= self.game.max_length:
                self.cur = TERMINAL
            else:
                seat = self.choosing()
                self.cur = (
                    seat
                    if seat >= 0
                    else next_actor(state.active_players(), self.last, self.game.players)
                )
        return self.cur

    def legal(self) -> dict[int, Action | None]:
        """``{id: action}`` for the current player, cached until the next action
        (factored space: ``None`` for an id that does not complete the choice)."""
        player = self.current()
        if self.amap is None:
            if player < 0:
                self.amap = {}
            elif self.choosers:
                chooser = self.choosers[player]
                chooser.legal_ids(self.get())  # drops a stale choice
                self.amap = chooser.next_choices(self.get())
            else:
                self.amap = dict(self.game.index.legal_map(self.get(), player))  # type: ignore[union-attr]
            self.ids = sorted(self.amap)
        return self.amap

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (by ``serialize`` and ``pickle``) as the game string, the
        engine state's JSON (RNG included), what each player has seen and the
        adapter's bookkeeping."""
        state_json = json.dumps(self.get().to_json(), sort_keys=True, separators=(",", ":"))
        partial = [c.partial for c in self.choosers]
        recall = self.seen().to_json()
        return (
            _restore_core,
            (str(self.game), state_json, self.last, recall, self.steps, partial, self.own),
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        new = _Core.__new__(_Core)
        new.game = self.game
        new.state = self.get().clone()
        new.recall = self.seen().copy()
        new.last = self.last
        new.steps = self.steps
        new.own = [ids.copy() for ids in self.own]
        new.fresh = False
        new.cur = 0
        new.ids = new.amap = None
        new.choosers = []
        for chooser in self.choosers:
            copy = Chooser(chooser.space, chooser.seat)
            copy.partial = chooser.partial.copy()
            new.choosers.append(copy)
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
        legal = core.legal()
        action = int(action)
        if player < 0 or action not in legal:
            raise ValueError(
                f"action {action} ({core.game.index.text(action)}) is not legal for "
                f"player {player} now"
            )
        chosen = (
            core.choosers[player].choose(core.get(), action) if core.choosers else legal[action]
        )
        if chosen is not None:
            # with its events: what each player saw of it goes into their information state
            core.seen().record(core.get().apply_with_events(player, chosen))
            core.last = player
        core.own[player].append(action)
        core.steps += 1
        core.fresh = False

    def information_state_tensor(self, *player: int) -> list[float]:
        """Not provided: raises ``SpielError``, as OpenSpiel's own games without one do."""
        raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)

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
        """``resample_from_infostate`` with an explicit seed.

        The copy's engine state is ``determinize(player_id, seed)``;
        ``player_id``'s information state is the same as here. Its pyspiel
        ``history()`` is rebuilt from the actions ``player_id`` saw: the real
        history without the other players' hidden actions
        (``Game.action_is_public`` false, e.g. agency draft keeps), and every
        other player's information state holds what ``player_id`` saw of
        theirs (:meth:`Recall.known_to`): the copy never shows what
        ``player_id`` could not see."""
        core = self._core
        game = core.game
        real = core.get()
        engine = real.determinize(player_id, seed)
        engine_game = game.engine_game
        history: list[tuple[int, int]] = []
        new_core = _Core(game)
        # from the real history, which the player saw but for the others' hidden
        # actions (whatever history the determinized engine state keeps)
        for p, text in real.history:
            action = engine_game.parse_action(real, p, text)
            if p != player_id and not engine_game.action_is_public(real, p, action):
                continue
            parts = parts_of(game.index, action)
            history.extend((p, part) for part in parts)
            if p != player_id:
                new_core.own[p].extend(parts)
        new_core.own[player_id] = core.own[player_id].copy()  # in the order they were chosen
        new_core.state = engine
        new_core.recall = core.seen().known_to(player_id)
        new_core.last = core.last
        new_core.steps = core.steps
        if core.choosers:  # the player's own choice in progress stays; others' go
            mine = core.choosers[player_id].partial
            new_core.choosers[player_id].partial = list(mine)
            history.extend((player_id, part) for part in mine)
        return _state_with_history(game, new_core, history)

    def __str__(self) -> str:
        return json.dumps(self._core.get().to_json(), sort_keys=True, separators=(",", ":"))


def _state_with_history(
    game: LiftoffGame, core: _Core, history: list[tuple[int, int]]
) -> LiftoffState:
    """A state holding ``core`` whose pyspiel history is ``history`` (set the way
    ``game.deserialize_state`` sets it; pyspiel offers no other way). The
    core itself is handed over, not written out: only a ticket to it is
    pickled (serializing a whole game at every resampling cost a search
    more than the rest of its iteration)."""
    import base64
    import pickle

    ticket = next(_TICKETS)
    _HANDED[ticket] = core
    try:
        text = (
            "history="
            + ",".join(f"{p}:{a}" for p, a in history)
            + f"\nmove_number={len(history)}\n__dict__="
            + base64.b64encode(pickle.dumps({"_core": _Ticket(ticket)})).decode("ascii")
        )
        state: LiftoffState = game.deserialize_state(text)
    finally:
        _HANDED.pop(ticket, None)
    return state


_HANDED: dict[int, _Core] = {}
_TICKETS = itertools.count()


class _Ticket:
    """Unpickles to the core handed over under its number (see :func:`_state_with_history`)."""

    def __init__(self, number: int) -> None:
        self.number = number

    def __reduce__(self) -> tuple[Any, ...]:
        return (_handed_core, (self.number,))


def _handed_core(number: int) -> _Core:
    return _HANDED.pop(number)


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
    "game_from_string",
    "load",
    "observation_kind",
    "register",
    "seeded_resampler",
    "short_name",
]
