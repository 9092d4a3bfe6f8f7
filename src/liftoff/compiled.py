"""Which build of the engine is running: the pure-Python package (the default) or
modules compiled from the same source (mypyc).

A module counts as compiled when it was loaded from an extension module rather
than from its ``.py`` source; :func:`build_name` looks at the engine's core
modules, so ``liftoff --version`` and ``liftoff bench`` say which build a figure
comes from.

The compiled modules live in a separate build directory (``python -m
liftoff.compile build``) and are used only when the ``LIFTOFF_COMPILED``
environment variable names that directory **and** every source hash in its
manifest matches the ``.py`` file beside it: an edited source makes the whole
build refused (pure Python runs), never a stale module.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

#: the modules the compiled build compiles (hot and self-contained)
MODULES = (
    "liftoff.engine.rng",
    "liftoff.engine.state",
    "liftoff.games.planet.cards",
    "liftoff.games.planet.facts",
    "liftoff.games.planet.effects",
    "liftoff.games.planet.events",
    "liftoff.games.planet.layout",
    "liftoff.games.planet.legal",
    "liftoff.games.planet.moves",
    "liftoff.games.planet.scoring",
    "liftoff.games.planet.state",
    "liftoff.games.planet.teleport",
    "liftoff.games.race.cards",
    "liftoff.games.race.checks",
    "liftoff.games.race.facts",
    "liftoff.games.race.events",
    "liftoff.games.race.layout",
    "liftoff.games.race.phases",
    "liftoff.games.race.resolution",
    "liftoff.games.race.scoring",
    "liftoff.games.race.state",
    "liftoff.games.agency.checks",
    "liftoff.games.agency.facts",
    "liftoff.games.agency.events",
    "liftoff.games.agency.hidden",
    "liftoff.games.agency.launch",
    "liftoff.games.agency.moves",
    "liftoff.games.agency.pending",
    "liftoff.games.agency.scoring",
    "liftoff.games.agency.setup",
    "liftoff.games.agency.state",
    "liftoff.games.agency.turns",
    "liftoff.bots.heuristics.planet_board",
    "liftoff.bots.heuristics.planet",
    "liftoff.bots.heuristics.race",
    "liftoff.bots.heuristics.agency",
    "liftoff.bots.ismcts",
)
#: the modules whose origin decides the build's name
CORE_MODULES = tuple(dict.fromkeys(("liftoff.engine.state", "liftoff.engine.game", *MODULES)))
#: the build's manifest file
MANIFEST = "manifest.json"
#: the environment variable that names the build directory to use
ENV = "LIFTOFF_COMPILED"
_PACKAGE_DIR = Path(__file__).resolve().parent


def source_path(name: str) -> Path:
    """The ``.py`` source of module ``name`` (``liftoff.…``)."""
    parts = name.split(".")
    return _PACKAGE_DIR.joinpath(*parts[1:]).with_suffix(".py")


def source_hash(name: str) -> str:
    """SHA-256 of module ``name``'s source."""
    return hashlib.sha256(source_path(name).read_bytes()).hexdigest()


def _manifest(build: Path) -> dict[str, Any]:
    data = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError("not an object")
    return data


def check_build(build: Path) -> str | None:
    """Why the build in ``build`` must not be used, or None when it is up to date."""
    try:
        manifest = _manifest(build)
    except (OSError, ValueError) as exc:
        return f"no usable compiled build at {build} ({exc})"
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    if manifest.get("python") != version:
        return f"the build at {build} is for Python {manifest.get('python')}, this is {version}"
    sources = manifest.get("sources", {})
    for name in MODULES:
        if name not in sources:
            return f"the build at {build} lacks {name}"
        if not source_path(name).exists() or sources[name] != source_hash(name):
            return (
                f"{source_path(name).name} ({name}) changed since the build at {build};"
                " using pure Python"
            )
    for rel in manifest.get("extensions", {}).values():
        if not (build / rel).is_file():
            return f"the build at {build} lacks {rel}"
    return None


class _Finder(importlib.abc.MetaPathFinder):
    """Loads the build's extension modules in place of their sources."""

    def __init__(self, build: Path, extensions: dict[str, str]) -> None:
        self.build = build
        self.extensions = extensions

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        rel = self.extensions.get(fullname)
        if rel is None:
            return None
        origin = str(self.build / rel)
        return importlib.util.spec_from_file_location(
            fullname, origin, loader=ExtensionFileLoader(fullname, origin)
        )


def install(build: str | os.PathLike[str] | None = None) -> str | None:
    """Use the compiled build (``LIFTOFF_COMPILED`` when ``build`` is None) if it is
    up to date; why not otherwise (None when it is installed or none was asked for).

    Must run before the compiled modules are imported (``liftoff`` calls it first).
    """
    where = os.environ.get(ENV) if build is None else os.fspath(build)
    if not where:
        return None
    path = Path(where).resolve()
    problem = check_build(path)
    if problem is not None:
        return problem
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        extensions = {str(k): str(v) for k, v in _manifest(path)["extensions"].items()}
        sys.meta_path.insert(0, _Finder(path, extensions))
    return None


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
