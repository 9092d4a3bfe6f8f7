"""What a player may know of a toy game: ``ToyView``."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from liftoff.engine.events import EventView

if TYPE_CHECKING:
    from .state import ToyState


class ToyView(TypedDict):
    """The view of one player (``you`` is None for a spectator)."""

    you: int | None
    round: int  # 1-based
    rounds: int
    card: str | None  # the turned-up card
    points: int  # what it is worth (0 when over)
    cards_left: int  # face-down cards
    picked: list[bool]  # who has picked this round
    my_pick: int | None  # the viewer's own secret pick
    scores: list[int]
    history: list[list[int]]  # every finished round's picks
    recent: list[EventView]  # the latest events as this player sees them


def view(state: ToyState, player: int | None) -> ToyView:
    """The view of ``state`` for ``player``: never another player's pick of
    this round, never the order of the face-down cards."""
    return {
        "you": player,
        "round": state.round + 1,
        "rounds": state.total_rounds,
        "card": state.card,
        "points": state.game.content.points[state.card] if state.card else 0,
        "cards_left": len(state.deck),
        "picked": [pick is not None for pick in state.picks],
        "my_pick": state.picks[player] if player is not None else None,
        "scores": list(state.scores),
        "recent": state.recent_events(player),
        "history": [list(r) for r in state.rounds],
    }
