"""Why an action is illegal in the race game: every refusal names its rule,
a message id (words in :mod:`.text`) and the message's parameters; card names
among them are :class:`~liftoff.engine.messages.Said` values (English, said in the reader's
language when a front end renders the refusal again)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action, IllegalAction
from liftoff.engine.messages import SeatNumber

from . import cards as C
from .actions import Discard, Pay, Place, Steal, Under
from .phases import LOADING, PAY2, STEAL_CHOICE
from .words import card_word, text_word

if TYPE_CHECKING:
    from .state import RaceState


def _seat(seat: int) -> SeatNumber | int:
    """A seat as a refusal's parameter, said by name (-1, nobody, as it is)."""
    return SeatNumber(seat) if seat >= 0 else seat


def explain(state: RaceState, player: int, action: Action) -> IllegalAction:
    """The refusal for ``action`` by ``player``, known not to be legal in ``state``."""
    if state.phase == LOADING:
        return _loading(state, player, action)
    return _resolving(state, player, action)


def _resolving(state: RaceState, player: int, action: Action) -> IllegalAction:
    """Refusals after Stop: loading actions, someone else's choice, a wrong choice."""
    text = str(action)
    if isinstance(action, Place | Under | Discard):
        return IllegalAction.of(
            "race.stop.loading-over", "RC-STOP-3", player, text, caller=_seat(state.stop_player)
        )
    if state.pending is None or player != state.pending_player():
        rule = "RC-THEFT-7" if isinstance(action, Steal) else "RC-RED-4"
        return IllegalAction.of(
            "race.choice.not-yours", rule, player, text, chooser=_seat(state.pending_player())
        )
    kind, planet, _, _ = state.pending
    if kind == STEAL_CHOICE:
        if isinstance(action, Pay):
            return IllegalAction.of("race.theft.choose-card", "RC-THEFT-7", player, text)
        return IllegalAction.of(
            "race.theft.nothing-to-take", "RC-THEFT-6", player, text, planet=planet + 1
        )
    if isinstance(action, Steal):
        return IllegalAction.of("race.pay.choose-sources", "RC-RED-4", player, text)
    assert isinstance(action, Pay)
    need = 2 if kind == PAY2 else 1
    if len(action.sources) != need:
        if need == 2:
            return IllegalAction.of("race.pay.two-units", "RC-TERRA-1", player, text, need=need)
        return IllegalAction.of("race.pay.one-unit", "RC-ORE-1", player, text, need=need)
    if action.sources == (C.SOLAR, C.SOLAR):
        return IllegalAction.of("race.pay.solar-twice", "RC-SOLAR-2", player, text)
    return IllegalAction.of("race.pay.no-sources", "RC-RED-4", player, text)


def _loading(state: RaceState, player: int, action: Action) -> IllegalAction:
    """Refusals while loading: a choice, a planet that is not there or not yours,
    or a card that may not follow the row's last card (RC-PLACE-3..5)."""
    text = str(action)
    if not isinstance(action, Place | Under | Discard):
        return IllegalAction.of("race.play.loading-only", "RC-PLAY-5", player, text)
    assert isinstance(action, Place)
    i = action.planet - 1
    if i >= len(state.planets):
        return IllegalAction.of(
            "race.place.no-planet",
            "RC-SETUP-7",
            player,
            text,
            planet=action.planet,
            planets=len(state.planets),
        )
    side = state.side_of[player][i]
    if side < 0:
        yours = [j + 1 for j, s in enumerate(state.side_of[player]) if s >= 0]
        return IllegalAction.of(
            "race.place.not-adjacent",
            "RC-SETUP-7",
            player,
            text,
            planet=action.planet,
            yours=yours,
            yours_text=", ".join(str(j) for j in yours),
        )
    card = state.stacks[player][0]
    row = state.rows[2 * i + side]
    kind = C.KIND[card]
    name = card_word(kind)  # said in the reader's language whenever rendered
    if C.COLOUR[card] == C.RED:
        return IllegalAction.of(
            "race.place.red-start", "RC-PLACE-3", player, text, card=name, kind=C.CODES[kind]
        )
    if kind == C.LIFTOFF:
        return IllegalAction.of(
            "race.place.second-liftoff", "RC-PLACE-4", player, text, planet=action.planet
        )
    last = card_word(C.KIND[row[-1]]) if row else text_word("race.word.nothing")
    return IllegalAction.of(
        "race.place.blue-after-liftoff",
        "RC-PLACE-5",
        player,
        text,
        planet=action.planet,
        card=name,
        kind=C.CODES[kind],
        last=last,
    )
