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
