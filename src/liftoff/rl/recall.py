"""Perfect recall: what each player has observed since the deal, for
information-state strings.

A player's information state is everything they have seen, in order: their
first view of the table (the deal) and every event of every action as they
saw it (:meth:`Event.seen_by <liftoff.engine.Event.seen_by>`) — every
public action with its text and its actor, another player's hidden action as
"who acted" only, their own actions, the cards they drew, the dice everyone
saw. Two histories that differ in the order or the content of what a player
saw give that player different information states; two that differ only in
what the player could not see give the same one.

:class:`Recall` keeps the events of one game (the engine hands them out from
``State.apply_with_events``) and renders each player's part once, as the game
goes on. An action event reads as who took which action: the ids it carries
for narration (``Game.action_facts``) repeat what the player saw before, and the
sentence older events carried (``said``) is left out: information states do not
depend on a language.

>>> import liftoff
>>> state = liftoff.games.get("race").new_game(2, seed=1)
>>> recall = Recall.dealt(state)
>>> player = state.active_players()[0]
>>> recall.record(state.apply_with_events(player, state.legal_actions(player)[0]))
>>> recall.seen(0).startswith('["action",')
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from liftoff.engine import Event, State

#: keys of event data that are words for people, not information
WORDS = frozenset({"said"})


def compact(value: Any) -> str:
    """Canonical compact JSON (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def render(event: Event, viewer: int) -> str | None:
    """``[kind, data]`` of ``event`` as ``viewer`` sees it, as compact JSON
    (``None`` when the viewer sees nothing of it)."""
    seen = event.seen_by(viewer)
    return None if seen is None else _text(event.kind, seen)


def as_seen_by(events: Iterable[Event], player: int) -> list[Event]:
    """``events`` as ``player`` knows them: those they saw nothing of are gone
    and the hidden part of those they saw only in part is forgotten, so
    nothing here tells anyone more than ``player`` saw (and ``player`` reads
    every event as before)."""
    out = []
    for event in events:
        if event.full_for(player):
            out.append(event)
        elif event.public is not None:
            out.append(Event(event.kind, event.public, event.to, event.public))
    return out


class _Entry:
    """One event, and its two renderings (in full, public part) once asked:
    shared by every copy of a recall, so each event is written out once."""

    __slots__ = ("_full", "_public", "event")

    def __init__(self, event: Event) -> None:
        self.event = event
        self._full: str | None = None
        self._public: str | None = None

    def full(self) -> str:
        if self._full is None:
            self._full = _text(self.event.kind, self.event.data)
        return self._full

    def public(self) -> str | None:
        public = self.event.public
        if public is None:
            return None
        if self._public is None:
            self._public = _text(self.event.kind, public)
        return self._public


#: what an ``action`` event tells: who took which action (its other data, the
#: game's ``action_facts``, repeats what the player saw before it, for narration)
ACTION_KEYS = frozenset({"who", "action"})


def _text(kind: str, data: Any) -> str:
    if kind == "action":
        return compact([kind, {k: v for k, v in data.items() if k in ACTION_KEYS}])
    return compact([kind, {k: v for k, v in data.items() if k not in WORDS}])


class Recall:
    """The deal as each player saw it and every event since, with each
    player's rendering cached (events only grow).

    A recall can be *known to* one player (``known_by``): the recall of a
    world resampled for that player, in which every event up to the
    resampling (``known_until``) reads as that player saw it (see
    :meth:`known_to`); the events after it are that world's own."""

    __slots__ = ("_cache", "entries", "known_by", "known_until", "public", "start")

    def __init__(
        self,
        start: Sequence[str],
        public: str,
        events: Iterable[Event] = (),
        known_by: int | None = None,
    ) -> None:
        #: each player's first view of the table (``board_view`` as compact JSON)
        self.start = tuple(start)
        #: the spectator's first view of the table
        self.public = public
        self.entries = [_Entry(e) for e in events]
        #: the player this recall is known to (a resampled world), or None
        self.known_by = known_by
        #: how many of the events are known only as ``known_by`` saw them
        self.known_until = len(self.entries) if known_by is not None else 0
        self._cache: list[tuple[int, str]] = [(0, "")] * len(self.start)

    @classmethod
    def dealt(cls, state: State) -> Recall:
        """The recall of a game that starts at ``state``."""
        start = [compact(state.board_view(p)) for p in range(state.num_players)]
        return cls(start, compact(state.board_view(None)))

    def record(self, events: Iterable[Event]) -> None:
        """Add what an action caused (``State.apply_with_events``)."""
        self.entries.extend(_Entry(e) for e in events)

    def _reads(self, entry: _Entry, viewer: int, known: bool) -> str | None:
        """How ``viewer`` reads an event here (``None``: not at all); ``known``:
        the event is known only as ``known_by`` saw it."""
        to = entry.event.to
        if to is None:
            return entry.full()
        if not known or self.known_by in to:
            return entry.full() if viewer in to else entry.public()
        return entry.public()  # the knower saw only its public part (or nothing)

    def seen(self, player: int) -> str:
        """Every event ``player`` saw, in order, as ``;``-separated JSON."""
        done, text = self._cache[player]
        entries = self.entries
        if done < len(entries):
            parts = [text] if text else []
            until = self.known_until
            for i in range(done, len(entries)):
                part = self._reads(entries[i], player, i < until)
                if part is not None:
                    parts.append(part)
            text = ";".join(parts)
            self._cache[player] = (len(entries), text)
        return text

    def events(self) -> list[Event]:
        """The events as this recall knows them (for a recall known to a
        player: as that player saw them)."""
        every = [entry.event for entry in self.entries]
        if self.known_by is None:
            return every
        until = self.known_until
        return as_seen_by(every[:until], self.known_by) + every[until:]

    def copy(self) -> Recall:
        """An independent copy (events and their renderings are shared)."""
        new = Recall.__new__(Recall)
        new.start = self.start
        new.public = self.public
        new.entries = self.entries.copy()
        new.known_by = self.known_by
        new.known_until = self.known_until
        new._cache = self._cache.copy()
        return new

    def known_to(self, player: int) -> Recall:
        """The recall of a world resampled for ``player``: ``player``'s own is
        unchanged; every other player's is what ``player`` saw of it (their
        deal as a spectator saw it; every event as ``player`` saw it, the
        hidden part of the others' forgotten), since nothing more of it can
        be known."""
        start = [self.public] * len(self.start)
        start[player] = self.start[player]
        if self.known_by is None:
            new = self.copy()
            new.start = tuple(start)
            new.known_by = player
            new.known_until = len(new.entries)
            new._cache = [(0, "")] * len(start)
        else:  # known to someone already: write down what this world knows
            new = Recall(start, self.public, self.events(), known_by=player)
        new._cache[player] = self._cache[player]  # reads the same for player
        return new

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form (``from_json`` inverts it); a recall known to a player
        is written as the events that player knows."""
        return {
            "start": list(self.start),
            "public": self.public,
            "events": [
                [
                    e.kind,
                    dict(e.data),
                    None if e.to is None else list(e.to),
                    None if e.public is None else dict(e.public),
                ]
                for e in self.events()
            ],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Recall:
        """The recall of a ``to_json`` dict."""
        events = [
            Event(kind, data, None if to is None else tuple(to), public)
            for kind, data, to, public in data["events"]
        ]
        return Recall(data["start"], data["public"], events)


__all__ = ["Recall", "as_seen_by", "compact", "render"]
