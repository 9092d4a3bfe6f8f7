"""Race events told as sentences (``RaceGame.narrate``), in the current language.

Actions read as sentences with the player's name ("Bea plays Settlers at
Pios Proxima (planet 2)": a planet by name and number, as two may share a
name), never as action text; events whose ``whom`` is the viewer use
the ``.whom`` template ("Bea steals your Settlers"). Everything else is the
engine's narration (:func:`liftoff.engine.events.narrate`).

Events keep the English names of cards and planets (records hold them); they
are said here in the reader's language (:mod:`.words`). An action's event
carries its text and the ids telling it needs (``describe.action_facts``: the
card moved, the planet placed at); nothing is read back from a sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from liftoff.engine import IllegalAction
from liftoff.engine.events import Event, seat_name
from liftoff.engine.events import narrate as narrate_event
from liftoff.engine.messages import known, render, text
from liftoff.games.race import cards as C
from liftoff.games.race.actions import Discard, Pay, Place, Steal, Under, parse
from liftoff.games.race.words import card_name, card_names, kind_named, planet_name


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
    """An event's parameters with the words its sentence needs in the current
    language: card names from their codes (``card``, ``codes``, ``paid_codes``),
    planet names. Events of old carried English names instead: said again here."""
    out = dict(seen)
    code = seen.get("card")
    if isinstance(code, str) and code in C.CODE_TO_KIND:
        out["card_name"] = card_name(C.CODE_TO_KIND[code])
    elif isinstance(seen.get("card_name"), str):
        out["card_name"] = _card(seen["card_name"])
    for key, words in (("codes", "cards"), ("paid_codes", "paid")):
        listed = seen.get(key)
        if isinstance(listed, list | tuple):
            out[words] = [_named(str(c)) for c in listed]
        elif isinstance(seen.get(words), list | tuple):
            out[words] = [_card(str(v)) for v in seen[words]]
    if isinstance(seen.get("planet_name"), str):
        out["planet_name"] = planet_called(seen["planet_name"], seen.get("planet"))
    return out


def planet_called(name: str, number: object) -> str:
    """A planet as the log says it: its name and its number on the table
    ("Beta Minor (planet 3)"), for two planets may share a name; its name
    alone when the event did not carry the number (records of old)."""
    said = planet_name(name)
    if isinstance(number, int) and not isinstance(number, bool):
        return render("race.word.planet.named", {"name": said, "number": number})
    return said


def _named(code: str) -> str:
    """A card kind's name from its code, in the current language."""
    kind = C.CODE_TO_KIND.get(code)
    return code if kind is None else card_name(kind)


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


def _top(seen: Mapping[str, Any]) -> str:
    """The card an action moved (its event's ``card`` code), in the current language."""
    code = seen.get("card")
    kind = C.CODE_TO_KIND.get(code) if isinstance(code, str) else None
    return text("race.word.a-card") if kind is None else card_name(kind)


def action_params(seen: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The template and parameters of a race action's event (its text and the
    ids it carries, see ``describe.action_facts``), or None for an unknown text."""
    try:
        act = parse(str(seen.get("action", "")))
    except IllegalAction:
        return None
    if isinstance(act, Place):
        key = seen.get("planet_key")
        where = (
            planet_called(key, act.planet)
            if isinstance(key, str)
            else render("race.word.planet", {"number": act.planet})
        )
        return "race.ev.act.place", {"card_name": _top(seen), "planet_name": where}
    if isinstance(act, Under):
        return "race.ev.act.under", {"card_name": _top(seen)}
    if isinstance(act, Discard):
        return "race.ev.act.discard", {"card_name": _top(seen)}
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
    found = action_params(seen)
    if found is None:
        name = seat_name(who, viewer, names)
        if "action" not in seen:
            return render("api.act.hidden", {"who": name})
        return render("api.act.said", {"who": name, "said": seen.get("said") or seen["action"]})
    kind, params = found
    return narrate_event(Event(kind, {"who": who, **params}), viewer, names)
