"""The cards of *Lift Off!* (2000): kinds, colours and the 30-card player set.

A card is a small integer ``owner * 30 + index``: its owner is ``card // 30``
and its kind ``KIND[card]``. Using integers keeps every pile a plain list (cheap
to copy) while still tracking each physical card, which is what lets the
invariants check that each player's 30 cards are accounted for exactly once
and that stolen cards go home (RC-COMP-2..4, RC-THEFT-8).
"""

from __future__ import annotations

from typing import Final

SET_SIZE: Final = 30
MAX_PLAYERS: Final = 4

# card kinds
TANK: Final = 0
SETTLERS: Final = 1
SECURITY: Final = 2
SOLAR: Final = 3
LIFTOFF: Final = 4
THEFT: Final = 5
TERRAFORM: Final = 6
ORE: Final = 7

# colours
BLUE: Final = 0
YELLOW: Final = 1
RED: Final = 2

#: short codes used in canonical action texts and views
CODES: Final = ("tank", "settlers", "security", "solar", "liftoff", "theft", "terraform", "ore")
#: names as printed on the cards (RC-COMP-3, RC-COMP-4; "Solar Cell" = Solar Module, RC-COMP-10)
NAMES: Final = (
    "Energy Tank",
    "Settlers",
    "Security Force",
    "Solar Module",
    "Lift Off",
    "Theft",
    "Terraforming",
    "Ore Production",
)
COLOUR_OF_KIND: Final = (BLUE, BLUE, BLUE, BLUE, YELLOW, RED, RED, RED)
COLOUR_NAMES: Final = ("blue", "yellow", "red")

#: how many of each kind one set holds (RC-COMP-2..4)
COMPOSITION: Final = {
    TANK: 6,
    SETTLERS: 6,
    SECURITY: 1,
    SOLAR: 2,
    LIFTOFF: 5,
    THEFT: 2,
    TERRAFORM: 3,
    ORE: 5,
}

_INDEX_KIND: tuple[int, ...] = tuple(k for k, n in COMPOSITION.items() for _ in range(n))
assert len(_INDEX_KIND) == SET_SIZE

#: kind of every card id of the four sets
KIND: Final[tuple[int, ...]] = tuple(
    _INDEX_KIND[c % SET_SIZE] for c in range(SET_SIZE * MAX_PLAYERS)
)
#: colour of every card id
COLOUR: Final[tuple[int, ...]] = tuple(COLOUR_OF_KIND[k] for k in KIND)

CODE_TO_KIND: Final = {code: k for k, code in enumerate(CODES)}


def owner(card: int) -> int:
    """The player whose set the card belongs to."""
    return card // SET_SIZE


def player_set(player: int) -> list[int]:
    """The 30 card ids of ``player``'s set, in set order."""
    return list(range(player * SET_SIZE, (player + 1) * SET_SIZE))


def code(card: int) -> str:
    """The short code of a card's kind (``"tank"``, ``"liftoff"``, …)."""
    return CODES[KIND[card]]
