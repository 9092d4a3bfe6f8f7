"""Planet's events told as sentences ("Bea moves an Alien from the Core to Exit S0"),
in the current language.

The engine's ``action`` event carries the action's text and its description
(made in English on the state the action was chosen on); this module reads the
action back and renders a ``planet.act.<what>`` template from :mod:`.text`,
with the players' names and no action syntax.

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

from . import actions as A
from . import text as _text  # noqa: F401  (registers the narration's words)
from .actions import CORE
from .cards import CODES, KIND_OF
from .config import PHASE_NAMES
from .words import (
    card_code,
    card_name,
    content_text,
    count_of_cards,
    count_of_days,
    game_lp_name,
    lp_name,
    lp_named,
    several,
    token_name,
)

if TYPE_CHECKING:
    from .game import PlanetGame

_FROM_TO = re.compile(r"from (.+) to (.+)$")
_EXIT = re.compile(r"Exit (S[0-7])")
#: events whose ``n`` is a number of days (the others': of cards)
_DAYS = ("planet.ev.sun", "planet.ev.sun-back")


def _grouped(names: list[str]) -> list[str]:
    """``["Fuel", "Fuel", "Screw"]`` → ``["2 Fuel", "Screw"]`` (``["nothing"]`` when empty)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    if not counts:
        return [render("planet.word.nothing", {})]
    return [several(n, name) for name, n in counts.items()]


def _place(game: PlanetGame, seg: int, said: str) -> str:
    """Segment ``seg`` in a sentence ("the Core", "Exit S0", "the Bonfire (S1)");
    ``said``: how the action's English description named it."""
    if seg == CORE:
        return render("planet.place.core")
    segment = f"S{seg}"
    if seg % 2 == 0:
        return render("planet.place.exit", {"segment": segment})
    english = said.removeprefix("the ").removesuffix(f" ({segment})")
    return render("planet.place.the-lp", {"name": lp_named(game, english), "segment": segment})


def _places(game: PlanetGame, src: int, dst: int, said: str) -> tuple[str, str]:
    got = _FROM_TO.search(said)
    words = (got.group(1), got.group(2)) if got else ("", "")
    return _place(game, src, words[0]), _place(game, dst, words[1])


def _effect(
    game: PlanetGame, action: Any, said: str, viewer: int | None, names: Sequence[str]
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
        src, dst = _places(game, action.src, action.dst, said)
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
    game: PlanetGame, action: Any, said: str, viewer: int | None, names: Sequence[str]
) -> tuple[str, dict[str, Any]]:
    """The template id and parameters (besides ``who``) telling ``action``."""
    if isinstance(action, A.Move):
        src, dst = _places(game, action.src, action.dst, said)
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
    return "card", {"card": card, "effect": _effect(game, action, said, viewer, names)}


def narrate_action(game: PlanetGame, event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """The ``action`` event as one sentence for ``viewer``."""
    seen: Mapping[str, Any] | None = event.seen_by(viewer)
    if seen is None:
        return ""
    who = int(seen["who"])
    said = str(seen.get("said", ""))
    try:
        action = A.parse(str(seen["action"]))
    except (IllegalAction, KeyError):
        return narrate_event(Event("planet.act.other", {"who": who, "said": said}), viewer, names)
    what, params = _params(game, action, said, viewer, names)
    return narrate_event(Event(f"planet.act.{what}", {"who": who, **params}), viewer, names)


def _spot(game: PlanetGame, english: str) -> str:
    """A Moon spot as the rules' events name it ("the Satellite", "Exit S2", "the star")."""
    if english == "the star":
        return render("planet.spot.star")
    got = _EXIT.fullmatch(english)
    if got:
        return render("planet.spot.exit", {"segment": got.group(1)})
    name = english.removeprefix("the ")
    return render("planet.spot.lp", {"name": lp_named(game, name)})


def _local(game: PlanetGame, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """An event's data with its words in the current language."""
    out = dict(data)
    for name, lp in (("name", "lp"), ("new_name", "new")):
        if isinstance(out.get(name), str) and isinstance(out.get(lp), str):
            out[name] = lp_name(out[lp], out[name])
    cards, codes = out.get("cards"), out.get("codes")
    if isinstance(cards, list) and isinstance(codes, list) and len(cards) == len(codes):
        out["cards"] = [
            content_text(card_code(c), str(n)) if c in CODES else n
            for c, n in zip(codes, cards, strict=True)
        ]
    if isinstance(out.get("spot_name"), str):
        out["spot_name"] = _spot(game, out["spot_name"])
    if out.get("phase") in PHASE_NAMES:
        out["phase"] = render(f"planet.phase.{out['phase']}")
    if "n" in out:
        if kind in _DAYS and isinstance(out.get("days_left"), int):
            out["n"] = count_of_days(out["days_left"])
        elif isinstance(out.get("count"), int):
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
