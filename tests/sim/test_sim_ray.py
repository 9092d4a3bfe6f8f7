"""The Ray backend on a local Ray: the same bytes as the local backend."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from liftoff.sim import BackendError, make_config, simulate


@pytest.mark.ray
@pytest.mark.timeout(180)
@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="the 'distributed' extra (Ray) is not installed",
)
def test_ray_backend_writes_the_same_results_as_the_local_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    config = make_config("planet", 3, ["random"], 24, seed=21, keep_records=3)
    try:
        # the backend starts a local Ray with 2 CPUs and shuts it down afterwards
        info = simulate(config, tmp_path / "ray", backend="ray", workers=2, chunk_size=5)
    except BackendError as exc:  # pragma: no cover - depends on the machine
        if "could not start" not in str(exc):
            raise
        pytest.skip(f"a local Ray cannot start here: {exc}")
    simulate(config, tmp_path / "local", workers=1)
    assert info["backend"] == "ray" and info["games"] == 24
    for name in ("games.jsonl", "games.csv", "meta.json", "records/game-000008.json"):
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


@pytest.mark.ray
@pytest.mark.timeout(180)
@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="the 'distributed' extra (Ray) is not installed",
)
def test_a_tournament_on_ray_gives_the_records_of_a_local_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tournaments run on the simulation backends, Ray included."""
    from liftoff.sim.tournament import run, tournament

    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    config = tournament("race", "random,heuristic", 2, 3, seed=4)
    try:
        on_ray = run(config, backend="ray", workers=2, chunk_size=2)
    except BackendError as exc:  # pragma: no cover - depends on the machine
        if "could not start" not in str(exc):
            raise
        pytest.skip(f"a local Ray cannot start here: {exc}")

    def strip(records: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{k: v for k, v in r.items() if k != "seconds"} for r in records]

    assert strip(on_ray) == strip(run(config))
