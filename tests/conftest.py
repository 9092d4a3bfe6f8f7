"""Shared test configuration.

Tests name the rule-catalogue clauses they check with ``@pytest.mark.rules(...)``
so that coverage of each rulebook can be counted.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _ctrl_c_reaches_children() -> Iterator[None]:
    """The Ctrl-C tests send SIGINT to the programs they start, which inherit an
    ignored SIGINT from a test run started in the background (or from a test that
    left it ignored): deliver it as a terminal would, during every test."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
