"""What a player of a liftoff OpenSpiel game observes: the observation types
liftoff provides and their strings and tensors (:class:`Observer`, the
game's PyObserver), and information states with perfect recall.

See :mod:`liftoff.rl.openspiel` for the whole adapter. Information states are
``<board view>|deal <first view>|seen <events>|mine <ids>`` (and
``|choosing <parts>`` during a factored choice): :func:`information_state`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from liftoff.rl import missing_extra
from liftoff.rl.recall import compact

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise missing_extra(exc) from exc

if TYPE_CHECKING:
    from liftoff.rl.openspiel import LiftoffGame, LiftoffState

NO_INFORMATION_STATE_TENSOR = (
    "InformationStateTensor unimplemented: liftoff games provide information-state "
    "strings (perfect recall), not tensors (a fixed-size tensor cannot hold a whole "
    "game's history); use information_state_string, or observation_tensor"
)


def observation_kind(iig_obs_type: Any) -> str:
    """``"default"``, ``"info_state"`` or ``"public"`` for an OpenSpiel
    ``IIGObservationType`` (``None``: the default observation); ``ValueError``
    for a type liftoff does not provide."""
    if iig_obs_type is None:
        return "default"
    private = iig_obs_type.private_info
    recall = bool(iig_obs_type.perfect_recall)
    public = bool(iig_obs_type.public_info)
    if private == pyspiel.PrivateInfoType.SINGLE_PLAYER and public:
        return "info_state" if recall else "default"
    if private == pyspiel.PrivateInfoType.NONE and public and not recall:
        return "public"
    if private == pyspiel.PrivateInfoType.SINGLE_PLAYER and not public and not recall:
        return "private"
    raise ValueError(
        "liftoff provides these observation types: single_player private info with "
        "public info (with or without perfect recall), public-only (private info "
        "none) and private-only (no public info), the last two without perfect "
        f"recall; not private_info={private.name.lower()}, "
        f"public_info={public}, perfect_recall={recall}"
    )


def private_part(mine: Any, public: Any) -> Any:
    """What a player's view holds beyond the spectator view: the entries of
    ``mine`` that ``public`` lacks or holds differently (recursively in
    objects); ``{}`` when there is nothing private."""
    if isinstance(mine, dict) and isinstance(public, dict):
        out = {}
        for key, value in mine.items():
            if key not in public:
                out[key] = value
            elif value != public[key]:
                out[key] = private_part(value, public[key])
        return out
    return mine


class Observer:
    """The PyObserver of a liftoff game: strings and tensors from views
    (``kind``: ``default``, ``info_state`` or ``public``; see the module docstring)."""

    def __init__(self, game: LiftoffGame, kind: str = "default") -> None:
        self.game = game
        self.kind = kind
        self.perfect_recall = kind == "info_state"
        has_tensor = kind == "default"
        self.tensor: Any = np.zeros(game.observation_size, np.float32) if has_tensor else None
        self.dict: dict[str, Any] = {"observation": self.tensor} if has_tensor else {}

    def set_from(self, state: LiftoffState, player: int) -> None:
        if self.perfect_recall:
            raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)
        if self.tensor is not None:
            size = self.game.encoder.size
            self.tensor[:size] = self.game.encoder.observe(state.engine_state, player)
            if self.game.factored:
                self.tensor[size:] = state._core.choosers[player].features()

    def string_from(self, state: LiftoffState, player: int) -> str:
        engine = state.engine_state
        if self.perfect_recall:
            return information_state(state, player)
        seen: Any
        if self.kind == "public":
            seen = engine.view(None)
        elif self.kind == "private":
            seen = private_part(engine.view(player), engine.view(None))
        else:
            seen = engine.view(player)
        if isinstance(seen, dict):  # the narrated recent events are for people, not the state
            seen = {k: v for k, v in seen.items() if k != "recent"}
        view = json.dumps(seen, sort_keys=True, separators=(",", ":"))
        return view + _choosing(state, player) if self.kind == "default" else view


def _choosing(state: LiftoffState, player: int) -> str:
    """``|choosing <parts>`` while ``player`` builds a factored choice, else ``""``."""
    choosers = state._core.choosers
    if choosers and choosers[player].partial:
        index = state._core.game.index
        return "|choosing " + ",".join(index.text(i) for i in choosers[player].partial)
    return ""


def information_state(state: LiftoffState, player: int) -> str:
    """``player``'s information state, with perfect recall:
    ``<board view>|deal <first view>|seen <events>|mine <ids>`` (and
    ``|choosing <parts>`` during a factored choice). The board view is
    ``board_view`` (the position, without narrated history), the deal is the
    player's first view of the table, the events are every event since, as
    the player saw it (:mod:`liftoff.rl.recall`): public actions with their
    actor and text, other players' hidden actions as who acted, the player's
    own actions, draws and dice, all as compact JSON; and ``mine`` is the
    player's own pyspiel actions in the order chosen (the parts of a factored
    choice may come in any order)."""
    core = state._core
    recall = core.seen()
    view = compact(state.engine_state.board_view(player))
    seen = recall.seen(player)
    mine = ",".join(map(str, core.own[player]))
    return f"{view}|deal {recall.start[player]}|seen {seen}|mine {mine}{_choosing(state, player)}"


__all__ = [
    "NO_INFORMATION_STATE_TENSOR",
    "Observer",
    "information_state",
    "observation_kind",
    "private_part",
]
