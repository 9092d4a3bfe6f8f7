"""Planet's events told as sentences ("Bea moves an Alien from the Core to Exit S0"),
in the current language.

The engine's ``action`` event carries the action's text and, for a move, the
ids of the Lift Off Points at its ends as they were then (``move_ends``); this
module reads the action and renders a ``planet.act.<what>`` template from
:mod:`.text`, with the players' names and no action syntax.

The rules' own events (``planet.ev.*``) hold their English words as data (the
names of cards and Lift Off Points, the Moon's spot, "2 cards"), next to the ids
they name: :func:`local_event` puts them in the current language before they
are filled in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from liftoff.engine import IllegalAction
from liftoff.engine.events import Event, seat_name
from liftoff.engine.events import narrate as narrate_event
from liftoff.engine.messages import render
from liftoff.games.planet import actions as A
from liftoff.games.planet import text as _text  # noqa: F401  (registers the narration's words)
from liftoff.games.planet.cards import KIND_OF
from liftoff.games.planet.config import PHASE_NAMES
from liftoff.games.planet.words import (
    card_name,
    count_of_cards,
    count_of_days,
    game_lp_name,
    lp_named,
    several,
    token_name,
)
from liftoff.speech.planet.describe import place

if TYPE_CHECKING:
    from liftoff.games.planet.game import PlanetGame

_EXIT = re.compile(r"Exit (S[0-7])")


def _grouped(names: list[str]) -> list[str]:
    """``["Fuel", "Fuel", "Screw"]`` → ``["2 Fuel", "Screw"]`` (``["nothing"]`` when empty)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    if not counts:
        return [render("planet.word.nothing", {})]
    return [several(n, name) for name, n in counts.items()]


def _place(game: PlanetGame, seg: int, lp: str) -> str:
    """Segment ``seg`` in a sentence ("the Core", "Exit S0", "the Bonfire (S1)");
    ``lp``: the Lift Off Point that stood there when the action was taken (its id)."""
    return place(game, seg, lp, "planet.place.the-lp")


def _places(game: PlanetGame, src: int, dst: int, facts: Mapping[str, Any]) -> tuple[str, str]:
    """The two ends of a move, from the Lift Off Points its event names (``move_ends``)."""
    src_lp, dst_lp = str(facts.get("src_lp", "")), str(facts.get("dst_lp", ""))
    return _place(game, src, src_lp), _place(game, dst, dst_lp)


def _effect(
    game: PlanetGame,
    action: Any,
    facts: Mapping[str, Any],
    viewer: int | None,
    names: Sequence[str],
) -> str:
    """The words after "plays <card>:"."""
    if isinstance(action, A.PlayMoon):
        return render(f"planet.effect.moon-{action.direction}", {})
    if isinstance(action, A.PlaySimple):
        return render(f"planet.effect.{action.card}", {})
    if isinstance(action, A.PlayMya | A.PlayMyaOff):
        if viewer is not None and action.owner == viewer:
            whose = render("planet.word.your", {})
        else:
            whose = render("planet.word.whose", {"name": seat_name(action.owner, viewer, names)})
        if isinstance(action, A.PlayMyaOff):
            name = game_lp_name(game, action.lp)
            return render("planet.effect.mya-off", {"whose": whose, "name": name})
        src, dst = _places(game, action.src, action.dst, facts)
        return render("planet.effect.mya", {"whose": whose, "src": src, "dst": dst})
    if isinstance(action, A.PlayTerraform):
        params = {"name": game_lp_name(game, action.lp), "new_name": game_lp_name(game, action.new)}
        code = "planet.effect.terraform" if action.new else "planet.effect.terraform-random"
        return render(code, params)
    assert isinstance(action, A.PlayGarglore)
    if action.target == "pool":
        return render("planet.effect.garglore-pool", {})
    return render("planet.effect.garglore", {"name": game_lp_name(game, action.target)})


_CARD_OF = {
    A.PlayMoon: "moon",
    A.PlayMya: "mya",
    A.PlayMyaOff: "mya",
    A.PlayTerraform: "terraform",
    A.PlayGarglore: "garglore",
}


def _params(
    game: PlanetGame,
    action: Any,
    facts: Mapping[str, Any],
    viewer: int | None,
    names: Sequence[str],
) -> tuple[str, dict[str, Any]]:
    """The template id and parameters (besides ``who``) telling ``action``."""
    if isinstance(action, A.Move):
        src, dst = _places(game, action.src, action.dst, facts)
        return "move", {"src": src, "dst": dst}
    if isinstance(action, A.Board):
        pay = _grouped([token_name(game, t) for t in action.pay])
        return "board", {"name": game_lp_name(game, action.lp), "pay": pay}
    if isinstance(action, A.Pay | A.Roll):
        verb = "pay" if isinstance(action, A.Pay) else "roll"
        name, token = game_lp_name(game, action.lp), token_name(game, action.token)
        return verb, {"name": name, "token": token}
    if isinstance(action, A.Abandon):
        return "abandon", {"name": game_lp_name(game, action.lp)}
    if isinstance(action, A.Trade):
        return "trade", {"a": card_name(game, action.a), "b": card_name(game, action.b)}
    if isinstance(action, A.End):
        return "end", {}
    if isinstance(action, A.Pledge):
        count = action.fuel + action.wild
        return ("pledge" if count else "pledge-none"), {"count": count}
    if isinstance(action, A.Pass):
        return "pass", {}
    code = action.card if isinstance(action, A.PlaySimple) else _CARD_OF[type(action)]
    card = card_name(game, KIND_OF[code])
    return "card", {"card": card, "effect": _effect(game, action, facts, viewer, names)}


def narrate_action(game: PlanetGame, event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """The ``action`` event as one sentence for ``viewer``."""
    seen: Mapping[str, Any] | None = event.seen_by(viewer)
    if seen is None:
        return ""
    who = int(seen["who"])
    try:
        action = A.parse(str(seen["action"]))
    except (IllegalAction, KeyError):
        said = str(seen.get("action", ""))
        return narrate_event(Event("planet.act.other", {"who": who, "said": said}), viewer, names)
    what, params = _params(game, action, seen, viewer, names)
    return narrate_event(Event(f"planet.act.{what}", {"who": who, **params}), viewer, names)


def _spot(game: PlanetGame, data: Mapping[str, Any]) -> str:
    """The Moon's spot an event names by ids (``spot_lp``, ``spot_exit``; neither:
    the star), or as records' events of old said it in English (``spot_name``)."""
    lp, exit_point, english = data.get("spot_lp"), data.get("spot_exit"), data.get("spot_name")
    if isinstance(lp, str):
        return render("planet.spot.lp", {"name": game_lp_name(game, lp)})
    if isinstance(exit_point, str):
        return render("planet.spot.exit", {"segment": exit_point})
    if not isinstance(english, str) or english == "the star":
        return render("planet.spot.star")
    got = _EXIT.fullmatch(english)
    if got:
        return render("planet.spot.exit", {"segment": got.group(1)})
    return render("planet.spot.lp", {"name": lp_named(game, english.removeprefix("the "))})


#: events whose ``n`` is a number of days, and those whose ``n`` is one of cards
_DAYS_N = frozenset({"planet.ev.sun", "planet.ev.sun-back"})
_CARDS_N = frozenset({"planet.ev.draw", "planet.ev.discard-hand"})


def _local(game: PlanetGame, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """An event's data (ids and numbers) with the words its sentence needs, in
    the current language: names of Lift Off Points and cards, the Moon's spot,
    counts ("2 cards")."""
    out = dict(data)
    for name, lp in (("name", "lp"), ("new_name", "new")):
        if isinstance(out.get(lp), str):
            out[name] = game_lp_name(game, out[lp])
    codes = out.get("codes")
    if isinstance(codes, list):
        out["cards"] = [card_name(game, KIND_OF[c]) if c in KIND_OF else str(c) for c in codes]
    if "spot" in out and kind.startswith("planet.ev.moon"):
        out["spot_name"] = _spot(game, out)
    if out.get("phase") in PHASE_NAMES:
        out["phase"] = render(f"planet.phase.{out['phase']}")
    if kind in _DAYS_N and isinstance(out.get("days_left"), int):
        out["n"] = count_of_days(out["days_left"])
    elif kind in _CARDS_N and isinstance(out.get("count"), int):
        out["n"] = count_of_cards(out["count"])
    return out


def local_event(game: PlanetGame, event: Event) -> Event:
    """``event`` with the words of its data (and public part) in the current language."""
    public = None if event.public is None else _local(game, event.kind, event.public)
    return Event(event.kind, _local(game, event.kind, event.data), event.to, public)


def narrate(game: PlanetGame, event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """Any planet event as one sentence for ``viewer``."""
    if event.kind == "action":
        return narrate_action(game, event, viewer, names)
    return narrate_event(local_event(game, event), viewer, names)
