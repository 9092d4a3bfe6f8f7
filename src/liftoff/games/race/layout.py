"""Table layouts: which planet cards lie between which seats (RC-SETUP-2..8, RC-GAP-2).

Seats are numbered clockwise from 0. A layout is a list of planet cards, each a
``(type, seat_a, seat_b)`` triple: the planet type (index into the planet table)
and the two seats it lies between. Side 0 of a planet is ``seat_a``'s row,
side 1 is ``seat_b``'s. Planets are numbered 1, 2, … in list order; that number
is the one in ``place N``.
"""

from __future__ import annotations

from typing import Final

from liftoff.engine import Rng

Planet = tuple[int, int, int]

#: 4-player arrangements (RC-GAP-2); T1..T5 are filled with a random permutation
#: of the five planet types. "standard": each neighbour pair shares 2 planets and
#: each opposite pair 1; "opposite": each neighbour pair shares 1, each opposite pair 3.
FOUR_PLAYER: Final[dict[str, tuple[tuple[int, int, int], ...]]] = {
    "standard": (
        (0, 0, 1),
        (1, 0, 1),
        (2, 1, 2),
        (3, 1, 2),
        (0, 2, 3),
        (1, 2, 3),
        (2, 3, 0),
        (3, 3, 0),
        (4, 0, 2),
        (4, 1, 3),
    ),
    "opposite": (
        (3, 0, 1),
        (4, 1, 2),
        (3, 2, 3),
        (4, 3, 0),
        (0, 0, 2),
        (1, 0, 2),
        (2, 0, 2),
        (0, 1, 3),
        (1, 1, 3),
        (2, 1, 3),
    ),
}
LAYOUTS: Final = tuple(FOUR_PLAYER)


def deal_layout(players: int, rng: Rng, arrangement: str = "standard") -> list[Planet]:
    """A random table for ``players`` players (uses ``rng``).

    - 2 players: one card of each of the 5 types, in random order (RC-SETUP-3);
    - 3 players: 9 of the 10 cards at random, 3 between each pair of seats
      (RC-SETUP-4, RC-GAP-2);
    - 4 players: all 10 cards, every seat next to exactly one of each type
      (RC-SETUP-5, RC-GAP-2).
    """
    if players == 2:
        types = list(range(5))
        rng.shuffle(types)
        return [(t, 0, 1) for t in types]
    if players == 3:
        cards = [t for t in range(5) for _ in range(2)]
        rng.shuffle(cards)
        cards = cards[:9]
        pairs = ((0, 1), (1, 2), (2, 0))
        return [(cards[i], *pairs[i // 3]) for i in range(9)]
    if players == 4:
        perm = list(range(5))
        rng.shuffle(perm)
        return [(perm[slot], a, b) for slot, a, b in FOUR_PLAYER[arrangement]]
    raise ValueError(f"no layout for {players} players")


def seat_of(players: int, player: int, round_index: int) -> int:
    """The seat ``player`` occupies in round ``round_index`` (0-based).

    With 3 players everyone moves one seat to the left after each round
    (RC-ROT-1; "left" = the next seat clockwise, RC-GAP-22); otherwise seats are fixed.
    """
    if players == 3:
        return (player + round_index) % 3
    return player


def player_at(players: int, seat: int, round_index: int) -> int:
    """The player sitting at ``seat`` in round ``round_index``."""
    if players == 3:
        return (seat - round_index) % 3
    return seat
