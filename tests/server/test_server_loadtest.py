"""``liftoff loadtest`` on a tiny scale: it runs, clients play, nothing is lost.
(Speed is measured by hand, never asserted.)"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from liftoff.cli.main import build

pytestmark = pytest.mark.timeout(180)


def test_loadtest_command_plays_and_loses_nothing() -> None:
    result = CliRunner().invoke(
        build(), ["loadtest", "--clients", "8", "--tables", "3", "--seconds", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output[result.output.index("{") :])
    assert figures["clients"] == 8 and figures["tables"] == 3
    assert figures["moves"] > 0
    assert figures["lost_moves"] == 0
    assert figures["connect_failures"] == 0
    assert set(figures["latency_ms"]) == {"p50", "p90", "p99", "max"}


def test_loadtest_rejects_nonsense() -> None:
    result = CliRunner().invoke(build(), ["loadtest", "--clients", "2", "--tables", "5"])
    assert result.exit_code != 0
    assert "tables <= clients" in result.output
