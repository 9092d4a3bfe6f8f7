"""Why an action is illegal: the catalogue rule it breaks, a message id and its
parameters (the English words are in ``text.py``; the words filled into them —
step names, colours, upgrade kinds, launch symbols, card names — are said in
the current language, ``words.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from liftoff.engine import Action, IllegalAction

from . import text as _text  # noqa: F401  (registers the English templates)
from .actions import (
    COLOURS,
    SYMBOLS,
    ChooseStation,
    ChooseTech,
    ChooseUpgrade,
    Direction,
    DoAction,
    Done,
    Draw,
    Keep,
    Launch,
    Play,
    Resolve,
    Sell,
    Take,
)
from .pending import pending_text
from .words import card_name, colour, word
from .words import need as words_need

if TYPE_CHECKING:
    from .state import AgencyState

#: the rule each step breaks (its name for people: ``agency.step-name.<step>``, words.py)
_STEP_RULE = {
    "obj_draft": "AG-FINAL-1",
    "direction": "AG-DRAFT-1",
    "spec_draft": "AG-DRAFT-2",
    "play": "AG-SPEC-1",
    "mission": "AG-MIS-1",
    "launch": "AG-LAU-1",
    "sell": "AG-PH2-3",
    "over": "AG-FIN-5",
}

_ACTION_STEP = {
    Direction: ("direction", "AG-DRAFT-1"),
    Play: ("play", "AG-SPEC-1"),
    Draw: ("mission", "AG-MIS-1"),
    Take: ("mission", "AG-MIS-3"),
    Launch: ("launch", "AG-LAU-1"),
    Sell: ("sell", "AG-PH2-3"),
}


def _err(code: str, rule: str, player: int, action: Action, /, **params: Any) -> IllegalAction:
    return IllegalAction.of(code, rule, player, str(action), **params)


def explain(s: AgencyState, p: int, a: Action) -> IllegalAction:
    """The IllegalAction for ``a`` by ``p`` in ``s`` (``a`` is known not to be legal)."""
    rule = _STEP_RULE.get(s.step, "AG-FLOW-2")
    step = {"step": s.step, "what": word("step-name", s.step)}
    if p not in s.active_players():
        if s.step in ("obj_draft", "spec_draft"):
            rule = "AG-FINAL-1" if s.step == "obj_draft" else "AG-DRAFT-2"
            return _err("agency.turn.already-chosen", rule, p, a, seat=p)
        if s.step == "launch" and s.options.get("simultaneous_launches"):
            return _err("agency.turn.launches-finished", "AG-LAU-12", p, a, seat=p)
        return _err("agency.turn.not-yours", rule, p, a, seat=p, **step)
    if s.pend[p]:
        return _explain_pending(s, p, a)
    if isinstance(a, Done):
        if s.step == "mission":
            return _err("agency.mission.take-one", "AG-MIS-3", p, a)
        return _err("agency.step.done-not-now", rule, p, a, **step)
    for cls, (wanted, r) in _ACTION_STEP.items():
        if isinstance(a, cls) and s.step != wanted:
            return _err("agency.step.not-now", r, p, a, move=str(a), **step)
    if isinstance(a, Keep):
        return _explain_keep(s, p, a)
    if isinstance(a, Play):
        if a.card not in s.hand[p]:
            return _err("agency.play.not-in-hand", "AG-SPEC-1", p, a, card=a.card)
        rule = "AG-MONEY-1" if _too_poor(s, p, a.card) else "AG-SPEC-5"
        return _err("agency.play.no-action", rule, p, a, card=a.card)
    if isinstance(a, Draw):
        return _explain_draw(s, p, a)
    if isinstance(a, Take):
        return _explain_take(s, p, a)
    if isinstance(a, Launch):
        return _explain_launch(s, p, a) or _explain_launch_limits(s, p, a)
    if isinstance(a, Sell):
        return _err("agency.sell.not-yours", "AG-PH2-3", p, a, card=a.card)
    if isinstance(a, Direction):
        return _err("agency.draft.direction-chosen", "AG-DRAFT-1", p, a)
    return _err("agency.step.not-now", rule, p, a, move=str(a), **step)


def _too_poor(s: AgencyState, p: int, sid: str) -> bool:
    spec = s.content.spec[sid]
    extra = 3 if spec.banner.kind == "money" else 0
    return all(act.cost > s.money[p] + extra for act in spec.actions)


def _explain_keep(s: AgencyState, p: int, a: Keep) -> IllegalAction:
    if s.step == "obj_draft":
        hand, rule = s.objs[p], ("AG-FINAL-1" if s.part == 1 else "AG-FINAL-2")
    elif s.step == "spec_draft":
        hand, rule = s.hand[p], ("AG-DRAFT-2" if s.part == 1 else "AG-DRAFT-3")
    else:
        return _err("agency.draft.no-draft", "AG-FLOW-2", p, a)
    if len(a.cards) != s.part:
        return _err("agency.draft.keep-count", rule, p, a, count=s.part)
    missing = [c for c in a.cards if c not in hand]
    if missing:
        return _err("agency.draft.not-held", rule, p, a, cards=", ".join(missing))
    return _err("agency.draft.keep-order", "API-PARSE", p, a)


def _explain_take(s: AgencyState, p: int, a: Take) -> IllegalAction:
    if s.took[p] < 0:
        return _err("agency.mission.draw-first", "AG-MIS-3", p, a)
    if a.card not in s.drawn[p]:
        return _err("agency.mission.not-drawn", "AG-MIS-3", p, a, card=a.card)
    level = int(a.card[1])
    limit = s.content.board.board.missions_per_level
    if s.owned_level(p, level) >= limit:
        return _err("agency.mission.level-full", "AG-MIS-7", p, a, limit=limit, level=level)
    name = card_name(s.content, a.card)
    return _err("agency.mission.own-copy", "AG-MIS-5", p, a, card=a.card, name=name)


def _explain_draw(s: AgencyState, p: int, a: Draw) -> IllegalAction:
    lv = a.level
    if s.took[p] >= 0:
        return _err("agency.draw.already", "AG-MIS-3", p, a)
    if not s.level_available(lv):
        return _err("agency.draw.phase-2", "AG-MIS-2", p, a, level=lv)
    limit = s.content.board.board.missions_per_level
    if s.owned_level(p, lv) >= limit:
        return _err("agency.draw.level-full", "AG-MIS-7", p, a, limit=limit, level=lv)
    return _err("agency.draw.empty", "AG-MIS-4", p, a, level=lv)


def _explain_launch(s: AgencyState, p: int, a: Launch) -> IllegalAction | None:
    """Refusals about the launch itself: turn, text, missions, symbol and limit."""
    if s.ldone[p]:
        return _err("agency.launch.finished", "AG-LAU-1", p, a)
    if len(set(a.cards)) != len(a.cards) or list(a.cards) != sorted(a.cards):
        return _err("agency.launch.order", "API-PARSE", p, a)
    for m in a.cards:
        if m not in s.earth[p]:
            return _err("agency.launch.not-on-earth", "AG-LAU-9", p, a, card=m)
    symbol = SYMBOLS.index(a.symbol)
    if s.sym[p][symbol] <= 0:
        symbol_word = word("symbol", a.symbol)
        return _err("agency.launch.no-symbol", "AG-LAU-3", p, a, symbol=symbol_word)
    if len(a.cards) > s.room(p):
        limit = s.options.get("missions_per_round", 3)
        return _err("agency.launch.too-many", "AG-LAU-2", p, a, limit=limit, sent=s.sent[p])
    return None


def _explain_launch_limits(s: AgencyState, p: int, a: Launch) -> IllegalAction:
    """Refusals about what the player's lab, technology, rocket and money allow."""
    for m in a.cards:
        level = s.content.mission[m].level
        if level > s.lab[p]:
            return _err(
                "agency.launch.lab-too-low", "AG-LAU-6", p, a, card=m, level=level, lab=s.lab[p]
            )
    for m in a.cards:
        level = s.content.mission[m].level
        if not s.meets(p, level):
            alts = s.content.reqs.get((s.phase, level), ())
            need = words_need([[(COLOURS[c], k) for c, k in alt] for alt in alts])
            return _err(
                "agency.launch.technology", "AG-LAU-7", p, a, level=level, need=need, phase=s.phase
            )
    symbol = SYMBOLS.index(a.symbol)
    weight = sum(s.content.mission[m].weight for m in a.cards)
    capacity = s.base_capacity(p, symbol) + sum(s.boosts[p])
    if weight > capacity:
        return _err("agency.launch.too-heavy", "AG-LAU-5", p, a, weight=weight, capacity=capacity)
    cost = s.launch_cost(p, symbol)
    return _err("agency.launch.too-expensive", "AG-MONEY-1", p, a, cost=cost, money=s.money[p])


def _explain_pending(s: AgencyState, p: int, a: Action) -> IllegalAction:
    head = s.pend[p][0]
    kind = head[0]
    if kind == "spec":
        return _explain_actions(s, p, a, head[1], head[2])
    if kind == "order":
        missions = ", ".join(head[1])
        return _err("agency.effect.resolve-order", "AG-MEF-4", p, a, missions=missions)
    if isinstance(a, ChooseTech):
        said = colour(a.colour)
        if s.supply[COLOURS.index(a.colour)] <= 0:
            return _err("agency.effect.supply-empty", "AG-TECH-1", p, a, colour=said)
        return _err("agency.effect.not-colour", "AG-SPEC-13", p, a, colour=said)
    if isinstance(a, ChooseUpgrade):
        kind = word("upgrade", a.kind)
        return _err("agency.effect.no-upgrade", "AG-GAP-5", p, a, kind=kind)
    if isinstance(a, ChooseStation):
        return _err("agency.effect.station-taken", "AG-GAP-6", p, a)
    if isinstance(a, Resolve):
        return _err("agency.effect.no-order", "AG-MEF-4", p, a)
    rule = "AG-MEF-2" if head[1][0] == "M" else "AG-SPEC-5"
    return _err("agency.effect.resolve-first", rule, p, a, pending=pending_text(s, p))


def _explain_actions(
    s: AgencyState, p: int, a: Action, card: str, left: list[int]
) -> IllegalAction:
    """Refusals while the actions of a played specialist are being done."""
    if isinstance(a, DoAction):
        spec = s.content.spec[card]
        if a.index > len(spec.actions) or a.index not in left:
            return _err("agency.action.none-left", "AG-SPEC-5", p, a, card=card, index=a.index)
        cost = spec.actions[a.index - 1].cost
        if cost > s.money[p]:
            return _err(
                "agency.action.too-expensive",
                "AG-MONEY-1",
                p,
                a,
                index=a.index,
                cost=cost,
                money=s.money[p],
            )
        return _err("agency.action.no-effect", "AG-SPEC-13", p, a, index=a.index, card=card)
    if isinstance(a, Done):
        return _err("agency.action.do-one", "AG-SPEC-5", p, a)
    return _err("agency.action.finish-first", "AG-SPEC-5", p, a, card=card)
