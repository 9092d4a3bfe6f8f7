"""Gymnasium ids for the games, registered as soon as Gymnasium is imported.

``import liftoff`` makes ``gymnasium.make("liftoff/planet-v0")`` work,
whether Gymnasium was imported before liftoff or after, without importing
Gymnasium itself (that would slow every ``liftoff`` command by a fifth of a
second): when Gymnasium is already imported the ids are registered at once,
otherwise when its registry module ``gymnasium.envs`` has been imported.
The specs name their entry points as strings, so registering imports none of
the research adapters (they are imported when an environment is made) and
``EnvSpec.to_json`` works.

Gymnasium 1.x no longer loads plug-ins from package entry points, so
``gymnasium.make`` needs liftoff imported once; without it,
``gymnasium.make("liftoff:liftoff/planet-v0")`` imports it.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

from liftoff import games

#: what ``gymnasium.make`` builds (:class:`liftoff.rl.gymnasium.LiftoffEnv`)
ENTRY_POINT = "liftoff.rl.gymnasium:LiftoffEnv"
#: what ``gymnasium.make_vec`` builds (:class:`liftoff.rl.vector.LiftoffVectorEnv`)
VECTOR_ENTRY_POINT = "liftoff.rl.vector:LiftoffVectorEnv"
#: the Gymnasium module that holds the registry, once imported
REGISTRY_MODULE = "gymnasium.envs"


def env_id(game: str) -> str:
    """The Gymnasium id of a game: ``liftoff/<game>-v0``."""
    return f"liftoff/{game}-v0"


def register_gymnasium_ids() -> list[str]:
    """Register ``liftoff/<game>-v0`` for every installed game (harmless to
    repeat; needs Gymnasium); returns the ids."""
    from gymnasium.envs.registration import register, registry

    ids = []
    for name in games.names():
        ident = env_id(name)
        if ident not in registry:
            register(
                id=ident,
                entry_point=ENTRY_POINT,
                vector_entry_point=VECTOR_ENTRY_POINT,
                kwargs={"game": name},
            )
        ids.append(ident)
    return ids


def _register_quietly() -> None:
    """Register, but never break Gymnasium's own import: a failure is a warning."""
    try:
        register_gymnasium_ids()
    except Exception as exc:  # pragma: no cover - a broken installation
        warnings.warn(f"liftoff could not register its Gymnasium ids: {exc}", stacklevel=2)


class _WhenGymnasiumIsImported(importlib.abc.MetaPathFinder):
    """Finds nothing itself: when ``gymnasium.envs`` is about to be imported, it
    steps aside, lets the normal finders find the module and registers the
    ids right after the module has run."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != REGISTRY_MODULE:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            _register_quietly()

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def install() -> None:
    """Register the ids now if Gymnasium is imported, else when it is."""
    if REGISTRY_MODULE in sys.modules:
        _register_quietly()
    elif not any(isinstance(f, _WhenGymnasiumIsImported) for f in sys.meta_path):
        sys.meta_path.insert(0, _WhenGymnasiumIsImported())


__all__ = [
    "ENTRY_POINT",
    "VECTOR_ENTRY_POINT",
    "env_id",
    "install",
    "register_gymnasium_ids",
]
