"""The events of the race rules: what Stop, cleanup and resolution did, for
front ends to narrate (message ids ``race.ev.*``, English words in :mod:`.text`).
Their data is ids and numbers (card codes, planet numbers and the table's
planet names), never words: narration names the cards per reader.

The rules call these helpers only while events are collected
(``state._events is not None``), so the fast path (``apply_legal``) builds
nothing. Every card the race shows is public (RC-LR-1): events go to everyone.
Points always travel as ``who`` + ``points`` so that a front end (and the
accounting test) can add them up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards as C

if TYPE_CHECKING:
    from .state import RaceState


def where(s: RaceState, i: int) -> dict[str, Any]:
    """The planet part of an event: its table number and name."""
    return {"planet": i + 1, "planet_name": s.table.planets[s.planets[i][0]].name}


def card(kind: int) -> dict[str, Any]:
    """The card part of an event: its code (narration names it per reader)."""
    return {"card": C.CODES[kind]}


def codes(cards: list[int]) -> list[str]:
    """The codes of the kinds of ``cards`` (card ids)."""
    return [C.CODES[C.KIND[c]] for c in cards]


def stop(s: RaceState, player: int) -> None:
    s._emit("race.ev.stop", {"who": player, "round": s.round + 1})


def set_aside(s: RaceState, why: str, i: int, player: int, cards: list[int]) -> None:
    """Cards removed at cleanup: ``why`` is ``illegal`` or ``no-liftoff``."""
    s._emit(
        f"race.ev.{why}",
        {"who": player, **where(s, i), "codes": codes(cards), "count": len(cards)},
    )


def turned_up(s: RaceState, player: int, kind: int) -> None:
    """A card nobody had seen became the top of ``player``'s stack (loading)."""
    s._emit("race.ev.turned-up", {"who": player, "card": C.CODES[kind]}, reveals=True)


def reveal(s: RaceState, i: int, player: int, kind: int) -> None:
    """A card turned up; the template says what a card of that kind does."""
    s._emit(f"race.ev.reveal.{C.CODES[kind]}", {"who": player, **where(s, i), **card(kind)})


def fail(s: RaceState, i: int, player: int, kind: int, reason: str) -> None:
    """An order that cannot be carried out (``no-ore`` or ``no-energy``)."""
    s._emit(f"race.ev.fail.{reason}", {"who": player, **where(s, i), **card(kind)})


def paid(s: RaceState, i: int, player: int, ore: bool, sources: tuple[int, ...]) -> None:
    data: dict[str, Any] = {
        "who": player,
        **where(s, i),
        "paid_codes": [C.CODES[k] for k in sources],
    }
    if ore:
        ptype = s.table.planets[s.planets[i][0]]
        data.update(points=1, ore_used=s.ore_used[i], ore=ptype.ore)
        s._emit("race.ev.ore", data)
    else:
        ptype = s.table.planets[s.planets[i][0]]
        data.update(terraformed=s.terra[i], needed=ptype.terraforming)
        s._emit("race.ev.terraform", data)


def theft(s: RaceState, i: int, side: int, guard: int) -> None:
    """A Theft turned up at planet ``i`` by the player of ``side``; ``guard``:
    the Security Force that repels it, or -1."""
    thief = s.side_players[i][side]
    victim = s.side_players[i][1 - side]
    data = {"who": thief, "whom": victim, **where(s, i)}
    s._emit("race.ev.repelled" if guard >= 0 else "race.ev.theft", data)


def take(
    s: RaceState, i: int, chooser: int, victim: int, kind: int | None, chosen: bool = True
) -> None:
    """What a Theft (or counter-theft) took; ``kind`` None: nothing (``chosen``:
    by the player's choice, else there was nothing to take)."""
    who = s.side_players[i][chooser]
    whom = s.side_players[i][victim]
    if kind is None:
        what = "race.ev.steal-none" if chosen else "race.ev.steal-nothing"
        s._emit(what, {"who": who, "whom": whom, **where(s, i)})
    else:
        s._emit("race.ev.steal", {"who": who, "whom": whom, **where(s, i), **card(kind)})


def planet(s: RaceState, i: int, result: tuple[int, ...]) -> None:
    """How planet ``i`` scored (``result`` as in ``RaceState.results``)."""
    _, habitable, a, b, winner, vp = result
    ptype = s.table.planets[s.planets[i][0]]
    data: dict[str, Any] = {
        **where(s, i),
        "settlers": [a, b],
        "most": max(a, b),
        "fewest": min(a, b),
        "terraformed": s.terra[i],
        "needed": ptype.terraforming,
    }
    if winner >= 0:
        s._emit("race.ev.planet.won", {"who": winner, "points": vp, **data})
    elif not habitable:
        s._emit("race.ev.planet.barren", data)
    elif a == b and a > 0:
        s._emit("race.ev.planet.tie", data)
    else:
        s._emit("race.ev.planet.empty", data)


def round_end(s: RaceState) -> None:
    n = s.num_players
    s._emit(
        "race.ev.round-end",
        {
            "round": s.round + 1,
            "round_points": list(s.round_points),
            "scores": list(s.scores),
            "players": list(range(n)),
        },
    )


def round_start(s: RaceState) -> None:
    # with 3 players everyone moves one seat to the left (RC-ROT-1); else seats stay
    kind = "race.ev.round-start-rotated" if s.num_players == 3 else "race.ev.round-start"
    # the reshuffled stacks turn up new top cards
    s._emit(kind, {"round": s.round + 1, "rounds": s.total_rounds}, reveals=True)


def game_end(s: RaceState) -> None:
    out = s.outcome()
    assert out is not None
    best = max(s.scores)
    s._emit(
        "race.ev.game-end",
        {
            "winners": list(out.winners),
            "points": best,
            "scores": list(s.scores),
            "players": list(range(s.num_players)),
        },
    )
