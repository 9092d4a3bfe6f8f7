"""Agency actions: small immutable values whose ``str`` is their canonical text.

Grammar (card IDs are ``S01``, ``M2-07``, ``O04``):

=============================== ================================================
``keep O03`` / ``keep O03,O07`` draft: keep 1 (first pass) or 2 (second pass)
``keep S12`` / ``keep S03,S12`` the same in the specialist draft
``direction left|right``        first player: direction of the specialist draft
``play S12 banner+actions``     play a specialist: banner, then do its actions
``play S12 money``              play a specialist: banner, then 2 money instead
``action 1`` / ``action 2``     do one of the played specialist's actions
``done``                        finish (actions, extra mission takes, launches,
                                objective sale)
``tech red``                    choose the colour of a technology gain
``upgrade capacity|propulsion`` choose the kind of a rocket upgrade
``station 4`` / ``station beside`` choose where to invest in the space station
``draw L2``                     choose the mission deck to draw from
``take M2-07``                  keep a drawn mission on Earth
``launch lab M1-03,M2-11``      launch with the lab symbol (``extra``: a banner's
                                symbol, 2 cheaper; ``bonus``: another symbol)
``resolve M1-03``               choose which launched mission's effect comes next
``sell O04``                    phase 2 setup: return an objective for 5 money
=============================== ================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from liftoff.engine import Action, IllegalAction

from . import text as _text  # noqa: F401  (registers the English templates)

_ID = r"(?:S\d{2}|O\d{2}|M[1-4]-\d{2})"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "keep " + ",".join(self.cards)


@dataclass(frozen=True, slots=True)
class Direction(Action):
    side: str  # "left" | "right"

    def __str__(self) -> str:
        return f"direction {self.side}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: str
    mode: str  # "banner+actions" | "money"

    def __str__(self) -> str:
        return f"play {self.card} {self.mode}"


@dataclass(frozen=True, slots=True)
class DoAction(Action):
    index: int

    def __str__(self) -> str:
        return f"action {self.index}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class ChooseTech(Action):
    colour: str

    def __str__(self) -> str:
        return f"tech {self.colour}"


@dataclass(frozen=True, slots=True)
class ChooseUpgrade(Action):
    kind: str

    def __str__(self) -> str:
        return f"upgrade {self.kind}"


@dataclass(frozen=True, slots=True)
class ChooseStation(Action):
    space: int  # 1-based space on the track; 0 = beside the track

    def __str__(self) -> str:
        return f"station {self.space if self.space else 'beside'}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    level: int

    def __str__(self) -> str:
        return f"draw L{self.level}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Launch(Action):
    symbol: str  # "lab" | "extra" | "bonus"
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"launch {self.symbol} " + ",".join(self.cards)


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    card: str

    def __str__(self) -> str:
        return f"resolve {self.card}"


@dataclass(frozen=True, slots=True)
class Sell(Action):
    card: str

    def __str__(self) -> str:
        return f"sell {self.card}"


DONE = Done()
COLOURS = ("red", "yellow", "blue", "green")
SYMBOLS = ("lab", "extra", "bonus")
#: indices of the launch symbols in ``SYMBOLS`` (and in ``state.sym[p]``)
SYM_LAB, SYM_EXTRA, SYM_BONUS = 0, 1, 2

_PATTERNS: list[tuple[re.Pattern[str], type[Action]]] = [
    (re.compile(rf"keep ({_ID}(?:,{_ID}){{0,1}})"), Keep),
    (re.compile(r"direction (left|right)"), Direction),
    (re.compile(r"play (S\d{2}) (banner\+actions|money)"), Play),
    (re.compile(r"action ([12])"), DoAction),
    (re.compile(r"done"), Done),
    (re.compile(r"tech (red|yellow|blue|green)"), ChooseTech),
    (re.compile(r"upgrade (capacity|propulsion)"), ChooseUpgrade),
    (re.compile(r"station ([1-9]\d?|beside)"), ChooseStation),
    (re.compile(r"draw L([1-4])"), Draw),
    (re.compile(r"take (M[1-4]-\d{2})"), Take),
    (re.compile(r"launch (lab|extra|bonus) (M[1-4]-\d{2}(?:,M[1-4]-\d{2}){0,9})"), Launch),
    (re.compile(r"resolve (M[1-4]-\d{2})"), Resolve),
    (re.compile(r"sell (O\d{2})"), Sell),
]


_CARD_WORD = re.compile(r"(?i)\b(?:s\d{2}|o\d{2}|m[1-4]-\d{2}|l[1-4])\b")


def normalize(text: str) -> str:
    """``text`` in canonical case: keywords in lower case, card ids and deck
    levels in upper case (spacing is kept: it must be canonical).

    >>> normalize("Keep o05,O16")
    'keep O05,O16'
    >>> normalize("DRAW l2")
    'draw L2'
    """
    return _CARD_WORD.sub(lambda m: m.group(0).upper(), text.lower())


def parse(text: str, player: int | None = None) -> Action:
    """The action whose canonical text is ``text``, read case-insensitively
    (else IllegalAction API-PARSE)."""
    if isinstance(text, str):
        given, text = text, normalize(text)
        for pattern, cls in _PATTERNS:
            m = pattern.fullmatch(text)
            if m is None:
                continue
            action: Action
            if cls is Keep:
                action = Keep(tuple(m.group(1).split(",")))
            elif cls is Direction:
                action = Direction(m.group(1))
            elif cls is Play:
                action = Play(m.group(1), m.group(2))
            elif cls is DoAction:
                action = DoAction(int(m.group(1)))
            elif cls is Done:
                action = DONE
            elif cls is ChooseTech:
                action = ChooseTech(m.group(1))
            elif cls is ChooseUpgrade:
                action = ChooseUpgrade(m.group(1))
            elif cls is ChooseStation:
                g = m.group(1)
                action = ChooseStation(0 if g == "beside" else int(g))
            elif cls is Draw:
                action = Draw(int(m.group(1)))
            elif cls is Take:
                action = Take(m.group(1))
            elif cls is Launch:
                action = Launch(m.group(1), tuple(m.group(2).split(",")))
            elif cls is Resolve:
                action = Resolve(m.group(1))
            else:
                action = Sell(m.group(1))
            if str(action) == text:
                return action
        text = given
    raise IllegalAction.of(
        "agency.parse.unknown",
        "API-PARSE",
        player,
        text if isinstance(text, str) else None,
        text=repr(text),
    )
