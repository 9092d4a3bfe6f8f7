"""Shared helpers of the agency tests: a simple greedy policy for play checks.

The greedy policy looks one action ahead and scores the result with a rough
value of a player's position (points, money, technology, lab, upgrades,
income, missions waiting on Earth). It is only a yardstick for checking that
the content plays like a game; it is not a bot of the project.
"""

from __future__ import annotations

from liftoff.engine import Action, Rng
from liftoff.games.agency import AgencyState
from liftoff.games.agency.actions import Keep, Sell


def value(s: AgencyState, p: int) -> float:
    """A rough worth of player ``p``'s position (in points)."""
    c = s.content
    left = c.board.board.rounds - s.rnd + 1
    v = float(s.vp[p])
    v += s.money[p] * 0.45
    tech = s.tech[p]
    v += sum(min(t, 4) * 2.2 + max(0, t - 4) * 0.8 for t in tech[:3]) + tech[3] * 3
    v += s.lab[p] * min(6.0, 1.5 * left)
    v += (s.upc[p] + s.upp[p]) * min(3.0, 0.6 * left)
    v += s.inc[p] * 0.8 * max(0, left - 1)
    for m in s.earth[p]:
        card = c.mission[m]
        worth = card.points + (2.0 if card.effects else 0.0)
        if card.hourglass:
            worth += sum(s.score_per(p, e) + 2 for e in card.effects if e.kind == "score_per")  # type: ignore[arg-type]
        v += 0.5 * worth + (1.0 if s.mission_launchable(p, m) else 0.0)
    for m in s.space[p]:
        card = c.mission[m]
        if card.hourglass:
            for e in card.effects:
                v += s.score_per(p, e) if e.kind == "score_per" else 0  # type: ignore[union-attr,arg-type]
    for o in s.objs[p]:
        v += 0.8 * s.objective_score(p, o)
    v += s.station_count(p) * 1.0
    return v


def _deciding(s: AgencyState, p: int) -> bool:
    """Whether ``p`` is in the middle of a multi-step decision."""
    if s.is_over() or s.active_players() != (p,):
        return False
    return bool(s.pend[p]) or (s.step == "mission" and s.took[p] >= 0)


def lookahead(s: AgencyState, p: int, depth: int) -> float:
    """The best value ``p`` reaches by finishing the decision under way."""
    if depth <= 0 or not _deciding(s, p):
        return value(s, p)
    best = -1e9
    for a in s.legal_actions(p):
        t = s.clone()
        t.apply_legal(p, a)
        best = max(best, lookahead(t, p, depth - 1))
    return best


class Greedy:
    """One-ply greedy player with a seeded tie-break."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, s: AgencyState, p: int) -> Action:
        legal = s.legal_actions(p)
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Keep) and s.step == "obj_draft":
            return legal[self.rng.below(len(legal))]
        best: list[Action] = []
        best_v = -1e9
        for a in legal:
            if isinstance(a, Sell) and s.objective_score(p, a.card) > 0:
                continue
            t = s.clone()
            t.apply_legal(p, a)
            v = lookahead(t, p, 3) + self.rng.random() * 0.01
            if v > best_v:
                best_v, best = v, [a]
        return best[0] if best else legal[-1]


def play_greedy(
    s: AgencyState, seed: int, greedy_seats: tuple[int, ...] | None = None
) -> AgencyState:
    """Play to the end: greedy in ``greedy_seats`` (all by default), random elsewhere."""
    rng = Rng(seed)
    seats = tuple(range(s.num_players)) if greedy_seats is None else greedy_seats
    bots = {p: Greedy(seed * 10 + p) for p in seats}
    while not s.is_over():
        active = s.active_players()
        p = active[rng.below(len(active))]
        if p in bots:
            a = bots[p].choose(s, p)
        else:
            legal = s.legal_actions(p)
            a = legal[rng.below(len(legal))]
        s.apply_legal(p, a)
    return s
