"""What the compiled build (mypyc, :mod:`liftoff.compile`) needs to know of a class.

``mypyc_attr(allow_interpreted_subclasses=True)`` marks the compiled classes
that interpreted code subclasses (every game's state derives from
:class:`~liftoff.engine.state.State`, users' games too) or pickles; it changes
nothing when the class runs as pure Python. ``mypy_extensions`` ships with
mypy, the build's tool; without it the decorator is a no-op.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pure Python without the build tools

    def mypyc_attr(*attrs: str, **kwattrs: Any) -> Callable[[T], T]:  # type: ignore[misc]
        """A no-op outside the compiled build."""
        return lambda cls: cls


__all__ = ["mypyc_attr"]
