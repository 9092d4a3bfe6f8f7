"""What planet's rules tell every viewer: the events they emit while ``apply`` runs.

The rules call these helpers only when events are collected (``s._events is
not None``): on the fast path (``apply_legal`` in search and simulation) none
of this data is built. Every event's ``kind`` is a message id whose English
words live in :mod:`.text` (``planet.ev.<what>``). Cards drawn into a hand are
seen by their owner only; everyone else sees how many.

The events that show something hidden say so (``reveals``): a draw, a hand
discarded face up, a roll of the Lift Off die or the Stargate die, a Lift Off
Point drawn from the box. A card played from a hand is told by the action
itself (``PlanetGame.action_reveals``).

The data is the same for every reader, whatever their language: ids and
numbers only (``lp``, ``new``, ``codes``, ``count``, the Moon's ``spot_lp`` or
``spot_exit``), never words; narration names them in the reader's language
(:func:`.narrate.local_event`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CODES
from .config import PHASE_NAMES

if TYPE_CHECKING:
    from .state import PlanetState


def spot(s: PlanetState, at: int) -> dict[str, Any]:
    """The Moon's spot ``at`` as ids: the Lift Off Point it is above
    (``spot_lp``), the Exit Point (``spot_exit``), or neither (the star)."""
    code = s.cfg.spots[at]
    if code.startswith("slot"):
        return {"spot": at, "spot_lp": s.lp_at(int(code[4]) - 1).id}
    if code.startswith("exit"):
        return {"spot": at, "spot_exit": f"S{2 * int(code[4])}"}
    return {"spot": at}


def drew(s: PlanetState, p: int, kinds: list[int]) -> None:
    """``p`` drew ``kinds`` (their owner sees the cards, everyone else how many)."""
    count = len(kinds)
    if not count:
        s._emit("planet.ev.draw-none", {"who": p})
        return
    shown = sorted(kinds)
    s._emit(
        "planet.ev.draw",
        {"who": p, "count": count, "codes": [CODES[k] for k in shown]},
        to=(p,),
        public={"who": p, "count": count},
        reveals=True,
    )


def discarded_hand(s: PlanetState, p: int, count: int) -> None:
    """``p``'s hidden hand went to the discard pile, which is face up."""
    data = {"who": p, "count": count}
    s._emit("planet.ev.discard-hand", data, reveals=True)


def turn(s: PlanetState, p: int) -> None:
    s._emit("planet.ev.turn", {"who": p, "turn": s.turns})


def moon(s: PlanetState, step: int, days_before: int) -> None:
    """The Moon moved ``step`` spots (and the Sun with it, when the days passed changed)."""
    way = "planet.ev.moon" if step > 0 else "planet.ev.moon-back"
    s._emit(way, {"step": step, **spot(s, s.moon)})
    days = s.days_passed
    if days != days_before:
        left = s.cfg.days_total - days
        s._emit(
            "planet.ev.sun" if days > days_before else "planet.ev.sun-back",
            {"days_passed": days, "days_left": left},
        )


def garglore_home(s: PlanetState) -> None:
    lp = s.lp_at(s.garglore)
    s._emit("planet.ev.garglore-home", {"lp": lp.id})


def garglore_stays(s: PlanetState, slot: int) -> None:
    """The Garglore stayed on ``slot`` when its Lift Off Point was replaced (PL-GAP-18)."""
    lp = s.lp_at(slot)
    s._emit("planet.ev.garglore-stays", {"lp": lp.id})


def lift_off(s: PlanetState, slot: int, owners: list[int]) -> None:
    """One event per owner whose Aliens lift off from ``slot`` (``saved``: their total now)."""
    lp = s.lp_at(slot)
    counts: dict[int, int] = {}
    for p in owners:
        counts[p] = counts.get(p, 0) + 1
    for p, aliens in counts.items():
        s._emit(
            "planet.ev.lift-off" if aliens == 1 else "planet.ev.lift-off-many",
            {"who": p, "lp": lp.id, "aliens": aliens, "saved": s.saved[p]},
        )


def to_core(s: PlanetState, p: int, count: int) -> None:
    """``count`` of ``p``'s Aliens went back to the Core."""
    if count:
        s._emit(
            "planet.ev.to-core" if count == 1 else "planet.ev.to-core-many",
            {"who": p, "count": count},
        )


def roll(s: PlanetState, p: int, slot: int, rockets: int, need: int) -> None:
    lp = s.lp_at(slot)
    s._emit(
        "planet.ev.roll" if rockets else "planet.ev.roll-x",
        {
            "who": p,
            "lp": lp.id,
            "rockets": rockets,
            "need": need,
            "phase": PHASE_NAMES[s.phase(slot)],
            "lifts": bool(rockets and rockets >= need),
        },
        reveals=True,
    )


def replaced(s: PlanetState, slot: int, old: str, drawn: bool) -> None:
    """The Lift Off Point ``old`` on ``slot`` gave way to the one there now
    (``drawn``: at random from the box, so nobody knew which)."""
    new = s.lp_at(slot)
    s._emit(
        "planet.ev.replaced",
        {"lp": old, "new": new.id},
        reveals=drawn,
    )


def teleport_paid(s: PlanetState) -> None:
    for p, fuel, wild in s.win_pledges:
        if fuel + wild:
            s._emit(
                "planet.ev.teleport-pay",
                {"who": p, "fuel": fuel, "wild": wild, "count": fuel + wild},
            )


def game_over(s: PlanetState, why: str, players: list[int]) -> None:
    """The game ended (``players``: who completed the rescue that ended it)."""
    if s._events is None:
        return
    kind = "planet.ev.game-over." + why.replace("_", "-")
    if len(players) == 1:
        s._emit(kind, {"why": why, "who": players[0], "players": players})
    else:
        s._emit(kind + ("-many" if players else ""), {"why": why, "players": players})
