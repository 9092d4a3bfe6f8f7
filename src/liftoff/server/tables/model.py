"""What a live table is made of: its seats, its game log, its listeners.

No behaviour beyond the table itself lives here: the rooms of the manager
(seats, clocks, bots, frames) act on these records.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from liftoff import speech
from liftoff.engine import Event, Game, Outcome, State, derive_seed
from liftoff.engine.events import EventView
from liftoff.engine.messages import ENGLISH, language
from liftoff.engine.words import title as game_title

from ..clock import REAL_CLOCK, ServerClock
from ..storage import SeatData
from .clocks import Clocks
from .names import one_line
from .people import ended_early, ending, seat_names, shown_name

LOG_KEEP = 200  # game-log lines kept per table (older ones stay in the database)
SPECTATOR = -1  # the recipient key of spectators in per-recipient caches

#: what makes a submission a repetition of an earlier one: (seat, id, version, text)
SubmissionKey = tuple[int, str, int, str]
ANSWERS_KEPT = 256  # answers to submissions with a message id kept per table

#: a turn-based table's paces: the wait before each bot action where people sit or
#: watch, as a share of the server's ``bot_delay`` (0.8 s by default: slow 2 s,
#: fast 0.4 s; the race's speed names, so a bot seat's ``speed`` means the same in
#: every game). The table's pace is kept as its bot seats' ``speed`` (none:
#: normal), chosen in the lobby and changed at the table by anyone seated
#: (``Seating.set_bot_pace``)
TURN_PACES: dict[str, float] = {"slow": 2.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}


def stored_key(key: SubmissionKey | None) -> str | None:
    """The stored form of a submission key (``action_log.submission``): the SHA-256,
    in hex, of its JSON text. A digest rather than the key itself: it is compared
    for equality only, and its fixed size fits an index on any database (a key holds
    up to 400 characters of action and 64 of id, more than a PostgreSQL index entry
    takes once escaped)."""
    if key is None:
        return None
    encoded = json.dumps(list(key), ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(encoded.encode()).hexdigest()


def accepted(version: int) -> dict[str, Any]:
    """The answer to an applied submission (and to its repetitions): the version the
    action brought the game to (its index in the action log, plus one)."""
    return {"ok": True, "version": version}


def hash_token(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A new seat token (unguessable)."""
    return secrets.token_urlsafe(24)


def new_bot_seed() -> int:
    """A table's private bot seed, from the operating system's randomness."""
    return secrets.randbits(62)


def bot_seed_of(table: LiveTable, *parts: int | str) -> int:
    """The seed of one of the table's bots (seat, purpose, …)."""
    return derive_seed(table.bot_seed, *parts)


def keep_undo(state: State) -> None:
    """Keep what undo needs at a turn-based table: the positions before the
    latest moves that may be taken back (``State.keep_undo``, its default
    depth, well under :data:`LOG_KEEP`: a rebuilt table keeps the same).
    Real-time tables have no undo."""
    if not state.game.info.realtime:
        state.keep_undo()


def new_id() -> str:
    """An unguessable table id (URL-safe, never starting with ``-`` or ``_``, so it
    is never taken for an option on a command line such as ``liftoff admin``)."""
    while True:
        table_id = secrets.token_urlsafe(9)
        if table_id[0].isalnum():
            return table_id


def default_hints(kinds: Sequence[str]) -> bool:
    """Hints are on by default at a table with at most one person's seat (seat
    kinds ``human`` or ``open``: a person alone against bots), off otherwise."""
    return sum(1 for k in kinds if k in ("human", "open")) <= 1


def table_pace(table: LiveTable) -> str:
    """A turn-based table's pace: its first bot seat's that has one, else normal."""
    for s in table.seats:
        if s.kind == "bot" and s.speed is not None and s.speed in TURN_PACES:
            return s.speed
    return "normal"


def clean_name(name: str | None, seat: int) -> str:
    """A player's name as shown: one line, printable, nothing invisible
    (:func:`.names.visible`), at most 40 characters."""
    printable = "".join(ch for ch in one_line(name, 40) if ch.isprintable())
    return printable or f"Player {seat + 1}"


def clean_title(title: str | None) -> str | None:
    """A table's name as shown: one line, printable, nothing invisible, at most 60
    characters (or none)."""
    return "".join(ch for ch in one_line(title, 60) if ch.isprintable()).strip() or None


class LiveRunner(Protocol):
    """What the manager needs of a real-time table's runner (``server.realtime``)."""

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def counting_down(self) -> bool: ...

    def view(self, recipient: int | None) -> dict[str, Any]: ...

    def public(self) -> dict[str, Any]: ...

    def set_bot(self, p: int, bot: str) -> None: ...

    def set_human(self, p: int) -> None: ...

    def hold(self, on: bool) -> None: ...

    def absent_ready(self) -> None: ...

    async def submit(
        self, seat: int, text: str, version: int, key: SubmissionKey | None = None
    ) -> dict[str, Any]: ...


@dataclass
class TableSeat:
    """A seat at a live table (open, a person's, or a bot's)."""

    seat: int
    kind: str  # open | human | bot
    bot: str | None = None
    speed: str | None = None
    name: str | None = None
    token_hash: str | None = None
    connections: int = 0  # WebSockets to this seat held by this server
    # in a cluster, the seat's connections through other members: on the table's
    # owner, what they said they hold; on a replica, 1 when the owner last said the
    # seat is connected (through any member)
    elsewhere: int = 0
    zombie: bool = False
    grace_task: asyncio.Task[None] | None = None
    agent: Any = None  # the bot playing this seat (bot seats, zombies, timeouts)
    last_seen: float = 0.0  # monotonic time of the person's last authenticated request
    refusal: dict[str, Any] | None = None
    # the time-out policy (``tables.timeouts``): the person's clock ran out on their
    # turn and the game waits for them; the people who chose to wait for them
    out_of_time: bool = False
    # the grace period ran out while the person was disconnected (and not seen over
    # REST): on a table without clocks the others may then choose (see timeouts)
    away: bool = False
    waited_by: set[int] = field(default_factory=set)
    ending_by: set[int] = field(default_factory=set)  # who chose to end the game over it
    # a stand-in bot plays for the person holding this token (others let it play)
    stand_in_for: str | None = None
    # the person holding the seat (``tables.persons``); on an open seat, the person it
    # is kept for (who left it during the game, or who played it before a rematch)
    person: str | None = None

    @property
    def connected(self) -> bool:
        """Whether the seat's person holds a WebSocket (here or through another member)."""
        return self.connections > 0 or self.elsewhere > 0

    @property
    def stand_in(self) -> bool:
        """Whether a stand-in bot plays for the seat's person now."""
        return self.stand_in_for is not None and self.stand_in_for == self.token_hash

    def data(self) -> SeatData:
        """The stored form."""
        return SeatData(
            self.seat, self.kind, self.bot, self.speed, self.name, self.token_hash, self.person
        )

    def public(self) -> dict[str, Any]:
        """What everyone may know about the seat."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "name": shown_name(self.name),
            "bot": self.bot,
            "speed": self.speed,
            "connected": self.connected,
            "zombie": self.zombie,
            "out_of_time": self.out_of_time,
            "away": self.away,
            "waited_by": sorted(self.waited_by),
            "ending_by": sorted(self.ending_by),
            "stand_in": self.stand_in,
        }

    def stop_grace(self) -> None:
        """Cancel the seat's grace period (if one runs)."""
        if self.grace_task is not None:
            self.grace_task.cancel()
            self.grace_task = None


@dataclass
class LogEntry:
    """One line of the game log: an action and the events it caused (``State.apply``)."""

    n: int  # index in the action log
    player: int
    text: str
    at: float
    events: Sequence[Event] = ()  # what the action caused, the action first
    public: bool = False  # the game says every player may read the text
    stand_in: bool = False  # the server played it for a person's seat

    def render(
        self, recipient: int, show_text: bool, game: Game[Any], names: Sequence[str]
    ) -> dict[str, Any]:
        """The entry as sent to ``recipient`` (a seat, or :data:`SPECTATOR`): the
        action (its text when the recipient may read it), the sentences narrated
        for the recipient (``lines``) and the events as it sees them (``events``)."""
        viewer = None if recipient == SPECTATOR else recipient
        lines: list[str] = []
        seen: list[EventView] = []
        for event in self.events:
            shown = event.to_json(viewer)
            if shown is None:
                continue
            seen.append(shown)
            line = speech.of(game).narrate(event, viewer, names)
            if line:
                lines.append(line)
        return {
            "n": self.n,
            "player": self.player,
            "text": self.text if show_text or self.public or recipient == self.player else None,
            "at": self.at,
            "lines": lines,
            "events": seen,
            "stand_in": self.stand_in,
        }


class Subscriber:
    """A WebSocket (or test) listener for one recipient; woken on every change."""

    def __init__(self, seat: int | None, token_hash: str | None = None) -> None:
        self.seat = seat
        self.token_hash = token_hash  # the token the seat was granted for
        self.wake = asyncio.Event()
        self.log_epoch = -1
        self.log_seq = -1
        self.lang = ENGLISH  # the language its frames speak (the hello's ``lang``)
        self.wake.set()


@dataclass
class LiveTable:
    """A table whose game is held in memory."""

    id: str
    game: Game[Any]
    state: State
    seats: list[TableSeat]
    status: str  # open | playing | over | closed
    seed: int
    options: dict[str, Any]
    created_at: float
    updated_at: float
    clock_spec: dict[str, Any] | None = None
    clocks: Clocks | None = None
    rematch_of: str | None = None
    rematch_id: str | None = None
    # private: every bot at the table is seeded from it, never from the game seed
    # (a bot's visible choices would narrow the game seed down: deck order, dice)
    bot_seed: int = 0
    creator: str | None = None
    hints: bool = False  # whether seats may ask for a hint (everyone sees it)
    tutorial: str | None = None  # the game whose interactive first game this table is
    name: str | None = None  # the table's name, as its creator gave it (stored as title)
    rated: bool = False  # its result updates its players' ratings (``tables.ratings``)
    abandoned: bool = False  # ended (or closed) with no person playing any more
    # the others ended the game when a person's days ran out (``tables.timeouts``):
    # its result, the one out of time last (the rules' own when it ended by them)
    ended: Outcome | None = None
    stand_ins: set[int] = field(default_factory=set)  # actions the server played for a person
    # the clocks just before the last action (undo puts them back): remaining, running, when
    clocks_before: tuple[list[int], tuple[int, ...], float] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    log: list[LogEntry] = field(default_factory=list)
    log_epoch: int = 0
    revision: int = 0
    # serialized state messages, by recipient and language
    cache: dict[tuple[int, str], bytes] = field(default_factory=dict)
    # this revision's views by recipient: the rules' ("" for the language) and, per
    # language, with the words the speech layer adds
    views: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    public_cache: dict[str, dict[str, Any]] = field(default_factory=dict)  # by language
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    clock_task: asyncio.Task[None] | None = None
    race: LiveRunner | None = None
    last_actor: int | None = None
    # answers to recent submissions with a client id, by stored key (``stored_key``);
    # rebuilt from the action log's keys (``tables.rebuild``)
    answered: dict[str, dict[str, Any]] = field(default_factory=dict)
    # hints given (or being searched) at this state version: seat -> (version, search)
    hints_given: dict[int, tuple[int, asyncio.Task[Any]]] = field(default_factory=dict)
    clock: ServerClock = REAL_CLOCK  # the server's (``Settings.clock``)
    # when someone last watched (or the bots first played), on ``clock``: bots pace
    # their moves for watchers until nobody has watched for a while (``tables.bots``)
    watched_at: float | None = None

    def answer_of(self, submission: str | None) -> dict[str, Any] | None:
        """The answer already given to a repeated submission (its ``stored_key``)."""
        return self.answered.get(submission) if submission is not None else None

    def remember(self, submission: str | None, answer: dict[str, Any]) -> None:
        """Keep the answer to a submission with a client id (its ``stored_key``; the
        last :data:`ANSWERS_KEPT`)."""
        if submission is None:
            return
        self.answered[submission] = answer
        if len(self.answered) > ANSWERS_KEPT:
            del self.answered[next(iter(self.answered))]

    @property
    def realtime(self) -> bool:
        """Whether this table runs through a real-time driver."""
        return self.game.info.realtime

    def controlled_by_bot(self, p: int) -> bool:
        """Whether the server plays seat ``p`` now (bot, zombie, left, or a stand-in the
        others let play for a person out of time)."""
        seat = self.seats[p]
        return seat.kind in ("bot", "open") or seat.zombie or seat.stand_in

    def nobody_plays(self) -> bool:
        """Whether no person plays any more: every seat that is not a bot's is open
        (left), a zombie or a stand-in's (a table of bots alone is not abandoned)."""
        people = [s for s in self.seats if s.kind != "bot"]
        return bool(people) and all(s.kind == "open" or s.zombie or s.stand_in for s in people)

    def joinable(self, s: TableSeat) -> bool:
        """Whether anyone may take seat ``s`` with a plain join: an open seat of a
        table not started yet that is kept for nobody. A seat left during the game
        is never given to another person by a join, and a seat kept for a person
        (see :meth:`kept_for`) is theirs alone."""
        return s.kind == "open" and self.status == "open" and s.person is None

    def kept_for(self, s: TableSeat, person: str | None) -> bool:
        """Whether open seat ``s`` is kept for ``person``: left by them during this
        game, or theirs in the game this rematch follows."""
        return s.kind == "open" and person is not None and s.person == person

    def seat_of_person(self, person: str | None) -> TableSeat | None:
        """The seat ``person`` holds at this table, if any (one at most)."""
        if person is None:
            return None
        return next((s for s in self.seats if s.kind == "human" and s.person == person), None)

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back the last action now."""
        return (
            seat is not None
            and not self.realtime
            and self.status == "playing"
            and self.last_actor == seat
            and self.state.undo_refusal() is None
        )

    def outcome(self) -> Outcome | None:
        """The game's result: the rules' once over, or the one the players chose when
        they ended it (``ended``)."""
        return self.ended if self.ended is not None else self.state.outcome()

    def names(self) -> list[str]:
        """The players' names in the narrated game log: a person's name (``Player N``
        without one); a bot by its kind or level (``Medium bot``, with its seat number
        when two bots share a kind)."""
        return seat_names(self.seats)

    def trim_log(self) -> None:
        """Keep the last :data:`LOG_KEEP` lines of the game log."""
        if len(self.log) > LOG_KEEP:
            del self.log[: len(self.log) - LOG_KEEP]

    def public(self) -> dict[str, Any]:
        """What anyone may know about the table (no hidden game information)."""
        lang = language()  # the ending is told in the reader's language
        cached = self.public_cache.get(lang)
        if cached is not None and self.clocks is None and self.race is None:
            return cached
        self.public_cache[lang] = out = self._public()
        return out

    def _public(self) -> dict[str, Any]:
        info = self.game.info
        names = self.names()
        out: dict[str, Any] = {
            "id": self.id,
            "game": info.name,
            "title": game_title(info),
            "players": self.state.num_players,
            "options": self.options,
            "status": self.status,
            # every seat's name as people read it (the narrated log's names)
            "seats": [
                # a turn-based table's bots share its pace (bot_pace), not a speed each
                {**s.public(), "name": n, "joinable": self.joinable(s)}
                | ({} if self.realtime else {"speed": None})
                for s, n in zip(self.seats, names, strict=True)
            ],
            "version": self.state.version,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "clock": self.clocks.public(self.clock.now()) if self.clocks else None,
            # the clock chosen (preset, initial, increment), before the game starts too
            "clock_setting": None if self.realtime else self.clock_spec,
            # a race's pace as its maker chose it (reveal_pace, round_pause), if they did
            "race_pace": self.clock_spec if self.realtime else None,
            "rematch_of": self.rematch_of,
            "rematch_id": self.rematch_id,
            "realtime": self.realtime,
            # a turn-based table's bots' pace (slow, normal, fast), where bots sit
            "bot_pace": None
            if self.realtime or not any(s.kind == "bot" for s in self.seats)
            else table_pace(self),
            "hints": self.hints,
            "tutorial": self.tutorial,
            "name": self.name,
            "rated": self.rated,
            "abandoned": self.abandoned,
            "active": list(self.state.active_players()) if self.status == "playing" else [],
        }
        if self.status == "over":
            outcome = self.outcome()
            out["outcome"] = outcome.to_json() if outcome is not None else None
            # points by source and every hidden card: only now that the game is over
            if outcome is not None and self.ended is None:
                out["ending"] = ending(self.game, self.state, names)
            elif outcome is not None:  # ended by the players: the places, nothing hidden
                out["ending"] = ended_early(outcome, names)
        if self.race is not None:
            out["live"] = self.race.public()
        return out
