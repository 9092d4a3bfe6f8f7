"""The ``State`` interface shared by every game.

A state knows whose move it is (several players at once where the rules let
several act), which actions are legal, and how to apply one. The base class
holds what is common: the seed, options, RNG, the action history (for
``record``), caching of legal actions, and the checks that make ``apply``
atomic: an illegal action raises before anything changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self, cast

from .action import Action
from .errors import GameNotOver, IllegalAction
from .events import Event, EventView
from .native import mypyc_attr
from .options import OptionValue
from .outcome import Outcome
from .rng import Rng

if TYPE_CHECKING:
    from .game import Game

HistoryEntry = tuple[int, Action | str]


@mypyc_attr(allow_interpreted_subclasses=True)
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
    _boundary: int  # version right after the last boundary (simultaneous games)
    #: the rule a stale action breaks (games name their own, e.g. race's RC-STOP-3)
    stale_rule: ClassVar[str] = "API-STALE"
    _start: State | None
    #: where :meth:`_emit` puts events while :meth:`apply` runs (``None``: nobody
    #: listens, and emitting costs one attribute test — the fast path of search)
    _events: list[Event] | None = None
    #: how many of the latest events a state keeps for :meth:`recent_events`
    RECENT_EVENTS: ClassVar[int] = 40
    #: the latest events of :meth:`apply` (never of the fast path), oldest first
    _recent: tuple[Event, ...] = ()

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
        self._boundary = 0
        self._start = None
        self._recent = ()

    def _copy_base_into(self, other: State) -> None:
        other.game = self.game
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.rng = self.rng.clone()
        other._history = self._history.copy()
        other._legal_cache = None
        other._last_undoable = self._last_undoable
        other._boundary = self._boundary
        other._start = self._start  # never mutated: a frozen snapshot
        other._recent = self._recent  # a tuple of frozen events

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

    def score_breakdown(self) -> list[dict[str, float]]:
        """Each seat's points by source: label id → points (so far while in play).

        Once the game is over each seat's points sum to its score in
        :meth:`outcome`. Label ids are words of the game's catalogue
        (``Game.score_label``); the default is one ``"total"`` per seat.
        """
        out = self.outcome()
        if out is None:
            raise GameNotOver("the game is not over: no final scores yet")
        return [{"total": float(score)} for score in out.scores]

    def revealed(self) -> dict[str, Any]:
        """Everything a view hid, now that the game is over (JSON-safe):
        ``{"seats": [{label id: [card names]}, …], "table": {label id: [card names]}}``
        (hands, objectives, …; the table's face-down piles). Label ids are
        words of the game's catalogue (``Game.reveal_label``).

        Raises :class:`GameNotOver` while the game is in play.
        """
        if not self.is_over():
            raise GameNotOver("hidden cards are shown only once the game is over")
        return self._revealed()

    def _revealed(self) -> dict[str, Any]:
        """What :meth:`revealed` returns (called only once the game is over);
        games with hidden information override it. Nothing by default."""
        return {"seats": [{} for _ in range(self.num_players)], "table": {}}

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
            return IllegalAction.of(
                "api.turn",
                f"{self.game.info.rule_prefix}TURN" if self.game.info.rule_prefix else "API-TURN",
                player,
                str(action),
                number=player,
            )
        return IllegalAction.of("api.illegal", "API-ILLEGAL", player, str(action), text=str(action))

    def _reveals_information(self, player: int, action: Action) -> bool:
        """Whether applying ``action`` showed someone something hidden (for undo)."""
        return False

    def legal_actions(self, player: object) -> list[Action]:
        """Every action ``player`` may take now (empty if they may not act)."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = {}
        if isinstance(player, bool) or not isinstance(player, int):
            return []  # players are ints only (True is not player 1)
        got = cache.get(player)
        if got is None:
            if not 0 <= player < self.num_players:
                return []
            got = cache[player] = self._legal_actions(player)
        return list(got)

    def verify(self, player: object, action: object) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``action`` is legal."""
        if isinstance(player, bool) or not isinstance(player, int):
            raise IllegalAction.of(
                "api.player.not-a-number", "API-PLAYER", None, None, value=repr(player)
            )
        if not 0 <= player < self.num_players:
            raise IllegalAction.of(
                "api.player.unknown",
                "API-PLAYER",
                player,
                None,
                number=player,
                players=self.num_players,
            )
        if not isinstance(action, Action):
            raise IllegalAction.of(
                "api.parse.not-an-action", "API-PARSE", player, None, value=repr(action)
            )
        if self.is_over():
            raise IllegalAction.of("api.over", "API-OVER", player, str(action))
        cache = self._legal_cache
        legal = cache.get(player) if cache is not None else None
        if legal is None:
            self.legal_actions(player)
            assert self._legal_cache is not None
            legal = self._legal_cache[player]
        if action in legal:
            return
        raise self._explain_illegal(player, action)

    def can_apply(self, player: object, action: Action | str) -> bool:
        """Whether ``apply(player, action)`` would succeed."""
        try:
            if isinstance(action, str):
                action = self.game.parse_action(self, cast(Any, player), action)
            self.verify(player, action)
        except IllegalAction:
            return False
        return True

    def apply(self, player: object, action: object, *, version: object = None) -> list[Event]:
        """Apply ``action`` (or its text) for ``player``.

        ``version``: the state version the action was chosen on; a stale one (see
        :meth:`is_stale`) is refused. Raises :class:`IllegalAction` with the rule it
        breaks, and then the state is exactly as it was. Returns what the action
        caused, in order (:class:`~liftoff.engine.events.Event`): the action
        itself first.

        The parameters are typed ``object`` because anything may arrive here (the
        compiled build checks annotations at the call): a player that is not a
        seat number, an action that is not one, or a version that is not a number
        is refused with :class:`IllegalAction`, like an illegal action.
        """
        if isinstance(action, str):
            action = self.game.parse_action(self, cast(Any, player), action)
        if version is not None:
            self.check_version(player, cast(Any, action), version)
        self.verify(player, action)
        assert isinstance(player, int) and isinstance(action, Action)  # verified
        return self.apply_with_events(player, action)

    def apply_with_events(self, player: int, action: Action) -> list[Event]:
        """:meth:`apply_legal` (no checks), returning the events it caused: the
        action itself first, then everything that followed, in order."""
        events: list[Event] = []
        said = self.game.describe_action(self, player, action)
        self._events = events
        try:
            self.apply_legal(player, action)
        finally:
            self._events = None
        # the action itself; its text is public only when the game says so (checked after it)
        public = self.game.action_is_public(self, player, action)
        first = Event(
            "action",
            {"who": player, "action": str(action), "said": said},
            None if public else (player,),
            None if public else {"who": player},
        )
        events.insert(0, first)
        self._recent = (self._recent + tuple(events))[-self.RECENT_EVENTS :]
        return events

    def recent_events(self, viewer: int | None) -> list[EventView]:
        """The latest events (at most :attr:`RECENT_EVENTS`, oldest first) as
        ``viewer`` (a seat, or ``None``: a spectator) may see them — each
        :meth:`Event.to_json` for that viewer; events they see nothing of are left
        out. Games put this in their views as ``"recent"``. Only :meth:`apply`
        keeps events: the fast path (:meth:`apply_legal`) leaves the list as it
        was. They are for people, not part of the game: ``clone()`` keeps them,
        ``to_json()`` does not (a state read back from JSON has none, like one
        played on the fast path), so the game's JSON is the same on every path.
        """
        out = []
        for event in self._recent:
            seen = event.to_json(viewer)
            if seen is not None:
                out.append(seen)
        return out

    def _emit(
        self,
        kind: str,
        data: Mapping[str, Any] | None = None,
        *,
        to: tuple[int, ...] | None = None,
        public: Mapping[str, Any] | None = None,
    ) -> None:
        """Record an event while :meth:`apply` runs (does nothing on the fast path).
        Rules code builds costly data only under ``if self._events is not None``."""
        if self._events is not None:
            self._events.append(Event(kind, data or {}, to, public))

    # -- staleness ---------------------------------------------------------------------
    @property
    def boundary(self) -> int:
        """The oldest version an action may have been chosen on and still count.

        Turn-based games: the current version (any change makes earlier choices
        stale). Simultaneous games: the version right after the last **boundary**
        (a Stop, a round or phase change, a reveal: see :meth:`_is_boundary`); other
        players' actions in between do not make a choice stale.
        """
        return self._boundary if self.game.info.simultaneous else self.version

    def is_stale(self, version: int) -> bool:
        """Whether an action chosen on ``version`` comes too late (the one definition
        of *stale* that the server and the real-time drivers use)."""
        return version < self.boundary

    def check_version(self, player: object, action: Action | str, version: object) -> None:
        """Raise :class:`IllegalAction` unless ``version`` is a version this game had
        and an action chosen on it is not stale."""
        who: Any = player  # named as given in the refusal
        if isinstance(version, bool) or not isinstance(version, int):
            raise IllegalAction.of(
                "api.version.not-a-number", "API-VERSION", who, str(action), value=repr(version)
            )
        if not 0 <= version <= self.version:
            raise IllegalAction.of(
                "api.version.unknown",
                "API-VERSION",
                who,
                str(action),
                version=version,
                current=self.version,
            )
        if self.is_stale(version):
            raise IllegalAction.of(
                "api.stale",
                self.stale_rule,
                who,
                str(action),
                text=str(action),
                version=version,
                current=self.version,
            )

    def _boundary_mark(self) -> object:
        """Simultaneous games: what :meth:`_is_boundary` compares across an action.
        Default: who may act."""
        return frozenset(self.active_players())

    def _is_boundary(self, before: object) -> bool:
        """Whether the action just applied (``before``: the mark before it) was a
        boundary. Default: someone may act who could not before (a new round of
        simultaneous choices, a hand passed on); players finishing their part are
        not one. Games override it (race: Stop and round changes)."""
        after = self._boundary_mark()
        assert isinstance(before, frozenset) and isinstance(after, frozenset)
        return not after <= before

    def apply_legal(self, player: int, action: Action) -> None:
        """Apply an action taken from ``legal_actions(player)`` of this very state,
        without checking it again (the fast path for bots and simulations).
        """
        before = self.rng.state
        mark = self._boundary_mark() if self.game.info.simultaneous else None
        self._legal_cache = None
        self._apply(player, action)
        self._legal_cache = None
        self._history.append((player, action))
        if mark is not None and self._is_boundary(mark):
            self._boundary = len(self._history)
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

    def board_view(self, player: int | None) -> dict[str, Any]:
        """``view(player)`` with its history left empty: the same keys, the
        ``recent`` events and any log as empty lists. Bots read the position
        thousands of times a second and never the history, which can cost a
        view more than the position itself. This default is the whole view;
        a game overrides it to skip building the history."""
        return self.view(player)

    @abstractmethod
    def determinize(self, player: int, seed: int) -> Self:
        """A copy where everything ``player`` cannot know is resampled.

        ``view(player)`` of the copy equals ``view(player)`` of this state; the
        copy's RNG is reseeded from ``seed`` so future chance is unknown too.
        The copy forgets the true game: its ``seed`` is ``seed``, its history
        starts empty, and its ``record()`` replays to the sampled world, from
        a snapshot of it (see :meth:`_start_from_here`). Games end their
        ``determinize`` with ``copy._start_from_here(seed)``.
        """

    def _start_from_here(self, seed: int, player: int | None = None) -> None:
        """Make this state the start of its own record: it carries ``seed``
        as its seed, no history and no undo, and ``record()`` / ``to_json()``
        rebuild it from a snapshot of how it is now (used by ``determinize``,
        so a sampled world never carries the true game's seed or actions).

        ``player``: whose knowledge the state now holds (``determinize``'s
        player): the recent events keep only what that player saw of them
        (``None``: they are kept as they are)."""
        if player is not None:
            self._recent = _events_as_seen(self._recent, player)
        self.seed = seed
        self._history = []
        self._last_undoable = False
        self._legal_cache = None
        self._start = None
        self._start = self.clone()

    # -- persistence ---------------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (cheap: plain data, no deepcopy)."""

    @abstractmethod
    def _payload_json(self) -> dict[str, Any]:
        """The game-specific part of ``to_json``."""

    def to_json(self) -> dict[str, Any]:
        """The complete state, RNG included; ``Game.from_json`` inverts it exactly.

        A determinized state adds ``"start"``, the snapshot its history starts
        from (itself a ``to_json`` without ``"start"``).
        """
        out = {
            "game": self.game.info.name,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.state,
            "history": [[p, str(a)] for p, a in self._history],
            "last_undoable": self._last_undoable,
            "state": self._payload_json(),
        }

        if self._start is not None:
            out["start"] = self._start.to_json()
        return out

    def _load_base_json(self, game: Game[Any], data: dict[str, Any]) -> None:
        self._init_base(game, int(data["players"]), int(data["seed"]), dict(data["options"]))
        self.rng.state = int(data["rng"])
        self._history = [(int(p), str(t)) for p, t in data["history"]]
        self._last_undoable = bool(data.get("last_undoable", False))
        self._boundary = len(self._history)  # not saved: every earlier choice is stale
        start = data.get("start")
        if start is not None:
            if not isinstance(start, dict) or "start" in start:
                raise ValueError("a state's 'start' must be one snapshot of the same game")
            self._start = game.from_json(start)

    def record(self) -> dict[str, Any]:
        """``{"game", "version", "players", "seed", "options", "actions"}``: the save
        file, the replay and the bug report in one; ``Game.replay`` rebuilds the
        game and refuses one played under other rules or content (``version``).

        A determinized state's record adds ``"start"``, a snapshot (``to_json``)
        of the sampled world it was made as, and lists only the actions since;
        it never replays to the true game.
        """
        out = {
            "game": self.game.info.name,
            "version": self.game.version.to_json(),
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[p, str(a)] for p, a in self._history],
        }
        if self._start is not None:
            out["start"] = self._start.to_json()
        return out

    # -- pickling (process pools, Ray, OpenSpiel) ------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Every attribute: the instance dictionary, and on the compiled build the
        attributes compiled classes keep outside it (``__mypyc_attrs__``), which
        mypyc's own pickling would drop for a subclass defined in Python."""
        out = dict(getattr(self, "__dict__", {}))
        for cls in type(self).__mro__:
            for name in getattr(cls, "__mypyc_attrs__", ()):
                if name != "__dict__" and name not in out and hasattr(self, name):
                    out[name] = getattr(self, name)
        return out

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    # -- checks ------------------------------------------------------------------------------------
    def invariants(self) -> list[str]:
        """Problems with the state's bookkeeping (empty when sound); games extend it."""
        return []

    def __repr__(self) -> str:
        return (
            f"<{self.game.info.name} state: {self.num_players} players, "
            f"{self.version} actions, {'over' if self.is_over() else 'in play'}>"
        )


def _events_as_seen(events: tuple[Event, ...], player: int) -> tuple[Event, ...]:
    """``events`` as ``player`` knows them: what they saw nothing of is gone, and
    where they saw only the public part the hidden data is forgotten (the event
    reads the same to them, and to nobody tells more)."""
    out = []
    for event in events:
        if event.full_for(player):
            out.append(event)
        elif event.public is not None:
            out.append(Event(event.kind, event.public, event.to, event.public))
    return tuple(out)
