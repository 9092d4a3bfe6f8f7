"""What a player may see of a planet game, and how it ended.

A player sees their own hand; of the others only hand sizes. The draw pile is
a count. Everything on the board, the discard pile (face up) and the card
areas are public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from liftoff.engine import Outcome

from .cards import CODES, NUM_KINDS
from .config import PHASE_NAMES
from .state import ABSENT, OVER, POOL, STAGE_NAMES

if TYPE_CHECKING:
    from .state import PlanetState


def _cards(counts: list[int]) -> dict[str, int]:
    return {CODES[k]: counts[k] for k in range(NUM_KINDS) if counts[k]}


def build_view(s: PlanetState, player: int | None) -> dict[str, Any]:
    """The JSON-safe view of ``s`` for ``player`` (``None``: a spectator)."""
    cfg = s.cfg
    n = cfg.players
    ring: list[dict[str, Any]] = []
    for seg in range(8):
        entry: dict[str, Any] = {
            "segment": f"S{seg}",
            "kind": "exit" if seg % 2 == 0 else "lift_off_point",
            "aliens": [s.surf[p][seg] for p in range(n)],
        }
        if seg % 2:
            slot = seg // 2
            lp = s.lp_at(slot)
            cost = s.placement_cost(slot)
            entry.update(
                {
                    "slot": slot + 1,
                    "lp": lp.id,
                    "name": lp.name,
                    "mechanic": lp.mechanic,
                    "phase": PHASE_NAMES[s.phase(slot)],
                    "moon_phase": PHASE_NAMES[cfg.phase_table[s.moon][slot]],
                    "boarded": list(s.boarded[slot]),
                    "capacity": s.capacity(slot) if lp.capacity < 10**6 else None,
                    "placement_cost": {"fuel": cost[0], "screw": cost[1], "action": cost[2]},
                    "placement_text": lp.describe_cost(cost),
                    "area": {
                        "fuel": s.afuel[slot],
                        "screw": s.ascrew[slot],
                        "cards": _cards(s.area[slot]),
                    },
                    "blocked": s.blocked(slot),
                }
            )
            if lp.mechanic == "threshold":
                entry["lift"] = {
                    "fuel": lp.lift[0],
                    "screw": lp.lift[1],
                    "phases": [PHASE_NAMES[p] for p in sorted(lp.phases)],
                }
            if lp.mechanic == "dice":
                entry["roll"] = {
                    "cost": lp.roll_kind,
                    "needs": dict(zip(PHASE_NAMES, lp.thresholds, strict=True)),
                }
        ring.append(entry)
    players = []
    for p in range(n):
        info: dict[str, Any] = {
            "player": p,
            "saved": s.saved[p],
            "core": s.core[p],
            "on_planet": s.on_planet(p),
            "hand_size": sum(s.hands[p]),
            "finished": bool(s.finish_seq[p]),
        }
        if cfg.team:
            info["team"] = p % 2
        if player == p:
            info["hand"] = _cards(s.hands[p])
        players.append(info)
    garg = s.garglore
    view: dict[str, Any] = {
        "game": "planet",
        "you": player,
        "players": players,
        "turn": s.turn,
        "stage": STAGE_NAMES[s.stage],
        "active": list(s.active_players()),
        "moves_left": s.moves,
        "moon": {
            "spot": s.moon,
            "spot_name": cfg.spots[s.moon],
            "spots": list(cfg.spots),
            "override": None if s.override < 0 else PHASE_NAMES[s.override],
        },
        "days": {
            "passed": s.days_passed,
            "total": cfg.days_total,
            "left": cfg.days_total - s.days_passed,
        },
        "garglore": None if garg == ABSENT else "pool" if garg == POOL else s.slots[garg],
        "ring": ring,
        "draw_pile": len(s.draw),
        "discard": _cards(s.discard),
        "box": list(s.box),
        "removed": list(s.removed),
        "aliens_per_player": cfg.aliens,
        "variants": [
            k
            for k in ("first_game", "family", "team", "fast", "cutthroat", "vicious", "no_garglore")
            if cfg.options.get(k)
        ],
        "events": list(s.events),
    }
    if s.win_queue or s.win_pledges:
        view["teleport_window"] = {
            "need": s.win_need,
            "pledges": [{"player": p, "fuel": f + w} for p, f, w in s.win_pledges],
            "waiting": list(s.win_queue),
        }
    if s.stage == OVER:
        out = build_outcome(s)
        view["outcome"] = out.to_json()
    return view


def build_outcome(s: PlanetState) -> Outcome:
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
