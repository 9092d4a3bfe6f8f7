"""Bookkeeping invariants of a race state (``RaceState.invariants``): every
card is in exactly one place, rows hold their player's cards, stolen cards stay
at their planet, and the scores add up (RC-COMP-2..4, RC-THEFT-8, RC-SCORE-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards as C
from .phases import LOADING, OVER
from .scoring import ORE_VP, SETTLER_VP, STATS

if TYPE_CHECKING:
    from .state import RaceState


def invariants(s: RaceState) -> list[str]:
    """Every broken invariant of ``s``, in words (empty when all hold)."""
    problems = _cards(s) + _planets(s)
    if s.phase == LOADING:
        problems += _loading(s)
    for c in s.spent:
        if C.KIND[c] not in (C.TANK, C.SECURITY):
            problems.append(f"card {c} ({C.code(c)}) is spent but cannot be used up")
    return problems + _scores(s)


def _cards(s: RaceState) -> list[str]:
    """Each card of each set is in exactly one pile; rows hold their player's cards."""
    problems: list[str] = []
    n = s.num_players
    where: dict[int, str] = {}
    piles: list[tuple[str, list[int]]] = []
    for p in range(n):
        piles.append((f"stack of {p}", s.stacks[p]))
        piles.append((f"discards of {p}", s.discards[p]))
        piles.append((f"set-aside of {p}", s.aside[p]))
    for slot, row in enumerate(s.rows):
        piles.append((f"row {slot & 1} of planet {(slot >> 1) + 1}", row))
    for name, pile in piles:
        for c in pile:
            if c in where:
                problems.append(f"card {c} is in {where[c]} and in {name}")
            where[c] = name
    for p in range(n):
        missing = [c for c in C.player_set(p) if c not in where]
        if missing:
            problems.append(f"player {p}'s cards {missing} are nowhere")
    extra = [c for c in where if not 0 <= c < n * C.SET_SIZE]
    if extra:
        problems.append(f"unknown cards {extra}")
    for slot, row in enumerate(s.rows):
        if any(C.owner(c) != s.side_players[slot >> 1][slot & 1] for c in row):
            problems.append(f"row {slot} holds a card its player did not place")
    return problems


def _planets(s: RaceState) -> list[str]:
    """Stolen cards stay at their planet and are revealed blue cards."""
    problems: list[str] = []
    for i in range(len(s.planets)):
        shown = sorted(
            c
            for slot in (2 * i, 2 * i + 1)
            for c in s.rows[slot][: s.shown[slot]]
            if C.COLOUR[c] == C.BLUE
        )
        held = sorted(s.pools.get(2 * i, []) + s.pools.get(2 * i + 1, []))
        if shown != held:
            problems.append(f"planet {i + 1}: revealed blue cards {shown} but held {held}")
    for slot in range(len(s.rows)):
        if s.shown[slot] > len(s.rows[slot]):
            problems.append(f"row {slot}: more cards revealed than placed")
    return problems


def _loading(s: RaceState) -> list[str]:
    """No resolution leftovers, stacks not empty, rows legal (unless lenient)."""
    problems: list[str] = []
    if s.pools or s.spent or any(s.shown):
        problems.append("resolution leftovers during loading (stolen cards not returned)")
    for p in range(s.num_players):
        if not s.stacks[p]:
            problems.append(f"player {p} has an empty stack during loading")
        if not 0 <= s.unseen[p] <= max(0, len(s.stacks[p]) - 1):
            problems.append(f"player {p}: {s.unseen[p]} unseen of {len(s.stacks[p])}")
        if s.stacks[p] and s.unseen[p] > len(s.stacks[p]) - 1:
            problems.append(f"player {p}: unseen count too large")
    if s.lenient is False:
        for slot, row in enumerate(s.rows):
            for j in range(len(row)):
                if not s._place_ok(row[j], row[:j]):
                    problems.append(f"illegal card in row {slot}")
    return problems


def _scores(s: RaceState) -> list[str]:
    """Scores are the sum of the rounds and of ore and Settler VP."""
    problems: list[str] = []
    for p in range(s.num_players):
        total = sum(r[p] for r in s.round_scores) + (s.round_points[p] if s.phase != OVER else 0)
        if total != s.scores[p]:
            problems.append(f"player {p}: score {s.scores[p]} but rounds add to {total}")
        parts = s.stats[p * STATS + ORE_VP] + s.stats[p * STATS + SETTLER_VP]
        if parts != s.scores[p]:
            problems.append(f"player {p}: score {s.scores[p]} but ore+settlers give {parts}")
    if len(s.round_scores) != s.round + (1 if s.phase == OVER else 0):
        problems.append("round scores do not match the round number")
    return problems
