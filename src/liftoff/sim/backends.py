"""Where the games are played: in this process, in a local process pool, or on
a Ray cluster. Every backend plays the same chunks of game indices with
:func:`liftoff.sim.runner.iter_chunk` and hands each game's result back as soon
as the game is finished (so Ctrl-C loses no finished game); the order in which
games finish does not matter because the store sorts rows by index.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Collection, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, cast

from liftoff.sim.runner import GameResult, SimConfig, chunks, iter_chunk, play_one

BACKENDS = ("local", "ray")

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


class BackendError(RuntimeError):
    """A backend that cannot run (missing extra, unreachable cluster)."""


def default_workers() -> int:
    """The number of CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


#: how long stopping the workers may take before they are killed (seconds)
STOP_GRACE = 3.0


def run_local(
    config: SimConfig,
    workers: int = 1,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    done: Collection[int] = (),
) -> Iterator[GameResult]:
    """Play every game of ``config`` (but those in ``done``) here
    (``workers == 1``) or in ``workers`` processes.

    Yields each game's result as soon as the game is finished (in completion
    order). On Ctrl-C (``KeyboardInterrupt``), the games already finished are
    yielded, the workers are stopped at once — within :data:`STOP_GRACE`
    seconds, killed if need be — and then the interrupt goes on.
    """
    spans = list(chunks(config.games, workers, chunk_size, done))
    if workers <= 1:
        for start, stop in spans:
            for index in range(start, stop):
                result = play_one(config, index)
                if progress is not None:
                    progress(1)
                yield result
        return
    # Ctrl-C raises a flag from here on: at once, it would be lost while the
    # workers are forked (Python ignores an exception raised in an at-fork hook)
    with CtrlC() as ctrl_c:
        pool = _Pool(config, min(workers, len(spans)) or 1)
        try:
            yield from pool.play(spans, progress, ctrl_c)
        finally:
            pool.stop()


def _worker(conn: Connection, config: SimConfig) -> None:
    """A pool process: play the chunks the driver sends, sending each game's
    result as soon as it is finished; end on ``None`` or when the driver is
    gone.

    Ctrl-C is left to the driver, which stops workers with SIGTERM. SIGTERM
    is held back while a result is being sent, so a worker always dies between
    two messages and the driver never reads half of one."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    hold = {signal.SIGTERM}
    mask = getattr(signal, "pthread_sigmask", None)  # not on Windows: a cut message is dropped
    try:
        while True:
            task = conn.recv()
            if task is None:
                return
            start, stop = task
            for index in range(start, stop):
                result = play_one(config, index)
                if mask is not None:
                    mask(signal.SIG_BLOCK, hold)
                try:
                    conn.send((result, index == stop - 1))
                finally:
                    if mask is not None:
                        mask(signal.SIG_UNBLOCK, hold)
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        return  # the driver is gone or stopping


class CtrlC:
    """While active (``with CtrlC() as ctrl_c:``), Ctrl-C (SIGINT) sets
    ``ctrl_c.pressed`` instead of raising ``KeyboardInterrupt`` wherever the
    program happens to be. With ``deliver=True`` a press is handed on when
    the block ends (to the handler that was there before: ``KeyboardInterrupt``
    by default), so a block of work is never cut in half. Only the main
    thread receives signals; elsewhere this does nothing."""

    def __init__(self, deliver: bool = False) -> None:
        self.deliver = deliver
        self.pressed = False
        self._previous: Any = None
        self._active = False

    def _press(self, signum: int, frame: object) -> None:
        self.pressed = True

    def __enter__(self) -> CtrlC:
        self._active = threading.current_thread() is threading.main_thread()
        if self._active:
            self._previous = signal.signal(signal.SIGINT, self._press)
        return self

    def __exit__(self, *exc: object) -> None:
        if not self._active:
            return
        signal.signal(signal.SIGINT, self._previous)
        if self.deliver and self.pressed:
            if callable(self._previous):
                self._previous(signal.SIGINT, None)
            elif self._previous != signal.SIG_IGN:
                raise KeyboardInterrupt


class _Pool:
    """Worker processes, each fed one chunk at a time over its own pipe.

    While the pool runs, Ctrl-C only raises a flag (:class:`CtrlC`), so the
    driver never stops half-way through reading a result or forking a
    worker; the pool then stops the workers, yields what they had finished
    and raises ``KeyboardInterrupt``. Every wait is bounded: a worker that does not end
    within :data:`STOP_GRACE` seconds of being told is killed."""

    def __init__(self, config: SimConfig, workers: int) -> None:
        # fork where there is one: workers start at once with everything imported
        # (and scripts need no ``if __name__ == "__main__"`` guard). Callers keep no
        # threads running meanwhile (the CLI's progress bar refreshes by hand).
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.processes: dict[Connection, BaseProcess] = {}
        try:
            for _ in range(workers):
                mine, theirs = context.Pipe()
                process = context.Process(target=_worker, args=(theirs, config), daemon=True)
                process.start()
                theirs.close()
                self.processes[mine] = process
        except BaseException:  # e.g. no more processes: end those already started
            self.stop()
            raise

    def play(
        self, spans: list[tuple[int, int]], progress: Progress | None, ctrl_c: CtrlC
    ) -> Iterator[GameResult]:
        """Yield every game's result as it comes; once ``ctrl_c`` is pressed,
        yield the finished ones and raise ``KeyboardInterrupt``."""
        todo = list(reversed(spans))
        busy = [conn for conn in self.processes if self._feed(conn, todo)]
        while busy and not ctrl_c.pressed:
            for ready in wait(busy, timeout=0.2):
                conn = cast(Connection, ready)
                result, last = self._receive(conn)
                if progress is not None:
                    progress(1)
                yield result
                if last and not self._feed(conn, todo):
                    busy.remove(conn)
        if ctrl_c.pressed:
            for result in self._drain():
                if progress is not None:
                    progress(1)
                yield result
            raise KeyboardInterrupt

    def _feed(self, conn: Connection, todo: list[tuple[int, int]]) -> bool:
        """Give a worker its next chunk (True), or tell it to end (False)."""
        task = todo.pop() if todo else None
        try:
            conn.send(task)
        except OSError:
            raise self._lost(conn) from None
        return task is not None

    def _receive(self, conn: Connection) -> tuple[GameResult, bool]:
        """A worker's next message: a finished game, and whether it ends the chunk."""
        try:
            got: tuple[GameResult, bool] = conn.recv()
        except (EOFError, OSError):
            raise self._lost(conn) from None
        return got

    def _lost(self, conn: Connection) -> BackendError:
        process = self.processes[conn]
        process.join(STOP_GRACE)
        return BackendError(f"a worker process ended unexpectedly (exit code {process.exitcode})")

    def _drain(self) -> list[GameResult]:
        """Stop the workers and return every result they had sent whole: a
        worker dies between two messages (see :func:`_worker`), so the pipes
        hold whole messages up to the end of file."""
        for process in self.processes.values():
            process.terminate()
        kept: list[GameResult] = []
        reading = list(self.processes)
        deadline = time.monotonic() + STOP_GRACE
        while reading and (left := deadline - time.monotonic()) > 0:
            for ready in wait(reading, timeout=left):
                conn = cast(Connection, ready)
                try:
                    kept.append(conn.recv()[0])
                except (EOFError, OSError):
                    reading.remove(conn)
        return kept

    def stop(self) -> None:
        """End every worker (killed after :data:`STOP_GRACE` seconds) and close the pipes."""
        for process in self.processes.values():
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + STOP_GRACE
        for process in self.processes.values():
            process.join(max(0.0, deadline - time.monotonic()))
        for conn, process in self.processes.items():
            if process.is_alive():
                process.kill()
                process.join(STOP_GRACE)
            conn.close()


UV_RUN_FLAG = "RAY_ENABLE_UV_RUN_RUNTIME_ENV"


def _import_ray() -> Any:
    """Import Ray with usage statistics off.

    Under ``uv run``, Ray by default starts every worker with ``uv run`` in a
    copy of the working directory, building a fresh environment per node: slow
    at best, and stuck without network access. liftoff turns that off unless
    ``RAY_ENABLE_UV_RUN_RUNTIME_ENV`` is set explicitly: workers then use the
    Python that runs them, where liftoff must be installed (true of a local
    Ray; on a cluster, install liftoff on every node).
    """
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    explicit = UV_RUN_FLAG in os.environ
    os.environ.setdefault(UV_RUN_FLAG, "0")
    try:
        import ray
    except ImportError:
        raise BackendError(
            "the ray backend needs Ray: install the 'distributed' extra "
            "(pip install 'liftoff[distributed]' or uv sync --extra distributed)"
        ) from None
    if not explicit or os.environ.get(UV_RUN_FLAG) == "0":
        try:  # Ray read the flag when first imported, maybe before liftoff set it
            from ray._private import ray_constants

            ray_constants.RAY_ENABLE_UV_RUN_RUNTIME_ENV = False
        except (ImportError, AttributeError):  # pragma: no cover - other Ray versions
            pass
    return ray


def run_ray(
    config: SimConfig,
    workers: int | None = None,
    address: str | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    done: Collection[int] = (),
) -> Iterator[GameResult]:
    """Play every game of ``config`` (but those in ``done``) as Ray tasks, one
    task per chunk.

    ``address`` is ``HOST:PORT`` of a running cluster (or ``"auto"``); without
    it a local Ray is started with ``workers`` CPUs (default: all). A Ray
    already initialised by the caller is used as it is and left running.
    """
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address:
            kwargs["address"] = address
        else:
            kwargs["address"] = "local"
            kwargs["num_cpus"] = workers or default_workers()
        try:
            ray.init(**kwargs)
        except Exception as exc:
            where = f"the Ray cluster at {address}" if address else "a local Ray"
            raise BackendError(f"could not start or reach {where}: {exc}") from None
        started = True
    try:
        total_cpus = int(ray.cluster_resources().get("CPU", 1))
        spans = list(chunks(config.games, max(1, total_cpus), chunk_size, done))
        # a generator task: each game's result comes back as soon as it is finished
        task = ray.remote(num_cpus=1)(iter_chunk)
        config_ref = ray.put(config)
        streams = [task.remote(config_ref, start, stop) for start, stop in spans]
        try:
            while streams:
                ready, _ = ray.wait(streams, num_returns=1)
                for result in _next_results(ray, ready, streams):
                    if progress is not None:
                        progress(1)
                    yield result
        except KeyboardInterrupt:  # keep the games that had come back
            for result in _next_results(ray, streams, streams, until_empty=True):
                if progress is not None:
                    progress(1)
                yield result
            raise
    finally:
        if started:
            ray.shutdown()


def _next_results(
    ray: Any, ready: list[Any], streams: list[Any], until_empty: bool = False
) -> Iterator[GameResult]:
    """The next result of each stream in ``ready`` (every result already back,
    with ``until_empty``); a finished stream leaves ``streams``."""
    for stream in list(ready):
        while True:
            if until_empty and not ray.wait([stream], num_returns=1, timeout=0)[0]:
                break
            try:
                ref = next(stream)
            except StopIteration:
                streams.remove(stream)
                break
            result: GameResult = ray.get(ref)
            yield result
            if not until_empty:
                break


def run(
    config: SimConfig,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    done: Collection[int] = (),
) -> Iterator[GameResult]:
    """Play ``config`` (but the games in ``done``) on the named backend
    (``local`` or ``ray``)."""
    if backend == "local":
        if address:
            raise BackendError("--address only applies to --backend ray")
        return run_local(config, workers, progress, chunk_size, done)
    if backend == "ray":
        return run_ray(config, workers, address, progress, chunk_size, done)
    raise BackendError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
