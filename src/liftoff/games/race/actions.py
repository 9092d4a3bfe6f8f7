"""The actions of the race game and their canonical texts.

Grammar (every text is exactly ``str(action)``):

- loading (RC-PLAY-5): ``place N`` (the top card goes to planet number N, 1-based
  table numbering), ``under`` (to the bottom of the stack), ``discard``;
- resolution choices of one player (RC-RED-4, RC-THEFT-7): ``pay SOURCES`` with
  SOURCES one of ``solar``, ``tank``, ``solar,solar``, ``solar,tank``,
  ``tank,tank`` (which energy sources pay for the red card just revealed), and
  ``steal KIND`` with KIND one of ``settlers``, ``tank``, ``solar``, ``security``
  or ``none`` (which active blue card to take, or nothing).

Cards of one kind in one row are interchangeable for the rules, so choices name
kinds, not positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from liftoff.engine import Action, IllegalAction

from .cards import CODES, SECURITY, SETTLERS, SOLAR, TANK

MAX_PLANETS: Final = 10


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Play the top card at planet ``planet`` (1-based table number)."""

    planet: int

    def __str__(self) -> str:
        return f"place {self.planet}"


@dataclass(frozen=True, slots=True)
class Under(Action):
    """Move the top card to the bottom of the stack, face up."""

    def __str__(self) -> str:
        return "under"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put the top card on the discard pile."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Pay for the red card just revealed with these energy sources (card kinds,
    sorted: Solar Modules before Energy Tanks)."""

    sources: tuple[int, ...]

    def __str__(self) -> str:
        return "pay " + ",".join(CODES[k] for k in self.sources)


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Take one active blue card of this kind from the other row, or nothing (``None``)."""

    kind: int | None

    def __str__(self) -> str:
        return "steal none" if self.kind is None else f"steal {CODES[self.kind]}"


PLACE: Final = tuple(Place(i) for i in range(MAX_PLANETS + 1))  # PLACE[n] = Place(n)
UNDER: Final = Under()
DISCARD: Final = Discard()

PAY_ONE: Final = (Pay((SOLAR,)), Pay((TANK,)))
PAY_TWO: Final = (Pay((SOLAR, SOLAR)), Pay((SOLAR, TANK)), Pay((TANK, TANK)))
#: the kinds a Theft may take, in the default policy's order of preference
STEAL_KINDS: Final = (SETTLERS, SOLAR, TANK, SECURITY)
STEAL: Final = {k: Steal(k) for k in STEAL_KINDS}
STEAL_NONE: Final = Steal(None)

_FIXED: Final[dict[str, Action]] = {
    "under": UNDER,
    "discard": DISCARD,
    **{str(a): a for a in PAY_ONE + PAY_TWO},
    **{str(a): a for a in STEAL.values()},
    "steal none": STEAL_NONE,
}


def parse(text: str, player: int | None = None) -> Action:
    """The action whose canonical text is ``text``, read case-insensitively
    (``Place 2``, ``PAY Solar,Tank``); raises ``IllegalAction``, rule
    ``API-PARSE``, for anything else."""
    if not isinstance(text, str):
        raise IllegalAction.of("race.parse.not-text", "API-PARSE", player, None, given=repr(text))
    canon = text.lower()
    fixed = _FIXED.get(canon)
    if fixed is not None:
        return fixed
    if canon.startswith("place "):
        num = canon[6:]
        if (
            num.isascii()
            and num.isdigit()
            and num == str(int(num))
            and 1 <= int(num) <= MAX_PLANETS
        ):
            return PLACE[int(num)]
    raise IllegalAction.of("race.parse.unknown", "API-PARSE", player, text, text=text)
