"""What a player may see of a planet game, as ids and numbers only:
:func:`numbers_view`, the view the bots and the research encoders read.

It holds what :func:`liftoff.games.planet.view.view` holds (without the
history), with every id a number and not one string among its values, so
reading a position builds no words and no strings at all:

- ``you``: the viewer's seat, ``-1`` for a spectator;
- ``players``: per seat ``[saved, core, on_planet, hand_size, finished, team]``
  (``finished`` 0/1, ``team`` ``-1`` outside Let's Team Up), see :data:`PLAYER_FIELDS`;
- ``hand``: the viewer's cards per kind (:data:`liftoff.games.planet.cards.CODES`
  order; zeros for a spectator); ``discard`` the same for the discard pile;
- ``turn``, ``moves_left``, ``active``; ``stage``: an index into
  :data:`liftoff.games.planet.layout.STAGE_NAMES`;
- ``moon_spot``; ``moon_spots``: per Moon spot the slot (0..3) it gives Full
  Moon, ``-1`` for a spot between slots; ``override``: ``-1`` or a phase
  index (:data:`liftoff.games.planet.config.PHASE_NAMES`: full, half, new);
- ``days_passed``, ``days_total``, ``days_left``;
- ``garglore``: ``-1`` not in this game, ``-2`` in the pool, else the slot (0..3);
- ``aliens``: per ring segment S0..S7, the unboarded Aliens there per player;
- ``slots``: per Lift Off Point slot 0..3 a dict: ``lp`` (its place in the
  content's order, ``lp_order``), ``mechanic`` (:data:`MECHANICS`), ``phase``
  and ``moon_phase``, ``boarded`` (owners in boarding order), ``capacity``
  (``-1`` unlimited), ``cost`` ``[fuel, screw, action]``, ``area_fuel``,
  ``area_screw``, ``area_cards`` (per kind), ``blocked`` (0/1), ``lift``
  ``[fuel, screw]`` and ``lift_phases`` (threshold points, else ``[]``),
  ``roll_cost`` (``-1``; 0 Fuel, 1 Screw) and ``needs`` (rockets per phase,
  dice points, else ``[]``);
- ``draw_pile``; ``box`` and ``removed``: Lift Off Points by their place in ``lp_order``;
- ``aliens_per_player``; ``variants``: 0/1 per :data:`VARIANTS`;
- ``teleport_window``: ``None`` or ``{"need", "pledges": [[player, fuel]], "waiting"}``;
- ``winners``: the winners once the game is over, else ``[]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .config import UNLIMITED
from .layout import ABSENT, OVER, POOL
from .scoring import outcome

if TYPE_CHECKING:
    from .state import PlanetState

#: the Lift Off Point mechanics, in the order ``mechanic`` numbers them
MECHANICS = ("threshold", "instant", "dice", "teleport", "slingshot", "miracle", "stargate")
MECHANIC = {m: i for i, m in enumerate(MECHANICS)}
#: what ``roll_cost`` numbers (a dice Lift Off Point's roll is paid in Fuel or Screw)
ROLL_COSTS = ("fuel", "screw")
#: the fields of a ``players`` entry, in order
PLAYER_FIELDS = ("saved", "core", "on_planet", "hand_size", "finished", "team")
#: the variants ``variants`` flags, in order
VARIANTS = ("first_game", "family", "team", "fast", "cutthroat", "vicious", "no_garglore")


def numbers_view(s: PlanetState, player: int | None) -> dict[str, Any]:
    """The numbers-only view of ``s`` for ``player`` (``None``: a spectator)."""
    cfg = s.cfg
    n = cfg.players
    garg = s.garglore
    hands = s.hands
    team = cfg.team
    players = [
        [
            s.saved[p],
            s.core[p],
            s.on_planet(p),
            sum(hands[p]),
            1 if s.finish_seq[p] else 0,
            p % 2 if team else -1,
        ]
        for p in range(n)
    ]
    surf = s.surf
    window = None
    if s.win_queue or s.win_pledges:
        window = {
            "need": s.win_need,
            "pledges": [[p, f + w] for p, f, w in s.win_pledges],
            "waiting": list(s.win_queue),
        }
    index = cfg.lp_index
    options = cfg.options
    return {
        "you": -1 if player is None else player,
        "players": players,
        "hand": list(hands[player]) if player is not None else [0] * len(hands[0]),
        "turn": s.turn,
        "stage": s.stage,
        "active": list(s.active_players()),
        "moves_left": s.moves,
        "moon_spot": s.moon,
        "moon_spots": _moon_slots(cfg.phase_table),
        "override": s.override if s.override >= 0 else -1,
        "days_passed": s.days_passed,
        "days_total": cfg.days_total,
        "days_left": cfg.days_total - s.days_passed,
        "garglore": -1 if garg == ABSENT else -2 if garg == POOL else garg,
        "aliens": [[surf[p][seg] for p in range(n)] for seg in range(8)],
        "slots": [_slot(s, slot) for slot in range(4)],
        "draw_pile": len(s.draw),
        "discard": list(s.discard),
        "box": [index[x] for x in s.box],
        "removed": [index[x] for x in s.removed],
        "aliens_per_player": cfg.aliens,
        "variants": [1 if options.get(k) else 0 for k in VARIANTS],
        "teleport_window": window,
        "winners": list(outcome(s).winners) if s.stage == OVER else [],
    }


def _moon_slots(table: tuple[tuple[int, int, int, int], ...]) -> list[int]:
    """Per Moon spot, the slot it gives Full Moon (phase 0), ``-1`` if none."""
    return [row.index(0) if 0 in row else -1 for row in table]


def _slot(s: PlanetState, slot: int) -> dict[str, Any]:
    lp = s.lp_at(slot)
    mech = MECHANIC[lp.mechanic]
    threshold = lp.mechanic == "threshold"
    dice = lp.mechanic == "dice"
    return {
        "lp": s.cfg.lp_index[lp.id],
        "mechanic": mech,
        "phase": s.phase(slot),
        "moon_phase": s.cfg.phase_table[s.moon][slot],
        "boarded": list(s.boarded[slot]),
        "capacity": s.capacity(slot) if lp.capacity < UNLIMITED else -1,
        "cost": list(s.placement_cost(slot)),
        "area_fuel": s.afuel[slot],
        "area_screw": s.ascrew[slot],
        "area_cards": list(s.area[slot]),
        "blocked": 1 if s.blocked(slot) else 0,
        "lift": list(lp.lift) if threshold else [],
        "lift_phases": sorted(lp.phases) if threshold else [],
        "roll_cost": ROLL_COSTS.index(lp.roll_kind) if dice else -1,
        "needs": list(lp.thresholds) if dice else [],
    }
