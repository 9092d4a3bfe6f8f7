"""The result of a finished game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    - ``scores``: one number per player (the game's own measure: saved Aliens,
      victory points, …).
    - ``winners``: the players who won; several when a win is shared.
    - ``ranking``: every player, best first (ties keep seat order).
    - ``places``: each player's place, 1 = first; tied players share a place.
    - ``termination``: why the game ended (e.g. ``"rescue"``, ``"explosion"``).
    - ``details``: game-specific facts, JSON-safe.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    places: tuple[int, ...]
    termination: str
    details: Mapping[str, Any] = field(default_factory=dict)

    @staticmethod
    def from_keys(
        keys: Sequence[Sequence[float]],
        scores: Sequence[float],
        termination: str,
        details: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Build an outcome from one sort key per player (higher is better).

        Players with equal keys share a place; the winners are those in place 1.

        >>> o = Outcome.from_keys([(3, 1), (5, 0), (5, 0)], [3, 5, 5], "end")
        >>> o.winners, o.ranking, o.places
        ((1, 2), (1, 2, 0), (3, 1, 1))
        """
        n = len(keys)
        order = sorted(range(n), key=lambda p: tuple(-k for k in keys[p]))
        places = [0] * n
        for i, p in enumerate(order):
            if i > 0 and tuple(keys[p]) == tuple(keys[order[i - 1]]):
                places[p] = places[order[i - 1]]
            else:
                places[p] = i + 1
        winners = tuple(p for p in order if places[p] == 1)
        return Outcome(
            scores=tuple(scores),
            winners=winners,
            ranking=tuple(order),
            places=tuple(places),
            termination=termination,
            details=dict(details or {}),
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranking": list(self.ranking),
            "places": list(self.places),
            "termination": self.termination,
            "details": dict(self.details),
        }
