"""Planet's actions told as sentences ("Bea moves an Alien from the Core to Exit S0").

The engine's ``action`` event carries the action's text and its description
(made on the state the action was chosen on); this module reads the action
back and renders a ``planet.act.<what>`` template from :mod:`.text`, with the
players' names and no action syntax.
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
from .cards import CODES, KIND_OF, TOKENS

if TYPE_CHECKING:
    from .game import PlanetGame

_FROM_TO = re.compile(r"from (.+) to (.+)$")


def _token_name(game: PlanetGame, token: str) -> str:
    name = game.card_names[TOKENS[token][0]]
    if "=" in token:  # a Wild paid as Fuel or as Screw
        return f"{name} as {game.card_names[KIND_OF[token[-1]]]}"
    return name


def _grouped(names: list[str]) -> list[str]:
    """``["Fuel", "Fuel", "Screw"]`` → ``["2 Fuel", "Screw"]`` (``["nothing"]`` when empty)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    if not counts:
        return [render("planet.word.nothing", {})]
    return [name if n == 1 else f"{n} {name}" for name, n in counts.items()]


def _lp_name(game: PlanetGame, lp: str) -> str:
    return game.lp_names.get(lp, lp)


def _the(place: str) -> str:
    return place if place.startswith(("the ", "Exit ")) else "the " + place


def _places(said: str) -> tuple[str, str]:
    got = _FROM_TO.search(said)
    return (_the(got.group(1)), _the(got.group(2))) if got else ("", "")


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
            name = _lp_name(game, action.lp)
            return render("planet.effect.mya-off", {"whose": whose, "name": name})
        src, dst = _places(said)
        return render("planet.effect.mya", {"whose": whose, "src": src, "dst": dst})
    if isinstance(action, A.PlayTerraform):
        params = {"name": _lp_name(game, action.lp), "new_name": _lp_name(game, action.new)}
        code = "planet.effect.terraform" if action.new else "planet.effect.terraform-random"
        return render(code, params)
    assert isinstance(action, A.PlayGarglore)
    if action.target == "pool":
        return render("planet.effect.garglore-pool", {})
    return render("planet.effect.garglore", {"name": _lp_name(game, action.target)})


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
        src, dst = _places(said)
        return "move", {"src": src, "dst": dst}
    if isinstance(action, A.Board):
        pay = _grouped([_token_name(game, t) for t in action.pay])
        return "board", {"name": _lp_name(game, action.lp), "pay": pay}
    if isinstance(action, A.Pay | A.Roll):
        verb = "pay" if isinstance(action, A.Pay) else "roll"
        return verb, {"name": _lp_name(game, action.lp), "token": _token_name(game, action.token)}
    if isinstance(action, A.Abandon):
        return "abandon", {"name": _lp_name(game, action.lp)}
    if isinstance(action, A.Trade):
        a, b = (game.card_names[KIND_OF[c]] for c in (action.a, action.b))
        return "trade", {"a": a, "b": b}
    if isinstance(action, A.End):
        return "end", {}
    if isinstance(action, A.Pledge):
        count = action.fuel + action.wild
        return ("pledge" if count else "pledge-none"), {"count": count}
    if isinstance(action, A.Pass):
        return "pass", {}
    code = action.card if isinstance(action, A.PlaySimple) else _CARD_OF[type(action)]
    card = game.card_names[CODES.index(code)]
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
