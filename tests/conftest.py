"""Shared test configuration.

Tests name the rule-catalogue clauses they check with ``@pytest.mark.rules(...)``
so that coverage of each rulebook can be counted.
"""

from __future__ import annotations
