"""The fixed action space of planet (for research interfaces): every action
that can be legal for some player at some point, in a stable order."""

from __future__ import annotations

from liftoff.engine import Action

from . import actions as A
from .cards import CODES, NUM_KINDS
from .config import LiftOffPoint
from .content import PlanetContent
from .layout import EXITS
from .legal import payments

_RICH_HAND = [12] * NUM_KINDS


def _costs(lp: LiftOffPoint) -> list[tuple[int, int, int]]:
    if lp.placement is not None:
        return [lp.placement]
    if lp.by_phase is not None:
        return list(dict.fromkeys(lp.by_phase))
    assert lp.by_order is not None
    return list(dict.fromkeys(lp.by_order))


def _moves(cls: type, *prefix: int) -> list[Action]:
    out: list[Action] = [cls(*prefix, A.CORE, e) for e in EXITS]
    for seg in range(8):
        out.append(cls(*prefix, seg, (seg + 1) % 8))
        out.append(cls(*prefix, seg, (seg - 1) % 8))
    return out


def action_space(content: PlanetContent, players: int) -> tuple[Action, ...]:
    """All actions, deduplicated, in a fixed order."""
    lps = [LiftOffPoint.compile(p) for p in content.points.points]
    ids = [lp.id for lp in lps]
    out: list[Action] = [A.END, A.PASS]
    out += _moves(A.Move)
    out += [A.Abandon(i) for i in ids]
    for lp in lps:
        costs = _costs(lp)
        if lp.id == "jetpack":  # the jetpack_costs option may change its Fuel table
            costs += [(n, 0, 0) for n in range(1, 7)]
        for cost in costs:
            for pay in payments(_RICH_HAND, cost):
                out.append(A.Board(lp.id, pay))
        if lp.mechanic == "threshold":
            out += [A.Pay(lp.id, t) for t in ("F", "W=F", "S", "W=S")]
        if lp.mechanic == "dice":
            out += [A.Roll(lp.id, t) for t in ("F", "W=F", "S", "W=S")]
    out += [A.PlayMoon("ccw"), A.PlayMoon("cw")]
    out += [A.PlaySimple(c) for c in A.SIMPLE_CARDS]
    for owner in range(players):
        out += _moves(A.PlayMya, owner)
        out += [A.PlayMyaOff(owner, i) for i in ids]
    for old in ids:
        out.append(A.PlayTerraform(old, ""))
        out += [A.PlayTerraform(old, new) for new in ids if new != old]
    out += [A.PlayGarglore(i) for i in ids] + [A.PlayGarglore("pool")]
    for a in range(NUM_KINDS):
        for b in range(a, NUM_KINDS):
            out.append(A.Trade(CODES[a], CODES[b]))
    for fuel in range(7):
        for wild in range(7 - fuel):
            out.append(A.Pledge(fuel, wild))
    return tuple(dict.fromkeys(out))
