"""The ``State`` interface shared by every game.

A state knows whose move it is (several players at once where the rules let
several act), which actions are legal, and how to apply one. The base class
holds what is common: the seed, options, RNG, the action history (for
``record``), caching of legal actions, and the checks that make ``apply``
atomic: an illegal action raises before anything changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, cast

from .action import Action
from .errors import GameNotOver, IllegalAction, StaleAction
from .events import Event, EventView
from .game import RECORD_FORMAT
from .native import mypyc_attr
from .options import OptionValue
from .outcome import Outcome
from .rng import Rng
from .undo import NO_UNDO, UndoStack, restore, snapshot

if TYPE_CHECKING:
    from .game import Game

HistoryEntry = tuple[int, Action | str]

#: why an action stands (:meth:`State.undo_refusal`; the message ids are
#: ``api.undo.<why>``): no action to take back; one not played through
#: ``apply`` here (the fast path, a state read from JSON); one that showed its
#: player hidden cards; one that showed other players something hidden; one
#: left to chance
NOTHING, UNKNOWN, SEEN, SHOWN, CHANCE = "nothing", "unknown", "seen", "shown", "chance"
STANDS = (NOTHING, UNKNOWN, SEEN, SHOWN, CHANCE)
#: and why :meth:`State.undo` refuses a move that may be taken back: the
#: position before it was not kept (:meth:`State.keep_undo`)
NOT_KEPT = "not-kept"


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
    #: why the last action stands (one of :data:`STANDS`), ``""`` when it may be
    #: taken back (see :meth:`last_action_undoable`)
    _stands: str
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
    #: how many moves back :meth:`undo` reaches by default (:meth:`keep_undo`)
    UNDO_DEPTH: ClassVar[int] = 32
    #: the positions before the latest moves that may be taken back (a move
    #: stack, :mod:`.undo`: immutable, shared by clones); keeps none unless
    #: :meth:`keep_undo` was called (:data:`.undo.NO_UNDO`, set by ``_init_base``)
    _undo: UndoStack

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
        self._stands = NOTHING
        self._boundary = 0
        self._start = None
        self._recent = ()
        self._undo = NO_UNDO

    def _copy_base_into(self, other: State) -> None:
        other.game = self.game
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.rng = self.rng.clone()
        other._history = self._history.copy()
        other._legal_cache = None
        other._stands = self._stands
        other._boundary = self._boundary
        other._start = self._start  # never mutated: a frozen snapshot
        other._recent = self._recent  # a tuple of frozen events
        other._undo = self._undo  # immutable, of frozen positions

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
        # the action is usually one of ``legal`` itself (bots pick from it, planet
        # interns its actions): found by identity, with no ``__eq__`` on the way
        if id(action) in map(id, legal) or action in legal:
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
        action itself first, then everything that followed, in order. What the
        events reveal decides whether the action may be taken back
        (:meth:`last_action_undoable`)."""
        events: list[Event] = []
        game = self.game
        facts = game.action_facts(self, player, action)  # ids and numbers, never words
        chance = self.rng.state
        kept, before = self._undo, snapshot(self) if self._undo.depth else None
        self._events = events
        try:
            self.apply_legal(player, action)
        finally:
            self._events = None
        # the action itself; its text is public only when the game says so (checked after it)
        public = game.action_is_public(self, player, action)
        data: dict[str, Any] = {"who": player, "action": str(action)}
        if facts:
            data.update(facts)
        first = Event(
            "action",
            data,
            None if public else (player,),
            None if public else {"who": player},
            game.action_reveals(self, player, action),
        )
        events.insert(0, first)
        # the end of a game shows every hidden card (``revealed``)
        ended = self.game.info.hidden_information and self.is_over()
        self._stands = why_it_stands(events, player, self.rng.state != chance, ended)
        if before is not None and not self._stands:  # apply_legal forgot the older ones
            self._undo = kept.pushed(len(self._history) - 1, before)
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
        reveals: bool = False,
    ) -> None:
        """Record an event while :meth:`apply` runs (does nothing on the fast path).
        Rules code builds costly data only under ``if self._events is not None``.
        ``reveals``: whoever reads the event learns something hidden from them
        until now (a card drawn, dealt, passed, turned up or shown, a roll)."""
        if self._events is not None:
            self._events.append(Event(kind, data or {}, to, public, reveals))

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
            raise self.stale_refusal(who, action, version)

    def stale_refusal(self, player: Any, action: Action | str, version: int) -> StaleAction:
        """The refusal of ``action`` chosen on the stale ``version``: the rule it
        comes too late for and when it was chosen. Games name their own rule and
        moment (race: before Stop, or for an earlier reveal)."""
        return StaleAction.of(
            "api.stale",
            self.stale_rule,
            player,
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
        mark = self._boundary_mark() if self.game.info.simultaneous else None
        self._legal_cache = None
        self._apply(player, action)
        self._legal_cache = None
        self._history.append((player, action))
        if mark is not None and self._is_boundary(mark):
            self._boundary = len(self._history)
        self._stands = UNKNOWN  # no events here: what it revealed is not known
        self._undo = self._undo.cleared()

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
        """Whether the last action may be taken back: it was played through
        :meth:`apply` and revealed nothing to anyone — none of its events
        reveals (no card drawn, dealt, passed, turned up or shown, no roll) and
        it drew no chance."""
        return bool(self._history) and not self._stands

    def undo_refusal(self) -> IllegalAction | None:
        """Why :meth:`undo` would refuse to take the last action back (rule
        ``API-UNDO``, a message id saying why, addressed to the player who took
        it), or ``None`` when it would take it back."""
        if not self._history:
            why = NOTHING
        elif self._stands:
            why = self._stands
        elif not self._undo.kept:
            why = NOT_KEPT  # it may be taken back, but the position before it is gone
        else:
            return None
        player, action = self._history[-1] if self._history else (None, None)
        return IllegalAction.of(
            f"api.undo.{why}", "API-UNDO", player, None if action is None else str(action)
        )

    def keep_undo(self, depth: int | None = None) -> None:
        """From now on keep what :meth:`undo` needs: before each move
        :meth:`apply` takes, a copy of the position (a :meth:`clone` without
        the history), kept while the move may be taken back; the last
        ``depth`` of them (default :attr:`UNDO_DEPTH`; ``0``: none, and those
        kept are dropped). A move that reveals something, or one taken on the
        fast path, drops them all. Off by default: it costs a clone per
        ``apply`` (see :mod:`.undo`)."""
        self._undo = self._undo.resized(self.UNDO_DEPTH if depth is None else depth)

    def undo(self) -> tuple[int, Action]:
        """Take the last move back, in place: the state is again exactly what it
        was before it (its JSON, every view, its recent events, its version) —
        the snapshot kept by :meth:`keep_undo`, no replay. Returns the move
        taken back (its player and action). Raises :meth:`undo_refusal` when it
        may not be taken back: it revealed something (the engine's rule), or
        nothing was kept."""
        refusal = self.undo_refusal()
        if refusal is not None:
            raise refusal
        player, action = self._history[-1]
        assert isinstance(action, Action)  # applied here, not read from JSON
        restore(self)
        return player, action

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

    def numbers_view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know, as ids and numbers only (``None``: a
        spectator): no string anywhere among its values, no words, no history.
        Bots and the research encoders read it thousands of times a second; a
        game documents its keys beside its ``view``. A game that offers none
        raises ``NotImplementedError`` (this default)."""
        raise NotImplementedError(f"{type(self).__name__} offers no numbers_view")

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
        self._stands = NOTHING
        self._undo = NO_UNDO  # a sampled world never goes back to the true one
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
            "state": self._payload_json(),
        }

        if self._start is not None:
            out["start"] = self._start.to_json()
        return out

    def _load_base_json(self, game: Game[Any], data: dict[str, Any]) -> None:
        self._init_base(game, int(data["players"]), int(data["seed"]), dict(data["options"]))
        self.rng.state = int(data["rng"])
        self._history = [(int(p), str(t)) for p, t in data["history"]]
        # what the last action revealed is not saved (JSON of older versions may
        # carry a "last_undoable": ignored): a state read back takes nothing back
        self._stands = UNKNOWN if self._history else NOTHING
        self._boundary = len(self._history)  # not saved: every earlier choice is stale
        start = data.get("start")
        if start is not None:
            if not isinstance(start, dict) or "start" in start:
                raise ValueError("a state's 'start' must be one snapshot of the same game")
            self._start = game.from_json(start)

    def record(self) -> dict[str, Any]:
        """``{"game", "format", "version", "players", "seed", "options", "actions"}``:
        the save file, the replay and the bug report in one; ``Game.replay``
        rebuilds the game and refuses one played under other rules or content
        (``version``) or written in a shape it does not read (``format``).

        A determinized state's record adds ``"start"``, a snapshot (``to_json``)
        of the sampled world it was made as, and lists only the actions since;
        it never replays to the true game.
        """
        out = {
            "game": self.game.info.name,
            "format": RECORD_FORMAT,
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
            out.append(Event(event.kind, event.public, event.to, event.public, event.reveals))
    return tuple(out)


def why_it_stands(events: Sequence[Event], player: int, chance: bool, ended: bool) -> str:
    """Whether an action whose ``events`` these are (taken by ``player``;
    ``chance``: it moved the RNG; ``ended``: it ended a game with hidden
    information, whose end shows every hidden card) may be taken back: ``""``,
    else why not — it revealed something to its own player (:data:`SEEN`:
    cards only they see), to others (:data:`SHOWN`), or it drew chance
    (:data:`CHANCE`, a second guard: games say what a roll or a shuffle shows
    in its events)."""
    revealing = [e for e in events if e.reveals]
    if any(e.to is not None and player in e.to for e in revealing):
        return SEEN
    if revealing or ended:
        return SHOWN
    return CHANCE if chance else ""
