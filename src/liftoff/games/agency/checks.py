"""The state's invariants: every card in exactly one place, money never
negative, bookkeeping that adds up (``State.invariants``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import COLOURS
from .setup import NEUTRAL, neutral_spaces

if TYPE_CHECKING:
    from .state import AgencyState


def invariants(s: AgencyState) -> list[str]:
    """Every card in exactly one place, money never negative, bookkeeping."""
    out = _cards(s)
    out += _players(s)
    out += _steps(s)
    return out


def _cards(s: AgencyState) -> list[str]:
    """Every card in exactly one place; technology adds up."""
    c = s.content
    n = s.n
    out: list[str] = []
    specs: list[str] = [*s.sdeck, *s.sdisc, *s.sbox]
    for p in range(n):
        specs.extend(s.hand[p])
        specs.extend(s.played[p])
    if sorted(specs) != sorted(c.spec):
        out.append("specialists are not each in exactly one place")
    missions: list[str] = [*s.mbox]
    for lv in range(4):
        missions.extend(s.mdeck[lv])
        missions.extend(s.mdisc[lv])
    for p in range(n):
        missions.extend(s.earth[p])
        missions.extend(s.space[p])
        missions.extend(s.drawn[p])
    if sorted(missions) != sorted(c.mission):
        out.append("missions are not each in exactly one place")
    objectives: list[str] = [*s.obox]
    for p in range(n):
        objectives.extend(s.objs[p])
    if sorted(objectives) != sorted(c.objective):
        out.append("objectives are not each in exactly one place")
    for ci in range(4):
        if s.supply[ci] + sum(s.tech[p][ci] for p in range(n)) != c.tech_count[ci]:
            out.append(f"{COLOURS[ci]} technology cards do not add up")
        if s.supply[ci] < 0:
            out.append(f"{COLOURS[ci]} supply is negative")
    return out


def _players(s: AgencyState) -> list[str]:
    """Each player's position within the limits of the rules."""
    c = s.content
    b = c.board.board
    out: list[str] = []
    rockets = b.station_rockets
    for p in range(s.n):
        if s.money[p] < 0:
            out.append(f"player {p} has negative money")
        if not 1 <= s.lab[p] <= 4:
            out.append(f"player {p} lab level {s.lab[p]}")
        if not 0 <= s.upc[p] <= b.upgrades_per_kind or not 0 <= s.upp[p] <= b.upgrades_per_kind:
            out.append(f"player {p} upgrades out of range")
        if not 0 <= s.inc[p] < len(b.income_track):
            out.append(f"player {p} income off the track")
        if s.station_count(p) > rockets:
            out.append(f"player {p} invested more than {rockets} times")
        if sum(s.src[p]) != s.vp[p]:
            out.append(f"player {p} points by source do not add up")
        for lv in range(1, 5):
            if s.owned_level(p, lv) > b.missions_per_level:
                out.append(f"player {p} owns too many level-{lv} missions")
        names = [c.mission[m].name for m in s.earth[p] + s.space[p]]
        dups = {x for x in names if names.count(x) > 1}
        if any(
            not c.mission[m].duplicates
            for m in s.earth[p] + s.space[p]
            if c.mission[m].name in dups
        ):
            out.append(f"player {p} owns two copies of a mission")
        for m in s.earth[p] + s.space[p]:
            if not s.level_available(int(m[1])) and s.step != "sell":
                out.append(f"player {p} owns {m} before its level is available")
    return out


def _steps(s: AgencyState) -> list[str]:
    """The round, the turn pointer and what each step implies."""
    b = s.content.board.board
    n = s.n
    out: list[str] = []
    if not 1 <= s.rnd <= b.rounds:
        out.append(f"round {s.rnd} out of range")
    if s.step in ("play", "mission", "launch", "sell") and not 0 <= s.turn <= len(s.order):
        out.append("turn pointer out of range")
    if s.step == "play":
        lap = min(s.turn, len(s.order) - 1) // n
        for p in range(n):
            if len(s.hand[p]) + len(s.played[p]) != 3:
                out.append(f"player {p} does not hold 3 specialists this round")
            if len(s.played[p]) > lap + 1:
                out.append(f"player {p} played too many specialists")
    if s.step in ("direction", "spec_draft"):
        for p in range(n):
            if len(s.hand[p]) != 3 or s.played[p]:
                out.append(f"player {p} should hold 3 unplayed specialists")
    if s.step == "sell" and s.rnd != b.rounds // 2:
        out.append("the objective sale happens only between the phases")
    if s.step == "over":
        for p in range(n):
            if len(s.hand[p]) != 1:
                out.append(f"player {p} should end with one specialist in hand")
    if s.step == "obj_draft":
        for p in range(n):
            if len(s.objs[p]) != 3:
                out.append(f"player {p} should hold 3 objectives while drafting")
    track_rockets = sum(1 for x in s.track if x == NEUTRAL)
    if track_rockets != len(neutral_spaces(s)):
        out.append("neutral rockets moved")
    return out
