"""The codes a race state stores for its phase and for a pending choice.

A round is ``LOADING`` (everyone plays from their stack at once), then
``RESOLVING`` (planets revealed card by card), and the game ends ``OVER``.
While resolving, ``RaceState.pending`` may hold one player's choice: which
energy sources pay for an Ore Production (``PAY1``, one unit) or a
Terraforming (``PAY2``, two units from different sources), or which card a
Theft takes (``STEAL_CHOICE``).
"""

from __future__ import annotations

from typing import Final, Literal

Phase = Literal["loading", "resolving", "over"]
Choice = Literal["pay", "steal"]

LOADING: Final = 0
RESOLVING: Final = 1
OVER: Final = 2
PHASE_NAMES: Final[tuple[Phase, Phase, Phase]] = ("loading", "resolving", "over")

# pending choices
PAY1: Final = 0  # Ore Production: one energy unit
PAY2: Final = 1  # Terraforming: two energy units from different sources
STEAL_CHOICE: Final = 2
#: the view's name of each pending choice
PENDING_NAMES: Final[tuple[Choice, Choice, Choice]] = ("pay", "pay", "steal")
