"""The agency observation encoder (see ``docs/rl.md`` for the layout).

Card vocabularies (specialists ``S..``, missions ``M.-..``, objectives ``O..``)
come from the action space texts (``play S.. money``, ``take M.-..``,
``sell O..``), so other content files get their own vocabulary. Player slots
are seat-relative, padded to 4. Other players' hands, objectives and drawn
missions appear as counts only, as in the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from liftoff.engine import Action, Game, OptionValue
from liftoff.rl.spaces import ActionIndex, action_index

from . import Encoder, counts, one_hot, rel

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

STEPS = ("obj_draft", "direction", "spec_draft", "play", "mission", "launch", "sell", "over")
COLOURS = ("red", "yellow", "blue", "green")
SYMBOLS = ("lab", "extra", "bonus")
#: what a player is deciding (the view's ``pending`` kind) → its one-hot slot; nothing: 3
_PENDING = {"actions": 0, "order": 1, "effect": 2}
SEATS = 4
STATION = 11
SCALARS = (
    ("vp", 100.0),
    ("money", 30.0),
    ("income", 10.0),
    ("cost", 5.0),
    ("capacity", 5.0),
    ("lab", 4.0),
    ("station", 7.0),
    ("station_beside", 7.0),
    ("hand_count", 3.0),
    ("objectives_count", 3.0),
    ("drawn_count", 6.0),
    ("extra_missions", 3.0),
    ("discount", 3.0),
    ("sent", 3.0),
    ("sold", 3.0),
)


def vocabularies(index: ActionIndex) -> tuple[list[str], list[str], list[str]]:
    """Specialist, mission and objective ids named by the action space."""
    specs: list[str] = []
    missions: list[str] = []
    objs: list[str] = []
    for a in index.actions:
        text = str(a)
        if text.startswith("launch "):
            break  # launches come last and name no new card
        if text.startswith("play ") and text.endswith(" money"):
            specs.append(text.split()[1])
        elif text.startswith("take "):
            missions.append(text.split()[1])
        elif text.startswith("sell "):
            objs.append(text.split()[1])
    return sorted(set(specs)), sorted(set(missions)), sorted(set(objs))


class AgencyEncoder(Encoder):
    """``view(p)`` of an agency game → float32 vector."""

    def __init__(self, index: ActionIndex) -> None:
        super().__init__()
        specs, missions, objs = vocabularies(index)
        self.spec = {x: i for i, x in enumerate(specs)}
        self.mission = {x: i for i, x in enumerate(missions)}
        self.objective = {x: i for i, x in enumerate(objs)}
        ns, nm, no = len(specs), len(missions), len(objs)
        self.player_size = len(SCALARS) + 4 + 2 + 3 + 2 + 4 + 3 + 2 * nm + ns
        self.o_count = self.field("players", 3, "number of players (2..4), one-hot")
        self.o_round = self.field("round", 3, "round/8, phase 1, phase 2")
        self.o_step = self.field("step", len(STEPS), "step of the round, one-hot")
        self.o_misc = self.field(
            "turn",
            3 + 3 * SEATS,
            "draft part 1/2, direction left, right; first player, active players and first "
            "place in the turn order (/8), per relative seat",
        )
        self.o_players = self.field(
            "player_slots",
            SEATS * self.player_size,
            "per relative seat: "
            + ", ".join(name for name, _ in SCALARS)
            + " (scaled), technology per colour/6, upgrades capacity and propulsion/4, "
            "launch symbols/3, launch done, draft choice made, deciding: specialist actions / "
            "effect order / effect choice / nothing, boosts count/5 and total/10, present, "
            "missions on Earth (multi-hot), missions in space (multi-hot), specialists played "
            "(multi-hot)",
        )
        self.o_hand = self.field("hand", ns, "own specialists in hand (multi-hot)")
        self.o_objs = self.field("objectives", no, "own objectives (multi-hot)")
        self.o_drawn = self.field("drawn", nm, "own drawn missions (multi-hot)")
        self.o_kept = self.field("kept", ns + no, "own draft choice so far (multi-hot)")
        self.o_decks = self.field(
            "decks",
            1 + 4 + 1 + 4,
            "specialist deck/36, mission decks per level/24, objective box/16, "
            "technology supply per colour/12",
        )
        self.o_sdisc = self.field("specialist_discard", ns, "specialists discarded (multi-hot)")
        self.o_sbox = self.field("specialist_box", ns, "specialists out of the game (multi-hot)")
        self.o_mdisc = self.field("mission_discards", nm, "missions discarded (multi-hot)")
        self.o_mbox = self.field("mission_box", nm, "missions out of the game (multi-hot)")
        self.o_station = self.field(
            "station",
            STATION * (2 + SEATS),
            "per station space: empty, neutral rocket, or a relative seat's rocket",
        )

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        """``encode(state.view(player))`` read from ``board_view`` (the encoder
        reads no history, so the view's events and log are not built)."""
        return self.encode(state.board_view(player))

    def fill(self, view: Mapping[str, Any], out: npt.NDArray[np.float32]) -> None:
        players = view["players"]
        n = len(players)
        me = view["you"] if view["you"] is not None else 0
        nm, ns = len(self.mission), len(self.spec)
        one_hot(out, self.o_count, n - 2, 3)
        out[self.o_round] = view["round"] / 8.0
        one_hot(out, self.o_round + 1, view["phase"] - 1, 2)
        one_hot(out, self.o_step, STEPS.index(view["step"]), len(STEPS))
        o = self.o_misc
        out[o] = view["part"] / 2.0
        out[o + 1 + (view["direction"] == "right")] = 1.0
        one_hot(out, o + 3, rel(view["first"], me, n), SEATS)
        for q in view["active"]:
            out[o + 3 + SEATS + rel(q, me, n)] = 1.0
        order = view["turn_order"]
        for q in range(n):
            if q in order:
                out[o + 3 + 2 * SEATS + rel(q, me, n)] = (1 + order.index(q)) / 8.0
        for info in players:
            q = info["seat"]
            o = self.o_players + rel(q, me, n) * self.player_size
            for i, (name, scale) in enumerate(SCALARS):
                out[o + i] = info[name] / scale
            o += len(SCALARS)
            for i, c in enumerate(COLOURS):
                out[o + i] = info["tech"][c] / 6.0
            out[o + 4] = info["upgrades"]["capacity"] / 4.0
            out[o + 5] = info["upgrades"]["propulsion"] / 4.0
            for i, s in enumerate(SYMBOLS):
                out[o + 6 + i] = info["symbols"][s] / 3.0
            out[o + 9] = float(info["launch_done"])
            out[o + 10] = float(info["chosen"])
            pending = info["pending"]
            kind = 3 if pending is None else _PENDING.get(str(pending["kind"]), 2)
            out[o + 11 + kind] = 1.0
            boosts = info["boosts"]
            out[o + 15] = len(boosts) / 5.0
            out[o + 16] = sum(boosts) / 10.0
            out[o + 17] = 1.0  # present
            o += 18
            counts(out, o, info["earth"], self.mission)
            counts(out, o + nm, info["space"], self.mission)
            counts(out, o + 2 * nm, info["played"], self.spec)
            if q == me:
                counts(out, self.o_hand, info.get("hand", ()), self.spec)
                counts(out, self.o_objs, info.get("objectives", ()), self.objective)
                counts(out, self.o_drawn, info.get("drawn", ()), self.mission)
                kept = info.get("kept") or ()
                counts(out, self.o_kept, kept, self.spec)
                counts(out, self.o_kept + ns, kept, self.objective)
        o = self.o_decks
        out[o] = view["specialist_deck"] / 36.0
        for level in range(4):
            out[o + 1 + level] = view["mission_decks"][str(level + 1)] / 24.0
        out[o + 5] = view["objective_box"] / 16.0
        for i, c in enumerate(COLOURS):
            out[o + 6 + i] = view["supply"][c] / 12.0
        counts(out, self.o_sdisc, view["specialist_discard"], self.spec)
        counts(out, self.o_sbox, view["specialist_box"], self.spec)
        for level in range(4):
            counts(out, self.o_mdisc, view["mission_discards"][str(level + 1)], self.mission)
        counts(out, self.o_mbox, view["mission_box"], self.mission)
        for space in view["station"][:STATION]:
            o = self.o_station + (space["space"] - 1) * (2 + SEATS)
            rocket = space["rocket"]
            if rocket == -1:
                out[o] = 1.0
            elif rocket == -2:
                out[o + 1] = 1.0
            elif isinstance(rocket, int) and 0 <= rocket < n:
                out[o + 2 + rel(rocket, me, n)] = 1.0


def part_options(options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """Options whose flat space holds every card and symbol: one mission per
    launch (the card vocabularies do not depend on the launch limit)."""
    small = dict(options)
    if "missions_per_round" in small:
        small["missions_per_round"] = 1
    return small


def encoder(
    game: Game[Any],
    players: int,
    options: Mapping[str, OptionValue],
    index: ActionIndex | None = None,
) -> AgencyEncoder:
    """The encoder for these settings (vocabularies read from the small space of
    one mission per launch; ``index`` is not used)."""
    return AgencyEncoder(action_index(game, players, {**options, "missions_per_round": 1}))


def action_parts(action: Action) -> tuple[str, ...]:
    """The sub-steps (token texts) of an action in the factored action space
    (see :mod:`liftoff.rl.factored`)."""
    from liftoff.games.agency.actions import Keep, Launch

    if isinstance(action, Launch):
        return (f"launch:{action.symbol}", *(f"mission:{m}" for m in sorted(action.cards)))
    if isinstance(action, Keep):
        return tuple(f"keep:{c}" for c in sorted(action.cards))
    return (f"action:{action}",)
