"""Friendly sentences for planet actions (for the terminal and the browser)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action
from liftoff.engine.events import seat_name

from . import actions as A
from .cards import CODES, KIND_OF, TOKENS

if TYPE_CHECKING:
    from .state import PlanetState

_PLACE = {-1: "the Core", 0: "Exit S0", 2: "Exit S2", 4: "Exit S4", 6: "Exit S6"}


def _place(state: PlanetState, seg: int) -> str:
    if seg in _PLACE:
        return _PLACE[seg]
    return f"{state.lp_at(seg // 2).name} (S{seg})"


def _lp(state: PlanetState, lp: str) -> str:
    """The printed name of Lift Off Point ``lp`` (on the board or in the box)."""
    spec = state.cfg.lps.get(lp)
    return spec.name if spec is not None else lp


def _card(state: PlanetState, token: str) -> str:
    """A card or payment token by its printed name ("Wild as Screw")."""
    names: tuple[str, ...] = getattr(state.game, "card_names", CODES)
    if token in KIND_OF:
        return names[KIND_OF[token]]
    if token in TOKENS:  # a Wild paid as Fuel or as Screw
        return f"{names[TOKENS[token][0]]} as {names[KIND_OF[token[-1]]]}"
    return token


def _next_moon(state: PlanetState) -> str:
    """Where the Moon goes at the end of the turn ("over the Satellite")."""
    spots = state.cfg.spots
    spot = spots[(state.moon + 1) % len(spots)]
    if spot.startswith("slot"):
        return f"over the {state.lp_at(int(spot[4:]) - 1).name}"
    if spot.startswith("exit"):
        return f"over Exit S{2 * int(spot[4:])}"
    return "onto the star (a new day)"


def _whose(player: int, owner: int) -> str:
    """ "your" or "Player 2's" (descriptions have no names; never a seat id)."""
    return "your" if owner == player else f"{seat_name(owner, None, ())}'s"


def describe(state: PlanetState, player: int, action: Action) -> str:
    """A sentence a player understands, e.g. 'Move an Alien from the Core to Exit S0'."""
    if isinstance(action, A.Move):
        return f"Move an Alien from {_place(state, action.src)} to {_place(state, action.dst)}"
    if isinstance(action, A.Board):
        pay = " + ".join(_card(state, t) for t in action.pay) or "nothing"
        return f"Board the {_lp(state, action.lp)} paying {pay}"
    if isinstance(action, A.Pay):
        return f"Pay {_card(state, action.token)} into the {_lp(state, action.lp)}"
    if isinstance(action, A.Roll):
        token, lp = _card(state, action.token), _lp(state, action.lp)
        return f"Pay {token} and roll the Lift Off die at the {lp}"
    if isinstance(action, A.Abandon):
        return f"Take your Alien off the {_lp(state, action.lp)} Launch Platform (1 move)"
    if isinstance(action, A.PlayMoon):
        way = "counter-clockwise" if action.direction == "ccw" else "clockwise"
        return f"Play Move the Moon!: the Moon goes one spot {way}"
    if isinstance(action, A.PlaySimple):
        return {
            "supernova": "Play Supernova!: every Lift Off Point is at Full Moon this turn",
            "asteroids": "Play Asteroids!: every Lift Off Point is at New Moon this turn",
            "tornado": "Play Tornado!: every unboarded Alien returns to the Core",
            "storm": "Play Electric Storm!: every player discards their hand",
        }[action.card]
    if isinstance(action, A.PlayMya):
        whose = _whose(player, action.owner)
        return (
            f"Play Move Your Alien!: move {whose} Alien from {_place(state, action.src)} "
            f"to {_place(state, action.dst)}"
        )
    if isinstance(action, A.PlayMyaOff):
        whose = _whose(player, action.owner)
        return f"Play Move Your Alien!: take {whose} Alien off the {_lp(state, action.lp)}"
    if isinstance(action, A.PlayTerraform):
        new = f"the {_lp(state, action.new)}" if action.new else "a random Lift Off Point"
        return f"Play Terraform!: replace the {_lp(state, action.lp)} with {new}"
    if isinstance(action, A.PlayGarglore):
        where = "its lava pool" if action.target == "pool" else f"the {_lp(state, action.target)}"
        return f"Play Garglore!: send the Garglore to {where}"
    if isinstance(action, A.Trade):
        return f"Trade {_card(state, action.a)} and {_card(state, action.b)} for one new card"
    if isinstance(action, A.End):
        return f"End your turn: the Moon moves {_next_moon(state)}"
    if isinstance(action, A.Pledge):
        return f"Offer {action.fuel} Fuel and {action.wild} Wild for the Teleport"
    if isinstance(action, A.Pass):
        return "Play no Action card now"
    return str(action)
