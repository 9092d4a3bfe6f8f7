"""Card kinds and payment tokens.

Cards are identified by kind only (cards of one kind are interchangeable), as
small integers indexing per-kind count lists. The deck file fixes the counts.
"""

from __future__ import annotations

F, S, W = 0, 1, 2
MOON, SUPERNOVA, TORNADO, MYA, ASTEROIDS, STORM, TERRAFORM, GARGLORE = range(3, 11)
NUM_KINDS = 11

CODES = (
    "F",
    "S",
    "W",
    "moon",
    "supernova",
    "tornado",
    "mya",
    "asteroids",
    "storm",
    "terraform",
    "garglore",
)
KIND_OF = {code: i for i, code in enumerate(CODES)}
RESOURCES = (F, S, W)
ACTIONS = tuple(range(3, NUM_KINDS))

# Payment tokens: a card and, for a Wild, what it counts as (PL-RES-3, PL-GAP-33).
# token -> (card kind, fuel value, screw value)
TOKENS: dict[str, tuple[int, int, int]] = {
    "F": (F, 1, 0),
    "W=F": (W, 1, 0),
    "S": (S, 0, 1),
    "W=S": (W, 0, 1),
}
for _k in ACTIONS:
    TOKENS[CODES[_k]] = (_k, 0, 0)

# canonical order of tokens inside an action text
TOKEN_ORDER = {t: i for i, t in enumerate(TOKENS)}


def token_sort(tokens: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Tokens in canonical order."""
    return tuple(sorted(tokens, key=TOKEN_ORDER.__getitem__))
