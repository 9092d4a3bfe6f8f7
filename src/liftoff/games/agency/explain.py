"""Why an action is illegal: the catalogue rule it breaks and a plain message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Action, IllegalAction

from .actions import (
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
from .content import COLOURS

if TYPE_CHECKING:
    from .state import AgencyState

_STEP_RULE = {
    "obj_draft": ("AG-FINAL-1", "the objective draft"),
    "direction": ("AG-DRAFT-1", "the choice of draft direction"),
    "spec_draft": ("AG-DRAFT-2", "the specialist draft"),
    "play": ("AG-SPEC-1", "playing specialists"),
    "mission": ("AG-MIS-1", "drawing missions"),
    "launch": ("AG-LAU-1", "launching rockets"),
    "sell": ("AG-PH2-3", "the objective sale"),
    "over": ("AG-FIN-5", "the end of the game"),
}

_ACTION_STEP = {
    Direction: ("direction", "AG-DRAFT-1"),
    Play: ("play", "AG-SPEC-1"),
    Draw: ("mission", "AG-MIS-1"),
    Take: ("mission", "AG-MIS-3"),
    Launch: ("launch", "AG-LAU-1"),
    Sell: ("sell", "AG-PH2-3"),
}


def _err(message: str, rule: str, player: int, action: Action) -> IllegalAction:
    return IllegalAction(message, rule, player, str(action))


def explain(s: AgencyState, p: int, a: Action) -> IllegalAction:
    """The IllegalAction for ``a`` by ``p`` in ``s`` (``a`` is known not to be legal)."""
    rule, what = _STEP_RULE.get(s.step, ("AG-FLOW-2", s.step))
    if p not in s.active_players():
        if s.step in ("obj_draft", "spec_draft"):
            return _err(
                f"player {p} has already chosen; the cards pass once everyone has chosen",
                "AG-FINAL-1" if s.step == "obj_draft" else "AG-DRAFT-2",
                p,
                a,
            )
        if s.step == "launch" and s.options.get("simultaneous_launches"):
            return _err(f"player {p} has finished launching this round", "AG-LAU-12", p, a)
        return _err(f"it is not player {p}'s turn in {what}", rule, p, a)
    if s.pend[p]:
        return _explain_pending(s, p, a)
    if isinstance(a, Done):
        if s.step == "mission":
            return _err("take at least one of the drawn missions first", "AG-MIS-3", p, a)
        return _err(f"'done' does not apply during {what}", rule, p, a)
    for cls, (step, r) in _ACTION_STEP.items():
        if isinstance(a, cls) and s.step != step:
            return _err(f"{a} is not possible during {what}", r, p, a)
    if isinstance(a, Keep):
        return _explain_keep(s, p, a)
    if isinstance(a, Play):
        if a.card not in s.hand[p]:
            return _err(f"{a.card} is not in your hand", "AG-SPEC-1", p, a)
        return _err(
            f"none of {a.card}'s actions can be done now (cost or limits); take the money instead",
            "AG-MONEY-1" if _too_poor(s, p, a.card) else "AG-SPEC-5",
            p,
            a,
        )
    if isinstance(a, Draw):
        return _explain_draw(s, p, a)
    if isinstance(a, Take):
        if s.took[p] < 0:
            return _err("draw from a mission deck first", "AG-MIS-3", p, a)
        if a.card not in s.drawn[p]:
            return _err(f"{a.card} is not among the missions you drew", "AG-MIS-3", p, a)
        level = int(a.card[1])
        if s.owned_level(p, level) >= s.content.board.board.missions_per_level:
            return _err(
                f"you already have {s.content.board.board.missions_per_level} "
                f"level-{level} missions",
                "AG-MIS-7",
                p,
                a,
            )
        return _err(f"you already own a copy of {s.content.mission[a.card].name}", "AG-MIS-5", p, a)
    if isinstance(a, Launch):
        return _explain_launch(s, p, a)
    if isinstance(a, Sell):
        return _err(f"{a.card} is not one of your objectives", "AG-PH2-3", p, a)
    if isinstance(a, Direction):
        return _err("the direction is already chosen", "AG-DRAFT-1", p, a)
    return _err(f"{a} is not possible during {what}", rule, p, a)


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
        return _err("there is no draft now", "AG-FLOW-2", p, a)
    if len(a.cards) != s.part:
        return _err(f"keep exactly {s.part} card(s) in this pass", rule, p, a)
    missing = [c for c in a.cards if c not in hand]
    if missing:
        return _err(f"{', '.join(missing)} is not in the cards you hold", rule, p, a)
    return _err("list each card once, in order (e.g. 'keep O03,O07')", "API-PARSE", p, a)


def _explain_draw(s: AgencyState, p: int, a: Draw) -> IllegalAction:
    lv = a.level
    if s.took[p] >= 0:
        return _err("you have already drawn this round", "AG-MIS-3", p, a)
    if not s.level_available(lv):
        return _err(f"the level-{lv} deck is only available in phase 2", "AG-MIS-2", p, a)
    cap = s.content.board.board.missions_per_level
    if s.owned_level(p, lv) >= cap:
        return _err(
            f"you already have {cap} level-{lv} missions, so you cannot draw from that deck",
            "AG-MIS-7",
            p,
            a,
        )
    return _err(f"the level-{lv} deck and its discard pile are empty", "AG-MIS-4", p, a)


def _explain_launch(s: AgencyState, p: int, a: Launch) -> IllegalAction:
    from .state import SYMBOL_NAMES

    if s.ldone[p]:
        return _err("you have finished launching this round", "AG-LAU-1", p, a)
    if len(set(a.cards)) != len(a.cards) or list(a.cards) != sorted(a.cards):
        return _err(
            "list each mission once, in order (e.g. 'launch lab M1-03,M2-11')", "API-PARSE", p, a
        )
    for m in a.cards:
        if m not in s.earth[p]:
            return _err(f"{m} is not one of your missions on Earth", "AG-LAU-9", p, a)
    symbol = SYMBOL_NAMES.index(a.symbol)
    if s.sym[p][symbol] <= 0:
        return _err(f"you have no {a.symbol} launch symbol left this round", "AG-LAU-3", p, a)
    if len(a.cards) > s.room(p):
        return _err(
            f"at most {s.options.get('missions_per_round', 3)} missions go to space per round "
            f"(you have sent {s.sent[p]})",
            "AG-LAU-2",
            p,
            a,
        )
    for m in a.cards:
        card = s.content.mission[m]
        if card.level > s.lab[p]:
            return _err(
                f"{m} is level {card.level} but your lab is level {s.lab[p]}", "AG-LAU-6", p, a
            )
    for m in a.cards:
        card = s.content.mission[m]
        if not s.meets(p, card.level):
            need = " / ".join(
                " + ".join(f"{k} {COLOURS[c]}" for c, k in alt) or "nothing"
                for alt in s.content.reqs.get((s.phase, card.level), ())
            )
            return _err(
                f"level-{card.level} missions need {need} technology in phase {s.phase}",
                "AG-LAU-7",
                p,
                a,
            )
    weight = sum(s.content.mission[m].weight for m in a.cards)
    capacity = s.base_capacity(p, symbol) + sum(s.boosts[p])
    if weight > capacity:
        return _err(
            f"the missions weigh {weight} but your rocket carries {capacity}", "AG-LAU-5", p, a
        )
    cost = s.launch_cost(p, symbol)
    return _err(f"the launch costs {cost} money and you have {s.money[p]}", "AG-MONEY-1", p, a)


def _explain_pending(s: AgencyState, p: int, a: Action) -> IllegalAction:
    head = s.pend[p][0]
    kind = head[0]
    if kind == "spec":
        if isinstance(a, DoAction):
            spec = s.content.spec[head[1]]
            if a.index > len(spec.actions) or a.index not in head[2]:
                return _err(f"{head[1]} has no action {a.index} left to do", "AG-SPEC-5", p, a)
            act = spec.actions[a.index - 1]
            if act.cost > s.money[p]:
                return _err(
                    f"action {a.index} costs {act.cost} money and you have {s.money[p]}",
                    "AG-MONEY-1",
                    p,
                    a,
                )
            return _err(
                f"action {a.index} of {head[1]} would have no effect now", "AG-SPEC-13", p, a
            )
        if isinstance(a, Done):
            return _err("do at least one action (or play the card for money)", "AG-SPEC-5", p, a)
        return _err(
            f"finish the actions of {head[1]} first ('action N' or 'done')", "AG-SPEC-5", p, a
        )
    if kind == "order":
        return _err(
            f"choose which launched mission resolves next: {', '.join(head[1])}", "AG-MEF-4", p, a
        )
    if isinstance(a, ChooseTech):
        c = COLOURS.index(a.colour)
        if s.supply[c] <= 0:
            return _err(f"the {a.colour} technology supply is empty", "AG-TECH-1", p, a)
        return _err(f"this effect does not give {a.colour} technology", "AG-SPEC-13", p, a)
    if isinstance(a, ChooseUpgrade):
        return _err(f"you cannot take a {a.kind} upgrade now", "AG-GAP-5", p, a)
    if isinstance(a, ChooseStation):
        return _err("that station space is taken or not on the track", "AG-GAP-6", p, a)
    if isinstance(a, Resolve):
        return _err("there is no mission effect order to choose now", "AG-MEF-4", p, a)
    return _err(
        f"first resolve: {s.pending_text(p)}",
        "AG-MEF-2" if head[1][0] == "M" else "AG-SPEC-5",
        p,
        a,
    )
