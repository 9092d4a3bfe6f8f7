"""The race observation encoder (see ``docs/rl.md`` for the layout).

Everything in a race view is public except the order of each stack's unseen
cards, which the view (and so this encoder) gives only as a count. Player
slots are seat-relative and padded to 4; planets are in table order, padded
to 10.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from liftoff.engine import Game, OptionValue
from liftoff.rl.spaces import ActionIndex

from . import Encoder, counts, one_hot, rel

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

KINDS = ("tank", "settlers", "security", "solar", "liftoff", "theft", "terraform", "ore")
KIND = {k: i for i, k in enumerate(KINDS)}
BLUE = ("tank", "settlers", "security", "solar")
BLUE_KIND = {k: i for i, k in enumerate(BLUE)}
PHASES = ("loading", "resolving", "over")
CHOICES = ("pay", "steal")
SEATS = 4
PLANETS = 10
NK = len(KINDS)
PLAYER_FEATURES = 1 + 1 + (NK + 1) + 1 + 3 * NK + 1 + PLANETS
# per row side: length, counts per kind, last card kind (+ none), revealed,
# held blue cards per kind, spent held cards
SIDE_FEATURES = 1 + NK + (NK + 1) + 1 + len(BLUE) + 1
PLANET_FEATURES = 1 + 3 + 2 * SEATS + 2 * SIDE_FEATURES + 2 + 4 + (SEATS + 1)


class RaceEncoder(Encoder):
    """``view(p)`` of a race game → float32 vector."""

    def __init__(self) -> None:
        super().__init__()
        self.o_count = self.field("players", 3, "number of players (2..4), one-hot")
        self.o_round = self.field("round", 3, "round/rounds, rounds/9, last round")
        self.o_phase = self.field("phase", len(PHASES), "loading / resolving / over, one-hot")
        self.o_stop = self.field(
            "stop_player", SEATS + 1, "who called Stop this round: none or relative seat"
        )
        self.o_options = self.field(
            "options", 3, "lenient, auto_choices, Security Force repels once"
        )
        self.o_players = self.field(
            "player_slots",
            SEATS * PLAYER_FEATURES,
            "per relative seat: present, stack/30, top card kind (+none), unseen/30, "
            "known bottom per kind/6, discards per kind/6, set aside per kind/6, score/50, "
            "adjacent planets 1..10",
        )
        self.o_planets = self.field(
            "planets",
            PLANETS * PLANET_FEATURES,
            "per planet 1..10: present, terraforming/3, vp/5, ore/3, relative seat of each "
            "side, per side (row length/15, cards per kind/6, last card kind, revealed/15, "
            "held blue cards per kind/6, spent/6), terraformed/3, ore used/3, result "
            "(scored, habitable, settlers a/6, settlers b/6), winner relative seat (+none)",
        )
        self.o_pending = self.field(
            "pending",
            len(CHOICES) + PLANETS + SEATS,
            "pending choice: pay/steal, planet one-hot, chooser relative seat",
        )

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        """``encode(state.view(player))`` read from ``board_view`` (the encoder
        reads no history, so the view's events and log are not built)."""
        return self.encode(state.board_view(player))

    def fill(self, view: Mapping[str, Any], out: npt.NDArray[np.float32]) -> None:
        players = view["players"]
        n = len(players)
        me = view["you"] if view["you"] is not None else 0
        one_hot(out, self.o_count, n - 2, 3)
        rounds = float(view["rounds"]) or 1.0
        out[self.o_round] = view["round"] / rounds
        out[self.o_round + 1] = rounds / 9.0
        out[self.o_round + 2] = float(view["round"] == view["rounds"])
        one_hot(out, self.o_phase, PHASES.index(view["phase"]), len(PHASES))
        stop = view["stop_player"]
        one_hot(out, self.o_stop, 0 if stop is None else 1 + rel(stop, me, n), SEATS + 1)
        opts = view["options"]
        out[self.o_options] = float(opts["lenient"])
        out[self.o_options + 1] = float(opts["auto_choices"])
        out[self.o_options + 2] = float(opts["security"] == "once")
        for info in players:
            o = self.o_players + rel(info["player"], me, n) * PLAYER_FEATURES
            out[o] = 1.0
            out[o + 1] = info["stack"] / 30.0
            top = info["top"]
            one_hot(out, o + 2, NK if top is None else KIND[top], NK + 1)
            o += 3 + NK
            out[o] = info["unseen"] / 30.0
            counts(out, o + 1, info["known_bottom"], KIND, 1.0 / 6.0)
            counts(out, o + 1 + NK, info["discards"], KIND, 1.0 / 6.0)
            counts(out, o + 1 + 2 * NK, info["set_aside"], KIND, 1.0 / 6.0)
            o += 1 + 3 * NK
            out[o] = info["score"] / 50.0
            for number in info["planets"]:
                one_hot(out, o + 1, number - 1, PLANETS)
        for planet in view["planets"]:
            o = self.o_planets + (planet["number"] - 1) * PLANET_FEATURES
            out[o] = 1.0
            out[o + 1] = planet["terraforming"] / 3.0
            out[o + 2] = planet["vp"] / 5.0
            out[o + 3] = planet["ore"] / 3.0
            o += 4
            for side, q in enumerate(planet["players"]):
                one_hot(out, o + side * SEATS, rel(q, me, n), SEATS)
            o += 2 * SEATS
            for side in (0, 1):
                row = planet["rows"][side]
                out[o] = len(row) / 15.0
                counts(out, o + 1, row, KIND, 1.0 / 6.0)
                one_hot(out, o + 1 + NK, KIND[row[-1]] if row else NK, NK + 1)
                o += 2 + 2 * NK
                out[o] = planet["revealed"][side] / 15.0
                held = planet["held"][side]
                counts(out, o + 1, (h["card"] for h in held), BLUE_KIND, 1.0 / 6.0)
                out[o + 1 + len(BLUE)] = sum(1 for h in held if h["spent"]) / 6.0
                o += 2 + len(BLUE)
            out[o] = planet["terraformed"] / 3.0
            out[o + 1] = planet["ore_used"] / 3.0
            o += 2
            result = planet["result"]
            if result is not None:
                out[o] = 1.0
                out[o + 1] = float(result["habitable"])
                out[o + 2] = result["settlers"][0] / 6.0
                out[o + 3] = result["settlers"][1] / 6.0
                winner = result["winner"]
                one_hot(out, o + 4, SEATS if winner is None else rel(winner, me, n), SEATS + 1)
        pending = view["pending"]
        if pending is not None:
            o = self.o_pending
            one_hot(out, o, CHOICES.index(pending["choice"]), len(CHOICES))
            one_hot(out, o + len(CHOICES), pending["planet"] - 1, PLANETS)
            one_hot(out, o + len(CHOICES) + PLANETS, rel(pending["player"], me, n), SEATS)


def encoder(
    game: Game[Any],
    players: int,
    options: Mapping[str, OptionValue],
    index: ActionIndex | None = None,
) -> RaceEncoder:
    """The encoder (the same for every setting)."""
    return RaceEncoder()
