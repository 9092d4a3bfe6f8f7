"""The ``State`` interface shared by every game.

A state knows whose move it is (several players at once where the rules let
several act), which actions are legal, and how to apply one. The base class
holds what is common: the seed, options, RNG, the action history (for
``record``), caching of legal actions, and the checks that make ``apply``
atomic: an illegal action raises before anything changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Self

from .action import Action
from .errors import IllegalAction
from .options import OptionValue
from .outcome import Outcome
from .rng import Rng

if TYPE_CHECKING:
    from .game import Game

HistoryEntry = tuple[int, Action | str]


class State(ABC):
    """A game in progress (or finished). Subclasses implement the rules.

    Contract, for every game:

    - ``active_players()`` is empty exactly when ``is_over()``;
    - ``legal_actions(p)`` is empty for every player not in ``active_players()``
      and non-empty for every player in it;
    - ``apply`` either applies a legal action or raises :class:`IllegalAction`
      leaving the state exactly as it was;
    - ``view(p)`` holds only what player ``p`` may know.
    """

    game: Game[Any]
    num_players: int
    seed: int
    options: dict[str, OptionValue]
    rng: Rng
    _history: list[HistoryEntry]
    _legal_cache: dict[int, list[Action]] | None
    _last_undoable: bool

    def _init_base(
        self, game: Game[Any], players: int, seed: int, options: dict[str, OptionValue]
    ) -> None:
        self.game = game
        self.num_players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self._history = []
        self._legal_cache = None
        self._last_undoable = False

    def _copy_base_into(self, other: State) -> None:
        other.game = self.game
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.rng = self.rng.clone()
        other._history = self._history.copy()
        other._legal_cache = None
        other._last_undoable = self._last_undoable

    # -- turn structure ---------------------------------------------------------
    @abstractmethod
    def active_players(self) -> tuple[int, ...]:
        """Who may act now; several where the rules let several act; empty when over."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result, or ``None`` while the game goes on."""

    # -- actions ---------------------------------------------------------------------
    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """The game's legal actions for ``player`` (called once per state version)."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None:
        """Apply an action already known to be legal."""

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Why ``action`` is not legal for ``player`` now (rule ID and message).

        Games override this to name the exact rule; the default covers turn order.
        """
        if player not in self.active_players():
            return IllegalAction(
                f"player {player} may not act now",
                f"{self.game.info.rule_prefix}TURN" if self.game.info.rule_prefix else "API-TURN",
                player,
                str(action),
            )
        return IllegalAction(
            f"{action} is not a legal action now", "API-ILLEGAL", player, str(action)
        )

    def _reveals_information(self, player: int, action: Action) -> bool:
        """Whether applying ``action`` showed someone something hidden (for undo)."""
        return False

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (empty if they may not act)."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = {}
        got = cache.get(player)
        if got is None:
            if not isinstance(player, int) or not 0 <= player < self.num_players:
                return []
            got = cache[player] = self._legal_actions(player)
        return list(got)

    def verify(self, player: int, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``action`` is legal."""
        if isinstance(player, bool) or not isinstance(player, int):
            raise IllegalAction(f"{player!r} is not a player number", "API-PLAYER", None, None)
        if not 0 <= player < self.num_players:
            raise IllegalAction(
                f"there is no player {player} in a {self.num_players}-player game",
                "API-PLAYER",
                player,
                None,
            )
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action", "API-PARSE", player, None)
        if self.is_over():
            raise IllegalAction("the game is over", "API-OVER", player, str(action))
        cache = self._legal_cache
        legal = cache.get(player) if cache is not None else None
        if legal is None:
            self.legal_actions(player)
            assert self._legal_cache is not None
            legal = self._legal_cache[player]
        if action in legal:
            return
        raise self._explain_illegal(player, action)

    def can_apply(self, player: int, action: Action | str) -> bool:
        """Whether ``apply(player, action)`` would succeed."""
        try:
            if isinstance(action, str):
                action = self.game.parse_action(self, player, action)
            self.verify(player, action)
        except IllegalAction:
            return False
        return True

    def apply(self, player: int, action: Action | str) -> None:
        """Apply ``action`` (or its text) for ``player``.

        Raises :class:`IllegalAction` with the rule it breaks, and then the
        state is exactly as it was.
        """
        if isinstance(action, str):
            action = self.game.parse_action(self, player, action)
        self.verify(player, action)
        self.apply_legal(player, action)

    def apply_legal(self, player: int, action: Action) -> None:
        """Apply an action taken from ``legal_actions(player)`` of this very state,
        without checking it again (the fast path for bots and simulations).
        """
        before = self.rng.state
        self._legal_cache = None
        self._apply(player, action)
        self._legal_cache = None
        self._history.append((player, action))
        self._last_undoable = self.rng.state == before and not self._reveals_information(
            player, action
        )

    # -- information ---------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The number of actions applied so far."""
        return len(self._history)

    @property
    def history(self) -> list[tuple[int, str]]:
        """Every applied action as ``(player, text)``."""
        return [(p, str(a)) for p, a in self._history]

    def last_action_undoable(self) -> bool:
        """Whether the last action drew no chance and revealed nothing hidden."""
        return bool(self._history) and self._last_undoable

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (``None``: a spectator), JSON-safe."""

    @abstractmethod
    def determinize(self, player: int, seed: int) -> Self:
        """A copy where everything ``player`` cannot know is resampled.

        ``view(player)`` of the copy equals ``view(player)`` of this state; the
        copy's RNG is reseeded from ``seed`` so future chance is unknown too.
        """

    # -- persistence ---------------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (cheap: plain data, no deepcopy)."""

    @abstractmethod
    def _payload_json(self) -> dict[str, Any]:
        """The game-specific part of ``to_json``."""

    def to_json(self) -> dict[str, Any]:
        """The complete state, RNG included; ``Game.from_json`` inverts it exactly."""
        return {
            "game": self.game.info.name,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.state,
            "history": [[p, str(a)] for p, a in self._history],
            "last_undoable": self._last_undoable,
            "state": self._payload_json(),
        }

    def _load_base_json(self, game: Game[Any], data: dict[str, Any]) -> None:
        self._init_base(game, int(data["players"]), int(data["seed"]), dict(data["options"]))
        self.rng.state = int(data["rng"])
        self._history = [(int(p), str(t)) for p, t in data["history"]]
        self._last_undoable = bool(data.get("last_undoable", False))

    def record(self) -> dict[str, Any]:
        """``{"game", "version", "players", "seed", "options", "actions"}``: the save
        file, the replay and the bug report in one; ``Game.replay`` rebuilds the
        game and refuses one played under other rules or content (``version``).
        """
        return {
            "game": self.game.info.name,
            "version": self.game.version.to_json(),
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[p, str(a)] for p, a in self._history],
        }

    # -- checks ------------------------------------------------------------------------------------
    def invariants(self) -> list[str]:
        """Problems with the state's bookkeeping (empty when sound); games extend it."""
        return []

    def __repr__(self) -> str:
        return (
            f"<{self.game.info.name} state: {self.num_players} players, "
            f"{self.version} actions, {'over' if self.is_over() else 'in play'}>"
        )
