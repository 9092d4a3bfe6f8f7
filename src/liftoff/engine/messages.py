"""Message ids: what the engine says, kept apart from the words that say it.

Rules code never writes a sentence a player reads. It names a **message id**
(``"planet.move.not-adjacent"``) and its parameters; the words live in a
catalogue outside the rules (each game's ``text.py``, registered here), so a
front end can render them — today in English, later in other languages —
without the engine doing any I/O.

>>> register({"demo.hello": "hello {name}"})
>>> render("demo.hello", {"name": "Bea"})
'hello Bea'
>>> render("demo.missing", {"x": 1})
'demo.missing (x=1)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

_TEMPLATES: dict[str, str] = {}


@dataclass(frozen=True, slots=True)
class Message:
    """A message id and its JSON-safe parameters."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self) -> str:
        """The English sentence for this message."""
        return render(self.code, self.params)

    def to_json(self) -> dict[str, Any]:
        """``{"code": …, "params": {…}}``."""
        return {"code": self.code, "params": dict(self.params)}


def register(templates: Mapping[str, str]) -> None:
    """Add English templates (``str.format`` fields named after the parameters)."""
    _TEMPLATES.update(templates)


def known(code: str) -> bool:
    """Whether ``code`` has a registered template."""
    return code in _TEMPLATES


def templates() -> dict[str, str]:
    """Every registered template, by id (a copy)."""
    return dict(_TEMPLATES)


def render(code: str, params: Mapping[str, Any] | None = None) -> str:
    """The English text of message ``code`` with ``params`` filled in.

    An unknown id (or a template that names a missing parameter) renders as the
    id and its parameters, never as an exception: a message is shown to a
    person, and a missing word must not hide what happened.
    """
    values = dict(params or {})
    template = _TEMPLATES.get(code)
    if template is not None:
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            pass
    args = ", ".join(f"{k}={v}" for k, v in values.items())
    return f"{code} ({args})" if args else code
