"""Planet actions: one frozen dataclass per kind of decision, each with a
canonical text (``str(action)``) that :func:`parse` turns back into it.

Segments of the surface ring are ``S0``..``S7`` counter-clockwise from the top
Exit Point; Lift Off Points are named by id (``rocket``, ``bonfire``, …); cards
by code (``F``, ``S``, ``W``, ``moon``, ``mya``, …); a Wild paid as Fuel is
``W=F``.

>>> str(parse("board rocket S F"))
'board rocket F S'
>>> str(parse("move core s0"))
'move core S0'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from liftoff.engine import Action, IllegalAction

from . import text as _text  # noqa: F401  (registers the refusal templates)
from .cards import CODES, KIND_OF, TOKENS, token_sort
from .words import said_message

CORE = -1


def seg_name(seg: int) -> str:
    """``core`` or ``S0``..``S7``."""
    return "core" if seg == CORE else f"S{seg}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Spend a movement point: Core → Exit Point, or one segment either way (PL-MOVE-2/3)."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"move {seg_name(self.src)} {seg_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Board(Action):
    """Pay a placement cost to board one of your Aliens on this Lift Off Point (PL-PAY-1)."""

    lp: str
    pay: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(("board", self.lp, *self.pay))


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Pay one extra resource into a Lift Off Point's card area (PL-PAY-3/6/7)."""

    lp: str
    token: str

    def __str__(self) -> str:
        return f"pay {self.lp} {self.token}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Pay a die-roll cost and roll the Lift Off die (PL-BONF-3, PL-TRAMP-3)."""

    lp: str
    token: str

    def __str__(self) -> str:
        return f"roll {self.lp} {self.token}"


@dataclass(frozen=True, slots=True)
class Abandon(Action):
    """Spend a movement point to take your Alien off a Launch Platform (PL-MOVE-7)."""

    lp: str

    def __str__(self) -> str:
        return f"abandon {self.lp}"


@dataclass(frozen=True, slots=True)
class PlayMoon(Action):
    """Move the Moon! one spot clockwise (``cw``) or counter-clockwise (``ccw``)."""

    direction: str

    def __str__(self) -> str:
        return f"play moon {self.direction}"


@dataclass(frozen=True, slots=True)
class PlaySimple(Action):
    """Supernova!, Asteroids!, Tornado! or Electric Storm!."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayMya(Action):
    """Move Your Alien!: move ``owner``'s Alien from ``src`` to ``dst``."""

    owner: int
    src: int
    dst: int

    def __str__(self) -> str:
        return f"play mya p{self.owner} {seg_name(self.src)} {seg_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class PlayMyaOff(Action):
    """Move Your Alien!: take ``owner``'s Alien off ``lp``'s Launch Platform (PL-GAP-20)."""

    owner: int
    lp: str

    def __str__(self) -> str:
        return f"play mya p{self.owner} off {self.lp}"


@dataclass(frozen=True, slots=True)
class PlayTerraform(Action):
    """Terraform!: replace ``lp`` with ``new`` (empty ``new``: drawn at random)."""

    lp: str
    new: str = ""

    def __str__(self) -> str:
        return f"play terraform {self.lp} {self.new}".rstrip()


@dataclass(frozen=True, slots=True)
class PlayGarglore(Action):
    """Garglore!: move the Garglore to a Lift Off Point or to ``pool``."""

    target: str

    def __str__(self) -> str:
        return f"play garglore {self.target}"


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Discard two cards to draw one (PL-CARD-3)."""

    a: str
    b: str

    def __str__(self) -> str:
        return f"trade {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the Play step: the Moon moves one spot counter-clockwise (PL-TURN-4)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Pledge(Action):
    """Teleport window: offer ``fuel`` Fuel and ``wild`` Wild cards (PL-TELE-4/5)."""

    fuel: int
    wild: int

    def __str__(self) -> str:
        parts = ["pledge"]
        if self.fuel:
            parts.append(f"{self.fuel}F")
        if self.wild:
            parts.append(f"{self.wild}W")
        if len(parts) == 1:
            parts.append("0")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let's Team Up window: play no (more) Action cards now (PL-GAP-30)."""

    def __str__(self) -> str:
        return "pass"


SIMPLE_CARDS = ("supernova", "asteroids", "tornado", "storm")
END = End()
PASS = Pass()


def _bad(text: str, why: str, **params: Any) -> IllegalAction:
    """Refuse ``text``: it is not an action, for the reason ``planet.parse.why.<why>``."""
    said = said_message(f"planet.parse.why.{why}", **params)
    return IllegalAction.of(
        "planet.parse.unreadable", "API-PARSE", None, text, quoted=repr(text), why=said
    )


def _seg(word: str, text: str) -> int:
    w = word.lower()
    if w == "core":
        return CORE
    if len(w) == 2 and w[0] == "s" and w[1] in "01234567":
        return int(w[1])
    raise _bad(text, "place", word=repr(word))


def _lp(word: str, lps: frozenset[str] | None, text: str) -> str:
    w = word.lower()
    if lps is not None and w not in lps:
        raise _bad(text, "lp-of", word=repr(word), known=", ".join(sorted(lps)))
    if not w.isalpha():
        raise _bad(text, "lp", word=repr(word))
    return w


def _token(word: str, text: str) -> str:
    w = word if word in ("F", "S", "W=F", "W=S") else word.lower()
    if w in ("f", "s", "w=f", "w=s"):
        w = w.upper()
    if w in ("W", "w"):
        raise _bad(text, "wild")
    if w not in TOKENS:
        raise _bad(text, "token", word=repr(word))
    return w


def _owner(word: str, text: str) -> int:
    w = word.lower()
    if len(w) >= 2 and w[0] == "p" and w[1:].isdigit():
        return int(w[1:])
    raise _bad(text, "player", word=repr(word))


def _count(word: str, suffix: str, text: str) -> int:
    w = word.upper()
    if w.endswith(suffix) and w[:-1].isdigit():
        return int(w[:-1])
    raise _bad(text, "count", word=repr(word), suffix=suffix)


def parse(text: str, lps: frozenset[str] | None = None) -> Action:
    """The action written as ``text`` (case-insensitive, extra spaces ignored).

    ``lps`` restricts Lift Off Point names to the game's. Raises
    :class:`IllegalAction` with rule ``API-PARSE`` for anything else.
    """
    if not isinstance(text, str):
        raise _bad(repr(text), "not-text")
    words = text.split()
    if not words:
        raise _bad(text, "empty")
    verb, args = words[0].lower(), words[1:]
    n = len(args)
    if verb == "end" and n == 0:
        return END
    if verb == "pass" and n == 0:
        return PASS
    if verb == "move" and n == 2:
        return Move(_seg(args[0], text), _seg(args[1], text))
    if verb == "board" and n >= 1:
        return Board(_lp(args[0], lps, text), token_sort([_token(a, text) for a in args[1:]]))
    if verb == "pay" and n == 2:
        return Pay(_lp(args[0], lps, text), _token(args[1], text))
    if verb == "roll" and n == 2:
        return Roll(_lp(args[0], lps, text), _token(args[1], text))
    if verb == "abandon" and n == 1:
        return Abandon(_lp(args[0], lps, text))
    if verb == "trade" and n == 2:
        a, b = (_card(x, text) for x in args)
        a, b = sorted((a, b), key=KIND_OF.__getitem__)
        return Trade(a, b)
    if verb == "pledge" and 1 <= n <= 2:
        if n == 1 and args[0] == "0":
            return Pledge(0, 0)
        fuel = wild = 0
        for a in args:
            if a.upper().endswith("F"):
                fuel = _count(a, "F", text)
            else:
                wild = _count(a, "W", text)
        if (fuel, wild) == (0, 0):
            return Pledge(0, 0)
        if n == 2 and (fuel == 0 or wild == 0):
            raise _bad(text, "pledge")
        return Pledge(fuel, wild)
    if verb == "play" and n >= 1:
        card = args[0].lower()
        rest = args[1:]
        if card == "moon" and len(rest) == 1 and rest[0].lower() in ("cw", "ccw"):
            return PlayMoon(rest[0].lower())
        if card in SIMPLE_CARDS and not rest:
            return PlaySimple(card)
        if card == "mya" and len(rest) == 3:
            owner = _owner(rest[0], text)
            if rest[1].lower() == "off":
                return PlayMyaOff(owner, _lp(rest[2], lps, text))
            return PlayMya(owner, _seg(rest[1], text), _seg(rest[2], text))
        if card == "terraform" and len(rest) in (1, 2):
            new = _lp(rest[1], lps, text) if len(rest) == 2 else ""
            return PlayTerraform(_lp(rest[0], lps, text), new)
        if card == "garglore" and len(rest) == 1:
            target = rest[0].lower()
            return PlayGarglore("pool" if target == "pool" else _lp(target, lps, text))
        raise _bad(text, "play")
    raise _bad(text, "unknown")


def _card(word: str, text: str) -> str:
    w = word if word in ("F", "S", "W") else word.lower()
    if w in ("f", "s", "w"):
        w = w.upper()
    if w not in CODES:
        raise _bad(text, "card", word=repr(word), known=", ".join(CODES))
    return w


#: the actions that always take cards from the player's hand
_CARD_PLAYS = (Pay, Trade, PlayMoon, PlaySimple, PlayMya, PlayMyaOff, PlayTerraform, PlayGarglore)


def shows_cards(action: Action) -> bool:
    """Whether ``action`` shows cards from its player's hand to everyone: an
    Action card played, a resource paid, boarded with or rolled for, a pair
    traded, Fuel pledged (a hand is hidden from the other players)."""
    if isinstance(action, _CARD_PLAYS):
        return True
    if isinstance(action, Board):
        return bool(action.pay)
    if isinstance(action, Roll):
        return bool(action.token)
    if isinstance(action, Pledge):
        return bool(action.fuel or action.wild)
    return False
