"""The seats of a game at this terminal: people at the keyboard, or bots.

Seat lists are read by the one seat grammar, :mod:`liftoff.bots.seats`; this
module only turns the parsed seats into what the terminal game plays with.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from liftoff.bots import Bot
from liftoff.bots.seats import parse_game_seats, seat_seed
from liftoff.cli.words import count, say
from liftoff.engine.messages import known


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


#: the longest name a player may have (so every line fits the terminal)
MAX_NAME = 16


def default_names(seats: Sequence[str]) -> list[str]:
    """``Player N`` for people (``human``), the bot's kind and seat number for
    bots (``medium`` in seat 2 is ``Medium 2``); never a seat id.

    >>> default_names(["human", "ismcts:iterations=9", "easy@fast"])
    ['Player 1', 'Ismcts 2', 'Easy 3']
    """
    out = []
    for i, spec in enumerate(seats):
        if spec.strip().lower() == "human":
            out.append(say("api.seat.player", number=i + 1))
        else:
            out.append(bot_name(spec, i))
    return out


def bot_name(spec: str, seat: int) -> str:
    """A bot's name: its kind (in words where the terminal knows it) and seat number.

    >>> bot_name("heuristic@fast", 1)
    'Heuristic 2'
    """
    kind = spec.split(":", 1)[0].split("@", 1)[0] or "bot"
    code = f"cli.seat.bot.{kind.lower()}"
    called = say(code) if known(code) else f"{kind[:1].upper()}{kind[1:]}"
    return say("cli.seat.bot", kind=called, number=seat + 1)


def seat_names(seats: Sequence[TerminalSeat], given: str | None = None) -> list[str]:
    """The players' names: ``given`` (``"Ann,Bob"``: one per person in seat
    order, or one per seat, bots included), else ``Player N`` for people and
    the bot's kind and seat number for bots (``Heuristic 2``); never a seat id.

    Raises ``ValueError`` with a clear message for a wrong count, an empty,
    overlong or repeated name.
    """
    texts = ["human" if s.human else s.spec for s in seats]
    return default_names(texts) if given is None else named(texts, given)


def named(seats: Sequence[str], given: str) -> list[str]:
    """The players' names for seats given as text (``human``, ``medium@fast``),
    ``given`` as :func:`seat_names` takes it (the same checks)."""
    out = default_names(seats)
    names = [n.strip() for n in given.split(",")]
    humans = [i for i, s in enumerate(seats) if s.strip().lower() == "human"]
    if len(names) == len(seats):
        targets = list(range(len(seats)))
    elif len(names) <= len(humans):
        targets = humans[: len(names)]
    else:
        people = count("cli.seat.people", len(humans))
        raise ValueError(
            say("cli.seat.names.count", count=len(names), people=people, seats=len(seats))
        )
    for name in names:
        if not name or not name.isprintable():
            raise ValueError(say("cli.seat.names.printable"))
        if len(name) > MAX_NAME:
            raise ValueError(say("cli.seat.names.long", name=repr(name), max=MAX_NAME))
    for index, name in zip(targets, names, strict=True):
        out[index] = name
    if len({n.lower() for n in out}) < len(out):
        raise ValueError(say("cli.seat.names.same"))
    return out
