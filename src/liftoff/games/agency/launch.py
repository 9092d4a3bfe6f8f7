"""Launches: what a launch costs and carries, every legal launch, and
launching (AG-LAU-2 ... AG-LAU-11, AG-LAB-3, AG-LR-3)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from liftoff.engine import Action

from .actions import SYM_BONUS, SYM_EXTRA, SYM_LAB, SYMBOLS, Launch
from .pending import push_mission_effects
from .scoring import score

if TYPE_CHECKING:
    from .state import AgencyState


def fitting_sets(
    cands: list[str], weight: dict[str, int], size: int, limit: int
) -> list[tuple[str, ...]]:
    """Every ``size``-set of ``cands`` weighing at most ``limit``, in the order of
    ``itertools.combinations``; a branch stops as soon as the weight it must still
    add cannot fit (so the work follows the launches that fit, not all subsets)."""
    n = len(cands)
    weights = [weight[m] for m in cands]
    lightest = [0] * (n + 1)  # lightest[i]: the lightest weight among cands[i:]
    lightest[n] = 1 << 30
    for i in range(n - 1, -1, -1):
        lightest[i] = min(weights[i], lightest[i + 1])
    out: list[tuple[str, ...]] = []
    chosen: list[str] = []

    def walk(start: int, left: int, room: int) -> None:
        if left == 0:
            out.append(tuple(chosen))
            return
        if left * lightest[start] > room:
            return
        for i in range(start, n - left + 1):
            if weights[i] <= room:
                chosen.append(cands[i])
                walk(i + 1, left - 1, room - weights[i])
                chosen.pop()

    walk(0, size, limit)
    return out


def launch_cost(s: AgencyState, p: int, symbol: int) -> int:
    """AG-LAU-4, AG-SPEC-12, AG-GAP-19: cost track less reductions, never below 0."""
    cost = s.cost_of(p) - s.disc[p]
    if symbol == SYM_EXTRA:
        cost -= s.content.board.board.extra_launch_discount
    return max(0, cost)


def base_capacity(s: AgencyState, p: int, symbol: int) -> int:
    """AG-LAU-5 and AG-LAB-3: weight track, +lab bonus on the lab's own symbol."""
    cap = s.capacity_of(p)
    if symbol == SYM_LAB:
        cap += s.content.lab_side[s.lab[p]].capacity_bonus
    return cap


def mission_launchable(s: AgencyState, p: int, mid: str) -> bool:
    """AG-LAU-6 (lab level) and AG-LAU-7 (technology) for one mission."""
    m = s.content.mission[mid]
    return m.level <= s.lab[p] and s.meets(p, m.level)


def room(s: AgencyState, p: int) -> int:
    cap = int(s.options.get("missions_per_round", 3))
    return 99 if cap == 0 else cap - s.sent[p]


def boosts_for(s: AgencyState, p: int, need: int) -> list[int] | None:
    """The capacity banners a launch needing ``need`` extra capacity uses:
    the smallest total that suffices, then the fewest banners (AG-LR-3)."""
    if need <= 0:
        return []
    boosts = s.boosts[p]
    best: tuple[int, int, tuple[int, ...]] | None = None
    for r in range(1, len(boosts) + 1):
        for combo in combinations(range(len(boosts)), r):
            total = sum(boosts[i] for i in combo)
            if total >= need:
                key = (total, r, combo)
                if best is None or key < best:
                    best = key
    return None if best is None else list(best[2])


def launch_options(s: AgencyState, p: int) -> list[Action]:
    """Every legal launch (AG-LAU-2 ... AG-LAU-9), as one action each."""
    if s.step != "launch" or s.ldone[p]:
        return []
    left = room(s, p)
    if left <= 0:
        return []
    cands = sorted(m for m in s.earth[p] if mission_launchable(s, p, m))
    if not cands:
        return []
    weight = {m: s.content.mission[m].weight for m in cands}
    boost_total = sum(s.boosts[p])
    out: list[Action] = []
    for symbol in (SYM_LAB, SYM_EXTRA, SYM_BONUS):
        if s.sym[p][symbol] <= 0 or launch_cost(s, p, symbol) > s.money[p]:
            continue
        limit = base_capacity(s, p, symbol) + boost_total
        name = SYMBOLS[symbol]
        for r in range(1, min(left, len(cands)) + 1):
            sets = fitting_sets(cands, weight, r, limit)
            if not sets:
                break  # a larger set weighs at least as much as some smaller one
            out.extend(Launch(name, combo) for combo in sets)
    return out


def any_launch(s: AgencyState, p: int) -> bool:
    return bool(launch_options(s, p))


def launch(s: AgencyState, p: int, action: Launch) -> None:
    """AG-LAU-3 ... AG-LAU-11, AG-MEF-1/2/4."""
    symbol = SYMBOLS.index(action.symbol)
    mission = s.content.mission
    cost = launch_cost(s, p, symbol)
    s.money[p] -= cost
    s.sym[p][symbol] -= 1
    need = sum(mission[m].weight for m in action.cards) - base_capacity(s, p, symbol)
    used = boosts_for(s, p, need) or []
    s.boosts[p] = [x for i, x in enumerate(s.boosts[p]) if i not in used]
    side = s.content.lab_side[s.lab[p]]
    score(s, p, side.vp_phase1 if s.phase == 1 else side.vp_phase2, "launches")
    with_effects: list[str] = []
    for m in action.cards:
        s.earth[p].remove(m)
        s.space[p].append(m)
        card = mission[m]
        if card.points:
            score(s, p, card.points, "missions")
        if card.effects and not card.hourglass:
            with_effects.append(m)
    s.sent[p] += len(action.cards)
    if len(with_effects) > 1:
        s.pend[p].insert(0, ["order", with_effects])
    elif with_effects:
        push_mission_effects(s, p, with_effects[0])
