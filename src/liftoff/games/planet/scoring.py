"""How a planet game ended: scores, places and the facts behind them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from liftoff.engine import Outcome

if TYPE_CHECKING:
    from .state import PlanetState


def outcome(s: PlanetState) -> Outcome:
    """Scores are saved Aliens; ties go to Resource cards in hand (PL-END-4/5)."""
    cfg = s.cfg
    n = cfg.players
    res = [s.resources(p) for p in range(n)]
    keys: list[tuple[float, ...]]
    if cfg.team:
        team_saved = [s.saved[p] + s.saved[p ^ 2] for p in range(n)]
        team_res = [res[p] + res[p ^ 2] for p in range(n)]
        keys = [(team_saved[p], team_res[p]) for p in range(n)]  # PL-TEAM-7
    elif cfg.family:
        keys = [
            (1, -s.finish_seq[p], s.saved[p], res[p])
            if s.finish_seq[p]
            else (0, 0, s.saved[p], res[p])
            for p in range(n)
        ]  # PL-GAP-29
    else:
        keys = [(s.saved[p], res[p]) for p in range(n)]  # PL-END-2..5
    details: dict[str, Any] = {
        "saved": list(s.saved),
        "resource_cards": res,
        "days_passed": s.days_passed,
        "days_total": cfg.days_total,
        "turns": s.turns,
        "launches": dict(s.launches),
        "saved_by_lift_off_point": dict(s.saved_by_lp),
        "saved_by_day": list(s.saved_by_day),
        "finished": [p for p in range(n) if s.finish_seq[p]],
        "lift_off_points": list(s.slots),
    }
    if cfg.team:
        details["teams"] = [[0, 2], [1, 3]]
    return Outcome.from_keys(keys, [float(x) for x in s.saved], s.termination, details)
