"""What a client may ask of the server over HTTP: game options, bot parameters.

Options that name files (a free-text option without choices, such as race's
``planets``) belong to the command line and the Python API. Over HTTP a client
chooses only the option's default or a content set the operator installed by
name (``Settings.content_sets``); anything else gets the same refusal whatever
it names, so the answer never tells a file system apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from liftoff.engine import Game

from .errors import ApiError


def http_options(
    game: Game[Any], options: Mapping[str, Any], content_sets: Mapping[str, Mapping[str, str]]
) -> dict[str, Any]:
    """The options a client sent, checked for use over HTTP (names of installed
    content sets replaced by what they stand for); 422 otherwise."""
    known = {o.name: o for o in game.options}
    out: dict[str, Any] = {}
    for name, value in options.items():
        opt = known.get(name)
        if opt is None:
            out[name] = value  # the game's own check names unknown options
            continue
        if opt.internal:
            raise ApiError(
                422, "bad-options", say="api.error.bad-options.server", params={"name": repr(name)}
            )
        if opt.kind is not str or opt.choices is not None:
            out[name] = value
            continue
        installed = content_sets.get(f"{game.info.name}.{name}", {})
        if value == opt.default:
            out[name] = value
        elif isinstance(value, str) and value in installed:
            out[name] = installed[value]
        else:
            allowed = ", ".join(sorted({str(opt.default), *installed}))
            raise ApiError(
                422,
                "bad-options",
                say="api.error.bad-options.content",
                params={"name": repr(name), "allowed": allowed},
            )
    return out
