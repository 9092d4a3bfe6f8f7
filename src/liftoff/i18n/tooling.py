"""Keeping the catalogues in step with the code (for translators and the tests).

    uv run python -m liftoff.i18n.tooling extract     # write locale/liftoff.pot
    uv run python -m liftoff.i18n.tooling update      # merge it into every catalogue
    uv run python -m liftoff.i18n.tooling update --new fr   # start a new language
    uv run python -m liftoff.i18n.tooling check       # coverage per language
    uv run python -m liftoff.i18n.tooling fill ja words.json   # take words from JSON

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

from babel.messages.catalog import Catalog, Message
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


def _ours() -> tuple[str, ...]:
    """The id prefixes of liftoff's own words: the engine contract (``api.``), the
    browser (``web.``), the terminal (``cli.``), the bots (``bots.``) and liftoff's
    own games (games registered from elsewhere, such as a test's, are not liftoff's
    words)."""
    import importlib

    import liftoff
    from liftoff.i18n.web import web_words

    web_words()  # the browser's words
    importlib.import_module("liftoff.bots.words")  # the bots' reasons and level names
    # the terminal's, tutorials', the server's refusals
    for module in ("liftoff.cli.words", "liftoff.server.tutorials", "liftoff.server.error_words"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a part not written, or its extra not installed
            if exc.name not in (module, "fastapi"):
                raise
    ours = ["api", "web", "cli", "bots"]
    for name in liftoff.games.names():
        if type(liftoff.games.get(name)).__module__.startswith("liftoff.games."):
            ours.append(name)
    return tuple(f"{p}." for p in ours)


def all_templates() -> dict[str, str]:
    """Every message id of liftoff's own words with one English text — templates
    with ``{fields}`` and plain texts (rules, card texts) — by id."""
    from liftoff.engine.messages import templates, texts

    prefixes = _ours()
    found = {**templates(), **texts()}
    return dict(sorted((k, v) for k, v in found.items() if k.startswith(prefixes)))


def all_plurals() -> dict[str, tuple[str, str]]:
    """Every plural message id of liftoff's own words: (one, other) English forms."""
    from liftoff.engine.messages import plurals

    prefixes = _ours()
    return dict(sorted((k, v) for k, v in plurals().items() if k.startswith(prefixes)))


def all_ids() -> set[str]:
    """Every message id a catalogue should hold."""
    return set(all_templates()) | set(all_plurals())


def template_catalogue() -> Catalog:
    """The catalogue template of today's code (no translations)."""
    from liftoff.engine.messages import texts

    plain = texts()
    pot = _catalog(None)
    for code, english in all_templates().items():
        pot.add(english, context=code, flags=() if code in plain else ("python-brace-format",))
    for code, forms in all_plurals().items():
        pot.add(forms, context=code, flags=("python-brace-format",))
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


def _current(msg: Message, codes: dict[str, object]) -> bool:
    """Whether ``msg`` is translated, confirmed and from today's English."""
    if msg.context not in codes or msg.fuzzy:
        return False
    if msg.pluralizable:
        forms = msg.string
        done = isinstance(forms, tuple | list) and all(forms)
        return done and tuple(msg.id) == codes[msg.context]
    return bool(msg.string) and msg.id == codes[msg.context]


def fill(lang: str, words: dict[str, str | list[str]]) -> tuple[int, list[str]]:
    """Put ``words`` (message id → translation; a list of forms for a plural id)
    into ``lang``'s catalogue, confirming each entry; returns how many entries
    were filled and the ids the catalogue does not have."""
    path = locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as fh:
        cat = read_po(fh, locale=lang, domain=DOMAIN)
    by_id = {m.context: m for m in cat if m.context}
    unknown, filled = [], 0
    for code, said in words.items():
        msg = by_id.get(code)
        if msg is None:
            unknown.append(code)
            continue
        msg.string = tuple(said) if msg.pluralizable else str(said)
        msg.flags.discard("fuzzy")
        filled += 1
    _write(cat, path)
    catalogue.cache_clear()
    return filled, unknown


def coverage() -> dict[str, tuple[int, int]]:
    """Per language: (translated and current entries, message ids in the code)."""
    from .catalogue import available

    codes: dict[str, object] = {**all_templates(), **all_plurals()}
    out = {}
    for lang in available():
        if lang == "en":
            continue
        done = sum(1 for m in catalogue(lang) if _current(m, codes))
        out[lang] = (done, len(codes))
    return out


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's text)."""
    parser = argparse.ArgumentParser(prog="python -m liftoff.i18n.tooling")
    parser.add_argument("command", choices=["extract", "update", "check", "fill"])
    parser.add_argument("--new", help="start the catalogue of a new language (update)")
    parser.add_argument("lang", nargs="?", help="the language to fill (fill)")
    parser.add_argument("words", nargs="?", help="a JSON file: message id → words (fill)")
    args = parser.parse_args(argv)
    if args.command == "extract":
        print(f"wrote {extract()}")
    elif args.command == "update":
        extract()
        for path in update(args.new):
            print(f"updated {path}")
    elif args.command == "fill":
        if not args.lang or not args.words:
            parser.error("fill needs a language and a JSON file")
        import json

        data = json.loads(Path(args.words).read_text(encoding="utf-8"))
        done, unknown = fill(args.lang, data)
        print(f"filled {done} entries of {args.lang}")
        for code in unknown:
            print(f"not in the catalogue (run update first?): {code}", file=sys.stderr)
    else:
        for lang, (done, total) in coverage().items():
            print(f"{lang}: {done} of {total} messages translated ({100 * done / total:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
