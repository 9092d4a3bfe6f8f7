"""Mass simulation and balance reports.

- :mod:`liftoff.sim.runner`: configuration, per-game seeds, one game, one row;
- :mod:`liftoff.sim.backends`: local process pool or Ray;
- :mod:`liftoff.sim.store`: the run directory (JSONL, CSV/Parquet, records);
- :mod:`liftoff.sim.report`: HTML reports with figures (needs the ``sim`` extra);
- :mod:`liftoff.sim.tournament`: tournaments between bots (a simulation with
  round-robin seating): the schedule, results and ratings.

``simulate`` is the whole pipeline as one call::

    from liftoff.sim import make_config, simulate
    meta = simulate(make_config("planet", 4, ["random"], 1000, seed=1), "out/planet")
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from liftoff.sim.backends import BackendError, CtrlC, run
from liftoff.sim.runner import GameResult, SimConfig, SimError, make_config
from liftoff.sim.store import (
    FORMATS,
    PARTIAL_ROWS,
    StoreError,
    clear_run,
    end_partial,
    is_empty,
    load_partial,
    load_run,
    partial_line,
    prepare_out_dir,
    start_partial,
    write_run,
)


class SimInterrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C: ``done`` of ``total`` games are kept in ``out``
    (``partial.jsonl``); :func:`resume` (``liftoff simulate --resume DIR``)
    plays the rest."""

    def __init__(self, out: Path, done: int, total: int) -> None:
        super().__init__(f"interrupted: {done} of {total} games kept in {out}")
        self.out = out
        self.done = done
        self.total = total


def simulate(
    config: SimConfig,
    out: Path | str,
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    fmt: str = "csv",
    progress: Callable[[int], None] | None = None,
    chunk_size: int | None = None,
    force: bool = False,
) -> dict[str, Any]:
    """Play every game of ``config`` and write the run directory ``out``.

    ``out`` must be empty (or new) unless ``force``, which first removes what
    an earlier run and its reports wrote there. Finished games are saved as
    they come (``partial.jsonl``); on Ctrl-C, :class:`SimInterrupted` says how
    many were kept, and :func:`resume` continues. Returns ``run.json``'s
    content (timing included).
    """
    path = Path(out)
    if not is_empty(path):
        if not force:
            raise StoreError(
                f"{path} is not empty; choose a new directory, resume an interrupted "
                "run with --resume, or overwrite with --force"
            )
        clear_run(path)
    if fmt not in FORMATS:
        raise StoreError(f"unknown format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    path = prepare_out_dir(path)
    start_partial(path, config, fmt)
    return _play(config, path, [], backend, workers, address, fmt, progress, chunk_size)


def resume(
    out: Path | str,
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    chunk_size: int | None = None,
) -> dict[str, Any]:
    """Finish the interrupted run in ``out``: play the games it lacks, then
    write the same files an uninterrupted run writes (``run.json`` times only
    this session). Returns ``run.json``'s content."""
    path = Path(out)
    config, fmt, kept = load_partial(path)
    if progress is not None and kept:
        progress(len(kept))
    return _play(config, path, kept, backend, workers, address, fmt, progress, chunk_size)


def resumable_config(out: Path | str) -> SimConfig:
    """The configuration of the interrupted run in ``out`` (``StoreError`` if none)."""
    return load_partial(Path(out))[0]


def _play(
    config: SimConfig,
    path: Path,
    kept: list[GameResult],
    backend: str,
    workers: int,
    address: str | None,
    fmt: str,
    progress: Callable[[int], None] | None,
    chunk_size: int | None,
) -> dict[str, Any]:
    results = list(kept)
    done = {r.index for r in kept}
    started = time.perf_counter()
    try:
        with (path / PARTIAL_ROWS).open("a", encoding="utf-8", newline="\n") as log:
            for result in run(
                config,
                backend,
                workers,
                address,
                progress=progress,
                chunk_size=chunk_size,
                done=done,
            ):
                with CtrlC(deliver=True):  # a game is saved whole, then counted
                    log.write(partial_line(result) + "\n")
                    log.flush()
                    results.append(result)
    except KeyboardInterrupt:
        raise SimInterrupted(path, len(results), config.games) from None
    except OSError as exc:
        if isinstance(exc, StoreError):
            raise
        raise StoreError(f"cannot write to {path}: {exc.strerror or exc}") from None
    elapsed = time.perf_counter() - started
    played_now = len(results) - len(kept)
    info: dict[str, Any] = {
        "backend": backend,
        "workers": workers,
        "address": address,
        "games": config.games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(played_now / elapsed, 1) if elapsed > 0 else None,
        "actions": sum(r.actions for r in results),
        "errors": sum(1 for r in results if r.failed),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    if kept:
        info["resumed_with"] = len(kept)
    write_run(path, config, results, fmt, info)
    end_partial(path)
    return info


__all__ = [
    "BackendError",
    "GameResult",
    "SimConfig",
    "SimError",
    "SimInterrupted",
    "StoreError",
    "load_run",
    "make_config",
    "resumable_config",
    "resume",
    "simulate",
]
