"""What a client may ask of a bot: every bot, by any name, as one bounded parameter set.

A seat's bot is written as a kind (``random``, ``heuristic``, ``ismcts``), a level
(``easy`` … ``expert``) or either with parameters (``expert:iterations=500``). Before
it is stored, the server **normalises** it — a level becomes the search it stands
for, with every default written out — and **bounds** it (:class:`BotBounds`, the
operator's ``Settings.max_bot_*``):

- ``time_limit`` (seconds per decision) at most the ceiling; a search bot always
  gets one (the ceiling when none was asked for; the much smaller real-time
  ceiling at a race table);
- ``iterations`` at most the ceiling;
- ``depth`` (rollout cut-off) from 1 to the ceiling: ``depth=0`` means "roll out
  to the end of the game" and is refused like any other unbounded value;
- ``rollout`` one of the allowed kinds (``full``, the heuristic's whole policy at
  every rollout step, is not allowed unless the operator says so);
- ``clock`` is the wall clock (a CPU-time limit stretches on a busy machine).

A client's spec beyond a bound is refused with a 422 that names the bound
(:func:`checked_spec`); a spec stored before the bounds, or a server's own
(stand-ins, hints), is clamped when its bot is made (:func:`bounded_spec`). The
stored text keeps the name the client wrote, so people still read "Expert bot".
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from liftoff import bots as bot_registry
from liftoff.bots.levels import LEVELS
from liftoff.bots.seats import parse_spec

from .errors import ApiError

#: bots that decide in well under a millisecond and have no search budget
LIGHT_BOTS = frozenset({"random", "heuristic"})
#: the bot kind whose budget is bounded
SEARCH = "ismcts"
#: rollout kinds a client may choose unless the operator allows more
ROLLOUTS = ("random", "heuristic")
#: the first parameters of a stored search spec, in this order
_ORDER = ("iterations", "time_limit", "depth", "rollout")
#: an unset search parameter's value (the search bot's own defaults)
_DEFAULTS: Mapping[str, Any] = {"depth": 20, "rollout": "heuristic"}
_NO_TIME_ITERATIONS = 200  # a search without a time limit nor iterations makes this many


@dataclass(frozen=True)
class BotBounds:
    """The ceilings of a bot's parameters."""

    seconds: float = 5.0  # time per decision
    iterations: int = 20_000
    depth: int = 40
    rollouts: tuple[str, ...] = ROLLOUTS

    def limits(self) -> Mapping[str, float]:
        """Numeric parameter name → ceiling."""
        return {"time_limit": self.seconds, "iterations": self.iterations, "depth": self.depth}


def normal_form(spec: str) -> tuple[str, str, dict[str, Any]]:
    """``(name written, bot kind, every parameter)`` of ``spec``: a level is the
    kind it stands for with its parameters under the written ones; a search bot's
    unset budget parameters are written out. ``ValueError`` for a bad spec."""
    name, params = parse_spec(spec)
    kind, base = LEVELS.get(name, (name, {}))
    merged = {**base, **params}
    if kind == SEARCH:
        for key, value in _DEFAULTS.items():
            merged.setdefault(key, value)
        if merged.get("iterations") is None and merged.get("time_limit") is None:
            merged["iterations"] = _NO_TIME_ITERATIONS
        merged.pop("clock", None)  # the wall clock, the search's default
    return name, kind, merged


def _text(name: str, params: Mapping[str, Any]) -> str:
    keys = [k for k in _ORDER if k in params] + sorted(k for k in params if k not in _ORDER)
    if not keys:
        return name
    return (
        name
        + ":"
        + ",".join(
            f"{k}={params[k]:g}" if isinstance(params[k], float) else f"{k}={params[k]}"
            for k in keys
        )
    )


def _refuse(name: str, key: str, value: Any, ceiling: str) -> ApiError:
    return ApiError(
        422,
        "bot-bound",
        say="api.error.bot-bound.value",
        params={"name": repr(name), "key": key, "value": str(value), "ceiling": ceiling},
    )


def _check_numbers(name: str, params: Mapping[str, Any], bounds: BotBounds) -> None:
    for key, ceiling in bounds.limits().items():
        value = params.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ApiError(
                422,
                "bad-bot",
                say="api.error.bad-bot.number",
                params={"name": repr(name), "key": key},
            )
        if not (math.isfinite(value) and value <= ceiling):
            raise _refuse(name, key, f"{value:g}", f"{ceiling:g}")
    if params.get("depth") == 0:
        raise ApiError(
            422,
            "bot-bound",
            say="api.error.bot-bound.depth",
            params={"name": repr(name), "ceiling": f"{bounds.depth:g}"},
        )


def checked_spec(spec: str, bounds: BotBounds) -> str:
    """The text to store for a client's bot ``spec``: normalised and within
    ``bounds``; a 422 for an unknown bot, bad parameters or a value beyond a bound
    (the refusal names the bound)."""
    try:
        name, kind, params = normal_form(spec)
        bot_registry.make(spec, seed=0)
    except ValueError as exc:
        raise ApiError(422, "bad-bot", str(exc)) from None
    if kind != SEARCH:
        _check_numbers(name, params, bounds)
        return _text(name, parse_spec(spec)[1])
    _check_numbers(name, params, bounds)
    if params["rollout"] not in bounds.rollouts:
        raise ApiError(
            422,
            "bot-bound",
            say="api.error.bot-bound.rollout",
            params={"name": repr(name), "allowed": ", ".join(bounds.rollouts)},
        )
    params["time_limit"] = float(params.get("time_limit") or bounds.seconds)
    return _text(name, params)


def bounded_spec(spec: str, bounds: BotBounds) -> str:
    """``spec`` normalised with every bound clamped: for bots stored before the
    bounds, the server's own bots, and as a second guard when a bot is made."""
    try:
        name, kind, params = normal_form(spec)
    except ValueError:
        return spec
    if kind != SEARCH:
        return spec
    for key, ceiling in bounds.limits().items():
        value = params.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        if not value <= ceiling:  # NaN too
            params[key] = int(ceiling) if isinstance(value, int) else float(ceiling)
    depth = params["depth"]
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        params["depth"] = bounds.depth
    if params["rollout"] not in bounds.rollouts:
        params["rollout"] = _DEFAULTS["rollout"]
    params["time_limit"] = min(float(params.get("time_limit") or bounds.seconds), bounds.seconds)
    return _text(name, params)


def is_search(spec: str) -> bool:
    """Whether ``spec`` is a search bot (one that thinks in the bot workers)."""
    try:
        return normal_form(spec)[1] not in LIGHT_BOTS
    except ValueError:
        return False
