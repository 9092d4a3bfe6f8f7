"""What planet's rules tell every viewer: the events they emit while ``apply`` runs.

The rules call these helpers only when events are collected (``s._events is
not None``): on the fast path (``apply_legal`` in search and simulation) none
of this data is built. Every event's ``kind`` is a message id whose English
words live in :mod:`.text` (``planet.ev.<what>``). Cards drawn into a hand are
seen by their owner only; everyone else sees how many.

The data is the same for every reader, whatever their language: names and
counts in it are English, next to the ids they name (``lp``, ``codes``,
``count``); narration says them in the reader's language
(:func:`.narrate.local_event`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from liftoff.engine.messages import ENGLISH, plural, render

from . import words as _words  # noqa: F401  (registers the spots' and counts' words)
from .cards import CODES
from .config import PHASE_NAMES

if TYPE_CHECKING:
    from .game import PlanetGame
    from .state import PlanetState


def card_names(s: PlanetState) -> tuple[str, ...]:
    """The printed name of each card kind (index = kind)."""
    return cast("PlanetGame", s.game).card_names


def spot_name(s: PlanetState, spot: int) -> str:
    """A Moon spot as a player says it (in English): the star, above a Lift Off
    Point, or an Exit."""
    code = s.cfg.spots[spot]
    if code.startswith("slot"):
        name = s.lp_at(int(code[4]) - 1).name
        return render("planet.spot.lp", {"name": name}, lang=ENGLISH)
    if code.startswith("exit"):
        return render("planet.spot.exit", {"segment": f"S{2 * int(code[4])}"}, lang=ENGLISH)
    return render("planet.spot.star", lang=ENGLISH)


def _n(count: int, what: str) -> str:
    """ "2 cards", "1 day" (in English: the event's data)."""
    return plural(f"planet.count.{what}", count, lang=ENGLISH)


def drew(s: PlanetState, p: int, kinds: list[int]) -> None:
    """``p`` drew ``kinds`` (their owner sees the cards, everyone else how many)."""
    count = len(kinds)
    if not count:
        s._emit("planet.ev.draw-none", {"who": p})
        return
    names = card_names(s)
    shown = sorted(kinds)
    s._emit(
        "planet.ev.draw",
        {
            "who": p,
            "count": count,
            "cards": [names[k] for k in shown],
            "codes": [CODES[k] for k in shown],
        },
        to=(p,),
        public={"who": p, "count": count, "n": _n(count, "cards")},
    )


def discarded_hand(s: PlanetState, p: int, count: int) -> None:
    s._emit("planet.ev.discard-hand", {"who": p, "count": count, "n": _n(count, "cards")})


def turn(s: PlanetState, p: int) -> None:
    s._emit("planet.ev.turn", {"who": p, "turn": s.turns})


def moon(s: PlanetState, step: int, days_before: int) -> None:
    """The Moon moved ``step`` spots (and the Sun with it, when the days passed changed)."""
    way = "planet.ev.moon" if step > 0 else "planet.ev.moon-back"
    s._emit(way, {"step": step, "spot": s.moon, "spot_name": spot_name(s, s.moon)})
    days = s.days_passed
    if days != days_before:
        left = s.cfg.days_total - days
        s._emit(
            "planet.ev.sun" if days > days_before else "planet.ev.sun-back",
            {"days_passed": days, "days_left": left, "n": _n(left, "days")},
        )


def garglore_home(s: PlanetState) -> None:
    lp = s.lp_at(s.garglore)
    s._emit("planet.ev.garglore-home", {"lp": lp.id, "name": lp.name})


def lift_off(s: PlanetState, slot: int, owners: list[int]) -> None:
    """One event per owner whose Aliens lift off from ``slot`` (``saved``: their total now)."""
    lp = s.lp_at(slot)
    counts: dict[int, int] = {}
    for p in owners:
        counts[p] = counts.get(p, 0) + 1
    for p, aliens in counts.items():
        s._emit(
            "planet.ev.lift-off" if aliens == 1 else "planet.ev.lift-off-many",
            {"who": p, "lp": lp.id, "name": lp.name, "aliens": aliens, "saved": s.saved[p]},
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
            "name": lp.name,
            "rockets": rockets,
            "need": need,
            "phase": PHASE_NAMES[s.phase(slot)],
            "lifts": bool(rockets and rockets >= need),
        },
    )


def replaced(s: PlanetState, slot: int, old: str) -> None:
    """The Lift Off Point ``old`` on ``slot`` gave way to the one there now."""
    new = s.lp_at(slot)
    s._emit(
        "planet.ev.replaced",
        {"lp": old, "name": s.cfg.lps[old].name, "new": new.id, "new_name": new.name},
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
