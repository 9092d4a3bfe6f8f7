"""The seats of a game at this terminal: people at the keyboard, or bots.

Seat lists are read by the one seat grammar, :mod:`liftoff.bots.seats`; this
module only turns the parsed seats into what the terminal game plays with.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from liftoff.bots import Bot
from liftoff.bots.seats import parse_game_seats, seat_seed


@dataclass
class TerminalSeat:
    """One seat of a terminal game: a person at this keyboard, or a bot."""

    spec: str
    bot: Bot | None

    @property
    def human(self) -> bool:
        return self.bot is None

    @property
    def label(self) -> str:
        return "you" if self.human else self.spec


def terminal_seats(
    text: str, players: int | None, game: str, seed: int | None = None
) -> list[TerminalSeat]:
    """``"human,random,ismcts:iterations=50"`` → the seats of a turn-based game.

    Bots are seeded from ``seed`` and their seat when it is given (reproducible
    runs), otherwise from the operating system's randomness — as in play with
    people, where a bot seed derived from the game seed would let its visible
    choices give the game seed (and so every hidden card) away.

    Raises :class:`~liftoff.bots.seats.SeatError` (a ``ValueError``) with a
    clear message for a bad seat, a bot that cannot play ``game`` or a count
    that does not match ``players``.
    """
    seats = []
    for i, seat in enumerate(parse_game_seats(text, game, players)):
        if seat.bot is None:
            seats.append(TerminalSeat(seat.spec, None))
            continue
        bot_seed = secrets.randbits(63) if seed is None else seat_seed(seed, i)
        seats.append(TerminalSeat(seat.spec, seat.make(bot_seed)))
    return seats
