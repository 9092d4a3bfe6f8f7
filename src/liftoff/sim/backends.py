"""Where the games are played: in this process, in a local process pool, or on
a Ray cluster. Every backend plays the same chunks of game indices with
:func:`liftoff.sim.runner.run_chunk` and hands the results back; the order in
which chunks finish does not matter because the store sorts rows by index.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from liftoff.sim.runner import GameResult, SimConfig, chunks, run_chunk

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


def _ignore_interrupts() -> None:
    """Pool workers leave Ctrl-C to the driver, which stops them itself (no
    traceback from every worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(
    config: SimConfig,
    workers: int = 1,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    done: Collection[int] = (),
) -> Iterator[GameResult]:
    """Play every game of ``config`` (but those in ``done``) here
    (``workers == 1``) or in a process pool.

    Yields results chunk by chunk, in completion order. On ``KeyboardInterrupt``
    the pool's workers are stopped at once and the interrupt goes on.
    """
    spans = list(chunks(config.games, workers, chunk_size, done))
    if workers <= 1:
        for start, stop in spans:
            results = run_chunk(config, start, stop)
            if progress is not None:
                progress(len(results))
            yield from results
        return
    # fork where there is one: workers start at once with everything imported
    # (and scripts need no ``if __name__ == "__main__"`` guard). Callers keep no
    # threads running meanwhile (the CLI's progress bar refreshes by hand).
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_ignore_interrupts
    )
    finished = False
    try:
        pending: set[Future[list[GameResult]]] = {
            pool.submit(run_chunk, config, start, stop) for start, stop in spans
        }
        while pending:
            ready, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                results = future.result()
                if progress is not None:
                    progress(len(results))
                yield from results
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:  # interrupted (or the consumer stopped): do not wait for running chunks
            # stop the workers first, then let the pool's thread notice and end
            # (ending the process while that thread still runs makes Python print
            # a spurious "Bad file descriptor" traceback at exit)
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)


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
        task = ray.remote(num_cpus=1)(run_chunk)
        config_ref = ray.put(config)
        pending = [task.remote(config_ref, start, stop) for start, stop in spans]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results: list[GameResult] = ray.get(ref)
                if progress is not None:
                    progress(len(results))
                yield from results
    finally:
        if started:
            ray.shutdown()


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
