"""Race events told as sentences (``RaceGame.narrate``), in the current language.

Actions read as sentences with the player's name ("Bea plays Settlers at
Pios Proxima"), never as action text; events whose ``whom`` is the viewer use
the ``.whom`` template ("Bea steals your Settlers"). Everything else is the
engine's narration (:func:`liftoff.engine.events.narrate`).

Events keep the English names of cards and planets (records hold them); they
are said here in the reader's language (:mod:`.words`). An action's card is
read back from its description (``said``, :mod:`.describe`), in whichever
language it was described.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

from liftoff.engine import IllegalAction
from liftoff.engine.events import Event, seat_name
from liftoff.engine.events import narrate as narrate_event
from liftoff.engine.messages import ENGLISH, known, language, render, template_of, text

from . import cards as C
from .actions import Discard, Pay, Place, Steal, Under, parse
from .words import card_name, card_names, kind_named, planet_name, planet_named

#: event parameters that hold one card name / a list of card names (English)
CARD_KEYS = frozenset({"card_name"})
CARDS_KEYS = frozenset({"cards", "paid"})


def narrate(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One sentence for ``viewer`` (``""`` when they see nothing of it)."""
    if event.kind == "action":
        return narrate_action(event, viewer, names)
    seen = event.seen_by(viewer)
    if seen is None:
        return ""
    kind = event.kind
    if viewer is not None and seen.get("whom") == viewer and known(kind + ".whom"):
        kind += ".whom"
    said = _in_words(seen)
    if "scores" in seen and "players" in seen:
        said["standings"] = standings(seen["players"], seen["scores"], viewer, names)
    if event.full_for(viewer):
        told = Event(kind, said, event.to, event.public)
    else:
        told = Event(kind, event.data, event.to, said)
    return narrate_event(told, viewer, names)


def _in_words(seen: Mapping[str, Any]) -> dict[str, Any]:
    """An event's parameters with its card and planet names in the current language."""
    out = dict(seen)
    for key, value in seen.items():
        if key in CARD_KEYS and isinstance(value, str):
            code = seen.get("card")
            kind = C.CODE_TO_KIND.get(code) if isinstance(code, str) else None
            out[key] = _card(value) if kind is None else card_name(kind)
        elif key in CARDS_KEYS and isinstance(value, list | tuple):
            out[key] = [_card(str(v)) for v in value]
        elif key == "planet_name" and isinstance(value, str):
            out[key] = planet_name(value)
    return out


def _card(name: str, lang: str | None = None) -> str:
    """A card name said in ``lang`` (or the current language, or English) in the
    current language; another word as it is."""
    kind = kind_named(name, lang)
    return name if kind is None else card_name(kind)


def standings(
    players: Sequence[Any], scores: Sequence[Any], viewer: int | None, names: Sequence[str]
) -> str:
    """Every player's score in words ("you 5 VP, Bea 3 VP")."""
    parts = []
    for i, (p, score) in enumerate(zip(players, scores, strict=True)):
        seat = int(p)
        who = render("api.seat.you.inline") if seat == viewer else seat_name(seat, viewer, names)
        parts.append(
            render("race.standing.next" if i else "race.standing", {"who": who, "score": score})
        )
    return "".join(parts)


def _pattern(template: str) -> re.Pattern[str]:
    """A template as a regular expression, one named group per field."""
    out = []
    for literal, name, _, _ in string.Formatter().parse(template):
        out.append(re.escape(literal))
        if name:
            out.append(f"(?P<{name}>.+?)")
    return re.compile("".join(out), re.S)


def _catalogued() -> list[str]:
    """The languages with words for liftoff (the catalogues installed)."""
    from liftoff.i18n import available

    return available()


def _read(code: str, said: str) -> tuple[dict[str, str], str] | None:
    """The fields of description ``code`` in ``said`` and the language it is in
    (the current one, English, or another with a catalogue), or None."""
    tried: set[str] = set()
    for languages in (lambda: (language(), ENGLISH), _catalogued):
        for lang in languages():
            if lang in tried:
                continue
            tried.add(lang)
            template = template_of(code, lang)
            found = None if template is None else _pattern(template).fullmatch(said)
            if found is not None:
                return found.groupdict(), lang
    return None


def _top(code: str, said: str) -> str:
    """The card named in description ``code`` (``said``), in the current language."""
    found = _read(code, said)
    if found is not None:
        kind = kind_named(found[0]["card"], found[1])
        if kind is not None:
            return card_name(kind)
    return text("race.word.a-card")


def action_params(action: str, said: str) -> tuple[str, dict[str, Any]] | None:
    """The template and parameters of a race action (its text and its
    description, see :mod:`.describe`), or None for an unknown text."""
    try:
        act = parse(action)
    except IllegalAction:
        return None
    if isinstance(act, Place):
        found = _read("race.do.place", said)
        where = render("race.word.planet", {"number": act.planet})
        card = text("race.word.a-card")
        if found is not None:
            fields, lang = found
            where = planet_name(planet_named(fields["planet_name"], lang))
            kind = kind_named(fields["card"], lang)
            card = card if kind is None else card_name(kind)
        return "race.ev.act.place", {"card_name": card, "planet_name": where}
    if isinstance(act, Under):
        return "race.ev.act.under", {"card_name": _top("race.do.under", said)}
    if isinstance(act, Discard):
        return "race.ev.act.discard", {"card_name": _top("race.do.discard", said)}
    if isinstance(act, Pay):
        return "race.ev.act.pay", {"paid": card_names(act.sources)}
    assert isinstance(act, Steal)
    if act.kind is None:
        return "race.ev.act.steal-none", {}
    return "race.ev.act.steal", {"card_name": card_name(act.kind)}


def narrate_action(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    seen: Mapping[str, Any] | None = event.seen_by(viewer)
    if seen is None:
        return ""
    who = int(seen["who"])
    found = action_params(str(seen.get("action", "")), str(seen.get("said", "")))
    if found is None:
        name = seat_name(who, viewer, names)
        if "action" not in seen:
            return render("api.act.hidden", {"who": name})
        return render("api.act.said", {"who": name, "said": seen.get("said") or seen["action"]})
    kind, params = found
    return narrate_event(Event(kind, {"who": who, **params}), viewer, names)
