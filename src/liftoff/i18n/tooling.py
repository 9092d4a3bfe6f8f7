"""Keeping the catalogues in step with the code (for translators and the tests).

    uv run python -m liftoff.i18n.tooling extract     # write locale/liftoff.pot
    uv run python -m liftoff.i18n.tooling update      # merge it into every catalogue
    uv run python -m liftoff.i18n.tooling update --new fr   # start a new language
    uv run python -m liftoff.i18n.tooling check       # coverage per language

The template (``liftoff.pot``) holds every message id registered by the
engine and the games: ``msgctxt`` is the id, ``msgid`` the English template.
``update`` keeps each translation, marks it fuzzy when its English changed
(a fuzzy entry is not used until a translator confirms it) and drops ids the
code no longer has.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from .catalogue import DOMAIN, catalogue

HEADER = (
    "# The words of the liftoff games: msgctxt is a message id, msgid its English\n"
    "# template (the source, in the code), msgstr the words in this language.\n"
    "# Keep every {field} of the English; see docs/languages.md."
)
#: fixed dates in the headers, so that a catalogue changes only when its words do
STAMP = datetime(2026, 12, 1, tzinfo=UTC)


def _catalog(lang: str | None) -> Catalog:
    return Catalog(
        locale=lang,
        domain=DOMAIN,
        project="liftoff",
        version="1",
        header_comment=HEADER,
        copyright_holder="The liftoff developers",
        msgid_bugs_address="the liftoff issue tracker",
        creation_date=STAMP,
        revision_date=STAMP,
        language_team=f"liftoff {lang}" if lang else "liftoff",
        last_translator="The liftoff developers",
        fuzzy=False,
    )


def locale_dir() -> Path:
    """The package's ``locale`` folder (the catalogues live there)."""
    return Path(str(resources.files("liftoff") / "locale"))


def all_templates() -> dict[str, str]:
    """Every message id of liftoff's own games and engine, and its English template
    (games registered from elsewhere, such as a test's, are not liftoff's words)."""
    import liftoff
    from liftoff.engine.messages import templates

    ours = ["api"]
    for name in liftoff.games.names():
        if type(liftoff.games.get(name)).__module__.startswith("liftoff.games."):
            ours.append(name)
    prefixes = tuple(f"{p}." for p in ours)
    return dict(sorted((k, v) for k, v in templates().items() if k.startswith(prefixes)))


def template_catalogue() -> Catalog:
    """The catalogue template of today's code (no translations)."""
    pot = _catalog(None)
    for code, english in all_templates().items():
        pot.add(english, context=code, flags=("python-brace-format",))
    return pot


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, catalog, width=100, sort_output=False)


def extract() -> Path:
    """Write ``locale/liftoff.pot`` from the code."""
    path = locale_dir() / f"{DOMAIN}.pot"
    _write(template_catalogue(), path)
    return path


def update(new: str | None = None) -> list[Path]:
    """Merge the template into every catalogue (and start ``new``'s)."""
    pot = template_catalogue()
    root = locale_dir()
    langs = sorted(p.name for p in root.iterdir() if (p / "LC_MESSAGES").is_dir())
    if new and new not in langs:
        langs.append(new)
    written = []
    for lang in langs:
        path = root / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.is_file():
            with path.open("rb") as fh:
                cat = read_po(fh, locale=lang, domain=DOMAIN)
        else:
            cat = _catalog(lang)
        cat.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        cat.obsolete.clear()
        cat.revision_date = cat.creation_date = STAMP
        _write(cat, path)
        written.append(path)
    catalogue.cache_clear()
    return written


def coverage() -> dict[str, tuple[int, int]]:
    """Per language: (translated and current entries, message ids in the code)."""
    from .catalogue import available

    codes = all_templates()
    out = {}
    for lang in available():
        if lang == "en":
            continue
        done = sum(
            1
            for m in catalogue(lang)
            if m.context in codes and m.string and not m.fuzzy and m.id == codes[m.context]
        )
        out[lang] = (done, len(codes))
    return out


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's text)."""
    parser = argparse.ArgumentParser(prog="python -m liftoff.i18n.tooling")
    parser.add_argument("command", choices=["extract", "update", "check"])
    parser.add_argument("--new", help="start the catalogue of a new language (update)")
    args = parser.parse_args(argv)
    if args.command == "extract":
        print(f"wrote {extract()}")
    elif args.command == "update":
        extract()
        for path in update(args.new):
            print(f"updated {path}")
    else:
        for lang, (done, total) in coverage().items():
            print(f"{lang}: {done} of {total} messages translated ({100 * done / total:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
