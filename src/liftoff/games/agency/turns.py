"""The flow of a game: steps, draft passes, rounds and phases (the automaton
that moves on through everything that needs no decision)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import events as ev
from .launch import any_launch
from .moves import finish_draw
from .pending import settle
from .scoring import final_scoring

if TYPE_CHECKING:
    from .state import AgencyState


def advance(s: AgencyState) -> None:
    """Move on through everything that needs no decision."""
    while _STEPS.get(s.step, _waits)(s):
        continue


def _drafts_done(s: AgencyState) -> bool:
    if s.step == "obj_draft":
        if any(k is None for k in s.okept):
            return False
        pass_objectives(s)
    else:
        if any(k is None for k in s.kept):
            return False
        pass_specialists(s)
    return True


def _waits(s: AgencyState) -> bool:
    """The direction choice waits for its player; a finished game stays over."""
    return False


def _play_done(s: AgencyState) -> bool:
    """Whether the play step moved on (else the player to play decides)."""
    if s.turn >= len(s.order):
        start_step(s, "mission")
        return True
    p = s.order[s.turn]
    settle(s, p)
    if s.pend[p]:
        return False
    if len(s.played[p]) > s.turn // s.n:
        s.turn += 1
        return True
    return False


def _mission_done(s: AgencyState) -> bool:
    """Whether mission draws moved on (else the player to draw decides)."""
    if s.turn >= len(s.order):
        start_step(s, "launch")
        return True
    p = s.order[s.turn]
    if s.took[p] < 0:
        if not any(s.can_choose_deck(p, lv) for lv in range(1, 5)):
            s.turn += 1  # AG-GAP-12(a): nothing to draw
            return True
        return False
    limit = 1 + s.xdraw[p]
    if s.took[p] >= limit or not any(s.takeable(p, m) for m in s.drawn[p]):
        finish_draw(s, p)
        return True
    return False


def _launch_done(s: AgencyState) -> bool:
    """Whether launches moved on (else a player to launch decides)."""
    if s.options.get("simultaneous_launches"):
        waiting = False
        for p in range(s.n):
            settle(s, p)
            if s.pend[p]:
                waiting = True
            elif not s.ldone[p]:
                if any_launch(s, p):
                    waiting = True
                else:
                    s.ldone[p] = True
        if waiting:
            return False
        end_round(s)
        return True
    if s.turn >= len(s.order):
        end_round(s)
        return True
    p = s.order[s.turn]
    settle(s, p)
    if s.pend[p]:
        return False
    if s.ldone[p] or not any_launch(s, p):
        s.ldone[p] = True
        s.turn += 1
        return True
    return False


def _sale_done(s: AgencyState) -> bool:
    """Whether the objective sale moved on (else the player to sell decides)."""
    if s.turn >= len(s.order):
        start_round(s, s.rnd + 1)
        return True
    if not s.objs[s.order[s.turn]]:
        s.turn += 1
        return True
    return False


#: per step: move on as far as one stretch needing no decision goes (True: go on)
_STEPS: dict[str, Callable[[AgencyState], bool]] = {
    "obj_draft": _drafts_done,
    "spec_draft": _drafts_done,
    "direction": _waits,
    "over": _waits,
    "play": _play_done,
    "mission": _mission_done,
    "launch": _launch_done,
    "sell": _sale_done,
}


def start_step(s: AgencyState, step: str) -> None:
    """Mission draws and launches go clockwise from the first player (AG-MIS-1, AG-LAU-1)."""
    s.step = step
    s.order = [(s.first + i) % s.n for i in range(s.n)]
    s.turn = 0


def pass_objectives(s: AgencyState) -> None:
    """AG-FINAL-1/2/3: keep 1 pass 2 left, then keep 2 pass 1 left."""
    n = s.n
    kept = [list(k or []) for k in s.okept]
    passed = [[c for c in s.objs[p] if c not in kept[p]] for p in range(n)]
    for p in range(n):
        s.objs[p] = sorted(kept[p] + passed[(p - 1) % n])
    s.okept = [None] * n
    if s._events is not None:
        ev.passed(s, "objectives", passed, 1)
    if s.part == 1:
        s.part = 2
        return
    s.part = 1
    # AG-FINAL-4/5: starting money, three specialists each
    for p in range(n):
        s.money[p] = s.content.board.board.start.money
    s._emit("agency.ev.start-money", {"money": s.content.board.board.start.money})
    for i in range(n):
        draw_specialists(s, (s.first + i) % n, 3)
    s.step = "direction"  # AG-FLOW-3: round 1 skips income and draws


def pass_specialists(s: AgencyState) -> None:
    """AG-DRAFT-2/3/4: keep 1 pass 2, keep 2 pass 1, in the chosen direction."""
    n, d = s.n, s.dirn
    kept = [list(k or []) for k in s.kept]
    passed = [[c for c in s.hand[p] if c not in kept[p]] for p in range(n)]
    for p in range(n):
        s.hand[p] = sorted(kept[p] + passed[(p - d) % n])
    s.kept = [None] * n
    if s._events is not None:
        ev.passed(s, "specialists", passed, d)
    if s.part == 1:
        s.part = 2
        return
    s.part = 1
    # AG-SPEC-1/2: two laps from the first player in the draft direction
    lap = [(s.first + d * i) % n for i in range(n)]
    s.step = "play"
    s.order = lap + lap
    s.turn = 0


def draw_specialists(s: AgencyState, p: int, k: int) -> None:
    got: list[str] = []
    short = False
    for _ in range(k):
        if not s.sdeck:
            if not s.sdisc:
                short = True  # the hand stays as drawn (unsorted), as it always has
                break
            s.sdeck.extend(s.sdisc)  # AG-GAP-13
            s.sdisc.clear()
            s.rng.shuffle(s.sdeck)
            s._emit("agency.ev.reshuffle-specialists")
        got.append(s.sdeck.pop())
    s.hand[p].extend(got)
    if not short:
        s.hand[p].sort()
    if s._events is not None and got:
        ev.private_cards(s, "agency.ev.draw-specialists", p, got)


def start_round(s: AgencyState, r: int) -> None:
    """AG-INC-1/2: income, then two specialists each."""
    s.rnd = r
    s._emit("agency.ev.round", {"round": r, "phase": s.phase})
    for i in range(s.n):
        p = (s.first + i) % s.n
        s.money[p] += s.income_of(p)
        if s._events is not None:
            s._emit("agency.ev.income", {"who": p, "money": s.income_of(p)})
    for i in range(s.n):
        draw_specialists(s, (s.first + i) % s.n, 2)
    s.step = "direction"


def end_round(s: AgencyState) -> None:
    """AG-ROUND-1 ... AG-ROUND-5, AG-PH2-1 ... AG-PH2-4."""
    n = s.n
    s._emit("agency.ev.round-end", {"round": s.rnd})
    for p in range(n):
        s.sdisc.extend(s.played[p])
        s.played[p] = []
        s.boosts[p] = []
        s.xdraw[p] = 0
        s.sym[p] = [1, 0, 0]
        s.disc[p] = 0
        s.sent[p] = 0
        s.ldone[p] = False
        s.took[p] = -1
    rounds = s.content.board.board.rounds
    if s.rnd >= rounds:
        final_scoring(s)
        return
    s.first = (s.first + 1) % n
    s._emit("agency.ev.first-player", {"who": s.first})
    if s.rnd == rounds // 2:
        # phase 2: the specialist discards become the new deck (AG-GAP-13)
        s.sdeck.extend(s.sdisc)
        s.sdisc.clear()
        s.rng.shuffle(s.sdeck)
        s._emit("agency.ev.phase-2", {"round": s.rnd + 1})
        start_step(s, "sell")
        return
    start_round(s, s.rnd + 1)
