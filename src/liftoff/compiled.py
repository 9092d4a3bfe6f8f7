"""Which build of the engine is running: the pure-Python package (the default) or
modules compiled from the same source (mypyc).

A module counts as compiled when it was loaded from an extension module rather
than from its ``.py`` source; :func:`build_name` looks at the engine's core
modules, so ``liftoff --version`` and ``liftoff bench`` say which build a figure
comes from.
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

#: the modules whose origin decides the build's name
CORE_MODULES = ("liftoff.engine.state", "liftoff.engine.game", "liftoff.games.planet.state")


def compiled_modules() -> list[str]:
    """The core modules loaded from compiled extension modules."""
    out = []
    for name in CORE_MODULES:
        origin = getattr(importlib.import_module(name), "__file__", None) or ""
        if any(origin.endswith(suffix) for suffix in EXTENSION_SUFFIXES):
            out.append(name)
    return out


def is_compiled() -> bool:
    """Whether the engine's core modules are compiled."""
    return bool(compiled_modules())


def build_name() -> str:
    """``"compiled (mypyc)"`` or ``"pure Python"``.

    >>> build_name() in ("compiled (mypyc)", "pure Python")
    True
    """
    return "compiled (mypyc)" if is_compiled() else "pure Python"
