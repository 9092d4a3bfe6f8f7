"""Languages: the words of every message in the reader's language.

The engines speak in message ids with English templates
(:mod:`liftoff.engine.messages`); this package supplies the other languages
from gettext catalogues read with Babel — ``locale/<lang>/LC_MESSAGES/liftoff.po``
in the package, one entry per message id (``msgctxt`` the id, ``msgid`` the
English template, ``msgstr`` the translation). Importing :mod:`liftoff`
installs it, so ``render(code, params, lang="ja")`` and
``liftoff.speech.of(game).narrate(..., lang="ja")`` speak Japanese wherever the catalogue has the
entry, and English where it does not yet.

Adding a language is adding its catalogue (see ``docs/languages.md``).

>>> from liftoff.engine.messages import render
>>> render("api.over", lang="ja")
'ゲームは終了しました'
>>> negotiate("fr-CH, ja;q=0.9, en;q=0.8")
'ja'
"""

from __future__ import annotations

from .catalogue import (
    LANGUAGES,
    Catalogues,
    asked,
    available,
    from_environment,
    language_name,
    negotiate,
)

__all__ = [
    "LANGUAGES",
    "Catalogues",
    "asked",
    "available",
    "from_environment",
    "install",
    "language_name",
    "negotiate",
]


def install() -> Catalogues:
    """Make the catalogues the engine's translator (done on import of :mod:`liftoff`)."""
    from liftoff.engine.messages import set_translator

    catalogues = Catalogues()
    set_translator(catalogues)
    return catalogues
