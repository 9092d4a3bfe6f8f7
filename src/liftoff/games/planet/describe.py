"""Friendly sentences for planet actions (for the terminal and the browser), in
the current language (``planet.describe.*`` in :mod:`.text`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from liftoff.engine import Action
from liftoff.engine.events import seat_name
from liftoff.engine.messages import ENGLISH, language, render

from . import actions as A
from . import text as _text  # noqa: F401  (registers the descriptions' words)
from .actions import CORE
from .words import card_name, lp_name, plus, token_name

if TYPE_CHECKING:
    from .config import PlanetConfig
    from .game import PlanetGame
    from .state import PlanetState


def place(state: PlanetState, seg: int) -> str:
    """A place of the board: "the Core", "Exit S0" or "Satellite (S3)"."""
    if seg == CORE:
        return render("planet.place.core")
    segment = f"S{seg}"
    if seg % 2 == 0:
        return render("planet.place.exit", {"segment": segment})
    lp = state.lp_at(seg // 2)
    return render("planet.place.lp", {"name": lp_name(lp.id, lp.name), "segment": segment})


def _lp(state: PlanetState, lp: str) -> str:
    """The name of Lift Off Point ``lp`` (on the board or in the box)."""
    spec = state.cfg.lps.get(lp)
    return lp_name(lp, spec.name) if spec is not None else lp


def _game(state: PlanetState) -> PlanetGame:
    return cast("PlanetGame", state.game)


def _card(state: PlanetState, token: str) -> str:
    """A card or payment token by its name ("Wild as Screw")."""
    return token_name(_game(state), token)


def _end(state: PlanetState) -> str:
    """Ending the turn, and where the Moon goes then ("over the Satellite")."""
    spots = state.cfg.spots
    spot = spots[(state.moon + 1) % len(spots)]
    if spot.startswith("slot"):
        lp = state.lp_at(int(spot[4:]) - 1)
        return render("planet.describe.end-lp", {"name": lp_name(lp.id, lp.name)})
    if spot.startswith("exit"):
        return render("planet.describe.end-exit", {"segment": f"S{2 * int(spot[4:])}"})
    return render("planet.describe.end-star")


def _whose(player: int, owner: int) -> str:
    """ "your" or "Player 2's" (descriptions have no names; never a seat id)."""
    if owner == player:
        return render("planet.word.your")
    return render("planet.word.whose", {"name": seat_name(owner, None, ())})


def _effect(state: PlanetState, player: int, action: Action) -> tuple[str, str, dict[str, Any]]:
    """The card an Action-card play plays, its effect's id and parameters."""
    if isinstance(action, A.PlayMoon):
        return "moon", f"moon-{action.direction}", {}
    if isinstance(action, A.PlaySimple):
        return action.card, action.card, {}
    if isinstance(action, A.PlayMya):
        whose = _whose(player, action.owner)
        src, dst = place(state, action.src), place(state, action.dst)
        return "mya", "mya", {"whose": whose, "src": src, "dst": dst}
    if isinstance(action, A.PlayMyaOff):
        whose = _whose(player, action.owner)
        return "mya", "mya-off", {"whose": whose, "name": _lp(state, action.lp)}
    if isinstance(action, A.PlayTerraform):
        params = {"name": _lp(state, action.lp)}
        if not action.new:
            return "terraform", "terraform-random", params
        return "terraform", "terraform", {**params, "new_name": _lp(state, action.new)}
    assert isinstance(action, A.PlayGarglore)
    if action.target == "pool":
        return "garglore", "garglore-pool", {}
    return "garglore", "garglore", {"name": _lp(state, action.target)}


_PLAYS = (A.PlayMoon, A.PlaySimple, A.PlayMya, A.PlayMyaOff, A.PlayTerraform, A.PlayGarglore)


def describe(state: PlanetState, player: int, action: Action) -> str:
    """A sentence a player understands, e.g. 'Move an Alien from the Core to Exit S0'."""
    if isinstance(action, A.Move):
        src, dst = place(state, action.src), place(state, action.dst)
        return render("planet.describe.move", {"src": src, "dst": dst})
    if isinstance(action, A.Board):
        pay = plus([_card(state, t) for t in action.pay]) or render("planet.word.nothing")
        return render("planet.describe.board", {"name": _lp(state, action.lp), "pay": pay})
    if isinstance(action, A.Pay | A.Roll):
        what = "pay" if isinstance(action, A.Pay) else "roll"
        params = {"token": _card(state, action.token), "name": _lp(state, action.lp)}
        return render(f"planet.describe.{what}", params)
    if isinstance(action, A.Abandon):
        return render("planet.describe.abandon", {"name": _lp(state, action.lp)})
    if isinstance(action, _PLAYS):
        code, effect, params = _effect(state, player, action)
        card = card_name(_game(state), code)
        said = render(f"planet.describe.{effect}", params)
        return render("planet.describe.card", {"card": card, "effect": said})
    if isinstance(action, A.Trade):
        a, b = _card(state, action.a), _card(state, action.b)
        return render("planet.describe.trade", {"a": a, "b": b})
    if isinstance(action, A.End):
        return _end(state)
    if isinstance(action, A.Pledge):
        return render("planet.describe.pledge", {"fuel": action.fuel, "wild": action.wild})
    if isinstance(action, A.Pass):
        return render("planet.describe.pass")
    return str(action)


#: memoised English sentences, by config id: (config, game, sentences); bounded
_SAID: dict[int, tuple[PlanetConfig, PlanetGame, dict[tuple[Any, ...], str]]] = {}
_SAID_CONFIGS, _SAID_PER_CONFIG = 64, 100_000


def _lp_on(state: PlanetState, seg: int) -> str:
    """The Lift Off Point a :func:`place` names on segment ``seg`` ("" for none)."""
    return state.slots[seg // 2] if seg != CORE and seg % 2 else ""


def _said_key(state: PlanetState, player: int, action: Action) -> tuple[Any, ...]:
    """What :func:`describe` reads of the state besides its config and game."""
    kind = type(action)
    if kind is A.Move or kind is A.PlayMya:
        assert isinstance(action, A.Move | A.PlayMya)
        return (player, action, _lp_on(state, action.src), _lp_on(state, action.dst))
    if kind is A.End:
        return (player, action, state.moon, *state.slots)
    return (player, action)


def said(state: PlanetState, player: int, action: Action) -> str:
    """:func:`describe`, memoised in English: a sentence depends only on the game,
    its config, the player, the action and what :func:`_said_key` reads (the Lift
    Off Points it names, the Moon's next spot)."""
    if language() != ENGLISH:
        return describe(state, player, action)
    cfg, game = state.cfg, _game(state)
    held = _SAID.get(id(cfg))
    if held is None or held[0] is not cfg or held[1] is not game or len(held[2]) > _SAID_PER_CONFIG:
        if len(_SAID) >= _SAID_CONFIGS:
            _SAID.clear()
        held = _SAID[id(cfg)] = (cfg, game, {})
    key = _said_key(state, player, action)
    got = held[2].get(key)
    if got is None:
        got = held[2][key] = describe(state, player, action)
    return got
