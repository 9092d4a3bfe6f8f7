"""Decisions inside a step: the per-player queue ``state.pend[p]``.

An item is ``["spec", card, actions left, actions done]`` (the actions of a
played specialist), ``["order", missions]`` (which launched mission's effects
come next) or ``["fx", card, action, effect]`` (one effect to resolve, with a
choice where it offers one). Effects resolve at once and in order (AG-MEF-2,
AG-SPEC-13); items that need no decision settle by themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from liftoff.engine import Action
from liftoff.engine.messages import render, text

from . import effects as fx
from . import events as ev
from .actions import (
    DONE,
    SYM_BONUS,
    ChooseStation,
    ChooseTech,
    ChooseUpgrade,
    DoAction,
    Done,
    Resolve,
)
from .content import COLOURS
from .scoring import GREEN, score, score_per
from .setup import EMPTY

if TYPE_CHECKING:
    from .state import AgencyState


def pending_actions(s: AgencyState, p: int) -> list[Action]:
    head = s.pend[p][0]
    kind = head[0]
    if kind == "spec":
        out: list[Action] = [DoAction(i) for i in head[2] if action_possible(s, p, head[1], i - 1)]
        if head[3] >= 1:
            out.append(DONE)
        return out
    if kind == "order":
        return [Resolve(m) for m in head[1]]
    return effect_choices(s, p, effect_of(s, head))


def effect_of(s: AgencyState, item: list[Any]) -> fx.AnyEffect:
    card: str = item[1]
    ai: int = item[2]
    ei: int = item[3]
    e: fx.AnyEffect
    if card[0] == "S":
        e = s.content.spec[card].actions[ai].effects[ei]
    else:
        e = s.content.mission[card].effects[ei]
    return e


def effect_choices(s: AgencyState, p: int, e: fx.AnyEffect) -> list[Action]:
    """The choices an effect offers now (empty: nothing to choose)."""
    if isinstance(e, fx.Tech):
        return [ChooseTech(c) for c in e.colours if s.supply[COLOURS.index(c)] > 0]
    if isinstance(e, fx.Upgrade):
        top = s.content.board.board.upgrades_per_kind
        out: list[Action] = []
        for kind in e.options:
            have = s.upc[p] if kind == "capacity" else s.upp[p]
            if have < top:
                out.append(ChooseUpgrade(kind))
        return out
    if isinstance(e, fx.Station):
        if s.station_count(p) >= s.content.board.board.station_rockets:
            return []
        free: list[Action] = [ChooseStation(i + 1) for i, x in enumerate(s.track) if x == EMPTY]
        return free or [ChooseStation(0)]
    return []


def effect_possible(s: AgencyState, p: int, e: fx.AnyEffect) -> bool:
    b = s.content.board.board
    if isinstance(e, fx.Tech | fx.Upgrade | fx.Station):
        return bool(effect_choices(s, p, e))
    if isinstance(e, fx.Lab):
        return s.lab[p] < 4
    if isinstance(e, fx.Income):
        return s.inc[p] < len(b.income_track) - 1
    return True


def action_possible(s: AgencyState, p: int, sid: str, ai: int) -> bool:
    act = s.content.spec[sid].actions[ai]
    if act.cost > s.money[p]:
        return False
    return any(effect_possible(s, p, e) for e in act.effects)


def any_action_possible(s: AgencyState, p: int, sid: str) -> bool:
    spec = s.content.spec[sid]
    extra = 3 if spec.banner.kind == "money" else 0  # the banner comes first
    s.money[p] += extra
    try:
        return any(action_possible(s, p, sid, i) for i in range(len(spec.actions)))
    finally:
        s.money[p] -= extra


def apply_pending(s: AgencyState, p: int, action: Action) -> None:
    queue = s.pend[p]
    head = queue[0]
    if isinstance(action, DoAction):
        sid = head[1]
        ai = action.index - 1
        act = s.content.spec[sid].actions[ai]
        s.money[p] -= act.cost
        if s._events is not None:
            ev.use_action(s, p, sid, action.index, act.cost)
        head[2] = [i for i in head[2] if i != action.index]
        head[3] += 1
        queue[0:0] = [["fx", sid, ai, ei] for ei in range(len(act.effects))]
    elif isinstance(action, Done):
        queue.pop(0)
    elif isinstance(action, Resolve):
        head[1] = [m for m in head[1] if m != action.card]
        if not head[1]:
            queue.pop(0)
        push_mission_effects(s, p, action.card)
    else:
        queue.pop(0)
        resolve(s, p, effect_of(s, head), head[1], action)


def push_mission_effects(s: AgencyState, p: int, mid: str) -> None:
    m = s.content.mission[mid]
    s.pend[p][0:0] = [["fx", mid, -1, ei] for ei in range(len(m.effects))]


def resolve(s: AgencyState, p: int, e: fx.AnyEffect, card: str, choice: Action | None) -> None:
    """Apply one effect (AG-MEF-2, AG-SPEC-13); ``choice`` settles a choice."""
    b = s.content.board.board
    source = "actions" if card[0] == "S" else "effects"
    before = ev.snapshot(s, p) if s._events is not None else None
    if isinstance(e, fx.Money):
        s.money[p] += e.amount
    elif isinstance(e, fx.Points):
        score(s, p, e.amount, source)
    elif isinstance(e, fx.Income):
        s.inc[p] = min(len(b.income_track) - 1, s.inc[p] + e.amount)
    elif isinstance(e, fx.Tech):
        assert isinstance(choice, ChooseTech)
        c = COLOURS.index(choice.colour)
        k = min(e.count, s.supply[c])
        s.supply[c] -= k
        s.tech[p][c] += k
    elif isinstance(e, fx.Upgrade):
        assert isinstance(choice, ChooseUpgrade)
        top = b.upgrades_per_kind
        if choice.kind == "capacity":
            s.upc[p] = min(top, s.upc[p] + e.count)
        else:
            s.upp[p] = min(top, s.upp[p] + e.count)
    elif isinstance(e, fx.Lab):
        s.lab[p] = min(4, s.lab[p] + e.amount)
    elif isinstance(e, fx.Station):
        assert isinstance(choice, ChooseStation)
        invest(s, p, choice.space)
    elif isinstance(e, fx.Capacity):
        s.boosts[p].append(e.amount)
    elif isinstance(e, fx.Discount):
        s.disc[p] += e.amount
    elif isinstance(e, fx.Launch):
        s.sym[p][SYM_BONUS] += e.amount
    elif isinstance(e, fx.ExtraMission):
        s.xdraw[p] += e.amount
    elif isinstance(e, fx.ScorePer):
        score(s, p, score_per(s, p, e), source)
    if before is not None:
        ev.effect(s, p, e, card, before, choice.space if isinstance(choice, ChooseStation) else 0)


def invest(s: AgencyState, p: int, space: int) -> None:
    """AG-STA-1/2, AG-GAP-6: a rocket on a free space scores it and its bonus;
    beside the track it only counts as an investment."""
    b = s.content.board.board
    if space == 0:
        s.beside[p] += 1
        return
    s.track[space - 1] = p
    spot = b.station[space - 1]
    score(s, p, spot.vp, "station")
    if spot.bonus == "income":
        s.inc[p] = min(len(b.income_track) - 1, s.inc[p] + 1)
    elif s.supply[GREEN] > 0:
        s.supply[GREEN] -= 1
        s.tech[p][GREEN] += 1


def settle(s: AgencyState, p: int) -> None:
    """Resolve queued items that need no decision."""
    queue = s.pend[p]
    while queue:
        head = queue[0]
        kind = head[0]
        if kind == "spec":
            possible = [i for i in head[2] if action_possible(s, p, head[1], i - 1)]
            if possible:
                return
            queue.pop(0)
        elif kind == "order":
            if len(head[1]) > 1:
                return
            queue.pop(0)
            for m in head[1]:
                push_mission_effects(s, p, m)
        else:
            e = effect_of(s, head)
            choices = effect_choices(s, p, e)
            if len(choices) > 1:
                return
            queue.pop(0)
            if isinstance(e, fx.Tech | fx.Upgrade | fx.Station):
                if choices:
                    resolve(s, p, e, head[1], choices[0])
            else:
                resolve(s, p, e, head[1], None)


def pending_text(s: AgencyState, p: int) -> str:
    """What player ``p`` is deciding, in words (a refusal's ``pending``; views
    carry :func:`pending_ids`)."""
    if not s.pend[p]:
        return ""
    head = s.pend[p][0]
    if head[0] == "spec":
        return render("agency.pending.actions", {"card": head[1]})
    if head[0] == "order":
        return text("agency.pending.order")
    return render(
        "agency.pending.effect", {"effect": fx.describe(effect_of(s, head)), "card": head[1]}
    )


def pending_ids(s: AgencyState, p: int) -> dict[str, str | int] | None:
    """What player ``p`` is deciding inside a step, as ids (for views; ``None``:
    nothing): ``kind`` ``actions`` (a played specialist's, ``card``), ``order``
    (which launched mission's effects come next) or ``effect`` (effect number
    ``effect`` of ``card``'s action ``action``, 0-based)."""
    if not s.pend[p]:
        return None
    head = s.pend[p][0]
    if head[0] == "spec":
        return {"kind": "actions", "card": str(head[1])}
    if head[0] == "order":
        return {"kind": "order"}
    return {"kind": "effect", "card": str(head[1]), "action": head[2], "effect": head[3]}
