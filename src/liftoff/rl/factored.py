"""Action spaces for learning: the flat space of fixed action ids, or agency's
factored space, where one engine action is chosen in several sub-steps.

agency's flat space is huge (127,399 ids with 2 players, 434,882 with 4)
because a launch names a *set* of missions and a draft keep a *pair* of
cards: every set is one id. The **factored** space gives each part of such a
choice its own id, and the learner picks them one after the other — the
engine's actions stay as they are; only the adapter assembles them:

- ``launch <symbol> m1,m2,…`` is the sub-steps ``launch:<symbol>``,
  ``mission:m1``, ``mission:m2``, … (missions in sorted order);
- ``keep a,b`` (two cards) is ``keep:a``, ``keep:b``; ``keep a`` is ``keep:a``
  (cards in sorted order);
- every other action is one sub-step, ``action:<its text>``;
- ``done`` (the id :data:`END`, ``end-choice``) closes a choice that is
  complete but could go on (``keep:a`` when both ``keep a`` and ``keep a,b``
  are legal; a launch that could take one more mission).

A choice is applied as soon as it names exactly one legal action that nothing
longer extends; until then the same player chooses again, and the mask offers
the next parts that lead to a legal action (and ``end-choice`` when the
choice so far is itself legal). If another player's action makes a
half-built choice impossible (simultaneous phases), it is dropped and the
player starts again. The choice so far is part of the observation (a 0/1
vector over the ids, after the encoder's vector), so a policy sees it.

Ids: ``end-choice`` is 0, then every ``action:…`` part in the order of the
flat space, then ``keep:<card>`` for every card that can be kept, then
``launch:<symbol>``, then ``mission:<card>``, sorted. :meth:`FactoredSpace.text`
names an id; ``FactoredSpace.tokens`` lists them all. With 4 players there
are 448 ids (flat: 434,882).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from liftoff import addons
from liftoff.engine import Action, Game, State
from liftoff.rl.spaces import (
    ActionIndex,
    Memo,
    action_index,
    game_of,
    options_key,
    space_actions,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

END = 0
END_TOKEN = "end-choice"
SPACES = ("factored", "flat")


ENCODERS = "liftoff.rl.encoders"
"""The add-on package whose game modules may split actions into parts."""


def parts_function(game: str | Game[Any]) -> Callable[[Action], tuple[str, ...]] | None:
    """How an action of ``game`` splits into sub-steps (token texts): the
    ``action_parts`` of the game's module in :mod:`liftoff.rl.encoders`, or
    ``None`` for a game without a factored space."""
    fn: Callable[[Action], tuple[str, ...]] | None = getattr(
        addons.find(ENCODERS, game_of(game).info.name), "action_parts", None
    )
    return fn


def default_space(game: str | Game[Any]) -> str:
    """``"factored"`` for games that have one (agency), else ``"flat"``."""
    return "factored" if parts_function(game) is not None else "flat"


def check_space(game: str | Game[Any], space: str | None) -> str:
    """The action space to use (``None``: the game's default); ``ValueError``
    for an unknown name or a game without a factored space."""
    g = game_of(game)
    if space is None:
        return default_space(g)
    if space not in SPACES:
        raise ValueError(f"action_space must be 'factored' or 'flat', not {space!r}")
    if space == "factored" and parts_function(g) is None:
        raise ValueError(
            f"{g.info.name} has no factored action space (its flat space is small); "
            "use action_space='flat'"
        )
    return space


class FactoredSpace:
    """The factored ids of one game, player count and options (see the module
    docstring). Stateless: a choice in progress is a list of ids held by the
    caller (a :class:`Chooser` per seat)."""

    def __init__(self, game: Game[Any], players: int, options: Mapping[str, Any] | None = None):
        self.game = game
        self.players = players
        self.options = game.options.validate(options)
        parts = parts_function(game)
        if parts is None:
            raise ValueError(f"{game.info.name} has no factored action space")
        self._parts = parts
        atomic: dict[str, None] = {}
        keeps: set[str] = set()
        symbols: set[str] = set()
        missions: set[str] = set()
        for action in _part_source(game, players, self.options):
            for part in self._parts(action):
                kind = part.partition(":")[0]
                if kind == "action":
                    atomic.setdefault(part, None)
                elif kind == "keep":
                    keeps.add(part)
                elif kind == "launch":
                    symbols.add(part)
                else:
                    missions.add(part)
        self.tokens: tuple[str, ...] = (
            END_TOKEN,
            *atomic,
            *sorted(keeps),
            *sorted(symbols),
            *sorted(missions),
        )
        self.size = len(self.tokens)
        self._ids = {t: i for i, t in enumerate(self.tokens)}

    def __repr__(self) -> str:
        return f"<FactoredSpace {self.game.info.name} players={self.players} size={self.size}>"

    def text(self, token: int) -> str:
        """The name of id ``token``."""
        i = int(token)
        if not 0 <= i < self.size:
            raise ValueError(f"action id {token} is outside 0..{self.size - 1}")
        return self.tokens[i]

    def parts(self, action: Action) -> tuple[int, ...]:
        """The ids that choose ``action`` (without the closing ``end-choice``)."""
        return tuple(self._ids[p] for p in self._parts(action))

    def choices(self, state: State, player: int) -> dict[tuple[int, ...], Action]:
        """``{parts: action}`` for the legal actions of ``player``."""
        return {self.parts(a): a for a in state.legal_actions(player)}


def _part_source(game: Game[Any], players: int, options: Mapping[str, Any]) -> list[Action]:
    """Actions that hold every part: the flat space of the game's ``part_options``
    (agency: launches of one mission; a launch of several missions has no other
    parts, and the full flat space, with every set of missions, is what the
    factored space avoids)."""
    small = getattr(addons.find(ENCODERS, game.info.name), "part_options", dict)
    return space_actions(game, players, small(options))


_SPACES: Memo[FactoredSpace] = Memo()


def factored_space(
    game: str | Game[Any], players: int, options: Mapping[str, Any] | None = None
) -> FactoredSpace:
    """The (cached) :class:`FactoredSpace` of a game, player count and options."""
    g = game_of(game)
    check_space(g, "factored")
    key = (g, players, options_key(g.options.validate(options)))
    return _SPACES.get(key, lambda: FactoredSpace(g, players, options))


class Chooser:
    """How the adapters turn ids into engine actions, for one seat.

    ``size`` ids; ``legal_ids(state)`` and ``mask(state)`` for the seat now;
    ``choose(state, id)`` returns the engine action once a choice is complete,
    ``None`` while it is not, and raises ``KeyError`` for an id that is not
    legal now; ``partial`` is the choice so far (ids), ``features()`` the
    0/1 vector of it that observations carry (empty in the flat space)."""

    def __init__(self, space: FactoredSpace | ActionIndex, seat: int) -> None:
        self.space = space
        self.seat = seat
        self.factored = isinstance(space, FactoredSpace)
        self.size = space.size
        self.partial: list[int] = []
        self._cache: tuple[int, dict[tuple[int, ...], Action]] | None = None

    @property
    def feature_size(self) -> int:
        """Length of :meth:`features` (0 in the flat space)."""
        return self.size if self.factored else 0

    def reset(self) -> None:
        """Forget a choice in progress (new episode)."""
        self.partial = []
        self._cache = None

    def _choices(self, state: State) -> dict[tuple[int, ...], Action]:
        cache = self._cache
        if cache is None or cache[0] != state.version:
            assert isinstance(self.space, FactoredSpace)
            cache = self._cache = (state.version, self.space.choices(state, self.seat))
        return cache[1]

    def next_choices(self, state: State) -> dict[int, Action | None]:
        """``{id: action or None}``: the ids that may come next (an action when
        that id completes the choice)."""
        choices = self._choices(state)
        prefix = tuple(self.partial)
        n = len(prefix)
        nxt: dict[int, Action | None] = {}
        extended = False
        for parts in choices:
            if len(parts) > n and parts[:n] == prefix:
                extended = True
                token = parts[n]
                if token not in nxt:
                    nxt[token] = None
        if n and prefix in choices and extended:
            nxt[END] = choices[prefix]
        # an id completes the choice when prefix + id is legal and nothing extends it
        for token in list(nxt):
            if token == END:
                continue
            longer = (*prefix, token)
            if longer in choices and not any(
                len(p) > n + 1 and p[: n + 1] == longer for p in choices
            ):
                nxt[token] = choices[longer]
        return nxt

    def legal_ids(self, state: State) -> list[int]:
        """Sorted ids the seat may choose now (a stale choice in progress, one
        no legal action extends any more, is dropped first)."""
        if not self.factored:
            assert isinstance(self.space, ActionIndex)
            return self.space.legal_ids(state, self.seat)
        nxt = self.next_choices(state)
        if not nxt and self.partial:
            self.partial = []
            nxt = self.next_choices(state)
        return sorted(nxt)

    def mask(self, state: State, dtype: Any = None) -> npt.NDArray[Any]:
        """0/1 vector (int8 unless ``dtype``) of :meth:`legal_ids`."""
        import numpy as np

        out: np.ndarray[Any, Any] = np.zeros(self.size, dtype=dtype or np.int8)
        ids = self.legal_ids(state)
        if ids:
            out[ids] = 1
        return out

    def choose(self, state: State, token: int) -> Action | None:
        """Take id ``token``: the engine action when the choice is complete, else
        ``None``; ``KeyError`` if ``token`` is not legal now."""
        if not self.factored:
            assert isinstance(self.space, ActionIndex)
            return self.space.legal_map(state, self.seat)[token]
        self.legal_ids(state)  # drops a stale choice
        nxt = self.next_choices(state)
        if token not in nxt:
            raise KeyError(token)
        action = nxt[token]
        if action is None:
            self.partial.append(token)
            return None
        self.partial = []
        return action

    def features(self) -> npt.NDArray[np.float32]:
        """The choice so far as a 0/1 float32 vector over the ids (empty when flat)."""
        import numpy as np

        out = np.zeros(self.feature_size, dtype=np.float32)
        if self.partial:
            out[self.partial] = 1.0
        return out

    def text(self, token: int) -> str:
        """The name of id ``token`` (an action's text in the flat space)."""
        return self.space.text(token)


def make_space(
    game: str | Game[Any],
    players: int,
    options: Mapping[str, Any] | None = None,
    space: str | None = None,
) -> FactoredSpace | ActionIndex:
    """The factored space or the flat :class:`ActionIndex` (``space``: name or
    ``None`` for the game's default)."""
    g = game_of(game)
    if check_space(g, space) == "factored":
        return factored_space(g, players, options)
    return action_index(g, players, options)


def parts_of(space: FactoredSpace | ActionIndex, action: Action) -> Sequence[int]:
    """The ids that choose ``action`` in ``space`` (one id in the flat space)."""
    if isinstance(space, FactoredSpace):
        return space.parts(action)
    return (space.id_of(action),)


__all__ = [
    "END",
    "END_TOKEN",
    "SPACES",
    "Chooser",
    "FactoredSpace",
    "check_space",
    "default_space",
    "factored_space",
    "make_space",
    "parts_of",
]
