"""Friendly sentences for planet actions (for the terminal and the browser), in
the current language (``planet.describe.*`` in the game's ``text``), from the
ids and numbers of ``Game.describe_action``'s message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from liftoff.engine import Action
from liftoff.engine.events import seat_name
from liftoff.engine.messages import render
from liftoff.games.planet import actions as A
from liftoff.games.planet import text as _text  # noqa: F401  (registers the descriptions' words)
from liftoff.games.planet.actions import CORE
from liftoff.games.planet.words import card_name, game_lp_name, plus, token_name

if TYPE_CHECKING:
    from liftoff.games.planet.game import PlanetGame


def place(game: PlanetGame, seg: int, lp: str, said: str = "planet.place.lp") -> str:
    """A place of the board: "the Core", "Exit S0" or "Satellite (S3)" (``lp``:
    the id of the Lift Off Point on segment ``seg``; ``said``: the message of a
    Lift Off Point, e.g. ``planet.place.the-lp`` in a sentence)."""
    if seg == CORE:
        return render("planet.place.core")
    segment = f"S{seg}"
    if seg % 2 == 0 or not lp:
        return render("planet.place.exit", {"segment": segment})
    return render(said, {"name": game_lp_name(game, lp), "segment": segment})


def _lp(game: PlanetGame, lp: str) -> str:
    """The name of Lift Off Point ``lp`` (on the board or in the box)."""
    return game_lp_name(game, lp)


def _card(game: PlanetGame, token: str) -> str:
    """A card or payment token by its name ("Wild as Screw")."""
    return token_name(game, token)


def _end(game: PlanetGame, facts: Mapping[str, Any]) -> str:
    """Ending the turn, and where the Moon goes then ("over the Satellite")."""
    spot = str(facts.get("spot", ""))
    if spot.startswith("slot"):
        return render("planet.describe.end-lp", {"name": _lp(game, str(facts["spot_lp"]))})
    if spot.startswith("exit"):
        return render("planet.describe.end-exit", {"segment": f"S{2 * int(spot[4:])}"})
    return render("planet.describe.end-star")


def _whose(player: int, owner: int) -> str:
    """ "your" or "Player 2's" (descriptions have no names; never a seat id)."""
    if owner == player:
        return render("planet.word.your")
    return render("planet.word.whose", {"name": seat_name(owner, None, ())})


def _effect(
    game: PlanetGame, player: int, action: Action, facts: Mapping[str, Any]
) -> tuple[str, str, dict[str, Any]]:
    """The card an Action-card play plays, its effect's id and parameters."""
    if isinstance(action, A.PlayMoon):
        return "moon", f"moon-{action.direction}", {}
    if isinstance(action, A.PlaySimple):
        return action.card, action.card, {}
    if isinstance(action, A.PlayMya):
        whose = _whose(player, action.owner)
        src = place(game, action.src, str(facts.get("src_lp", "")))
        dst = place(game, action.dst, str(facts.get("dst_lp", "")))
        return "mya", "mya", {"whose": whose, "src": src, "dst": dst}
    if isinstance(action, A.PlayMyaOff):
        whose = _whose(player, action.owner)
        return "mya", "mya-off", {"whose": whose, "name": _lp(game, action.lp)}
    if isinstance(action, A.PlayTerraform):
        params = {"name": _lp(game, action.lp)}
        if not action.new:
            return "terraform", "terraform-random", params
        return "terraform", "terraform", {**params, "new_name": _lp(game, action.new)}
    assert isinstance(action, A.PlayGarglore)
    if action.target == "pool":
        return "garglore", "garglore-pool", {}
    return "garglore", "garglore", {"name": _lp(game, action.target)}


_PLAYS = (A.PlayMoon, A.PlaySimple, A.PlayMya, A.PlayMyaOff, A.PlayTerraform, A.PlayGarglore)


def describe(game: PlanetGame, player: int, action: Action, facts: Mapping[str, Any]) -> str:
    """A sentence a player understands, e.g. 'Move an Alien from the Core to Exit S0',
    from the facts of ``Game.describe_action`` (``liftoff.games.planet.facts``)."""
    if isinstance(action, A.Move):
        src = place(game, action.src, str(facts.get("src_lp", "")))
        dst = place(game, action.dst, str(facts.get("dst_lp", "")))
        return render("planet.describe.move", {"src": src, "dst": dst})
    if isinstance(action, A.Board):
        pay = plus([_card(game, t) for t in action.pay]) or render("planet.word.nothing")
        return render("planet.describe.board", {"name": _lp(game, action.lp), "pay": pay})
    if isinstance(action, A.Pay | A.Roll):
        what = "pay" if isinstance(action, A.Pay) else "roll"
        params = {"token": _card(game, action.token), "name": _lp(game, action.lp)}
        return render(f"planet.describe.{what}", params)
    if isinstance(action, A.Abandon):
        return render("planet.describe.abandon", {"name": _lp(game, action.lp)})
    if isinstance(action, _PLAYS):
        code, effect, params = _effect(game, player, action, facts)
        card = card_name(game, code)
        said = render(f"planet.describe.{effect}", params)
        return render("planet.describe.card", {"card": card, "effect": said})
    if isinstance(action, A.Trade):
        a, b = _card(game, action.a), _card(game, action.b)
        return render("planet.describe.trade", {"a": a, "b": b})
    if isinstance(action, A.End):
        return _end(game, facts)
    if isinstance(action, A.Pledge):
        return render("planet.describe.pledge", {"fuel": action.fuel, "wild": action.wild})
    if isinstance(action, A.Pass):
        return render("planet.describe.pass")
    return str(action)
