"""The planet observation encoder (see ``docs/rl.md`` for the layout).

Player slots are seat-relative (slot 0 = the observer) and padded to 5 seats.
Lift Off Point ids come from the action space (``abandon <id>`` actions), so a
replaced content table gets its own vocabulary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from liftoff.engine import Game, OptionValue
from liftoff.rl.spaces import ActionIndex, action_index

from . import HIGH, Encoder, count_map, one_hot, rel

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

CARDS = (
    "F",
    "S",
    "W",
    "moon",
    "supernova",
    "tornado",
    "mya",
    "asteroids",
    "storm",
    "terraform",
    "garglore",
)
CARD = {c: i for i, c in enumerate(CARDS)}
STAGES = ("play", "teleport", "team", "over")
PHASES = ("full", "half", "new")
PHASE = {p: i for i, p in enumerate(PHASES)}
VARIANTS = ("first_game", "family", "team", "fast", "cutthroat", "vicious", "no_garglore")
SEATS = 5
SPOTS = 8
SEGMENTS = 8
SLOTS = 4
PLAYER_FEATURES = 8
# per Lift Off Point slot, after the id one-hot: phase 3, Moon phase 3, boarded
# per seat 5, first boarder 5, boarded count, capacity, unlimited, cost 3,
# area fuel/screw 2, area cards 11, blocked
SLOT_TAIL = 3 + 3 + SEATS + SEATS + 1 + 1 + 1 + 3 + 2 + len(CARDS) + 1


class PlanetEncoder(Encoder):
    """``view(p)`` of a planet game → float32 vector."""

    def __init__(self, index: ActionIndex) -> None:
        super().__init__()
        lps: list[str] = []
        for a in index.actions:
            text = str(a)
            if text.startswith("abandon "):
                lps.append(text.split()[1])
        self.lps = tuple(sorted(set(lps)))
        self.lp = {x: i for i, x in enumerate(self.lps)}
        self._lp_maps: dict[tuple[str, ...], list[int]] = {}
        nl = len(self.lps)
        self.slot_size = nl + SLOT_TAIL
        self.o_seat = self.field("seat", SEATS, "the observer's absolute seat, one-hot")
        self.o_count = self.field("players", 4, "number of players (2..5), one-hot")
        self.o_players = self.field(
            "player_slots",
            SEATS * PLAYER_FEATURES,
            "per relative seat: present, saved/aliens, core/aliens, on planet/aliens, "
            "hand size/10, finished, teammate, active",
        )
        self.o_hand = self.field("hand", len(CARDS), "own hand: cards per kind / 5")
        self.o_stage = self.field("stage", len(STAGES), "play / teleport / team / over, one-hot")
        self.o_moves = self.field("moves_left", 1, "movement points left / 3")
        self.o_moon = self.field("moon_spot", SPOTS, "Moon spot, one-hot")
        self.o_override = self.field("moon_override", 4, "phase override: none/full/half/new")
        self.o_days = self.field("days", 3, "days passed/total, days left/total, total/20")
        self.o_garglore = self.field(
            "garglore", 2 + nl, "Garglore: absent, pool, or on a Lift Off Point (by id)"
        )
        self.o_ring = self.field(
            "ring_aliens", SEGMENTS * SEATS, "Aliens per segment S0..S7 per relative seat / aliens"
        )
        self.o_slots = self.field(
            "lift_off_points",
            SLOTS * self.slot_size,
            "per slot 1..4: Lift Off Point id one-hot, phase, Moon phase, boarded per seat, "
            "first boarder, boarded/6, capacity/6, unlimited, cost (fuel, screw, action)/6, "
            "card area fuel/12 and screw/12, area cards per kind/6, blocked",
        )
        self.o_pile = self.field("draw_pile", 1, "draw pile size / 100")
        self.o_discard = self.field("discard", len(CARDS), "discard pile per kind / 20")
        self.o_box = self.field("box", nl, "Lift Off Points in the box (by id)")
        self.o_removed = self.field("removed", nl, "Lift Off Points removed from the game")
        self.o_aliens = self.field("aliens_per_player", 1, "Aliens per player / 10")
        self.o_variants = self.field("variants", len(VARIANTS), "variant flags")
        self.o_window = self.field(
            "teleport_window",
            2 + 3 * SEATS,
            "teleport window: open, need/6, per relative seat pledged, pledged fuel/6, waiting",
        )

    def fill(self, view: Mapping[str, Any], out: npt.NDArray[np.float32]) -> None:
        players = view["players"]
        n = len(players)
        me = view["you"] if view["you"] is not None else 0
        aliens = float(view["aliens_per_player"]) or 1.0
        one_hot(out, self.o_seat, me, SEATS)
        one_hot(out, self.o_count, n - 2, 4)
        active = set(view["active"])
        my_team = players[me].get("team")
        for info in players:
            q = info["player"]
            o = self.o_players + rel(q, me, n) * PLAYER_FEATURES
            out[o] = 1.0
            out[o + 1] = info["saved"] / aliens
            out[o + 2] = info["core"] / aliens
            out[o + 3] = info["on_planet"] / aliens
            out[o + 4] = info["hand_size"] / 10.0
            out[o + 5] = float(info["finished"])
            out[o + 6] = float(my_team is not None and info.get("team") == my_team and q != me)
            out[o + 7] = float(q in active)
            if "hand" in info:
                count_map(out, self.o_hand, info["hand"], CARD, 0.2)
        one_hot(out, self.o_stage, STAGES.index(view["stage"]), len(STAGES))
        out[self.o_moves] = view["moves_left"] / 3.0
        moon = view["moon"]
        one_hot(out, self.o_moon, moon["spot"], SPOTS)
        override = moon["override"]
        one_hot(out, self.o_override, 0 if override is None else 1 + PHASE[override], 4)
        days = view["days"]
        total = float(days["total"]) or 1.0
        out[self.o_days] = days["passed"] / total
        out[self.o_days + 1] = days["left"] / total
        out[self.o_days + 2] = days["total"] / 20.0
        garglore = view["garglore"]
        if garglore is None:
            out[self.o_garglore] = 1.0
        elif garglore == "pool":
            out[self.o_garglore + 1] = 1.0
        else:
            one_hot(out, self.o_garglore + 2, self.lp.get(garglore), len(self.lps))
        nl = len(self.lps)
        for seg, entry in enumerate(view["ring"]):
            for q, k in enumerate(entry["aliens"]):
                out[self.o_ring + seg * SEATS + rel(q, me, n)] = k / aliens
            if entry["kind"] != "lift_off_point":
                continue
            self._fill_slot(entry, me, n, out)
        out[self.o_pile] = view["draw_pile"] / 100.0
        count_map(out, self.o_discard, view["discard"], CARD, 0.05)
        for x in view["box"]:
            one_hot(out, self.o_box, self.lp.get(x), nl)
        for x in view["removed"]:
            one_hot(out, self.o_removed, self.lp.get(x), nl)
        out[self.o_aliens] = aliens / 10.0
        for v in view["variants"]:
            one_hot(out, self.o_variants, VARIANTS.index(v) if v in VARIANTS else None, 7)
        window = view.get("teleport_window")
        if window:
            o = self.o_window
            out[o] = 1.0
            out[o + 1] = window["need"] / 6.0
            for pledge in window["pledges"]:
                r = rel(pledge["player"], me, n)
                out[o + 2 + r] = 1.0
                out[o + 2 + SEATS + r] = pledge["fuel"] / 6.0
            for q in window["waiting"]:
                out[o + 2 + 2 * SEATS + rel(q, me, n)] = 1.0

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        """The vector of ``encode(state.view(player))``, read from the numbers
        view (no words, no history built)."""
        import numpy as np

        out = np.zeros(self.size, dtype=np.float32)
        fill_numbers(self, state.numbers_view(player), self._lp_map(state.cfg.lp_order), out)
        np.clip(out, 0.0, HIGH, out=out)
        return out

    def _lp_map(self, order: tuple[str, ...]) -> list[int]:
        """Per place in the content's ``lp_order``, this encoder's index (-1: unknown)."""
        found = self._lp_maps.get(order)
        if found is None:
            found = self._lp_maps[order] = [self.lp.get(x, -1) for x in order]
        return found

    def _fill_slot(
        self, entry: Mapping[str, Any], me: int, n: int, out: npt.NDArray[np.float32]
    ) -> None:
        """The features of the Lift Off Point slot of ring ``entry``."""
        area, cost = entry["area"], entry["placement_cost"]
        o = put_slot(
            out,
            self.o_slots + (entry["slot"] - 1) * self.slot_size,
            (self.lp.get(entry["lp"]), len(self.lps)),
            (PHASE.get(entry["phase"]), PHASE.get(entry["moon_phase"])),
            entry["boarded"],
            entry["capacity"],
            (cost["fuel"], cost["screw"], cost["action"], area["fuel"], area["screw"]),
            (me, n),
        )
        count_map(out, o, area["cards"], CARD, 1.0 / 6.0)
        out[o + len(CARDS)] = float(entry["blocked"])


def put_slot(
    out: npt.NDArray[np.float32],
    o: int,
    lp: tuple[int | None, int],
    phases: tuple[int | None, int | None],
    boarded: Sequence[int],
    capacity: int | None,
    costs: tuple[int, int, int, int, int],
    seat: tuple[int, int],
) -> int:
    """Write one Lift Off Point slot's features at ``o`` (its point ``(index, of how
    many)``, the point's and the Moon's phase, who boarded, the room left or ``None``
    for no limit, its fuel/screw/action price and the fuel and screws in its area),
    read from either view; the offset of its area's cards."""
    (me, n), (index, nl) = seat, lp
    one_hot(out, o, index, nl)
    o += nl
    one_hot(out, o, phases[0], 3)
    one_hot(out, o + 3, phases[1], 3)
    o += 6
    for q in boarded:
        out[o + rel(q, me, n)] += 1.0 / 6.0
    if boarded:
        out[o + SEATS + rel(boarded[0], me, n)] = 1.0
    o += 2 * SEATS
    out[o] = len(boarded) / 6.0
    if capacity is None:
        out[o + 2] = 1.0
    else:
        out[o + 1] = capacity / 6.0
    fuel, screw, action, area_fuel, area_screw = costs
    out[o + 3] = fuel / 6.0
    out[o + 4] = screw / 6.0
    out[o + 5] = action / 6.0
    out[o + 6] = area_fuel / 12.0
    out[o + 7] = area_screw / 12.0
    return o + 8


def fill_numbers(
    enc: PlanetEncoder, view: Mapping[str, Any], lps: list[int], out: npt.NDArray[np.float32]
) -> None:
    """:meth:`PlanetEncoder.fill` of the numbers view ``view``
    (:mod:`liftoff.games.planet.numbers`; ``lps``: the encoder's index per place
    in ``lp_order``): the same vector, from ids and numbers."""
    players = view["players"]
    n = len(players)
    me = view["you"] if view["you"] >= 0 else 0
    aliens = float(view["aliens_per_player"]) or 1.0
    nl = len(enc.lps)
    one_hot(out, enc.o_seat, me, SEATS)
    one_hot(out, enc.o_count, n - 2, 4)
    active = view["active"]
    my_team = players[me][5]
    for q, info in enumerate(players):
        o = enc.o_players + rel(q, me, n) * PLAYER_FEATURES
        out[o] = 1.0
        out[o + 1] = info[0] / aliens
        out[o + 2] = info[1] / aliens
        out[o + 3] = info[2] / aliens
        out[o + 4] = info[3] / 10.0
        out[o + 5] = float(info[4])
        out[o + 6] = float(my_team >= 0 and info[5] == my_team and q != me)
        out[o + 7] = float(q in active)
    if view["you"] >= 0:
        _counts(out, enc.o_hand, view["hand"], 0.2)
    one_hot(out, enc.o_stage, view["stage"], len(STAGES))
    out[enc.o_moves] = view["moves_left"] / 3.0
    one_hot(out, enc.o_moon, view["moon_spot"], SPOTS)
    one_hot(out, enc.o_override, view["override"] + 1, 4)
    total = float(view["days_total"]) or 1.0
    out[enc.o_days] = view["days_passed"] / total
    out[enc.o_days + 1] = view["days_left"] / total
    out[enc.o_days + 2] = view["days_total"] / 20.0
    garglore = view["garglore"]
    slots = view["slots"]
    if garglore == -1:
        out[enc.o_garglore] = 1.0
    elif garglore == -2:
        out[enc.o_garglore + 1] = 1.0
    else:
        one_hot(out, enc.o_garglore + 2, lps[slots[garglore]["lp"]], nl)
    for seg, counts in enumerate(view["aliens"]):
        for q, k in enumerate(counts):
            out[enc.o_ring + seg * SEATS + rel(q, me, n)] = k / aliens
    for slot, entry in enumerate(slots):
        _fill_slot_numbers(enc, slot, entry, lps, me, n, out)
    out[enc.o_pile] = view["draw_pile"] / 100.0
    _counts(out, enc.o_discard, view["discard"], 0.05)
    for x in view["box"]:
        one_hot(out, enc.o_box, lps[x], nl)
    for x in view["removed"]:
        one_hot(out, enc.o_removed, lps[x], nl)
    out[enc.o_aliens] = aliens / 10.0
    for i, flag in enumerate(view["variants"]):
        if flag:
            out[enc.o_variants + i] = 1.0
    window = view["teleport_window"]
    if window:
        o = enc.o_window
        out[o] = 1.0
        out[o + 1] = window["need"] / 6.0
        for q, fuel in window["pledges"]:
            r = rel(q, me, n)
            out[o + 2 + r] = 1.0
            out[o + 2 + SEATS + r] = fuel / 6.0
        for q in window["waiting"]:
            out[o + 2 + 2 * SEATS + rel(q, me, n)] = 1.0


def _counts(out: npt.NDArray[np.float32], offset: int, counts: list[int], scale: float) -> None:
    """``out[offset + kind] = count * scale`` for each kind present."""
    for k, c in enumerate(counts):
        if c:
            out[offset + k] = c * scale


def _fill_slot_numbers(
    enc: PlanetEncoder,
    slot: int,
    entry: Mapping[str, Any],
    lps: list[int],
    me: int,
    n: int,
    out: npt.NDArray[np.float32],
) -> None:
    """The features of Lift Off Point slot ``slot`` from the numbers view."""
    capacity, cost = entry["capacity"], entry["cost"]
    o = put_slot(
        out,
        enc.o_slots + slot * enc.slot_size,
        (lps[entry["lp"]], len(enc.lps)),
        (entry["phase"], entry["moon_phase"]),
        entry["boarded"],
        None if capacity < 0 else capacity,
        (cost[0], cost[1], cost[2], entry["area_fuel"], entry["area_screw"]),
        (me, n),
    )
    _counts(out, o, entry["area_cards"], 1.0 / 6.0)
    out[o + len(CARDS)] = float(entry["blocked"])


def encoder(
    game: Game[Any],
    players: int,
    options: Mapping[str, OptionValue],
    index: ActionIndex | None = None,
) -> PlanetEncoder:
    """The encoder for these settings (its Lift Off Points come from the action space)."""
    return PlanetEncoder(index or action_index(game, players, options))
