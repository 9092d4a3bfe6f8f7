"""Fixed integer action ids and legal-action masks.

An :class:`ActionIndex` numbers every action that can ever be legal in a game
with given settings (``Game.action_space(players, options)``): the id of an
action is its position in that list, the same in every state, every run and
every adapter. ``legal_actions`` of a state is always a subset, so a mask is
just the ids of the legal actions.

>>> import liftoff
>>> from liftoff.rl.spaces import action_index
>>> index = action_index("planet", 3)
>>> state = liftoff.games.get("planet").new_game(3, seed=1)
>>> end = index.id_of(state.legal_actions(0)[-1])
>>> index.action(end) == state.legal_actions(0)[-1]
True
>>> int(index.mask(state, 0).sum()) == len(state.legal_actions(0))
True
"""

from __future__ import annotations

import importlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import liftoff
from liftoff.engine import Action, Game, OptionValue, State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def game_of(game: str | Game[Any]) -> Game[Any]:
    """A registered game by name, or the game itself."""
    return liftoff.games.get(game) if isinstance(game, str) else game


def options_key(options: Mapping[str, OptionValue]) -> tuple[tuple[str, Any], ...]:
    """A hashable form of validated options."""
    return tuple(sorted(options.items()))


T = TypeVar("T")


class Memo(Generic[T]):
    """Objects built once per game and settings, at most ``size`` of them (the
    least recently used is forgotten first), so games loaded with other content
    (or made in tests) cannot grow it without end. Keys hold the game object
    itself, never its ``id()``: a game that is gone cannot hand what was built
    for it to a new game that happens to get the same ``id``.
    """

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._items: OrderedDict[tuple[Hashable, ...], T] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: tuple[Hashable, ...], build: Callable[[], T]) -> T:
        """The object of ``key``, built with ``build()`` the first time."""
        items = self._items
        got = items.get(key)
        if got is None:
            got = items[key] = build()
            if len(items) > self.size:
                items.popitem(last=False)
        else:
            items.move_to_end(key)
        return got


def space_actions(
    game: Game[Any], players: int, options: Mapping[str, Any] | None = None
) -> list[Action]:
    """``game.action_space(players, options)``, or, for a game that does not
    implement it, ``liftoff.games.<name>.space.action_space(game, players, options)``."""
    try:
        return game.action_space(players, options)
    except NotImplementedError:
        try:
            module = importlib.import_module(f"liftoff.games.{game.info.name}.space")
        except ImportError:
            raise NotImplementedError(
                f"{game.info.name} has no fixed action space (Game.action_space)"
            ) from None
        result: list[Action] = module.action_space(game, players, options)
        return result


class ActionIndex:
    """Action ↔ integer id for one game, player count and options.

    ``size`` ids, ``0 .. size-1``; ``id_of(action)`` and ``action(i)`` are
    inverse; ``legal_ids(state, p)`` are the sorted ids of
    ``state.legal_actions(p)``; ``mask(state, p)`` is a 0/1 vector of length
    ``size``.
    """

    def __init__(
        self,
        game: Game[Any],
        players: int,
        options: Mapping[str, Any] | None = None,
        actions: Sequence[Action] | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.options: dict[str, OptionValue] = game.options.validate(options)
        acts = (
            tuple(actions) if actions is not None else tuple(space_actions(game, players, options))
        )
        self.actions: tuple[Action, ...] = acts
        self.size = len(acts)
        self._ids: dict[Action, int] = {a: i for i, a in enumerate(acts)}
        if len(self._ids) != self.size:
            raise ValueError(f"the {game.info.name} action space lists an action twice")

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"<ActionIndex {self.game.info.name} players={self.players} size={self.size}>"

    def id_of(self, action: Action) -> int:
        """The id of ``action`` (``ValueError`` if the space does not hold it)."""
        got = self._ids.get(action)
        if got is None:
            raise ValueError(
                f"{action} is not in the {self.game.info.name} action space "
                f"for {self.players} players"
            )
        return got

    def action(self, action_id: int) -> Action:
        """The action with id ``action_id`` (``ValueError`` if out of range)."""
        i = int(action_id)
        if not 0 <= i < self.size:
            raise ValueError(f"action id {action_id} is outside 0..{self.size - 1}")
        return self.actions[i]

    def text(self, action_id: int) -> str:
        """The canonical text of the action with id ``action_id``."""
        return str(self.action(action_id))

    def id_of_text(self, state: State, player: int, text: str) -> int:
        """The id of the action whose canonical text is ``text``."""
        return self.id_of(self.game.parse_action(state, player, text))

    def legal_ids(self, state: State, player: int) -> list[int]:
        """Sorted ids of ``state.legal_actions(player)``."""
        ids = self._ids
        try:
            return sorted(ids[a] for a in state.legal_actions(player))
        except KeyError as exc:
            raise ValueError(
                f"legal action {exc.args[0]} is missing from the {self.game.info.name} "
                "action space (a bug in the game's action_space)"
            ) from None

    def legal_map(self, state: State, player: int) -> dict[int, Action]:
        """``{id: action}`` for the legal actions of ``player``."""
        ids = self._ids
        return {ids[a]: a for a in state.legal_actions(player)}

    def mask(self, state: State, player: int, dtype: Any = None) -> npt.NDArray[Any]:
        """A 0/1 vector (int8 unless ``dtype``) marking the legal ids of ``player``."""
        import numpy as np

        out: np.ndarray[Any, Any] = np.zeros(self.size, dtype=dtype or np.int8)
        ids = self.legal_ids(state, player)
        if ids:
            out[ids] = 1
        return out


_INDEXES: Memo[ActionIndex] = Memo()


def action_index(
    game: str | Game[Any], players: int, options: Mapping[str, Any] | None = None
) -> ActionIndex:
    """The (cached) :class:`ActionIndex` of a game, player count and options."""
    g = game_of(game)
    key = (g, players, options_key(g.options.validate(options)))
    return _INDEXES.get(key, lambda: ActionIndex(g, players, options))


def returns_from_outcome(state: State, kind: str = "rank") -> list[float]:
    """Per-player returns of a finished game (zeros while it is in play).

    - ``rank`` (default, zero-sum): for each player, (players placed below them
      − players placed above them) / (n − 1): +1 for a sole winner, −1 for the
      sole last, 0 for everyone in a tie of all players;
    - ``win``: 1 for each winner, else 0;
    - ``score``: the game's own score (saved Aliens, victory points).
    """
    n = state.num_players
    out = state.outcome()
    if out is None:
        return [0.0] * n
    if kind == "rank":
        places = out.places
        return [
            sum((places[q] > places[p]) - (places[q] < places[p]) for q in range(n)) / (n - 1)
            for p in range(n)
        ]
    if kind == "win":
        return [1.0 if p in out.winners else 0.0 for p in range(n)]
    if kind == "score":
        return [float(x) for x in out.scores]
    raise ValueError(f"unknown reward kind {kind!r}; choose rank, win or score")


REWARD_KINDS = ("rank", "win", "score")


def as_action_id(action: Any) -> int | None:
    """An integer action id from an int, a numpy integer or a 0-d/1-element array;
    ``None`` for anything else (the adapters then treat the action as illegal)."""
    if isinstance(action, bool) or action is None:
        return None
    if isinstance(action, int):
        return action
    import numbers

    if isinstance(action, numbers.Integral):
        return int(action)
    shape = getattr(action, "shape", None)
    if shape in ((), (1,)) and getattr(getattr(action, "dtype", None), "kind", "") in "iu":
        return int(action.reshape(()))
    return None


def next_actor(active: Sequence[int], last: int, players: int) -> int:
    """Of the players who may act now, the first after ``last`` in seat order
    (cyclically): the deterministic rotation the adapters use to turn
    simultaneous phases into a sequence (any interleaving is a legal history)."""
    if len(active) == 1:
        return active[0]
    return min(active, key=lambda p: (p - last - 1) % players)
