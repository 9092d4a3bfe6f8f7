"""Reading the gettext catalogues of the package (with Babel), and choosing a
language for a reader."""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from importlib import resources

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

DOMAIN = "liftoff"
ENGLISH = "en"

#: names of languages, in their own words, where Babel's would not do (none yet);
#: every other language is named by :func:`language_name` from CLDR
LANGUAGES: dict[str, str] = {}


def language_name(code: str) -> str:
    """The name of language ``code`` in that language, for a language menu.

    >>> language_name("ja"), language_name("fr")
    ('日本語', 'français')
    """
    if code in LANGUAGES:
        return LANGUAGES[code]
    try:
        locale = Locale.parse(code)
    except (ValueError, TypeError):
        return code
    name = locale.get_display_name(locale) or code
    return name[0].upper() + name[1:] if code == ENGLISH else name


def available() -> list[str]:
    """The languages with a catalogue (and English, the source), as codes."""
    found = {ENGLISH}
    root = resources.files("liftoff") / "locale"
    for entry in root.iterdir():
        if (entry / "LC_MESSAGES" / f"{DOMAIN}.po").is_file():
            found.add(entry.name)
    return sorted(found, key=lambda code: (code != ENGLISH, code))


@cache
def catalogue(lang: str) -> Catalog:
    """The catalogue of ``lang`` as Babel reads it (an empty one when missing)."""
    path = resources.files("liftoff") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.is_file():
        return Catalog(locale=lang, domain=DOMAIN)
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


@cache
def _entries(lang: str) -> dict[str, tuple[str, str]]:
    """``lang``'s translated, non-fuzzy entries: message id -> (English, words)."""
    out: dict[str, tuple[str, str]] = {}
    for msg in catalogue(lang):
        if msg.id and msg.context and msg.string and not msg.fuzzy and not msg.pluralizable:
            out[msg.context] = (str(msg.id), str(msg.string))
    return out


@cache
def _plural_entries(lang: str) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """``lang``'s translated plural entries: message id -> (English forms, forms)."""
    out = {}
    for msg in catalogue(lang):
        forms = msg.string
        if not isinstance(forms, tuple | list) or not all(forms):
            continue
        if msg.context and msg.pluralizable and not msg.fuzzy:
            out[msg.context] = (tuple(msg.id), tuple(forms))
    return out


@cache
def _plural_index(lang: str) -> Callable[[int], int]:
    """Which form a number takes in ``lang`` (the catalogue's gettext plural rule)."""
    rule: Callable[[int], int] = gettext.c2py(catalogue(lang).plural_expr)
    return rule


class Catalogues:
    """The engine's :class:`~liftoff.engine.messages.Translator`, from the catalogues."""

    def template(self, lang: str, code: str, english: str) -> str | None:
        """``code``'s words in ``lang``; ``None`` when untranslated, or translated
        from another English text than today's (the translation is out of date)."""
        found = _entries(lang).get(code)
        if found is None or found[0] != english:
            return None
        return found[1]

    def plural(self, lang: str, code: str, english: tuple[str, str], n: int) -> str | None:
        """The form of ``code`` that ``n`` takes in ``lang`` (by the language's plural
        rule, from Babel's CLDR data); ``None`` when untranslated or out of date."""
        found = _plural_entries(lang).get(code)
        if found is None or found[0] != english:
            return None
        index = _plural_index(lang)(n)
        return found[1][min(index, len(found[1]) - 1)]

    def and_list(self, lang: str, items: Sequence[str]) -> str | None:
        """``items`` joined the way ``lang`` lists things (Babel's CLDR data)."""
        try:
            return format_list(list(items), style="standard", locale=lang)
        except (ValueError, LookupError):
            return None


_RANGE = re.compile(
    r"^\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$"
)


def _preferences(header: str) -> list[str]:
    """The language ranges of an ``Accept-Language`` header, most wanted first."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:32]):
        m = _RANGE.match(part)
        if not m:
            continue
        try:
            q = float(m.group(2)) if m.group(2) else 1.0
        except ValueError:
            continue
        if q > 0:
            ranked.append((-q, i, m.group(1)))
    return [tag for _, _, tag in sorted(ranked)]


def asked(lang: object) -> str:
    """The language a client asked for by name (``"ja"``, ``"ja-JP"``), among the
    catalogues; English for anything else (not a text, too long, unknown)."""
    if not isinstance(lang, str) or not lang or len(lang) > 35:
        return ENGLISH
    return negotiate([lang])


def from_environment(environ: Mapping[str, str]) -> str:
    """The language of a terminal's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
    e.g. ``ja_JP.UTF-8``), among the catalogues; English otherwise."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key, "").split(".", 1)[0].split("@", 1)[0]
        if value and value not in ("C", "POSIX"):
            return negotiate([value.replace("_", "-")])
    return ENGLISH


def negotiate(wanted: str | Iterable[str] | None, offered: Sequence[str] | None = None) -> str:
    """The best of ``offered`` (default: :func:`available`) for ``wanted`` (an
    ``Accept-Language`` header or language tags, best first); English when
    nothing matches."""
    offered = list(offered) if offered is not None else available()
    tags = _preferences(wanted) if isinstance(wanted, str) else list(wanted or [])
    tags = [t.replace("_", "-") for t in tags if t != "*"]
    found = Locale.negotiate(tags, offered, sep="-") if tags else None
    if found is not None:
        return str(found.language) if found.language in offered else str(found)
    for tag in tags:  # a bare language for a regional tag ("ja-JP" -> "ja")
        base = tag.split("-", 1)[0].lower()
        if base in offered:
            return base
    return ENGLISH
