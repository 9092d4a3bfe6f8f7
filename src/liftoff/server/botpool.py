"""Where bots think, and the fair share of the bot workers each table gets.

- **Bounds.** Every bot is normalised and bounded before it is stored
  (:mod:`.botspecs`), and clamped again when it is made: no search runs longer
  than the operator's ceiling, whatever it was called.
- **Out of the server's way.** Light bots (``random``, ``heuristic`` and the levels
  built on it) decide in the server process. Search bots — turn-based seats,
  hints and the live race's bots alike — decide in a small pool of worker
  *processes* (``Settings.bot_processes``), so their CPU never holds the
  server's interpreter lock.
- **Fairness.** Searches wait in one queue per *payer* — the address that created
  the table — and the workers take the payers in turn (round-robin), one search
  at a time, first come first served within a payer. Ten bot-only tables of one
  address get one turn between another address's turns, not ten.
- **Cancelled with the table.** A table that closes, ends or leaves this server
  takes its waiting searches out of the queue (:meth:`BotPool.cancel`); a search
  already running ends within the time ceiling.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import functools
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from liftoff.engine import Action, State

T = TypeVar("T")

#: threads for searches when the server runs without worker processes
_THREAD_SLOTS = 2


class SearchCancelled(Exception):
    """The search's table closed (or left this server) before a worker took it."""


def is_light(agent: Any) -> bool:
    """Whether a bot decides quickly enough to run in the server process (the
    random and heuristic bots, and the levels built on the heuristic one)."""
    from liftoff.bots.heuristic import HeuristicBot
    from liftoff.bots.random_bot import RandomBot

    return isinstance(agent, HeuristicBot | RandomBot)


def _decide(agent: Any, state: State, player: int) -> Action:
    return agent.choose(state, player)  # type: ignore[no-any-return]


@dataclass(eq=False)
class _Search:
    """A search waiting for a worker: who pays for it, for which table, what to run."""

    payer: str
    table: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: concurrent.futures.Future[Any]


class BotPool:
    """Runs bot decisions: light bots in a thread, searches in worker processes,
    the payers taking turns (see the module's text). Queue operations run on the
    event loop's thread."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: concurrent.futures.Executor | None = None
        self._queues: collections.OrderedDict[str, collections.deque[_Search]] = (
            collections.OrderedDict()
        )
        self._running = 0
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def slots(self) -> int:
        """Searches that run at once (one per worker)."""
        return self.processes if self.processes > 0 else _THREAD_SLOTS

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.processes > 0:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.processes, mp_context=multiprocessing.get_context("spawn")
                )
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    _THREAD_SLOTS, thread_name_prefix="bot-search"
                )
        return self._pool

    # -- the fair queue -----------------------------------------------------------------
    def submit(
        self, payer: str, table: str, fn: Callable[..., T], *args: Any
    ) -> concurrent.futures.Future[T]:
        """Queue ``fn(*args)`` (a module-level function, picklable arguments) for a
        worker, paid for by ``payer``; call it on the event loop's thread."""
        self._loop = asyncio.get_running_loop()
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        self._queues.setdefault(payer, collections.deque()).append(
            _Search(payer, table, fn, args, future)
        )
        self._pump()
        return future

    def _pump(self) -> None:
        """Start waiting searches while workers are free, the payers in turn."""
        while self._running < self.slots and self._queues:
            payer, queue = next(iter(self._queues.items()))
            search = queue.popleft()
            if queue:
                self._queues.move_to_end(payer)  # the next payer's turn
            else:
                del self._queues[payer]
            if not search.future.set_running_or_notify_cancel():
                continue  # its caller stopped waiting
            self._running += 1
            try:
                inner = self._executor().submit(search.fn, *search.args)
            except RuntimeError as exc:  # the pool is shut down
                self._running -= 1
                search.future.set_exception(exc)
                continue
            inner.add_done_callback(functools.partial(self._done, search))

    def _done(self, search: _Search, inner: concurrent.futures.Future[Any]) -> None:
        """A worker finished (called on the pool's thread): settle on the loop."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits
            loop.call_soon_threadsafe(self._settle, search, inner)

    def _settle(self, search: _Search, inner: concurrent.futures.Future[Any]) -> None:
        self._running -= 1
        if inner.cancelled():
            search.future.set_exception(SearchCancelled())
        elif (exc := inner.exception()) is not None:
            search.future.set_exception(exc)
        else:
            search.future.set_result(inner.result())
        self._pump()

    def waiting(self, table: str | None = None) -> int:
        """Searches waiting for a worker (of ``table`` only, when given)."""
        return sum(
            1
            for queue in self._queues.values()
            for s in queue
            if (table is None or s.table == table) and not s.future.cancelled()
        )

    def cancel(self, table: str) -> int:
        """Take ``table``'s waiting searches out of the queue (their callers get
        :class:`SearchCancelled`); returns how many there were."""
        gone = 0
        for payer in list(self._queues):
            queue = self._queues[payer]
            for search in [s for s in queue if s.table == table]:
                queue.remove(search)
                if search.future.set_running_or_notify_cancel():
                    search.future.set_exception(SearchCancelled())
                    gone += 1
            if not queue:
                del self._queues[payer]
        return gone

    # -- what the tables call -----------------------------------------------------------
    async def choose(
        self, agent: Any, state: State, player: int, *, payer: str, table: str
    ) -> Action:
        """The bot's action on a copy of ``state``."""
        if getattr(agent, "name", "") == "random":
            return _decide(agent, state, player)  # instant: no thread hop
        if is_light(agent):
            return await asyncio.to_thread(_decide, agent, state.clone(), player)
        return await self.run(payer, table, _decide, agent, state.clone(), player)

    async def run(self, payer: str, table: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a bot worker, in ``payer``'s turn (see :meth:`submit`)."""
        return await asyncio.wrap_future(self.submit(payer, table, fn, *args))

    def close(self) -> None:
        """Stop the worker processes; waiting searches are cancelled."""
        for queue in self._queues.values():
            for search in queue:
                if search.future.set_running_or_notify_cancel():
                    search.future.set_exception(SearchCancelled())
        self._queues.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class TableThinker(concurrent.futures.Executor):
    """Where one live (race) table's bots think: a light bot on a thread of
    ``threads``, a search in the bot workers, in its payer's turn. The race driver
    calls :meth:`submit` as ``submit(fn, agent, state, player, clock)`` on the event
    loop, for ``(action, clock.now() when decided)``; a search's time is read
    here when its answer arrives (the clock stays in the server's process)."""

    def __init__(
        self, pool: BotPool, payer: str, table: str, threads: concurrent.futures.Executor
    ) -> None:
        self.pool = pool
        self.payer = payer
        self.table = table
        self.threads = threads

    def submit(
        self, fn: Callable[..., T], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[T]:
        """Run ``fn(*args)``: in a thread for a light bot, else in the bot workers."""
        if kwargs or len(args) != 4 or is_light(args[0]):
            return self.threads.submit(fn, *args, **kwargs)
        agent, state, player, clock = args
        answer: concurrent.futures.Future[Any] = concurrent.futures.Future()

        def stamp(search: concurrent.futures.Future[Action]) -> None:
            exc = SearchCancelled() if search.cancelled() else search.exception()
            if exc is not None:
                answer.set_exception(exc)
            else:
                answer.set_result((search.result(), clock.now()))

        self.pool.submit(self.payer, self.table, _decide, agent, state, player).add_done_callback(
            stamp
        )
        return answer
