"""The ``Game`` interface: metadata, options, new games, parsing, JSON and replay."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from . import messages, words
from .action import Action
from .errors import ContentError, IllegalAction, OptionError, ReplayError
from .options import OptionSet, OptionValue

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .realtime import Clock, LiveSeat, PeoplePace, RealtimeDriver, RoundBreak, Thinker
    from .state import State

S = TypeVar("S", bound="State")

RECORD_KEYS = ("game", "players", "seed", "options", "actions")
NO_FACTS: Mapping[str, str | int] = {}  # an action's event needs nothing of its state
RECORD_FORMAT = 1  # the shape of a record (its keys); records without a "format" are format 1
LEGACY_RULES = "1"  # records written before they carried a version were played under rules 1


@dataclass(frozen=True)
class GameVersion:
    """The rules and content a game is played under; every record carries it.

    ``rules`` is the game's ``GameInfo.rules_version`` (raised whenever a rules
    change can make a recorded game play differently); ``content`` fingerprints
    the game's data files ("" for a game without a fingerprint).
    """

    rules: str
    content: str = ""

    def to_json(self) -> dict[str, str]:
        """The record's ``version`` field."""
        return {"rules": self.rules, "content": self.content}

    @staticmethod
    def from_record(record: Mapping[str, Any], current: GameVersion) -> GameVersion:
        """The version a record was played under. A record without one predates
        versioning: rules ``LEGACY_RULES``, content unknown (taken as ``current``'s;
        games whose options name their content still check it)."""
        raw = record.get("version")
        if raw is None:
            return GameVersion(LEGACY_RULES, current.content)
        if (
            not isinstance(raw, Mapping)
            or not isinstance(raw.get("rules"), str)
            or not isinstance(raw.get("content", ""), str)
        ):
            raise ReplayError(
                f'record \'version\' must be {{"rules": "…", "content": "…"}}, not {raw!r}'
            )
        return GameVersion(raw["rules"], raw.get("content", ""))

    def __str__(self) -> str:
        return f"rules {self.rules}" + (f", content {self.content}" if self.content else "")


def canon(data: Any) -> str:
    """Canonical JSON text (fails on anything not JSON-safe)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)


@dataclass(frozen=True)
class GameInfo:
    """Declarative metadata of a game (kept apart from its rules)."""

    name: str
    title: str
    min_players: int
    max_players: int
    simultaneous: bool
    stochastic: bool
    hidden_information: bool
    summary: str = ""
    rule_prefix: str = ""
    rules_version: str = LEGACY_RULES
    #: played in real time (everyone acts at once, against the clock): front ends
    #: drive it through :meth:`Game.realtime_driver` rather than turn by turn
    realtime: bool = False

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict."""
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "simultaneous": self.simultaneous,
            "stochastic": self.stochastic,
            "hidden_information": self.hidden_information,
            "summary": self.summary,
            "rules_version": self.rules_version,
            "realtime": self.realtime,
        }


class Game(ABC, Generic[S]):
    """One game: everything above the rules talks to a game through this class
    and through :class:`~liftoff.engine.state.State`.
    """

    info: GameInfo
    options: OptionSet = OptionSet()

    # -- creating states -------------------------------------------------
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        """A new game for ``players`` players with seed ``seed``.

        Raises :class:`OptionError` for a wrong player count or an unknown or
        invalid option (naming the option and what is allowed).
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be a whole number, not {players!r}", "players")
        lo, hi = self.info.min_players, self.info.max_players
        if not lo <= players <= hi:
            raise OptionError(
                f"{self.info.title} is for {lo}-{hi} players, not {players}", "players"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"seed must be a whole number, not {seed!r}", "seed")
        opts = self.options.validate(options)
        self.check_options(players, opts)
        return self._new_state(players, seed, opts)

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Cross-checks between options and the player count (raise OptionError)."""

    def option_warnings(self, players: int, options: Mapping[str, Any] | None = None) -> list[str]:
        """Sentences warning about allowed but doubtful settings (e.g. variants that
        contradict each other), for front ends to show when a game is set up;
        empty by default. Raises :class:`OptionError` like ``new_game`` for
        settings it would refuse."""
        return []

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue]) -> S:
        """Set up a validated new game."""

    # -- actions -----------------------------------------------------------
    @abstractmethod
    def parse_action(self, state: S, player: int, text: str) -> Action:
        """The action whose canonical text is ``text``.

        Rejects anything that is not the text of an action of this game with
        :class:`IllegalAction` (rule ``API-PARSE``). Legality in ``state`` is
        checked by ``State.apply``, not here.
        """

    def action_space(self, players: int, options: Mapping[str, Any] | None = None) -> list[Action]:
        """Every action that can ever be legal in a game with these settings, in a
        fixed order (so an action's index is a stable integer id for research
        interfaces); ``legal_actions`` is always a subset.

        Games that cannot enumerate their actions raise ``NotImplementedError``.
        """
        raise NotImplementedError(f"{self.info.name} has no fixed action space")

    def describe_action(self, state: S, player: int, action: Action) -> messages.Message:
        """What choosing ``action`` does, as data: the message ``api.describe``
        whose parameters are ids and numbers only — the action's text
        (``action``), the chooser (``player``) and the facts of ``state`` a
        sentence needs (:meth:`_describe_facts`). The speech layer
        (``liftoff.speech``) says it for a reader."""
        facts = self._describe_facts(state, player, action)
        return messages.Message("api.describe", {"action": str(action), "player": player, **facts})

    def _describe_facts(self, state: S, player: int, action: Action) -> Mapping[str, Any]:
        """What saying ``action`` needs of ``state`` (ids and numbers): by default
        its :meth:`action_facts`."""
        return self.action_facts(state, player, action)

    def action_facts(self, state: S, player: int, action: Action) -> Mapping[str, str | int]:
        """What telling ``action`` later needs of ``state`` (the state it is chosen
        on) beyond its text: ids and numbers only, never words (e.g. planet's
        Lift Off Points at the two ends of a move). ``apply`` puts them in the
        action's event, beside ``who`` and ``action``; none by default."""
        return NO_FACTS

    def action_is_public(self, state: S, player: int, action: Action) -> bool:
        """Whether every player may read ``action``'s text once ``player`` has
        played it (``state`` is the state after it), e.g. in a game log. The
        default is safe: only in games without hidden information."""
        return not self.info.hidden_information

    def action_reveals(self, state: S, player: int, action: Action) -> bool:
        """Whether the action's own event reveals something (its ``reveals``,
        ``state`` being the state after it): its text, read by those who see
        it, shows what was hidden from them — a card played, paid or traded
        from a hand the others could not see. What the action caused beside
        it (a draw, a card turned up) is told by the events the rules emit.
        The default: the text of an action shows nothing hidden."""
        return False

    # -- real time -----------------------------------------------------------
    def realtime_driver(
        self,
        state: S,
        seats: Sequence[LiveSeat],
        *,
        clock: Clock | None = None,
        round_pause: float = 0.0,
        start_pause: float = 0.0,
        thinker: Thinker | None = None,
        people_pace: PeoplePace | None = None,
        round_break: RoundBreak | None = None,
    ) -> RealtimeDriver[S]:
        """The driver that plays ``state`` in real time (``info.realtime`` games only).

        ``seats``: one :class:`~liftoff.engine.realtime.LiveSeat` per player, its
        agent ready (``None`` for a person). ``clock`` serves ``poll`` and
        ``submit`` (default: a manual clock at 0). ``start_pause`` / ``round_pause``:
        seconds of countdown before the first / each next round. ``thinker``: an
        executor where bots decide off the caller's thread (live play; their
        thinking time then counts); without one they decide inline and thinking
        is free (deterministic, virtual time). ``people_pace``: how bots follow
        the people at the table (:class:`~liftoff.engine.realtime.PeoplePace`;
        ``None``: every bot keeps its own speed). ``round_break``: how a table
        where people sit passes between rounds (:class:`~liftoff.engine.realtime.
        RoundBreak`; ``None``: the plain ``round_pause``). Other games raise
        ``NotImplementedError``.
        """
        raise NotImplementedError(f"{self.info.title} is not played in real time")

    # -- rules text ----------------------------------------------------------
    def rule_sources(self) -> Mapping[str, str]:
        """Every rule and ruling this game ships, ID → English text (the source;
        empty by default). Register them with
        :func:`liftoff.engine.words.register_game_texts` to have them translated."""
        return {}

    def rule_text(self, rule: str) -> str | None:
        """The text of clause ``rule`` in the current language, if this game ships it."""
        english = self.rule_sources().get(rule)
        if english is None:
            return None
        code = words.rule_code(self.info.name, rule)
        return messages.text(code) if messages.known(code) else english

    def rule_catalogue(self) -> Mapping[str, str]:
        """Every rule and ruling this game ships, ID → text in the current language."""
        return words.rules_in(self.info.name, self.rule_sources())

    # -- content -------------------------------------------------------------
    def content_files(self) -> tuple[str, ...]:
        """The names of the content (data) files this game reads, e.g.
        ``("deck.toml", "points.toml")``; empty for a game without replaceable
        content. Tools use them to tell which game a content folder is for."""
        return ()

    def validate_content(self, path: str | Path) -> list[tuple[str, str, str]]:
        """Every problem in the content file or folder ``path``, as ``(file,
        field, message)`` triples naming the card where there is one; empty when
        the content is valid."""
        return [(str(path), "", f"{self.info.name} has no replaceable content")]

    def load_content(self, directory: str | Path) -> Game[S]:
        """A game of this kind bound to the content in ``directory`` (files
        missing there: the shipped ones). Raises :class:`ContentError`."""
        raise ContentError([(str(directory), "", f"{self.info.name} has no replaceable content")])

    # -- versions ------------------------------------------------------------
    def content_fingerprint(self) -> str:
        """A fingerprint of the content (data files) this game plays with ("" if none)."""
        return ""

    @property
    def version(self) -> GameVersion:
        """The rules and content version of games made now (carried by every record)."""
        return GameVersion(self.info.rules_version, self.content_fingerprint())

    def replays_unchanged(self, rules: str, state: S) -> bool:
        """Whether ``state``, replayed under the current rules from a record played
        under the older rules version ``rules``, went exactly as it went then (the
        game knows where its rules changed). By default no older version is."""
        return False

    # -- persistence -------------------------------------------------------
    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """The exact inverse of ``State.to_json``."""

    def replay(self, record: Mapping[str, Any]) -> S:
        """Rebuild a game from its record (see ``State.record``).

        A record played under another version (its ``version`` field; none means
        rules ``LEGACY_RULES``) is refused with a :class:`ReplayError` naming both
        versions, unless the game confirms that the replay never reached a rule
        that changed since (``replays_unchanged``). Raises :class:`ReplayError`
        naming the first action that fails.
        """
        if not isinstance(record, Mapping):
            raise ReplayError("a record must be a JSON object")
        missing = [k for k in RECORD_KEYS if k not in record]
        if missing:
            raise ReplayError(f"record is missing {', '.join(missing)}")
        if record["game"] != self.info.name:
            raise ReplayError(f"record is for game {record['game']!r}, not {self.info.name!r}")
        shape = record.get("format", RECORD_FORMAT)
        if shape != RECORD_FORMAT or isinstance(shape, bool):
            raise ReplayError(
                f"record format {shape!r} is not one this version reads (format {RECORD_FORMAT})"
            )
        current = self.version
        played = GameVersion.from_record(record, current)
        mismatch = (
            f"this record was played under {self.info.name} {played}, but this is "
            f"{self.info.name} {current}"
        )
        if played.content != current.content:
            raise ReplayError(f"{mismatch}: load the content it was played with to replay it")
        try:
            state = self._replay_actions(record)
        except ReplayError as exc:
            if played == current:
                raise
            raise ReplayError(f"{mismatch}, under which {exc}", exc.index) from exc
        if played != current and not self.replays_unchanged(played.rules, state):
            raise ReplayError(f"{mismatch}, and the rules changed in a way this game reaches")
        return state

    def _replay_actions(self, record: Mapping[str, Any]) -> S:
        if record.get("start") is not None:
            state = self._replay_start(record)
        else:
            try:
                state = self.new_game(record["players"], record["seed"], record["options"])
            except OptionError as exc:
                raise ReplayError(f"record cannot start a game: {exc}") from exc
        actions = record["actions"]
        if not isinstance(actions, list):
            raise ReplayError("record 'actions' must be a list of [player, text] pairs")
        for index, entry in enumerate(actions):
            if (
                not isinstance(entry, list | tuple)
                or len(entry) != 2
                or not isinstance(entry[0], int)
                or not isinstance(entry[1], str)
            ):
                raise ReplayError(f"action {index} must be [player, text], not {entry!r}", index)
            player, text = entry
            try:
                state.apply(player, text)
            except IllegalAction as exc:
                raise ReplayError(
                    f"action {index} ({text!r} by player {player}) cannot be replayed: {exc}",
                    index,
                ) from exc
        return state

    def _replay_start(self, record: Mapping[str, Any]) -> S:
        """The state a record with a ``"start"`` snapshot (a determinized world,
        see ``State.determinize``) begins from, checked against the record."""
        start = record["start"]
        if not isinstance(start, Mapping) or "start" in start:
            raise ReplayError("record 'start' must be one state snapshot (State.to_json)")
        if start.get("history"):
            raise ReplayError("record 'start' must be a snapshot with no history")
        for key in ("game", "players", "seed", "options"):
            if start.get(key) != record[key]:
                raise ReplayError(f"record 'start' has another {key} than the record")
        try:
            state = self.from_json(dict(start))
            written = state.to_json()
            same = canon(written) == canon(_as_written_now(start, written))
            problems = state.invariants()
        except Exception as exc:  # a snapshot is data from a file: any flaw is a bad record
            raise ReplayError(f"record 'start' is not a state of this game: {exc!r}") from exc
        if not same or problems:
            why = "; ".join(problems[:3]) or "it does not read back as written"
            raise ReplayError(f"record 'start' is not a sound state of this game: {why}")
        state._start_from_here(state.seed)
        return state

    # -- conformance -------------------------------------------------------------
    def conformance_cases(self) -> Iterator[tuple[int, dict[str, OptionValue]]]:
        """(players, options) pairs that the conformance suite plays through.

        Defaults to every player count with default options; games with options
        add their combinations.
        """
        for players in range(self.info.min_players, self.info.max_players + 1):
            yield players, {}

    def __repr__(self) -> str:
        return f"<Game {self.info.name}>"


def _as_written_now(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """A snapshot ``old`` without the keys that ``to_json`` no longer writes
    (``new``: what it writes now), at the top and in ``"state"`` — what an
    earlier version saved and no version reads (``last_undoable``: undo is
    known only to the state that played the action)."""
    out = {k: v for k, v in old.items() if k in new}
    if isinstance(out.get("state"), Mapping) and isinstance(new.get("state"), Mapping):
        out["state"] = {k: v for k, v in out["state"].items() if k in new["state"]}
    return out
