"""The small integers a planet state is made of: the stages of a turn, what to
do when a window closes, where the Garglore is, and the ring's segments.

The state keeps plain ints and lists of ints (cheap to copy); these names say
what the numbers mean for every module of the rules.
"""

from __future__ import annotations

# the stage of the turn
PLAY, TELEPORT, TEAM, OVER = 0, 1, 2, 3
STAGE_NAMES = ("play", "teleport", "team", "over")
# what to do when a window closes
R_PLAY, R_TEAM, R_AFTER_MOON, R_AFTER_EXPIRY = 0, 1, 2, 3
# no Supernova!/Asteroids! override of the Moon's phases
NO_OVERRIDE = -1
# where the Garglore is when not on a slot 0..3
POOL, ABSENT = -1, -2
# the Exit Points of the ring (S0, S2, S4, S6)
EXITS = (0, 2, 4, 6)


def slot_seg(slot: int) -> int:
    """The surface segment of LP slot 0..3 (S1, S3, S5, S7)."""
    return 2 * slot + 1
