"""Replays of finished games: computed once, off the event loop, kept in bounded memory.

A replay answers "the view after ``step`` actions as one seat saw it", with every
action in words and what each caused, narrated for that seat. Replaying a whole
game takes tens to hundreds of milliseconds of CPU, so it is never done per
request on the event loop:

- **Computed once** per table, state version, seat and language, in one pass over
  the record: each action's words and narration, and the view after every step
  (its JSON, compressed). Each step the replay viewer asks for is then a lookup.
- **Off the event loop**, in a worker process of its own
  (``Settings.replay_processes``; ``0``: a thread), so the CPU it takes never
  holds the server's interpreter lock; one computation per key at a time, shared
  by every request that asks for it meanwhile.
- **Counted against the caller's budget** (``ratelimit.charge_work``): the CPU time
  the computation took, charged to the address that set it off.
- **Bounded memory**: the least recently used replays go once the cache holds more
  than ``Settings.replay_cache_bytes``.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import multiprocessing
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

import liftoff
from liftoff import speech
from liftoff.engine import Event, IllegalAction
from liftoff.engine.messages import speaking

from .errors import ApiError
from .ratelimit import charge_work

#: (table, state version, seat or None, language)
ReplayKey = tuple[str, int, int | None, str]


class BrokenRecord(Exception):
    """A stored record that does not replay (its action cannot be parsed or applied)."""


@dataclass(frozen=True)
class Replay:
    """A finished game as one seat saw it, in one language."""

    described: list[str]  # every action in words
    narrated: list[list[str]]  # what each action caused, as the seat saw it
    views: list[bytes]  # the view after each step (0 … steps), JSON, zlib-compressed

    @property
    def size(self) -> int:
        """About how many bytes it holds."""
        words = sum(len(d) for d in self.described)
        words += sum(len(line) for lines in self.narrated for line in lines)
        return sum(len(v) for v in self.views) + 2 * words + 64 * len(self.views)

    def view(self, step: int) -> orjson.Fragment:
        """The view after ``step`` actions, as JSON to put in an answer as it is."""
        return orjson.Fragment(zlib.decompress(self.views[step]))


def compute(
    game_name: str,
    record: dict[str, Any],
    seat: int | None,
    names: Sequence[str],
    lang: str,
) -> tuple[Replay, float]:
    """Replay ``record`` as ``seat`` saw it, in ``lang``; and the CPU seconds it took
    (a module-level function: it runs in a worker process)."""
    started = time.thread_time()
    game = liftoff.games.get(game_name)
    state = game.new_game(record["players"], record["seed"], record["options"])
    described: list[str] = []
    narrated: list[list[str]] = []

    def told(events: Sequence[Event]) -> list[str]:
        return [line for line in (words.narrate(e, seat, names) for e in events) if line]

    words = speech.of(game)

    def seen() -> bytes:  # the view with the words its reader sees (Lift Off Point names)
        return zlib.compress(orjson.dumps(words.view_words(state.view(seat))))

    with speaking(lang):
        views = [seen()]
        for p, text in record["actions"]:
            try:
                action = game.parse_action(state, p, text)
                described.append(words.describe(state, p, action))
                narrated.append(told(state.apply(p, action)))
            except IllegalAction as exc:
                raise BrokenRecord(str(exc)) from None
            views.append(seen())
    return Replay(described, narrated, views), time.thread_time() - started


class Replays:
    """The replays computed for finished games, and the worker that computes them."""

    def __init__(self, processes: int = 1, max_bytes: int = 64 << 20) -> None:
        self.processes = processes
        self.max_bytes = max_bytes
        self.cache: collections.OrderedDict[ReplayKey, Replay] = collections.OrderedDict()
        self.held = 0  # bytes in the cache
        self.pending: dict[ReplayKey, asyncio.Future[Replay]] = {}
        self.computed = 0  # replays computed (a benchmark's and a test's figure)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def get(
        self,
        key: ReplayKey,
        game_name: str,
        record: dict[str, Any],
        names: Sequence[str],
    ) -> Replay:
        """The replay of ``key`` (table, version, seat, language): from the cache, or
        computed off the event loop (and charged to the caller's budget)."""
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
            return found
        task = self.pending.get(key)
        if task is None:
            # a task of its own: a caller that goes away does not stop the others' answer
            # (it runs in its creator's context, so the work is charged to that caller)
            task = asyncio.ensure_future(self._compute(key, game_name, record, list(names)))
            self.pending[key] = task
            task.add_done_callback(lambda done: self._done(key, done))
        return await asyncio.shield(task)

    def _done(self, key: ReplayKey, task: asyncio.Future[Replay]) -> None:
        self.pending.pop(key, None)
        if not task.cancelled():
            task.exception()  # retrieved: its callers may all have gone

    async def _compute(
        self, key: ReplayKey, game_name: str, record: dict[str, Any], names: list[str]
    ) -> Replay:
        replay, seconds = await self._run(game_name, record, key[2], names, key[3])
        charge_work(seconds)
        self.computed += 1
        self._keep(key, replay)
        return replay

    async def _run(
        self,
        game_name: str,
        record: dict[str, Any],
        seat: int | None,
        names: list[str],
        lang: str,
    ) -> tuple[Replay, float]:
        loop = asyncio.get_running_loop()
        args = (game_name, record, seat, names, lang)
        try:
            if self.processes <= 0:
                return await asyncio.to_thread(compute, *args)
            try:
                return await loop.run_in_executor(self._executor(), compute, *args)
            except concurrent.futures.BrokenExecutor:
                self.close()  # its worker died (killed, out of memory): a new one, once
                return await loop.run_in_executor(self._executor(), compute, *args)
        except BrokenRecord as exc:
            raise ApiError(500, "broken-table", str(exc)) from None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool

    def _keep(self, key: ReplayKey, replay: Replay) -> None:
        self.cache[key] = replay
        self.held += replay.size
        while self.held > self.max_bytes and len(self.cache) > 1:
            _, gone = self.cache.popitem(last=False)
            self.held -= gone.size

    def close(self) -> None:
        """Stop the worker process."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
