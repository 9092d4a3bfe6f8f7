"""Languages: the catalogues follow the code, translations keep their fields
and are really in their language, the reader's language is chosen well, and
rendering falls back to English, never to nothing."""

from __future__ import annotations

import re
import string

import pytest

import liftoff
from liftoff import speech
from liftoff.engine.events import Event
from liftoff.engine.messages import and_list, language, plural, register, render, speaking, texts
from liftoff.i18n import available, negotiate
from liftoff.i18n.catalogue import catalogue
from liftoff.i18n.tooling import (
    all_ids,
    all_plurals,
    all_templates,
    coverage,
    locale_dir,
    template_catalogue,
)

#: message-id prefixes whose Japanese is complete (grows as the catalogue fills)
COMPLETE = {"ja": ("api.", "planet.", "race.", "agency.", "web.", "cli.", "bots.")}
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def only_signs(template: str) -> bool:
    """Whether ``template`` has no letters outside its fields (``"{count}× {name}"``,
    ``", "``): its translation is punctuation and order, with no word to be in kana."""
    try:
        literal = "".join(text for text, _, _, _ in string.Formatter().parse(template))
    except ValueError:  # a plain text whose braces are words
        return False
    return not any(ch.isalpha() for ch in literal)


def test_only_signs_tells_format_from_words() -> None:
    assert only_signs("{count}× {name}") and only_signs(", ")
    assert not only_signs("{count} cards") and not only_signs("end")


def test_the_template_is_up_to_date_with_the_code() -> None:
    """A message added, changed or removed in the code is in ``liftoff.pot``
    (run ``python -m liftoff.i18n.tooling update``)."""
    from babel.messages.pofile import read_po

    with (locale_dir() / "liftoff.pot").open("rb") as fh:
        stored = {m.context: m.id for m in read_po(fh) if m.id}
    fresh = {m.context: m.id for m in template_catalogue() if m.id}
    assert stored == fresh


@pytest.mark.parametrize("lang", [x for x in available() if x != "en"])
def test_every_catalogue_holds_exactly_the_codes_ids(lang: str) -> None:
    codes = all_ids()
    ids = {m.context for m in catalogue(lang) if m.id}
    assert ids == codes, (sorted(ids - codes)[:5], sorted(codes - ids)[:5])


@pytest.mark.parametrize("lang", [x for x in available() if x != "en"])
def test_translations_keep_the_fields_and_speak_the_language(lang: str) -> None:
    codes = all_templates()
    plain = texts()
    for m in catalogue(lang):
        if not m.id or not m.string:
            continue
        if m.pluralizable:
            wanted = fields(all_plurals()[str(m.context)][1])
            for form in m.string:
                assert not form or fields(form) <= wanted | {"count"}, m.context
                assert not form or lang != "ja" or KANA_OR_KANJI.search(form), m.context
            continue
        if str(m.context) not in plain:  # a plain text's braces are words
            assert fields(str(m.string)) == fields(codes[str(m.context)]), m.context
        assert m.string != m.id, m.context
        if lang == "ja" and not only_signs(str(m.id)):
            assert KANA_OR_KANJI.search(str(m.string)), m.context


@pytest.mark.parametrize("lang", sorted(COMPLETE))
def test_the_parts_said_complete_are_complete(lang: str) -> None:
    wanted = [c for c in sorted(all_ids()) if c.startswith(COMPLETE[lang])]
    done = {m.context for m in catalogue(lang) if m.string and all(m.string) and not m.fuzzy}
    missing = [c for c in wanted if c not in done]
    assert wanted and not missing, missing
    got, total = coverage()[lang]
    assert len(wanted) <= got <= total


def test_render_speaks_the_language_asked_for_and_falls_back_to_english() -> None:
    assert render("api.over") == "the game is over"
    assert render("api.over", lang="ja") == "ゲームは終了しました"
    with speaking("ja"):
        assert language() == "ja"
        assert render("api.seat.player", {"number": 2}) == "プレイヤー2"
        assert and_list(["A", "B", "C"]) == "A、B、C"
        # an id without Japanese says it in English, never nothing
        register({"demo.untranslated": "said in {what}"})
        assert render("demo.untranslated", {"what": "English"}) == "said in English"
    assert language() == "en" and and_list(["A", "B", "C"]) == "A, B and C"
    assert render("api.over", lang="xx") == "the game is over"  # no such catalogue


def test_plurals_take_the_form_their_number_asks_for() -> None:
    """English has two forms, Japanese one; the catalogue's plural rule chooses."""
    from liftoff.i18n.catalogue import Catalogues, _plural_index

    assert _plural_index("ja")(1) == _plural_index("ja")(5) == 0
    forms = ("{count} card", "{count} cards")
    assert Catalogues().plural("ja", "api.none", forms, 2) is None  # no such entry
    for code, english in all_plurals().items():
        assert plural(code, 1, lang="en") != plural(code, 2, lang="en"), code
        assert english[0] != english[1]


def test_a_translation_of_an_older_english_text_is_not_used() -> None:
    from liftoff.i18n.catalogue import Catalogues

    found = Catalogues().template("ja", "api.over", "the game has ended")
    assert found is None
    assert Catalogues().template("ja", "api.over", "the game is over") == "ゲームは終了しました"


def test_narration_speaks_the_readers_language() -> None:
    game = liftoff.games.get("agency")
    event = Event("action", {"who": 0, "action": "done"})  # "Ann is done"
    names = ["Ann", "Bo"]
    english = speech.of(game).narrate(event, 1, names)
    japanese = speech.of(game).narrate(event, 1, names, lang="ja")
    assert english != japanese and "Ann" in japanese and KANA_OR_KANJI.search(japanese)
    assert speech.of(game).narrate(event, 1, names) == english  # the language does not stick


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("ja-JP,ja;q=0.9,en-US;q=0.8", "ja"),
        ("fr-CH, ja;q=0.9, en;q=0.8", "ja"),
        ("en-GB,en;q=0.9,ja;q=0.5", "en"),
        ("de", "en"),
        ("", "en"),
        ("ja;q=0, en", "en"),
        ("*", "en"),
        ("x" * 5000, "en"),
        ("ja;q=abc", "en"),
    ],
)
def test_the_language_is_negotiated_from_the_browsers_header(header: str, lang: str) -> None:
    assert negotiate(header) == lang


def test_languages_on_offer_are_the_catalogues() -> None:
    assert available()[0] == "en" and "ja" in available()


FIELD = re.compile(r"\{[^{}]*\}")


def test_the_japanese_glossary_is_kept() -> None:
    """Every game term of the glossary (``locale/ja/glossary.json``, per game) is
    said the same way wherever its English appears in that game's messages (a
    verb lists its forms: its dictionary form first, then its stems)."""
    import json

    glossary = json.loads((locale_dir() / "ja" / "glossary.json").read_text(encoding="utf-8"))
    words = {str(m.context): str(m.string) for m in catalogue("ja") if m.string}
    broken = []
    for game, terms in glossary.items():
        assert terms and game in liftoff.games.names()
        for code, english in all_templates().items():
            if not code.startswith(game + ".") or code not in words:
                continue
            if code in (f"{game}.title", f"{game}.tutorial.title"):  # names, not terms
                continue
            plain = FIELD.sub(" ", english)
            title = liftoff.games.get(game).info.title
            plain = plain.replace(title, " ").replace(title.split(" (")[0], " ")  # a name
            for term, japanese in terms.items():
                forms = [japanese] if isinstance(japanese, str) else japanese
                used = re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", plain, re.I)
                if used and not any(form in words[code] for form in forms):
                    broken.append((code, term, forms[0]))
    assert not broken, broken[:40]


TEMPLATE_CODE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
TEMPLATE_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z'’]+(?![\w-])")


def test_the_pages_templates_say_nothing_outside_the_catalogue() -> None:
    """Every word a page template shows (text, titles, labels, placeholders, alt
    texts) comes from ``t()``: what is left after taking out the template code,
    the tags' names and other attributes, and the keys on the keyboard, is no
    word at all."""
    from html.parser import HTMLParser

    class Words(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[str] = []
            self.skip = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in ("script", "style", "kbd", "code"):
                self.skip += 1
            for name, value in attrs:
                if name in ("title", "aria-label", "placeholder", "alt") and value:
                    self.found += TEMPLATE_WORD.findall(value)

        def handle_endtag(self, tag: str) -> None:
            if tag in ("script", "style", "kbd", "code"):
                self.skip = max(0, self.skip - 1)

        def handle_data(self, data: str) -> None:
            if not self.skip:
                self.found += TEMPLATE_WORD.findall(data)

    folder = locale_dir().parent / "server" / "web" / "templates"
    left = {}
    for path in sorted(folder.glob("*.html")):
        parser = Words()
        parser.feed(TEMPLATE_CODE.sub(" ", path.read_text(encoding="utf-8")))
        words = [w for w in parser.found if w not in {"liftoff"}]
        if words:
            left[path.name] = words[:8]
    assert not left, left


@pytest.mark.parametrize("lang", available())
def test_a_bot_level_has_one_name_in_the_terminal_and_the_browser(lang: str) -> None:
    import liftoff.cli.words  # noqa: F401  (registers the terminal's words)
    from liftoff.bots import levels
    from liftoff.i18n.web import web_words

    web_words()
    for level in levels():
        said = (
            render(f"cli.seat.bot.{level}", lang=lang),
            render(f"web.server.level.{level}", lang=lang),
        )
        assert said[0] == said[1], (level, said)
