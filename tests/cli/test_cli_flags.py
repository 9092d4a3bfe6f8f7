"""Short flags mean the same long option in every `liftoff` command."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict
from typing import Any

import typer
from typer.testing import CliRunner

from liftoff.cli.common import SHORT_FLAGS
from liftoff.cli.main import build


def _commands(command: Any, path: str = "liftoff") -> list[tuple[str, Any]]:
    """Every (click) command of the app, sub-commands of groups included."""
    out = [(path, command)]
    for name, sub in getattr(command, "commands", {}).items():
        out += _commands(sub, f"{path} {name}")
    return out


def _flags() -> dict[str, set[tuple[str, str]]]:
    """short flag -> {(command, long option)} over the whole app."""
    seen: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for path, command in _commands(typer.main.get_command(build())):
        for param in command.params:
            if param.param_type_name != "option":
                continue
            names = [*param.opts, *param.secondary_opts]
            longs = [n for n in names if n.startswith("--")]
            for short in (n for n in names if not n.startswith("--")):
                seen[short].add((path, longs[0] if longs else "(none)"))
    return seen


def test_every_short_flag_means_one_long_option_in_every_command() -> None:
    flags = _flags()
    assert flags, "no short flag found: is the introspection broken?"
    for short, uses in sorted(flags.items()):
        longs = {long for _, long in uses}
        assert len(longs) == 1, f"{short} means {sorted(uses)}"
        assert short in SHORT_FLAGS, f"{short} ({sorted(uses)}) is not in cli.common.SHORT_FLAGS"
        assert longs == {SHORT_FLAGS[short]}, f"{short} should mean {SHORT_FLAGS[short]}"


def test_no_long_option_has_two_short_flags() -> None:
    shorts_of: dict[str, set[str]] = defaultdict(set)
    for short, uses in _flags().items():
        for _, long in uses:
            shorts_of[long].add(short)
    assert {long: s for long, s in shorts_of.items() if len(s) > 1} == {}


def test_seed_is_s_and_seats_have_no_short_flag() -> None:
    flags = _flags()
    commands = {path for path, _ in flags["-s"]}
    assert {"liftoff play", "liftoff simulate", "liftoff tournament"} <= commands
    assert all(long != "--seats" for uses in flags.values() for _, long in uses)
    result = CliRunner().invoke(build(), ["play", "planet", "-s", "human,random"])
    assert result.exit_code == 2 and "--seed" in result.output


def test_help_shows_no_bool_metavar_anywhere() -> None:
    """``--help`` lists flags bare (``--reveal``, ``--help``), never ``<bool>``."""
    for args in (["--help"], ["play", "--help"], ["replay", "--help"], ["rules", "--help"]):
        done = subprocess.run(
            [sys.executable, "-m", "liftoff", *args],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "COLUMNS": "100", "NO_COLOR": "1"},
        )
        assert done.returncode == 0, done.stderr
        assert "<bool>" not in done.stdout and "--help" in done.stdout, done.stdout
