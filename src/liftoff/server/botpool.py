"""What a client may ask of a bot, and the fair budget bots run under.

- **Bounds.** A bot's parameters are checked when a table is created: time per
  decision (``time_limit``), iterations and search depth have ceilings
  (``Settings.max_bot_seconds`` …); a spec beyond them is refused with a 422 that
  names the bound. Every search bot also gets the time ceiling as its
  ``time_limit``, so no decision runs longer, whatever else it was given. Specs
  stored before the bounds existed are clamped when their bots are made.
- **Fair budget.** Light bots (``random``, ``heuristic``) decide in the server
  process. Search bots decide in a small pool of worker *processes*
  (``Settings.bot_processes``), so their CPU never holds the server's
  interpreter lock, and one decision per table waits in the pool's first-come
  queue: ten tables of maximum-budget bots take turns, and a light bot at another
  table is not slowed down by them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import math
import multiprocessing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from liftoff import bots as bot_registry
from liftoff.bots.base import parse_spec
from liftoff.engine import Action, State

from .errors import ApiError

T = TypeVar("T")

LIGHT_BOTS = frozenset({"random", "heuristic"})


@dataclass(frozen=True)
class BotBounds:
    """The ceilings of a bot's parameters."""

    seconds: float = 5.0  # time per decision
    iterations: int = 20_000
    depth: int = 40

    def limits(self) -> Mapping[str, float]:
        """Parameter name → ceiling."""
        return {"time_limit": self.seconds, "iterations": self.iterations, "depth": self.depth}


def check_bot(spec: str, bounds: BotBounds) -> None:
    """Refuse (422) an unknown bot, bad parameters or parameters beyond the bounds."""
    try:
        name, params = parse_spec(spec)
        bot_registry.make(spec, seed=0)
    except ValueError as exc:
        raise ApiError(422, "bad-bot", str(exc)) from None
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
            raise ApiError(
                422,
                "bot-bound",
                say="api.error.bot-bound.value",
                params={
                    "name": repr(name),
                    "key": key,
                    "value": f"{value:g}",
                    "ceiling": f"{ceiling:g}",
                },
            )


def bounded_spec(spec: str, bounds: BotBounds) -> str:
    """The spec with every bounded parameter clamped, and a search bot's time per
    decision capped (for bots stored before the bounds, and as a second guard)."""
    try:
        name, params = parse_spec(spec)
    except ValueError:
        return spec
    if name in LIGHT_BOTS:
        return spec
    for key, ceiling in bounds.limits().items():
        value = params.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool) and not value <= ceiling:
            params[key] = type(value)(ceiling)
    if name == "ismcts":
        asked = float(params.get("time_limit") or bounds.seconds)
        params["time_limit"] = min(asked, bounds.seconds)
    if not params:
        return name
    return name + ":" + ",".join(f"{k}={v}" for k, v in params.items())


def is_light(agent: Any) -> bool:
    """Whether a bot decides quickly enough to run in the server process."""
    return getattr(agent, "name", "") in LIGHT_BOTS


def _decide(agent: Any, state: State, player: int) -> Action:
    return agent.choose(state, player)  # type: ignore[no-any-return]


class BotPool:
    """Runs bot decisions: light bots in a thread, search bots in worker processes."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor | None:
        if self.processes <= 0:
            return None
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool

    async def choose(self, agent: Any, state: State, player: int) -> Action:
        """The bot's action on a copy of ``state``."""
        if getattr(agent, "name", "") == "random":
            return _decide(agent, state, player)  # instant: no thread hop
        pool = None if is_light(agent) else self._executor()
        if pool is None:
            return await asyncio.to_thread(_decide, agent, state.clone(), player)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool, _decide, agent, state, player)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` where search bots think (a worker process, else a thread);
        ``fn`` and its arguments must be picklable (a module-level function)."""
        pool = self._executor()
        if pool is None:
            return await asyncio.to_thread(fn, *args)
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
