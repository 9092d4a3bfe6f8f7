"""The one seat grammar: how a seat is written, everywhere.

The command line (``play --seats``, ``simulate --bots``, ``tournament --bots``),
the real-time driver's callers and the server all read seats with this module.

A **seat list** separates seats with ``,`` or ``;``. A seat is ``human`` or a
bot: ``NAME`` or ``NAME:key=value,key=value`` (``bot:NAME`` is accepted for
``NAME``), optionally followed by ``@speed`` in real-time games: a named speed
(:data:`SEAT_SPEEDS`, slowest first: ``gentle`` 4 s a card, ``relaxed`` 3 s,
``slow`` 2 s, ``normal`` 1 s, ``fast`` 0.5 s, ``instant``) or seconds per
decision such as ``@2.5s`` (0.1 s to 60 s, ± 40 %). Inside a list,
a ``key=value`` piece after a comma continues the previous bot's parameters;
``;`` always starts a new seat, so a parameter can never be read as a seat.

Whether a seat's bot can play a given game is checked by what the bot is
(:meth:`SeatSpec.check`, :func:`check_game`, :func:`parse_game_seats`): a bot
that plays by the game's heuristic policy needs a game that has one.

>>> [s.text for s in parse_seats("human,ismcts:iterations=400,rollout=heuristic,random")]
['human', 'ismcts:iterations=400,rollout=heuristic', 'random']
>>> parse_seat("ismcts:iterations=4,c=1").params
{'iterations': 4, 'c': 1}
>>> parse_seat("bot:heuristic@fast").speed
'fast'
>>> parse_seat("medium@2.50s").speed_profile()
SpeedProfile(name='2.5s', mean=2.5, jitter=1.0)
>>> parse_seats("ismcts:iterations=4;c=1")
Traceback (most recent call last):
...
liftoff.bots.seats.SeatError: seat 'c=1': a parameter without a bot (write ismcts:iterations=4,c=1)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from liftoff.engine import derive_seed
from liftoff.engine.realtime import DEFAULT_SPEED, SPEEDS, SpeedProfile

from . import heuristic, registry
from .base import Bot, parameters_of
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .levels import LEVEL_SPEEDS

HUMAN = "human"

#: every named seat speed, slowest first: the engine's (:data:`SPEEDS`) and two
#: slower ones for people new to the game
SEAT_SPEEDS: dict[str, SpeedProfile] = {
    "gentle": SpeedProfile("gentle", 4.0, 1.6),
    "relaxed": SpeedProfile("relaxed", 3.0, 1.2),
    **SPEEDS,
}
#: the range of a custom speed in seconds per decision (``@2.5s``)
CUSTOM_SPEED = (0.1, 60.0)
_SECONDS = re.compile(r"^([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*s$")


def parse_value(text: str) -> Any:
    """A bot parameter's value: a bool, an int, a float or the text itself."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"name:k=v,k2=v2"`` into the bot name and typed parameters, by the
    one seat grammar (:func:`parse_seat`; a ``human`` seat gives
    ``("human", {})``).

    >>> parse_spec("ismcts:iterations=400,rollout=heuristic")
    ('ismcts', {'iterations': 400, 'rollout': 'heuristic'})
    """
    seat = parse_seat(spec, realtime=False)
    return seat.bot or HUMAN, dict(seat.params)


class SeatError(ValueError):
    """A seat that cannot be used: unknown bot, unknown parameter, bad value or speed."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A parsed seat: a person (``bot is None``) or a bot name with parameters.

    ``speed`` is the ``@speed`` written after it (``None`` when none was).
    """

    bot: str | None
    params: Mapping[str, Any] = field(default_factory=dict)
    speed: str | None = None

    @property
    def human(self) -> bool:
        """Whether a person plays this seat."""
        return self.bot is None

    @property
    def spec(self) -> str:
        """The bot part in canonical text (``ismcts:c=1,iterations=4``), or ``human``."""
        if self.bot is None:
            return HUMAN
        if not self.params:
            return self.bot
        return self.bot + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())

    @property
    def text(self) -> str:
        """The whole seat in canonical text, speed included."""
        return self.spec + (f"@{self.speed}" if self.speed else "")

    def speed_profile(self) -> SpeedProfile:
        """The speed profile: the one written, else the level's own pace
        (``LEVEL_SPEEDS``: ``beginner`` is relaxed, ``expert`` fast), else the
        default one."""
        written = self.speed or LEVEL_SPEEDS.get(self.bot or "", DEFAULT_SPEED)
        return speed_profile(written)

    def make(self, seed: int, **overrides: Any) -> Bot:
        """This seat's bot, seeded; ``overrides`` win over the written parameters."""
        if self.bot is None:
            raise SeatError("a human seat has no bot")
        return make_bot(self.bot, {**self.params, **overrides}, seed=seed, text=self.text)

    def check(self, game: str) -> None:
        """Refuse (:class:`SeatError`) a bot that cannot be built or cannot play
        ``game``; a human seat passes. See :func:`check_game`."""
        if self.bot is not None:
            check_game(self.make(0), game, self.text)


def speed_profile(text: str) -> SpeedProfile:
    """The speed written ``text``: a name of :data:`SEAT_SPEEDS` or seconds per
    decision (``2.5s``, jitter ± 40 %); :class:`SeatError` otherwise.

    >>> speed_profile("3s").mean, speed_profile("gentle").mean
    (3.0, 4.0)
    """
    word = text.strip().lower()
    if word in SEAT_SPEEDS:
        return SEAT_SPEEDS[word]
    known = f"speeds: {', '.join(SEAT_SPEEDS)}, or seconds per card such as 2.5s"
    found = _SECONDS.match(word)
    if found is None:
        hint = f" (write {word}s)" if _SECONDS.match(word + "s") else ""
        raise SeatError(f"unknown speed {text!r}{hint}; {known}")
    seconds = float(found.group(1))
    low, high = CUSTOM_SPEED
    if not (math.isfinite(seconds) and low <= seconds <= high):
        raise SeatError(
            f"speed {text!r}: seconds per card must be from {low:g} to {high:g} "
            "(instant: no delay at all)"
        )
    return SpeedProfile(f"{seconds:g}s", seconds, round(0.4 * seconds, 6))


def parse_seat(text: str, *, realtime: bool = True) -> SeatSpec:
    """One seat from its text; :class:`SeatError` names what is wrong.

    ``realtime=False`` refuses a ``@speed`` (speeds exist only in real-time games).
    """
    raw = text.strip()
    body, at, speed = raw.rpartition("@")
    if not at:
        body, speed = raw, ""
    body, speed = body.strip(), speed.strip().lower()
    if at:
        if not realtime:
            raise SeatError(f"seat {raw!r}: speeds (@slow, @fast, …) apply to real-time games only")
        try:
            speed = speed_profile(speed).name
        except SeatError as exc:
            raise SeatError(f"seat {raw!r}: {exc}") from None
    if body.lower() == HUMAN:
        if at:
            raise SeatError(f"seat {raw!r}: a human seat has no speed")
        return SeatSpec(None)
    if body.lower().startswith("bot:"):
        body = body[4:].strip()
    name, colon, rest = body.partition(":")
    name = name.strip()
    if not name or "=" in name:
        raise SeatError(f"seat {raw!r}: no bot named; known bots: {', '.join(_names())}")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise SeatError(f"seat {raw!r}: bot parameter {part!r} must be written key=value")
        params[key.strip()] = parse_value(value.strip())
    if colon and not params:
        raise SeatError(f"seat {raw!r}: nothing after ':' (write {name}:key=value)")
    return SeatSpec(name, params, speed or None)


def split_seats(text: str) -> list[str]:
    """A seat list split into one text per seat (see the module's grammar).

    >>> split_seats("random, heuristic ; ismcts:iterations=9,c=1 ,random")
    ['random', 'heuristic', 'ismcts:iterations=9,c=1', 'random']
    """
    out: list[str] = []
    for group in text.split(";"):
        current: list[str] = []
        for piece in (p.strip() for p in group.split(",")):
            if not piece:
                continue
            if "=" in piece and ":" not in piece.partition("=")[0]:
                if not current:
                    after = f" (write {out[-1]},{piece})" if out else ""
                    raise SeatError(f"seat {piece!r}: a parameter without a bot{after}")
                current[-1] = f"{current[-1]},{piece}"
            else:
                current.append(piece)
        out.extend(current)
    return out


def parse_seats(
    text: str | Sequence[str], players: int | None = None, *, realtime: bool = True
) -> list[SeatSpec]:
    """Every seat of a seat list (text, or a sequence of seat texts).

    With ``players``, a single seat fills every seat, and any other count
    mismatch is a :class:`SeatError`.
    """
    texts = split_seats(text) if isinstance(text, str) else [t for t in text]
    if not texts:
        raise SeatError("no seats given (write human or a bot name per seat)")
    if players is not None:
        if len(texts) == 1 and players > 1:
            texts = texts * players
        elif len(texts) != players:
            raise SeatError(f"{len(texts)} seats given for {players} players")
    return [parse_seat(t, realtime=realtime) for t in texts]


def parse_game_seats(
    text: str | Sequence[str], game: str, players: int | None = None, *, realtime: bool = False
) -> list[SeatSpec]:
    """:func:`parse_seats`, then :meth:`SeatSpec.check` of every seat for ``game``:
    every seat is known to be playable before any game starts."""
    seats = parse_seats(text, players, realtime=realtime)
    for seat in seats:
        seat.check(game)
    return seats


def seat_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in a run seeded with ``seed``."""
    return derive_seed(seed, "seat", seat)


# -- building bots ------------------------------------------------------------------


def _names() -> list[str]:
    return registry.names()


def parameters(name: str) -> list[str]:
    """The parameter names bot ``name`` accepts (``seed`` aside)."""
    return parameters_of(registry.factory(name))


def make_bot(
    name: str, params: Mapping[str, Any] | None = None, *, seed: int, text: str | None = None
) -> Bot:
    """Bot ``name`` with ``params``, seeded; a :class:`SeatError` a person can act on
    for an unknown bot, an unknown parameter or a bad value (never a Python message)."""
    label = text or name
    known = registry.names()
    if name not in known:
        raise SeatError(f"seat {label!r}: unknown bot {name!r}; known bots: {', '.join(known)}")
    factory = registry.factory(name)
    given = dict(params or {})
    accepted = parameters_of(factory)
    unknown = sorted(k for k in given if k not in accepted)
    if unknown:
        what = ", ".join(repr(k) for k in unknown)
        has = ", ".join(accepted) if accepted else "none"
        raise SeatError(
            f"seat {label!r}: bot {name!r} has no parameter {what}; its parameters: {has}"
        )
    try:
        return factory(seed=seed, **given)
    except (TypeError, ValueError) as exc:
        raise SeatError(f"seat {label!r}: {exc}") from None


def check_game(bot: Bot, game: str, label: str | None = None) -> None:
    """Refuse (:class:`SeatError`) ``bot`` when it needs what ``game`` lacks: a
    bot that plays by the game's heuristic policy (the heuristic bot, the levels
    built on it, a search whose rollouts play it in full) in a game without
    one. Decided by what the bot is, not by the name it was given."""
    if game in heuristic.games() or not _uses_heuristic(bot):
        return
    has = ", ".join(heuristic.games())
    raise SeatError(
        f"seat {label or bot.name!r}: no heuristic bot for game {game!r}; "
        f"heuristics exist for: {has}"
    )


def _uses_heuristic(bot: Bot) -> bool:
    """Whether ``bot`` cannot play without the game's heuristic policy (a search
    falls back to random rollouts where there is no heuristic rollout)."""
    return isinstance(bot, HeuristicBot) or (isinstance(bot, IsmctsBot) and bot.rollout == "full")
