"""Shared test configuration.

Tests name the rule-catalogue clauses they check with ``@pytest.mark.rules(...)``
so that coverage of each rulebook can be counted.
"""

from __future__ import annotations

import importlib.util
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _ctrl_c_reaches_children() -> Iterator[None]:
    """The Ctrl-C tests send SIGINT to the programs they start, which inherit an
    ignored SIGINT from a test run started in the background (or from a test that
    left it ignored): deliver it as a terminal would, during every test."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield


def load_script(path: str) -> ModuleType:
    """A script of the project (``benchmarks/…``, ``examples/…``, by its path from
    the project's root) loaded as a module, to test its functions."""
    file = ROOT / path
    spec = importlib.util.spec_from_file_location("liftoff_script_" + file.stem, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def script() -> Callable[[str], ModuleType]:
    """:func:`load_script`, for a test to load the script it checks."""
    return load_script
