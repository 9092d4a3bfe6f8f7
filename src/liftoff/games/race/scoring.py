"""Scoring: Settler majorities on habitable planets, the final result and the
statistics kept for studies (RC-PLANET-1..4, RC-SCORE-2, RC-GAME-4, RC-GAP-15/16).

Ore Production points are scored as the order is paid (see :mod:`.resolution`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from liftoff.engine import Outcome

from . import cards as C
from . import events as E
from .words import card_name

if TYPE_CHECKING:
    from .state import RaceState

# per-player statistics (flat list, STATS entries per player)
ORE_VP: Final = 0
SETTLER_VP: Final = 1
THEFTS: Final = 2  # cards taken by this player's own Theft
COUNTER: Final = 3  # cards taken by this player in a counter-theft
REPELLED: Final = 4  # this player's Thefts repelled by a Security Force
TERRAFORMS: Final = 5
STATS: Final = 6
STAT_NAMES: Final = ("ore_vp", "settler_vp", "thefts", "counter_thefts", "repelled", "terraforms")


def settlers(s: RaceState, i: int, side: int) -> int:
    """Settlers held on one side of planet ``i`` (own or stolen, RC-PLANET-1)."""
    return sum(1 for c in s.pools.get(2 * i + side, ()) if C.KIND[c] == C.SETTLERS)


def score_planet(s: RaceState, i: int) -> None:
    """Settler majority on a habitable planet (RC-PLANET-1..4, RC-GAP-16)."""
    ptype = s.table.planets[s.planets[i][0]]
    habitable = s.terra[i] >= ptype.terraforming
    a, b = settlers(s, i, 0), settlers(s, i, 1)
    winner = -1
    if habitable and a != b and max(a, b) >= 1:
        side = 0 if a > b else 1
        winner = s.side_players[i][side]
        s.scores[winner] += ptype.vp
        s.round_points[winner] += ptype.vp
        s.stats[winner * STATS + SETTLER_VP] += ptype.vp
        s.scored.append((s.round, i, winner, ptype.vp))
    s.results.append((i, int(habitable), a, b, winner, ptype.vp if winner >= 0 else 0))
    if s.rows[2 * i] or s.rows[2 * i + 1]:
        s.log.append(("planet", i, winner, ptype.vp if winner >= 0 else 0))
        if s._events is not None:
            E.planet(s, i, s.results[-1])


def outcome(s: RaceState) -> Outcome:
    """The final result: most VP wins; ties shared or broken by Settler VP (RC-GAP-15)."""
    n = s.num_players
    settler_vp = [s.stats[p * STATS + SETTLER_VP] for p in range(n)]
    keys: list[tuple[int, ...]] = [
        (s.scores[p], settler_vp[p]) if s.tiebreak == "settlers" else (s.scores[p],)
        for p in range(n)
    ]
    return Outcome.from_keys(keys, list(s.scores), "rounds", details(s))


def details(s: RaceState) -> dict[str, Any]:
    """Game facts for studies: VP by source, thefts, planets scored, Stop callers."""
    n = s.num_players
    out: dict[str, Any] = {
        name: [s.stats[p * STATS + k] for p in range(n)] for k, name in enumerate(STAT_NAMES)
    }
    out["round_scores"] = [list(r) for r in s.round_scores]
    out["stop_callers"] = list(s.stop_callers)
    out["planets_scored"] = [
        {
            "round": r + 1,
            "planet": i + 1,
            "name": s.table.planets[s.planets[i][0]].name,
            "player": p,
            "vp": vp,
        }
        for r, i, p, vp in s.scored
    ]
    out["planet_table"] = "reconstructed" if s.table.reconstructed else s.table.source
    return out


def breakdown(s: RaceState) -> list[dict[str, float]]:
    """Points by source: Settler majorities on planets (RC-PLANET-1..4) and
    Ore Production paid (RC-ORE-2); they sum to each player's score."""
    return [
        {
            "planets": float(s.stats[p * STATS + SETTLER_VP]),
            "ore": float(s.stats[p * STATS + ORE_VP]),
        }
        for p in range(s.num_players)
    ]


def revealed(s: RaceState) -> dict[str, Any]:
    """The one secret of the race: the cards of each stack nobody has seen (RC-LR-2),
    by name in the current language."""
    return {
        "seats": [
            {"unseen": [card_name(C.KIND[c]) for c in stack[1 : 1 + s.unseen[p]]]}
            for p, stack in enumerate(s.stacks)
        ],
        "table": {},
    }
