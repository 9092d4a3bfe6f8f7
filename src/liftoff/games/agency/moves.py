"""The moves a player makes outside the launch: draft picks, the draft
direction, playing a specialist, drawing and taking missions, selling
objectives and ``done`` (AG-DRAFT, AG-SPEC-4 ... AG-SPEC-12, AG-MIS, AG-PH2-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action

from . import events as ev
from .actions import SYM_EXTRA, Direction, Done, Draw, Keep, Launch, Play, Sell, Take
from .launch import launch
from .pending import apply_pending
from .scoring import score

if TYPE_CHECKING:
    from .state import AgencyState


def apply(s: AgencyState, p: int, action: Action) -> None:
    """Carry out the legal ``action`` of player ``p`` (the automaton then moves on)."""
    if s.pend[p]:
        apply_pending(s, p, action)
    elif isinstance(action, Keep):
        if s._events is not None:
            ev.keep(s, p, action.cards)
        if s.step == "obj_draft":
            s.okept[p] = list(action.cards)
        else:
            s.kept[p] = list(action.cards)
    elif isinstance(action, Direction):
        s.dirn = 1 if action.side == "left" else -1
        s.step = "spec_draft"
        s.part = 1
        s.kept = [None] * s.n
    elif isinstance(action, Play):
        play(s, p, action)
    elif isinstance(action, Draw):
        draw_missions(s, p, action.level)
    elif isinstance(action, Take):
        s.drawn[p].remove(action.card)
        s.earth[p].append(action.card)
        s.took[p] += 1
        if s._events is not None:
            ev.take(s, p, action.card)
    elif isinstance(action, Launch):
        if s._events is None:
            launch(s, p, action)
        else:
            before = ev.snapshot(s, p)
            launch(s, p, action)
            ev.launch(s, p, action, before)
    elif isinstance(action, Sell):
        s.objs[p].remove(action.card)
        s.obox.append(action.card)
        s.money[p] += s.content.board.board.objective_sale
        s.sold[p] += 1
        if s._events is not None:
            ev.sell(s, p, action.card, s.content.board.board.objective_sale)
    elif isinstance(action, Done):
        if s.step == "mission":
            finish_draw(s, p)
        elif s.step == "launch":
            s.ldone[p] = True
        elif s.step == "sell":
            s.turn += 1


def play(s: AgencyState, p: int, action: Play) -> None:
    """AG-SPEC-4 ... AG-SPEC-12: banner, then actions or 2 money."""
    sid = action.card
    spec = s.content.spec[sid]
    if s._events is not None:
        ev.play(s, p, action)
    s.hand[p].remove(sid)
    s.played[p].append(sid)
    s.nplayed[p] += 1
    banner = spec.banner
    if banner.kind == "money":
        s.money[p] += banner.value
    elif banner.kind == "points":
        score(s, p, banner.value, "banners")
    elif banner.kind == "capacity":
        s.boosts[p].append(banner.value)
    elif banner.kind == "mission":
        s.xdraw[p] += banner.value
    else:
        s.sym[p][SYM_EXTRA] += banner.value
    if action.mode == "money":
        s.money[p] += s.content.board.board.money_instead
    else:
        s.pend[p].append(["spec", sid, list(range(1, len(spec.actions) + 1)), 0])


def draw_one(s: AgencyState, level: int) -> str | None:
    """AG-MIS-4: draw a mission, reshuffling the discard pile when the deck is empty."""
    deck = s.mdeck[level - 1]
    if not deck:
        pile = s.mdisc[level - 1]
        if not pile:
            return None
        deck.extend(pile)
        pile.clear()
        s.rng.shuffle(deck)
        s._emit("agency.ev.reshuffle-missions", {"level": level})
    return deck.pop()


def draw_missions(s: AgencyState, p: int, level: int) -> None:
    """AG-MIS-3, AG-SPEC-11, AG-MIS-6, AG-GAP-11/12."""
    b = s.content.board.board
    drawn = s.drawn[p]
    for _ in range(b.mission_draw + s.xdraw[p]):
        card = draw_one(s, level)
        if card is None:
            break
        drawn.append(card)
    if s._events is not None:
        ev.draw_missions(s, p, level, list(drawn))
    s.took[p] = 0
    if any(s.takeable(p, m) for m in drawn):
        return
    # the redraw rule: one at a time until a card the player may take
    while True:
        card = draw_one(s, level)
        if card is None:
            break
        if s.takeable(p, card):
            s.earth[p].append(card)
            s.took[p] = 1
            if s._events is not None:
                ev.take(s, p, card, "agency.ev.redraw-take")
            break
        drawn.append(card)
        if s._events is not None:
            ev.private_cards(s, "agency.ev.redraw", p, [card], level=level)
    finish_draw(s, p)


def finish_draw(s: AgencyState, p: int) -> None:
    drawn = s.drawn[p]
    if s._events is not None:
        ev.discard_missions(s, p, drawn)
    for card in drawn:
        s.mdisc[int(card[1]) - 1].append(card)
    drawn.clear()
    s.took[p] = -1
    s.turn += 1
