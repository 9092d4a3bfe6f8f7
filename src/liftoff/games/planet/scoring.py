"""How a planet game ended: scores, places and the facts behind them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from liftoff.engine import Outcome

if TYPE_CHECKING:
    from .game import PlanetGame
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


def breakdown(s: PlanetState) -> list[dict[str, float]]:
    """Points by source: a planet score is the Aliens saved (PL-END-2); the
    Resource cards in hand only break ties (PL-END-4/5, see ``revealed``)."""
    return [{"saved": float(s.saved[p])} for p in range(s.cfg.players)]


def revealed(s: PlanetState) -> dict[str, Any]:
    """Every hand, and the draw pile from its top (called once the game is over),
    the cards by their names in the current language."""
    from .words import card_name

    game = cast("PlanetGame", s.game)
    names = [card_name(game, k) for k in range(len(game.card_names))]

    def cards(counts: list[int]) -> list[str]:
        return [names[k] for k, c in enumerate(counts) for _ in range(c)]

    return {
        "seats": [{"hand": cards(s.hands[p])} for p in range(s.cfg.players)],
        "table": {"draw": [names[k] for k in reversed(s.draw)]},
    }
