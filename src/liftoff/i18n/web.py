"""The browser's words: ``web.*`` messages, English in ``server/web/words/*.json``.

Each file holds the English of one part of the front end (``lobby.json``:
``{"web.lobby.title": "Tables", …}``); ids start with ``web.<part>.`` where
``<part>`` is the file's name. Words are ``str.format`` templates (``{n}``);
a number's forms are two ids, ``….one`` and ``….other``, chosen in the
browser by the language's plural rule (``Intl.PluralRules``). The pages get
every word in their reader's language (:func:`words_for`), and the catalogues
carry their translations like any other message.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from liftoff.engine import messages


class WordsError(ValueError):
    """A words file that cannot be used (the message names the file and the id)."""


def _folder() -> resources.abc.Traversable:
    return resources.files("liftoff") / "server" / "web" / "words"


@cache
def web_words() -> dict[str, str]:
    """Every English word of the browser, by id (checked, registered as messages)."""
    found: dict[str, str] = {}
    folder = _folder()
    if not folder.is_dir():
        return found
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        part = entry.name[: -len(".json")]
        where = f"server/web/words/{entry.name}"
        try:
            data = json.loads(entry.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise WordsError(f"{where}: not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise WordsError(f"{where}: the file must hold an object")
        for code, english in data.items():
            if not code.startswith(f"web.{part}."):
                raise WordsError(f"{where}: {code!r}: ids in this file start with 'web.{part}.'")
            if not isinstance(english, str) or not english.strip():
                raise WordsError(f"{where}: {code!r}: the English must be a text")
            if code in found:
                raise WordsError(f"{where}: {code!r} is defined twice")
            found[code] = english
    messages.register(found)
    return found


def words_for(lang: str) -> dict[str, str]:
    """Every browser word's template in ``lang`` (English where not translated)."""
    return {
        code: messages.template_of(code, lang) or english for code, english in web_words().items()
    }
