"""Observation encoders: a player's ``view`` as a fixed-length float32 vector.

An encoder reads only ``state.view(player)`` — the JSON-safe dict of what that
player may know — never the state itself, so an observation cannot leak hidden
information. Vectors are seat-relative: "player slot 0" is always the observer,
slot 1 the next seat clockwise, and so on, padded to the game's largest table.
Every feature is a count, flag or one-hot scaled to about 0..1 and clipped to
``0 .. HIGH``. ``encoder.layout()`` lists the named fields (offset, length,
meaning); ``docs/rl.md`` shows them.

This is the research layer's add-on package (see :mod:`liftoff.addons`): the
module ``liftoff.rl.encoders.<game>`` provides
``encoder(game, players, options, index) -> Encoder`` and, for a game with a
factored action space (:mod:`liftoff.rl.factored`), ``action_parts(action)``
(the sub-steps of an action) and ``part_options(options)`` (the settings whose
flat space holds every part).

>>> import liftoff
>>> from liftoff.rl.encoders import encoder_for
>>> enc = encoder_for("race", 2)
>>> state = liftoff.games.get("race").new_game(2, seed=1)
>>> enc.encode(state.view(0)).shape == (enc.size,)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from liftoff import addons
from liftoff.engine import Game
from liftoff.rl.spaces import ActionIndex, Memo, game_of, options_key

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

#: the upper bound of every feature (observation spaces are ``Box(0, HIGH)``)
HIGH = 1000.0


@dataclass(frozen=True)
class Field:
    """One named block of an encoding."""

    name: str
    offset: int
    length: int
    doc: str


class Encoder:
    """Base class: subclasses declare fields in ``__init__`` and fill them in ``fill``."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def field(self, name: str, length: int, doc: str) -> int:
        """Declare the next block; returns its offset."""
        offset = self.size
        self.fields.append(Field(name, offset, length, doc))
        self.size += length
        return offset

    def fill(self, view: Mapping[str, Any], out: npt.NDArray[np.float32]) -> None:
        """Write the features of ``view`` into the zeroed vector ``out``."""
        raise NotImplementedError

    def encode(self, view: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        """The float32 vector of a view (from ``state.view(player)``)."""
        import numpy as np

        out = np.zeros(self.size, dtype=np.float32)
        self.fill(view, out)
        np.clip(out, 0.0, HIGH, out=out)
        return out

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        """``encode(state.view(player))``, the same vector; a game's encoder may
        read ``state.numbers_view(player)`` instead (ids and numbers: no words,
        no history built), which is what the research adapters call."""
        return self.encode(state.view(player))

    def layout(self) -> list[Field]:
        """The named fields, in order."""
        return list(self.fields)

    def layout_table(self) -> str:
        """The layout as a Markdown table."""
        rows = ["| offset | length | field | meaning |", "|---:|---:|---|---|"]
        rows += [f"| {f.offset} | {f.length} | `{f.name}` | {f.doc} |" for f in self.fields]
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} size={self.size}>"


# -- helpers shared by the encoders ------------------------------------------------------------


def rel(player: int, me: int, n: int) -> int:
    """Seat of ``player`` relative to ``me`` (0 = me, 1 = next seat clockwise, …)."""
    return (player - me) % n


def one_hot(out: npt.NDArray[np.float32], offset: int, index: int | None, length: int) -> None:
    """Set ``out[offset + index]`` when ``0 <= index < length``."""
    if index is not None and 0 <= index < length:
        out[offset + index] = 1.0


def counts(
    out: npt.NDArray[np.float32],
    offset: int,
    items: Iterable[str],
    vocab: Mapping[str, int],
    scale: float = 1.0,
) -> None:
    """Add ``scale`` at ``offset + vocab[item]`` for each known item (unknown ones are skipped)."""
    for item in items:
        i = vocab.get(item)
        if i is not None:
            out[offset + i] += scale


def count_map(
    out: npt.NDArray[np.float32],
    offset: int,
    mapping: Mapping[str, int],
    vocab: Mapping[str, int],
    scale: float = 1.0,
) -> None:
    """``out[offset + vocab[key]] = value * scale`` for a ``{key: count}`` mapping."""
    for key, value in mapping.items():
        i = vocab.get(key)
        if i is not None:
            out[offset + i] = value * scale


PACKAGE = "liftoff.rl.encoders"
_ENCODERS: Memo[Encoder] = Memo()


def encoder_for(
    game: str | Game[Any],
    players: int,
    options: Mapping[str, Any] | None = None,
    index: ActionIndex | None = None,
) -> Encoder:
    """The (cached) observation encoder of a game for ``players`` players: the
    ``encoder`` of the game's module in this package, found with
    :func:`liftoff.addons.find`.

    ``index`` may pass an :class:`ActionIndex` already built for these settings.
    """
    g = game_of(game)
    opts = g.options.validate(options)
    addon = addons.find(PACKAGE, g.info.name)
    make = getattr(addon, "encoder", None)
    if make is None:
        raise ValueError(f"no observation encoder for game {g.info.name!r}")

    def build() -> Encoder:
        enc: Encoder = make(g, players, opts, index)
        return enc

    return _ENCODERS.get((g, players, options_key(opts)), build)


__all__ = ["HIGH", "Encoder", "Field", "encoder_for"]
