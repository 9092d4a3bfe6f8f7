"""Research interfaces: fixed action ids, observation encoders and adapters for
PettingZoo, Gymnasium and OpenSpiel.

- :mod:`liftoff.rl.spaces` — :class:`~liftoff.rl.spaces.ActionIndex`: action ↔
  integer id for a (game, players, options), and legal-action masks;
- :mod:`liftoff.rl.encoders` — one observation encoder per game: a player's
  ``view`` as a fixed-length float32 vector (never hidden state);
- :mod:`liftoff.rl.pettingzoo` — ``env(game, players=…)`` (AEC) and
  ``parallel_env(game, players=…)`` (simultaneous phases, e.g. race loading);
- :mod:`liftoff.rl.gymnasium` — ``make(game, opponents="random")``: one
  learner against bots (``gymnasium.make("liftoff/<game>-v0")`` after
  ``import liftoff``); :mod:`liftoff.rl.vector` — many games stepped together
  (``gymnasium.make_vec``);
- :mod:`liftoff.rl.openspiel` — ``register()``: ``liftoff_planet``,
  ``liftoff_race`` and ``liftoff_agency`` as pyspiel games.

The adapters need the ``rl`` extra (``pip install liftoff[rl]``: numpy,
gymnasium, pettingzoo, open-spiel); importing :mod:`liftoff` never does.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def missing_extra(exc: ImportError) -> ImportError:
    """The error to raise when an adapter's library is not installed."""
    return ImportError(
        f"liftoff.rl needs {exc.name or 'a library'!r}, which is not installed; "
        "install the research extra: pip install 'liftoff[rl]'"
    )


def require(module: str) -> ModuleType:
    """Import ``module`` or explain that the ``rl`` extra is missing."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise missing_extra(exc) from exc


__all__ = ["missing_extra", "require"]
