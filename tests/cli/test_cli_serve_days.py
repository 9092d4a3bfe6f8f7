"""``liftoff serve``'s options for play over days reach the server's settings:
``--vacation-days`` and ``--dormant-after``; values out of bounds are refused
in one line before anything starts."""

from __future__ import annotations

import socket
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

pytest.importorskip("uvicorn")

from liftoff.cli import serve as serve_cli


def _serve(monkeypatch: pytest.MonkeyPatch, tmp_path: Any, *args: str) -> tuple[Any, Any]:
    """Run ``liftoff serve ARGS`` up to opening the app; the settings it would use."""
    seen: dict[str, Any] = {}

    def open_app(url: str, where: str, redis: str | None, settings: Any) -> Any:
        seen["settings"] = settings
        raise typer.Exit(0)

    monkeypatch.setattr(serve_cli, "_open_app", open_app)
    app = typer.Typer()
    serve_cli.register(app)
    app.command("other")(lambda: None)  # (two commands: `serve` is named)
    db = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    with socket.socket() as probe:  # a free port (the server binds it, then stops)
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    result = CliRunner().invoke(app, ["serve", "--port", port, "--db", db, *args])
    return result, seen.get("settings")


def test_serve_sets_vacation_days_and_dormant_after(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    result, settings = _serve(
        monkeypatch, tmp_path, "--vacation-days", "14", "--dormant-after", "120"
    )
    assert result.exit_code == 0, result.output
    assert settings.vacation_days == 14 and settings.dormant_after == 120
    result, settings = _serve(monkeypatch, tmp_path)
    assert settings.vacation_days == 30 and settings.dormant_after == 600


@pytest.mark.parametrize("args", [("--vacation-days", "-1"), ("--dormant-after", "-5")])
def test_serve_refuses_days_out_of_bounds(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, args: tuple[str, str]
) -> None:
    result, settings = _serve(monkeypatch, tmp_path, *args)
    assert result.exit_code != 0 and settings is None
    assert "--vacation-days is 0 to 366 days" in result.output


def test_serve_sets_mail_for_sign_in(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    result, settings = _serve(
        monkeypatch, tmp_path, "--smtp", "127.0.0.1:2525", "--public-url", "https://x.example"
    )
    assert result.exit_code == 0, result.output
    assert (settings.smtp, settings.public_url) == ("127.0.0.1:2525", "https://x.example")
    result, settings = _serve(monkeypatch, tmp_path, "--smtp", "127.0.0.1:2525")
    assert settings is None and "go together" in result.output
    result, settings = _serve(
        monkeypatch, tmp_path, "--smtp", "nowhere", "--public-url", "https://x.example"
    )
    assert settings is None and "HOST:PORT" in result.output
