"""Collection of the doctests in ``src/liftoff`` (``--doctest-modules``).

Modules whose code or doctests need an optional extra that is not installed
are not collected (their tests skip in the same way), and Alembic's migration
scripts, which run only under Alembic, never are.
"""

from __future__ import annotations

import importlib.util

#: part of ``src/liftoff`` → the modules (from optional extras) it needs
NEEDS: dict[str, tuple[str, ...]] = {
    "server": ("fastapi", "sqlalchemy", "jinja2", "orjson", "uvicorn"),
    "rl": ("numpy",),
    "rl/gymnasium.py": ("gymnasium",),
    "rl/pettingzoo.py": ("pettingzoo",),
    "rl/openspiel.py": ("pyspiel",),
}


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


collect_ignore = ["src/liftoff/server/migrations"] + [
    f"src/liftoff/{part}"
    for part, modules in NEEDS.items()
    if not all(_installed(m) for m in modules)
]


def pytest_configure(config: object) -> None:
    """Import now what a plugin imports only when the session ends (Schemathesis's
    report writers): pytest rewrites plugin modules as it imports them, and CPython
    3.11 can fail to parse (``SystemError: AST constructor recursion depth
    mismatch``) when a garbage collection runs finalizers in the middle, which the
    objects a long session leaves behind make likely."""
    import contextlib

    for late in ("allure", "html.writer", "junitxml"):
        with contextlib.suppress(ImportError):
            importlib.import_module(f"schemathesis.reporting.{late}")
