"""Points: where they come from, what objectives and ``score_per`` effects
count, the final scoring and the outcome (AG-OBJ, AG-FIN, AG-GOAL)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from liftoff.engine import Outcome

from . import effects as fx
from .content import COLOURS
from .events import game_end
from .words import card_names

if TYPE_CHECKING:
    from .state import AgencyState

#: where points come from (``state.src[p]`` counts them in this order)
SOURCES = (
    "start",
    "launches",
    "missions",
    "effects",
    "banners",
    "actions",
    "station",
    "hourglass",
    "objectives",
    "green",
    "money",
)
_SRC = {name: i for i, name in enumerate(SOURCES)}
GREEN = COLOURS.index("green")


def score(s: AgencyState, p: int, amount: int, source: str) -> None:
    s.vp[p] += amount
    s.src[p][_SRC[source]] += amount


def count(s: AgencyState, p: int, counter: fx.Counter) -> int:
    """What a counter counts for player ``p`` (objectives, ``score_per``)."""
    w = counter.what
    if w == "missions":
        levels = counter.levels
        if not levels:
            return len(s.space[p])
        return sum(1 for m in s.space[p] if int(m[1]) in levels)
    if w == "hourglass":
        return sum(1 for m in s.space[p] if s.content.mission[m].hourglass)
    if w == "tech":
        idx = [COLOURS.index(c) for c in counter.colours] if counter.colours else range(4)
        return sum(s.tech[p][i] for i in idx)
    if w == "tech_sets":
        idx = [COLOURS.index(c) for c in counter.colours] if counter.colours else range(4)
        return min(s.tech[p][i] for i in idx)
    if w == "upgrades":
        if counter.upgrade == "capacity":
            return s.upc[p]
        if counter.upgrade == "propulsion":
            return s.upp[p]
        return s.upc[p] + s.upp[p]
    if w == "station":
        return s.station_count(p)
    if w == "lab":
        return s.lab[p]
    if w == "income":
        return s.income_of(p)
    return s.money[p]


def score_per(s: AgencyState, p: int, e: fx.ScorePer) -> int:
    value = (count(s, p, e.counts) // e.every) * e.points
    return min(value, e.max) if e.max is not None else value


def objective_score(s: AgencyState, p: int, oid: str) -> int:
    """AG-OBJ-1 ... AG-OBJ-7: the highest tier reached, 0 below the lowest."""
    o = s.content.objective[oid]
    if o.requires is not None and count(s, p, o.requires) < 1:
        return 0
    have = count(s, p, o.counts)
    got = 0
    for tier in o.tiers:
        if have >= tier.min:
            got = tier.vp
    return got


def final_scoring(s: AgencyState) -> None:
    """AG-FIN-1 ... AG-FIN-4."""
    b = s.content.board.board
    s._emit("agency.ev.final-scoring")
    for p in range(s.n):
        for m in s.space[p]:
            card = s.content.mission[m]
            if card.hourglass:
                got = s.vp[p]
                for e in card.effects:
                    if isinstance(e, fx.ScorePer):
                        score(s, p, score_per(s, p, e), "hourglass")
                    elif isinstance(e, fx.Points):
                        score(s, p, e.amount, "hourglass")
                final_item(s, p, "hourglass", s.vp[p] - got, card=m, name=card.name)
        for o in s.objs[p]:
            got = objective_score(s, p, o)
            score(s, p, got, "objectives")
            name = s.content.objective[o].name
            final_item(s, p, "objective", got, card=o, name=name)
        green = s.tech[p][GREEN]
        score(s, p, green * b.green_vp, "green")
        if green:
            final_item(s, p, "green", green * b.green_vp, count=green)
        score(s, p, s.money[p] // b.money_per_vp, "money")
        final_item(s, p, "money", s.money[p] // b.money_per_vp, money=s.money[p])
    s.step = "over"
    if s._events is not None:
        game_end(s)


def final_item(s: AgencyState, p: int, source: str, points: int, **extra: object) -> None:
    """One line of the final scoring (events only)."""
    s._emit(f"agency.ev.final-{source}", {"who": p, "points": points, **extra})


def level4(s: AgencyState, p: int) -> int:
    return sum(1 for m in s.space[p] if m.startswith("M4-"))


def outcome(s: AgencyState) -> Outcome | None:
    if s.step != "over":
        return None
    n = s.n
    keys = [(s.vp[p], level4(s, p)) for p in range(n)]
    by_level = [
        {str(lv): sum(1 for m in s.space[p] if m.startswith(f"M{lv}-")) for lv in range(1, 5)}
        for p in range(n)
    ]
    out = Outcome.from_keys(keys, list(s.vp), "rounds")
    details = {
        "rounds": s.rnd,
        "points_by_source": [
            {name: s.src[p][i] for i, name in enumerate(SOURCES)} for p in range(n)
        ],
        "missions_by_level": by_level,
        "missions_on_earth": [len(s.earth[p]) for p in range(n)],
        "specialists_played": list(s.nplayed),
        "objectives_sold": list(s.sold),
        "level4_missions": [level4(s, p) for p in range(n)],
        "lab": list(s.lab),
        "technology": [dict(zip(COLOURS, s.tech[p], strict=True)) for p in range(n)],
        "station": [s.station_count(p) for p in range(n)],
        "money": list(s.money),
        "winner_missions": sorted({m for w in out.winners for m in s.space[w]}),
        "content": s.content.fingerprint,
    }
    return Outcome(out.scores, out.winners, out.ranking, out.places, out.termination, details)


def breakdown(s: AgencyState) -> list[dict[str, float]]:
    """Points by source (``SOURCES``: missions, station, objectives, money, …),
    as scored so far; they sum to each player's victory points."""
    return [{name: float(s.src[p][i]) for i, name in enumerate(SOURCES)} for p in range(s.n)]


def revealed(s: AgencyState) -> dict[str, object]:
    """Every hand, objective and drawn mission, and the face-down decks, by card
    name in the current language (called once the game is over)."""
    c = s.content

    def named(cards: list[str]) -> list[str]:
        return card_names(c, cards)

    table: dict[str, object] = {
        "specialists": named(list(reversed(s.sdeck))),
        "objectives": named(s.obox),
    }
    for level, deck in enumerate(s.mdeck, 1):
        table[f"missions-{level}"] = named(list(reversed(deck)))
    seats = [
        {
            "hand": named(sorted(s.hand[p])),
            "objectives": named(sorted(s.objs[p])),
            "drawn": named(s.drawn[p]),
        }
        for p in range(s.n)
    ]
    return {"seats": seats, "table": table}
