"""Declarative game options: each game lists its options once, with types,
defaults, allowed values and the rule they come from; validation, CLI parsing
(``k=v``) and documentation (``liftoff rules GAME --options``) all derive from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

OptionValue = bool | int | float | str

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``kind`` is ``bool``, ``int``, ``float`` or ``str``; ``choices`` restricts the
    allowed values; ``minimum``/``maximum`` bound numbers; ``rule`` names the
    catalogue clause or ruling the option belongs to; ``label`` is its name for
    people ("First game"), the option's name when empty.
    """

    name: str
    kind: type
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    rule: str | None = None
    internal: bool = False  # set by the game itself (e.g. a content fingerprint); not listed
    label: str = ""

    def allowed(self) -> str:
        """A short human description of the allowed values."""
        if self.choices is not None:
            return " | ".join(str(c) for c in self.choices)
        if self.kind is bool:
            return "true | false"
        lo = "" if self.minimum is None else f"{self.minimum:g}"
        hi = "" if self.maximum is None else f"{self.maximum:g}"
        if lo or hi:
            return f"{self.kind.__name__} in [{lo or '-inf'}, {hi or 'inf'}]"
        return self.kind.__name__

    def coerce(self, value: Any) -> OptionValue:
        """Validate ``value`` (a Python value or its text) and return it typed.

        Raises :class:`OptionError` naming the option and what is allowed.
        """
        out: OptionValue
        try:
            if self.kind is bool:
                if isinstance(value, bool):
                    out = value
                elif isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                    out = value.strip().lower() in _TRUE
                else:
                    raise ValueError
            elif self.kind is int:
                if isinstance(value, bool):
                    raise ValueError
                if isinstance(value, float) and not value.is_integer():
                    raise ValueError
                out = int(value)
            elif self.kind is float:
                if isinstance(value, bool):
                    raise ValueError
                out = float(value)
            else:
                if not isinstance(value, str):
                    raise ValueError
                out = value.strip()
        except (TypeError, ValueError):
            raise OptionError(
                f"option {self.name!r}: {value!r} is not valid; allowed: {self.allowed()}",
                self.name,
            ) from None
        if self.choices is not None and out not in self.choices:
            raise OptionError(
                f"option {self.name!r}: {value!r} is not allowed; allowed: {self.allowed()}",
                self.name,
            )
        if (
            isinstance(out, int | float)
            and not isinstance(out, bool)
            and (
                (self.minimum is not None and out < self.minimum)
                or (self.maximum is not None and out > self.maximum)
            )
        ):
            raise OptionError(
                f"option {self.name!r}: {value!r} is out of range; allowed: {self.allowed()}",
                self.name,
            )
        return out


@dataclass(frozen=True)
class OptionSet:
    """The ordered set of a game's options."""

    options: tuple[Option, ...] = field(default_factory=tuple)

    def __iter__(self) -> Iterator[Option]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def __getitem__(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)

    def names(self) -> list[str]:
        """Option names in declaration order (internal ones included)."""
        return [o.name for o in self.options]

    def public(self) -> list[Option]:
        """The options a user chooses (internal ones left out), in declaration order."""
        return [o for o in self.options if not o.internal]

    def defaults(self) -> dict[str, OptionValue]:
        """Every option at its default."""
        return {o.name: o.default for o in self.options}

    def validate(self, given: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Complete ``given`` with defaults and type-check it.

        Unknown names raise :class:`OptionError` listing the known ones.
        """
        out = self.defaults()
        if given is None:
            return out
        if not isinstance(given, Mapping):
            raise OptionError("options must be a mapping of option names to values", None)
        known = {o.name: o for o in self.options}
        for key, value in given.items():
            opt = known.get(key)
            if opt is None:
                names = ", ".join(sorted(known)) or "(this game has no options)"
                raise OptionError(f"unknown option {key!r}; known options: {names}", str(key))
            out[key] = opt.coerce(value)
        return out

    @staticmethod
    def parse_pairs(pairs: Iterable[str]) -> dict[str, str]:
        """Turn CLI ``k=v`` strings into a mapping (values stay text until validated)."""
        out: dict[str, str] = {}
        for pair in pairs:
            if "=" not in pair:
                raise OptionError(f"option {pair!r} must be written name=value", pair)
            key, _, value = pair.partition("=")
            out[key.strip()] = value.strip()
        return out
