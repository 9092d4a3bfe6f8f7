"""Seat specifications on the command line: ``human`` or a bot spec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from liftoff import bots
from liftoff.engine import derive_seed


@dataclass
class Seat:
    """One seat: a human at this terminal, or a bot."""

    spec: str
    bot: bots.Bot | None

    @property
    def human(self) -> bool:
        return self.bot is None

    @property
    def label(self) -> str:
        return "you" if self.human else self.spec


def parse_seats(text: str, players: int | None, seed: int) -> list[Seat]:
    """``"human,random,ismcts:iterations=50"`` → seats; a single spec fills ``players`` seats.

    Raises ``ValueError`` with a clear message for unknown bots or a count mismatch.
    """
    specs = [s.strip() for s in text.split(",") if s.strip()]
    if not specs:
        raise ValueError("--seats needs at least one seat (human or a bot name)")
    if players is not None:
        if len(specs) == 1 and players > 1:
            specs = specs * players
        elif len(specs) != players:
            raise ValueError(f"--seats lists {len(specs)} seats but --players is {players}")
    seats = []
    for i, spec in enumerate(specs):
        if spec == "human":
            seats.append(Seat(spec, None))
        else:
            params: dict[str, Any] = {"seed": derive_seed(seed, "seat", i)}
            seats.append(Seat(spec, bots.make(spec, **params)))
    return seats
