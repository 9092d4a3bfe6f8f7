"""Events: what an action caused, in order, for every front end to narrate.

``State.apply(player, action)`` returns a list of :class:`Event`. An event
names what happened with a message id (``kind``, e.g. ``"planet.lift-off"``)
and JSON-safe parameters (``data``); it never holds a sentence. Who may see it
is part of the event: ``to`` lists the seats that see it in full (``None``:
everyone, spectators included) and ``public`` is what everyone else sees of it
(``None``: nothing). A card drawn is one event — its owner sees the cards,
everyone else sees how many.

An event also says whether it **reveals** something: whether what its audience
reads in it (the full part for ``to``, the public part for everyone else) was
hidden from one of them before — a card drawn, dealt, passed, turned up or
played from a hand, a die rolled. The engine's undo rule is derived from it:
an action may be taken back only when none of its events revealed anything
(:meth:`State.last_action_undoable`).

The words live outside the rules: :meth:`Game.narrate` renders an event for
one viewer from the registered templates (:mod:`liftoff.engine.messages`):

- ``kind`` — the sentence for a viewer who sees the event in full;
- ``kind + ".you"`` — the same when the viewer is the event's ``who``
  (optional: "You drew Fuel" rather than "Bea drew Fuel");
- ``kind + ".public"`` — the sentence for everyone else, filled from ``public``.

Parameters that name seats (:data:`SEAT_KEYS`) are replaced by the players'
names ("you" for the viewer; a sentence's first letter is capitalised) before
rendering.

>>> e = Event("demo.drew", {"who": 0, "cards": "Fuel"}, to=(0,), public={"who": 0, "count": 1})
>>> e.seen_by(0), e.seen_by(1), e.seen_by(None)
({'who': 0, 'cards': 'Fuel'}, {'who': 0, 'count': 1}, {'who': 0, 'count': 1})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from .messages import and_list, known, render

#: parameter names that hold a seat number (rendered as the player's name)
SEAT_KEYS = frozenset({"who", "whom", "owner", "victim", "thief", "first", "winner"})
#: parameter names that hold a list of seat numbers
SEATS_KEYS = frozenset({"players", "winners", "callers"})


class EventView(TypedDict):
    """An event as one viewer sees it (:meth:`Event.to_json`; a view's ``"recent"``)."""

    kind: str
    data: dict[str, Any]
    #: whether the viewer sees the event in full (else ``data`` is its public part)
    full: bool


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as a message id and parameters, with its audience
    (``to``, ``public``) and whether it showed anyone something hidden (``reveals``)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None
    public: Mapping[str, Any] | None = None
    #: whether someone who reads this event learns what was hidden from them before
    reveals: bool = False

    def seen_by(self, viewer: int | None) -> Mapping[str, Any] | None:
        """What ``viewer`` (a seat, or ``None`` for a spectator) sees of this event:
        the full data, the public part, or ``None`` for nothing."""
        if self.to is None or (viewer is not None and viewer in self.to):
            return self.data
        return self.public

    def full_for(self, viewer: int | None) -> bool:
        """Whether ``viewer`` sees this event in full."""
        return self.to is None or (viewer is not None and viewer in self.to)

    def to_json(self, viewer: int | None = None) -> EventView | None:
        """The event as ``viewer`` sees it (``{"kind", "data", "full"}``), or ``None``."""
        seen = self.seen_by(viewer)
        if seen is None:
            return None
        return {"kind": self.kind, "data": dict(seen), "full": self.full_for(viewer)}


def seat_name(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """``"You"`` for the viewer's own seat, else the player's name (``Player N`` without one)."""
    if viewer is not None and seat == viewer:
        return render("api.seat.you")
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return render("api.seat.player", {"number": seat + 1})


def _in_sentence(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """A seat's name inside a sentence: "you" for the viewer (capitalised only
    when the sentence starts with it)."""
    if viewer is not None and seat == viewer:
        return render("api.seat.you.inline")
    return seat_name(seat, viewer, names)


def narrate(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One plain sentence for ``viewer`` (``""`` when they see nothing of it)."""
    seen = event.seen_by(viewer)
    if seen is None:
        return ""
    full = event.full_for(viewer)
    code = event.kind if full else event.kind + ".public"
    if not full and not known(code):
        code = event.kind
    if viewer is not None and seen.get("who") == viewer and known(code + ".you"):
        code += ".you"
    params: dict[str, Any] = {}
    for key, value in seen.items():
        if key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            params[key] = _in_sentence(value, viewer, names)
        elif key in SEATS_KEYS and isinstance(value, list | tuple):
            params[key] = and_list([_in_sentence(int(v), viewer, names) for v in value])
        elif isinstance(value, list | tuple):
            params[key] = and_list([str(v) for v in value])
        else:
            params[key] = value
    text = render(code, params)
    return text[:1].upper() + text[1:]
