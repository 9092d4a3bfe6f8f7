"""Mass simulation and balance reports.

- :mod:`liftoff.sim.runner`: configuration, per-game seeds, one game, one row;
- :mod:`liftoff.sim.backends`: local process pool or Ray;
- :mod:`liftoff.sim.store`: the run directory (JSONL, CSV/Parquet, records);
- :mod:`liftoff.sim.report`: HTML reports with figures (needs the ``sim`` extra).

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

from liftoff.sim.backends import BackendError, run
from liftoff.sim.runner import GameResult, SimConfig, SimError, make_config, split_bot_specs
from liftoff.sim.store import StoreError, load_run, prepare_out_dir, write_run


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
) -> dict[str, Any]:
    """Play every game of ``config`` and write the run directory ``out``.

    Returns ``run.json``'s content (timing included).
    """
    out = prepare_out_dir(Path(out))
    started = time.perf_counter()
    results: list[GameResult] = list(
        run(config, backend, workers, address, progress=progress, chunk_size=chunk_size)
    )
    elapsed = time.perf_counter() - started
    info: dict[str, Any] = {
        "backend": backend,
        "workers": workers,
        "address": address,
        "games": config.games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(config.games / elapsed, 1) if elapsed > 0 else None,
        "actions": sum(r.actions for r in results),
        "errors": sum(1 for r in results if r.failed),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    write_run(out, config, results, fmt, info)
    return info


__all__ = [
    "BackendError",
    "GameResult",
    "SimConfig",
    "SimError",
    "StoreError",
    "load_run",
    "make_config",
    "simulate",
    "split_bot_specs",
]
