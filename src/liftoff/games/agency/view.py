"""What a player may see of an agency game (``State.view``).

Everything on the table is public: tracks, labs, technology, missions on Earth
and in space, played specialists, the station, deck sizes and the discard
piles. A player also sees their own hand, objectives, drawn missions and draft
picks; of the others only how many cards they hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from liftoff.engine.events import EventView

from .content import COLOURS

if TYPE_CHECKING:
    from .state import AgencyState


class ColourCounts(TypedDict):
    """A count per technology colour (in the order of ``COLOURS``)."""

    red: int
    yellow: int
    blue: int
    green: int


class UpgradesView(TypedDict):
    """How many rocket upgrades of each kind a player has taken."""

    capacity: int
    propulsion: int


class SymbolsView(TypedDict):
    """Launch symbols a player has left this round."""

    lab: int
    extra: int
    bonus: int


class PlayerView(TypedDict):
    """One player's public position, plus their secrets in their own view."""

    seat: int
    vp: int
    money: int
    income: int
    cost: int
    capacity: int
    lab: int
    tech: ColourCounts
    upgrades: UpgradesView
    station: int
    station_beside: int
    earth: list[str]
    space: list[str]
    played: list[str]
    hand_count: int
    objectives_count: int
    drawn_count: int
    chosen: bool
    boosts: list[int]
    extra_missions: int
    symbols: SymbolsView
    discount: int
    sent: int
    launch_done: bool
    sold: int
    #: what the player is deciding inside a step, as ids (``None``: nothing): ``kind``
    #: "actions" / "order" / "effect", ``card``, ``action`` and ``effect`` (0-based);
    #: the speech layer says it (``deciding``)
    pending: dict[str, str | int] | None
    #: only in the player's own view
    hand: NotRequired[list[str]]
    objectives: NotRequired[list[str]]
    drawn: NotRequired[list[str]]
    kept: NotRequired[list[str] | None]


class StationSpaceView(TypedDict):
    """One space of the station track (``rocket``: a seat, -1 empty, -2 neutral)."""

    space: int
    vp: int
    bonus: str
    rocket: int


class AgencyView(TypedDict):
    """The JSON-safe view of an agency game for one player (or a spectator)."""

    game: str
    you: int | None
    round: int
    rounds: int
    phase: int
    step: str
    part: int
    first: int
    direction: str
    active: list[int]
    turn_order: list[int]
    players: list[PlayerView]
    specialist_deck: int
    specialist_discard: list[str]
    specialist_box: list[str]
    mission_decks: dict[str, int]
    mission_discards: dict[str, list[str]]
    mission_box: list[str]
    objective_box: int
    supply: ColourCounts
    station: list[StationSpaceView]
    #: mission level → the alternatives (colour → cards) that meet it this phase
    requirements: dict[str, list[dict[str, int]]]
    content: str
    reconstruction: bool
    #: the latest events as this viewer sees them (``State.recent_events``)
    recent: list[EventView]


def _colours(values: list[int]) -> ColourCounts:
    red, yellow, blue, green = values
    return {"red": red, "yellow": yellow, "blue": blue, "green": green}


def player_view(s: AgencyState, p: int, me: bool) -> PlayerView:
    """Player ``p``'s position (with their secrets when ``me``)."""
    lab, extra, bonus = s.sym[p]
    d: PlayerView = {
        "seat": p,
        "vp": s.vp[p],
        "money": s.money[p],
        "income": s.income_of(p),
        "cost": s.cost_of(p),
        "capacity": s.capacity_of(p),
        "lab": s.lab[p],
        "tech": _colours(s.tech[p]),
        "upgrades": {"capacity": s.upc[p], "propulsion": s.upp[p]},
        "station": s.station_count(p),
        "station_beside": s.beside[p],
        "earth": sorted(s.earth[p]),
        "space": list(s.space[p]),
        "played": list(s.played[p]),
        "hand_count": len(s.hand[p]),
        "objectives_count": len(s.objs[p]),
        "drawn_count": len(s.drawn[p]),
        "chosen": (s.okept[p] if s.step == "obj_draft" else s.kept[p]) is not None,
        "boosts": list(s.boosts[p]),
        "extra_missions": s.xdraw[p],
        "symbols": {"lab": lab, "extra": extra, "bonus": bonus},
        "discount": s.disc[p],
        "sent": s.sent[p],
        "launch_done": s.ldone[p],
        "sold": s.sold[p],
        "pending": s.pending_ids(p),
    }
    if me:
        d["hand"] = sorted(s.hand[p])
        d["objectives"] = sorted(s.objs[p])
        d["drawn"] = sorted(s.drawn[p])
        kept = s.okept[p] if s.step == "obj_draft" else s.kept[p]
        d["kept"] = None if kept is None else list(kept)
    return d


def view(s: AgencyState, player: int | None, history: bool = True) -> AgencyView:
    """The view of ``s`` for ``player`` (``None``: a spectator); without
    ``history``, its ``recent`` events are left empty."""
    c = s.content
    b = c.board.board
    return {
        "game": "agency",
        "you": player,
        "round": s.rnd,
        "rounds": b.rounds,
        "phase": s.phase,
        "step": s.step,
        "part": s.part,
        "first": s.first,
        "direction": "left" if s.dirn == 1 else "right",
        "active": list(s.active_players()),
        "turn_order": list(s.order),
        "players": [player_view(s, p, player == p) for p in range(s.num_players)],
        "specialist_deck": len(s.sdeck),
        "specialist_discard": list(s.sdisc),
        "specialist_box": sorted(s.sbox),
        "mission_decks": {str(lv + 1): len(s.mdeck[lv]) for lv in range(4)},
        "mission_discards": {str(lv + 1): list(s.mdisc[lv]) for lv in range(4)},
        "mission_box": sorted(s.mbox),
        "objective_box": len(s.obox),
        "supply": _colours(s.supply),
        "station": [
            {"space": i + 1, "vp": b.station[i].vp, "bonus": b.station[i].bonus, "rocket": x}
            for i, x in enumerate(s.track)
        ],
        "requirements": {
            str(lv): [{COLOURS[ci]: k for ci, k in alt} for alt in c.reqs.get((s.phase, lv), ())]
            for lv in range(1, 5)
            if (s.phase, lv) in c.reqs
        },
        "content": c.fingerprint,
        "reconstruction": c.reconstruction,
        "recent": s.recent_events(player) if history else [],
    }
