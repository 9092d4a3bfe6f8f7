"""Race events told as sentences (``RaceGame.narrate``).

Actions read as sentences with the player's name ("Bea plays Settlers at
Pios Proxima"), never as action text; events whose ``whom`` is the viewer use
the ``.whom`` template ("Bea steals your Settlers"). Everything else is the
engine's narration (:func:`liftoff.engine.events.narrate`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from liftoff.engine import IllegalAction
from liftoff.engine.events import Event, seat_name
from liftoff.engine.events import narrate as narrate_event
from liftoff.engine.messages import known

from . import cards as C
from .actions import Discard, Pay, Place, Steal, Under, parse


def narrate(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One sentence for ``viewer`` (``""`` when they see nothing of it)."""
    if event.kind == "action":
        return narrate_action(event, viewer, names)
    seen = event.seen_by(viewer)
    if seen is not None and viewer is not None and seen.get("whom") == viewer:
        whom = event.kind + ".whom"
        if known(whom):
            event = Event(whom, event.data, event.to, event.public)
    if seen is not None and "scores" in seen and "players" in seen:
        standings = ", ".join(
            f"{'you' if p == viewer else seat_name(int(p), viewer, names)} {score} VP"
            for p, score in zip(seen["players"], seen["scores"], strict=True)
        )
        event = Event(event.kind, {**seen, "standings": standings})
    return narrate_event(event, viewer, names)


def _top(said: str, prefix: str, suffix: str) -> str:
    """The card name inside a description ``prefix + name + suffix``."""
    if said.startswith(prefix) and said.endswith(suffix) and len(said) > len(prefix + suffix):
        return said[len(prefix) : len(said) - len(suffix)]
    return "a card"


def action_params(action: str, said: str) -> tuple[str, dict[str, Any]] | None:
    """The template and parameters of a race action (its text and its
    description, see :mod:`.describe`), or None for an unknown text."""
    try:
        act = parse(action)
    except IllegalAction:
        return None
    if isinstance(act, Place):
        head, _, rest = said.partition(" at planet ")
        name = rest.partition(" (")[2][:-1] if rest.endswith(")") else ""
        card = _top(head, "play ", "")
        return "race.ev.act.place", {
            "card_name": card,
            "planet_name": name or f"planet {act.planet}",
        }
    if isinstance(act, Under):
        return "race.ev.act.under", {"card_name": _top(said, "put ", " under your stack")}
    if isinstance(act, Discard):
        return "race.ev.act.discard", {"card_name": _top(said, "discard ", "")}
    if isinstance(act, Pay):
        return "race.ev.act.pay", {"paid": [C.NAMES[k] for k in act.sources]}
    assert isinstance(act, Steal)
    if act.kind is None:
        return "race.ev.act.steal-none", {}
    return "race.ev.act.steal", {"card_name": C.NAMES[act.kind]}


def narrate_action(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    seen: Mapping[str, Any] | None = event.seen_by(viewer)
    if seen is None:
        return ""
    who = int(seen["who"])
    found = action_params(str(seen.get("action", "")), str(seen.get("said", "")))
    if found is None:
        if "action" not in seen:
            return f"{seat_name(who, viewer, names)} made a hidden choice"
        return f"{seat_name(who, viewer, names)}: {seen.get('said') or seen['action']}"
    kind, params = found
    return narrate_event(Event(kind, {"who": who, **params}), viewer, names)
