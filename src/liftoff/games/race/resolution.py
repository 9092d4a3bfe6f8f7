"""Stop, cleanup and resolution of a race round (RC-STOP-1..3, RC-CLEAN-1..2,
RC-RES-1..7, RC-RED-1..4, RC-THEFT-2..8, RC-SEC-1..2).

Planets are resolved one after the other, revealing cards alternately. Reveals
have no choices and run automatically; resolution only stops when a player
has a choice the rules give them (which energy sources pay, which card to
steal): then ``RaceState.pending`` holds it, unless the option
``auto_choices`` makes it by the default policy (RC-GAP-9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards as C
from . import events as E
from .actions import PAY_ONE, PAY_TWO, STEAL_KINDS, Pay
from .phases import OVER, PAY1, PAY2, RESOLVING, STEAL_CHOICE
from .scoring import COUNTER, ORE_VP, REPELLED, STATS, TERRAFORMS, THEFTS, score_planet

if TYPE_CHECKING:
    from .state import RaceState

_KIND = C.KIND
_COLOUR = C.COLOUR
_BLUE = C.BLUE


# -- what a row holds ------------
def energy(s: RaceState, slot: int) -> tuple[int, int]:
    """Active Solar Modules and Energy Tanks of one row (RC-TANK-1, RC-SOLAR-1)."""
    solar = tanks = 0
    spent = s.spent
    for c in s.pools.get(slot, ()):
        k = _KIND[c]
        if k == C.SOLAR:
            solar += 1
        elif k == C.TANK and c not in spent:
            tanks += 1
    return solar, tanks


def pay_options(s: RaceState, slot: int, units: int) -> tuple[Pay, ...]:
    """The ways to pay ``units`` energy, Solar Modules first (RC-GAP-9).
    Two units need two different sources (RC-SOLAR-2)."""
    solar, tanks = energy(s, slot)
    if units == 1:
        return tuple(a for a, ok in zip(PAY_ONE, (solar >= 1, tanks >= 1), strict=True) if ok)
    oks = (solar >= 2, solar >= 1 and tanks >= 1, tanks >= 2)
    return tuple(a for a, ok in zip(PAY_TWO, oks, strict=True) if ok)


def stealable(s: RaceState, slot: int) -> list[int]:
    """Kinds of the active blue cards in a row, in the default policy's order
    of preference (RC-THEFT-6, RC-GAP-8)."""
    spent = s.spent
    present = {_KIND[c] for c in s.pools.get(slot, ()) if c not in spent}
    return [k for k in STEAL_KINDS if k in present]


def active_security(s: RaceState, slot: int) -> int:
    """The first active Security Force card in a row, or -1 (RC-SEC-1)."""
    spent = s.spent
    for c in s.pools.get(slot, ()):
        if _KIND[c] == C.SECURITY and c not in spent:
            return c
    return -1


# -- Stop and cleanup ------------
def stop(s: RaceState, player: int) -> None:
    """``player`` emptied their stack: Stop for everyone (RC-STOP-1..3)."""
    s.stop_player = player
    s.stop_callers.append(player)
    s.phase = RESOLVING
    s.log = [("stop", player)]
    s.log_round = s.round
    s.results = []
    if s._events is not None:
        E.stop(s, player)
    cleanup(s)
    s.res_planet = 0
    s.res_turn = first_side(s, 0)
    run(s)


def _legal_part(row: list[int]) -> tuple[list[int], list[int]]:
    """The cards of a row kept and removed by the state machine of RC-GAP-5:
    blue cards, then one Lift Off, then red cards."""
    kept: list[int] = []
    removed: list[int] = []
    red_state = False
    for c in row:
        col = _COLOUR[c]
        if (not red_state and col == _BLUE) or (red_state and col == C.RED):
            kept.append(c)
        elif not red_state and col == C.YELLOW:
            kept.append(c)
            red_state = True
        else:
            removed.append(c)
    return kept, removed


def cleanup(s: RaceState) -> None:
    """Remove illegal cards (lenient mode, RC-CLEAN-1 with the state machine of
    RC-GAP-5) and rows without a Lift Off (RC-CLEAN-2); they are set aside."""
    for slot, row in enumerate(s.rows):
        if not row:
            continue
        p = s.side_players[slot >> 1][slot & 1]
        removed: list[int] = []
        if s.lenient:
            kept, removed = _legal_part(row)
            if removed:
                s.log.append(("illegal", slot >> 1, slot & 1, p, [C.code(c) for c in removed]))
                if s._events is not None:
                    E.set_aside(s, "illegal", slot >> 1, p, removed)
                row[:] = kept
        if not any(_KIND[c] == C.LIFTOFF for c in row):
            s.log.append(("no-liftoff", slot >> 1, slot & 1, p, [C.code(c) for c in row]))
            if s._events is not None:
                E.set_aside(s, "no-liftoff", slot >> 1, p, row)
            removed.extend(row)
            row.clear()
        if removed:
            s.aside[p].extend(removed)


def first_side(s: RaceState, i: int) -> int:
    """Who reveals first at planet ``i``: the Stop Player, else the first player
    at the planet clockwise from the Stop Player (RC-RES-4, RC-GAP-13)."""
    if i >= len(s.planets):
        return 0
    pa, pb = s.side_players[i]
    n = s.num_players
    q = s.stop_player
    for k in range(n):
        c = (q + k) % n
        if c == pa:
            return 0
        if c == pb:
            return 1
    raise AssertionError("planet without players")  # pragma: no cover


# -- resolution ------------
def run(s: RaceState) -> None:
    """Reveal cards until a player must choose, or the round is over."""
    n_planets = len(s.planets)
    rows = s.rows
    revealed = s.shown
    while s.res_planet < n_planets:
        i = s.res_planet
        s0 = 2 * i
        while True:
            t = s.res_turn
            if revealed[s0 + t] < len(rows[s0 + t]):
                side = t
            elif revealed[s0 + 1 - t] < len(rows[s0 + 1 - t]):
                side = 1 - t  # the other keeps revealing alone (RC-RES-5, RC-RES-6)
            else:
                break
            if reveal(s, i, side):
                return
        score_planet(s, i)
        s.res_planet = i + 1
        s.res_turn = first_side(s, i + 1)
    end_round(s)


def reveal(s: RaceState, i: int, side: int) -> bool:
    """Reveal the next card of one row; True if a player must now choose."""
    slot = 2 * i + side
    card = s.rows[slot][s.shown[slot]]
    s.shown[slot] += 1
    s.res_turn = 1 - side
    kind = _KIND[card]
    player = s.side_players[i][side]
    s.log.append(("reveal", i, side, player, C.CODES[kind]))
    if s._events is not None:
        E.reveal(s, i, player, kind)
    if _COLOUR[card] == _BLUE:
        s.pools.setdefault(slot, []).append(card)  # RC-RES-7
        return False
    if kind == C.LIFTOFF:
        return False
    if kind == C.THEFT:
        return theft(s, i, side, player)
    # Ore Production or Terraforming: check requirements now (RC-RED-1)
    if kind == C.ORE:
        units, kind_code = 1, PAY1
        if s.ore_used[i] >= s.table.planets[s.planets[i][0]].ore:
            s.log.append(("fail", i, side, player, "ore", "no-ore"))
            if s._events is not None:
                E.fail(s, i, player, kind, "no-ore")
            return False
    else:
        units, kind_code = 2, PAY2
    options = pay_options(s, slot, units)
    if not options:
        s.log.append(("fail", i, side, player, C.CODES[kind], "no-energy"))
        if s._events is not None:
            E.fail(s, i, player, kind, "no-energy")
        return False  # RC-RED-3: nothing is spent
    if len(options) == 1 or s.auto:
        pay(s, i, side, kind_code, options[0].sources)
        return False
    s.pending = (kind_code, i, side, -1)
    return True


def pay(s: RaceState, i: int, side: int, kind: int, sources: tuple[int, ...]) -> None:
    """Carry out a payable order with the chosen sources (RC-RED-2, RC-ORE-2, RC-TERRA-1)."""
    slot = 2 * i + side
    player = s.side_players[i][side]
    tanks = sources.count(C.TANK)
    if tanks:
        for c in s.pools[slot]:
            if _KIND[c] == C.TANK and c not in s.spent:
                s.spent.add(c)  # exhausted and set aside (RC-TANK-1)
                tanks -= 1
                if not tanks:
                    break
    paid = ",".join(C.CODES[k] for k in sources)
    if kind == PAY1:
        s.ore_used[i] += 1
        s.scores[player] += 1
        s.round_points[player] += 1
        s.stats[player * STATS + ORE_VP] += 1
        s.log.append(("ore", i, side, player, paid))
        if s._events is not None:
            E.paid(s, i, player, True, sources)
    else:
        s.terra[i] += 1
        s.stats[player * STATS + TERRAFORMS] += 1
        s.log.append(("terraform", i, side, player, paid))
        if s._events is not None:
            E.paid(s, i, player, False, sources)


def theft(s: RaceState, i: int, side: int, player: int) -> bool:
    """A Theft: repelled by an active Security Force (RC-THEFT-3, RC-SEC-2), else
    the thief may take an active blue card (RC-THEFT-2)."""
    slot = 2 * i + side
    other = 2 * i + 1 - side
    guard = active_security(s, other)
    if s._events is not None:
        E.theft(s, i, side, guard)
    if guard >= 0:
        if s.security_once:
            s.spent.add(guard)
        s.stats[player * STATS + REPELLED] += 1
        s.log.append(("repelled", i, side, player))
        chooser, victim = 1 - side, side
        victim_slot = slot
    else:
        s.log.append(("theft", i, side, player))
        chooser, victim = side, 1 - side
        victim_slot = other
    kinds = stealable(s, victim_slot)
    if not kinds:
        s.log.append(("steal", i, chooser, s.side_players[i][chooser], "none"))
        if s._events is not None:
            E.take(s, i, chooser, victim, None, chosen=False)
        return False
    if s.auto:
        take(s, i, chooser, victim, kinds[0])
        return False
    s.pending = (STEAL_CHOICE, i, chooser, victim)
    return True


def take(s: RaceState, i: int, chooser: int, victim: int, kind: int | None) -> None:
    """Move one active blue card of ``kind`` from ``victim``'s row to the end of
    ``chooser``'s (RC-GAP-8), or take nothing."""
    player = s.side_players[i][chooser]
    if kind is None:
        s.log.append(("steal", i, chooser, player, "none"))
        if s._events is not None:
            E.take(s, i, chooser, victim, None)
        return
    src = s.pools[2 * i + victim]
    for j, c in enumerate(src):
        if _KIND[c] == kind and c not in s.spent:
            del src[j]
            s.pools.setdefault(2 * i + chooser, []).append(c)
            break
    counter = s.log and s.log[-1][0] == "repelled"
    s.stats[player * STATS + (COUNTER if counter else THEFTS)] += 1
    s.log.append(("steal", i, chooser, player, C.CODES[kind]))
    if s._events is not None:
        E.take(s, i, chooser, victim, kind)


def end_round(s: RaceState) -> None:
    """Scores carried over (RC-SCORE-2); next round or the end (RC-GAME-1)."""
    s.round_scores.append(tuple(s.round_points))
    if s._events is not None:
        E.round_end(s)
    if s.round + 1 < s.total_rounds:
        s._start_round(s.round + 1)
        if s._events is not None:
            E.round_start(s)
    else:
        s.phase = OVER
        if s._events is not None:
            E.game_end(s)
