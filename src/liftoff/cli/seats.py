"""Seat specifications on the command line: ``human`` or a bot spec."""

from __future__ import annotations

import secrets
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


def split_seats(text: str, players: int | None = None) -> list[str]:
    """Split a seat list on commas, keeping bot parameters with their bot.

    >>> split_seats("human,ismcts:iterations=400,rollout=heuristic,random")
    ['human', 'ismcts:iterations=400,rollout=heuristic', 'random']

    A single spec fills ``players`` seats; a count mismatch raises ``ValueError``.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part  # another parameter of the previous bot
        else:
            specs.append(part)
    if not specs:
        raise ValueError("--seats needs at least one seat (human or a bot name)")
    if players is not None:
        if len(specs) == 1 and players > 1:
            specs = specs * players
        elif len(specs) != players:
            raise ValueError(f"--seats lists {len(specs)} seats but --players is {players}")
    return specs


def parse_seats(text: str, players: int | None, seed: int | None = None) -> list[Seat]:
    """``"human,random,ismcts:iterations=50"`` → seats (``bot:NAME`` is accepted for NAME).

    Bots are seeded from ``seed`` and their seat when it is given (reproducible
    runs), otherwise from the operating system's randomness — as in play with
    people, where a bot seed derived from the game seed would let its visible
    choices give the game seed (and so every hidden card) away.

    Raises ``ValueError`` with a clear message for unknown bots or a count mismatch.
    """
    seats = []
    for i, spec in enumerate(split_seats(text, players)):
        if spec == "human":
            seats.append(Seat(spec, None))
            continue
        if "@" in spec:
            raise ValueError(f"seat {spec!r}: speeds (@slow, @fast, …) apply to race only")
        name = spec[4:] if spec.startswith("bot:") else spec
        bot_seed = secrets.randbits(63) if seed is None else derive_seed(seed, "seat", i)
        params: dict[str, Any] = {"seed": bot_seed}
        seats.append(Seat(name, bots.make(name, **params)))
    return seats
