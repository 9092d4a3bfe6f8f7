"""Message ids: what the engine says, kept apart from the words that say it.

Rules code never writes a sentence a player reads. It names a **message id**
(``"planet.move.not-adjacent"``) and its parameters; the words live in a
catalogue outside the rules (each game's ``text.py``, registered here), so a
front end can render them in the language of its reader without the engine
doing any I/O.

The English templates registered here are the source; other languages are
supplied by a :class:`Translator` installed from outside the engine
(:mod:`liftoff.i18n` reads gettext catalogues). ``render(code, params, lang)``
renders in ``lang``, or in the language of the enclosing :func:`speaking`
block, or in English; a message missing from a language's catalogue falls
back to English.

>>> register({"demo.hello": "hello {name}"})
>>> render("demo.hello", {"name": "Bea"})
'hello Bea'
>>> render("demo.missing", {"x": 1})
'demo.missing (x=1)'
>>> and_list(["Ann", "Bea", "Cy"])
'Ann, Bea and Cy'
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ParamSpec, Protocol

_TEMPLATES: dict[str, str] = {}
_TEXTS: dict[str, str] = {}
_PLURALS: dict[str, tuple[str, str]] = {}
ENGLISH = "en"
_VERSION = [0]
P = ParamSpec("P")
_LANG: contextvars.ContextVar[str | None] = contextvars.ContextVar("liftoff_lang", default=None)


class Translator(Protocol):
    """Words in other languages than English (installed with :func:`set_translator`)."""

    def template(self, lang: str, code: str, english: str) -> str | None:
        """The template of message ``code`` in ``lang`` (``None``: not translated)."""
        ...

    def and_list(self, lang: str, items: Sequence[str]) -> str | None:
        """``items`` joined as a list in ``lang`` ("A, B and C"), or ``None``."""
        ...

    def plural(self, lang: str, code: str, english: tuple[str, str], n: int) -> str | None:
        """The form of plural message ``code`` for ``n`` in ``lang`` (``None``: not
        translated)."""
        ...


_translator: Translator | None = None


def set_translator(translator: Translator | None) -> None:
    """Install the source of other languages' words (``None``: English only)."""
    global _translator
    _translator = translator
    _VERSION[0] += 1


def version() -> int:
    """A number that changes whenever the words may have: a template registered, a
    translator installed. Key memoised words on it, with :func:`language`."""
    return _VERSION[0]


def memoised_words(words: Callable[P, str]) -> Callable[P, str]:
    """``words`` (a function of plain, hashable arguments that renders words)
    memoised by its arguments, the current :func:`language` and the catalogues'
    :func:`version`, so a memo never answers for another language or an older
    catalogue (at most 4,096 entries; for words read thousands of times a second,
    like the words of a view a bot reads)."""
    memo: dict[tuple[Any, ...], str] = {}

    @functools.wraps(words)
    def said(*args: P.args, **kwargs: P.kwargs) -> str:
        key = (args, tuple(sorted(kwargs.items())), language(), version())
        found = memo.get(key)
        if found is None:
            if len(memo) >= 4096:
                memo.clear()
            found = memo[key] = words(*args, **kwargs)
        return found

    return said


def language() -> str:
    """The language words are rendered in now (see :func:`speaking`)."""
    return _LANG.get() or ENGLISH


@contextlib.contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Render messages in ``lang`` inside the block (``None``: leave it as it is).

    >>> with speaking("en"):
    ...     language()
    'en'
    """
    if lang is None:
        yield
        return
    token = _LANG.set(lang)
    try:
        yield
    finally:
        _LANG.reset(token)


def and_list(items: Sequence[str], lang: str | None = None) -> str:
    """``items`` as a list in words ("Ann, Bea and Cy"), in ``lang`` or the current
    language."""
    lang = lang or language()
    if lang != ENGLISH and _translator is not None and items:
        joined = _translator.and_list(lang, items)
        if joined is not None:
            return joined
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True, slots=True)
class Message:
    """A message id and its JSON-safe parameters."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, lang: str | None = None) -> str:
        """The sentence for this message (English unless ``lang`` says otherwise)."""
        return render(self.code, self.params, lang)

    def to_json(self) -> dict[str, Any]:
        """``{"code": …, "params": {…}}``."""
        return {"code": self.code, "params": dict(self.params)}


def register(templates: Mapping[str, str]) -> None:
    """Add English templates (``str.format`` fields named after the parameters)."""
    _TEMPLATES.update(templates)
    _VERSION[0] += 1


def register_texts(texts: Mapping[str, str]) -> None:
    """Add English texts that have no fields and are shown as they are (rule texts,
    card texts: their braces are words, not fields); see :func:`text`."""
    _TEXTS.update(texts)
    _VERSION[0] += 1


def register_plurals(plurals: Mapping[str, tuple[str, str]]) -> None:
    """Add English templates whose words depend on the number ``count``: the
    one-form and the other-form (``("{count} card", "{count} cards")``); other
    languages have as many forms as their plural rules ask (Japanese one)."""
    _PLURALS.update(plurals)
    _VERSION[0] += 1


def known(code: str) -> bool:
    """Whether ``code`` has a registered template, text or plural."""
    return code in _TEMPLATES or code in _TEXTS or code in _PLURALS


def templates() -> dict[str, str]:
    """Every registered template, by id (a copy)."""
    return dict(_TEMPLATES)


def texts() -> dict[str, str]:
    """Every registered plain text, by id (a copy)."""
    return dict(_TEXTS)


def plurals() -> dict[str, tuple[str, str]]:
    """Every registered plural template, by id: (one, other) (a copy)."""
    return dict(_PLURALS)


def text(code: str, lang: str | None = None) -> str:
    """The plain text ``code`` in ``lang`` (or the current language), falling back
    to English; the id itself when unknown.

    >>> register_texts({"demo.rule": "Roll {1, 2}."})
    >>> text("demo.rule")
    'Roll {1, 2}.'
    """
    english = _TEXTS.get(code)
    if english is None:
        return code
    lang = lang or language()
    if lang == ENGLISH or _translator is None:
        return english
    return _translator.template(lang, code, english) or english


def text_for(code: str, english: str, lang: str | None = None) -> str:
    """Content's words in ``lang`` (or the current language): the translation of
    plain text ``code`` while ``english`` is the very text ``code`` was registered
    with (content nobody replaced), else ``english`` itself (a user's own content
    says what it says).

    >>> register_texts({"demo.card": "Fuel"})
    >>> text_for("demo.card", "Fuel"), text_for("demo.card", "Petrol")
    ('Fuel', 'Petrol')
    """
    return text(code, lang) if _TEXTS.get(code) == english else english


class SeatNumber(int):
    """A player's seat (from 0) as a message parameter: a front end that knows
    the players' names says it by name (:meth:`liftoff.speech.Speech.refusal`);
    without names it is said "Player N" (numbered from 1), in the language of
    the sentence — never as the bare seat number. JSON sees the number.

    >>> f"{SeatNumber(0)}"
    'Player 1'
    """

    def __format__(self, spec: str) -> str:
        return format(render("api.seat.player", {"number": int(self) + 1}), spec)

    def __str__(self) -> str:
        return format(self)


class Said(str):
    """A parameter said in the language of the sentence it is filled into.

    Its value is what English says (so JSON, comparisons and English sentences
    see exactly that); ``str.format`` asks it for its words, and in any other
    language it answers ``say(*args)`` (``say`` a module-level function and
    ``args`` plain data, so that a message kept for later — a refusal made on a
    server and rendered for each reader — can be copied and pickled).

    >>> import pickle
    >>> register_texts({"demo.said": "Fuel"})
    >>> word = said_text("demo.said", "Fuel")
    >>> word == "Fuel", f"{word}", type(pickle.loads(pickle.dumps(word))).__name__
    (True, 'Fuel', 'Said')
    """

    say: Callable[..., str] | None
    args: tuple[Any, ...]

    def __new__(cls, value: str, say: Callable[..., str] | None = None, *args: Any) -> Said:
        made = super().__new__(cls, value)
        made.say = say
        made.args = args
        return made

    def now(self) -> str:
        """The words in the current language."""
        if self.say is None or language() == ENGLISH:
            return str.__str__(self)
        return self.say(*self.args)

    def __format__(self, spec: str) -> str:
        return format(self.now(), spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Said, (str.__str__(self), self.say, *self.args))


def said_text(code: str, english: str) -> Said:
    """Plain text ``code`` as a :class:`Said` whose English is ``english`` (said in
    another language while ``english`` is what ``code`` was registered with, see
    :func:`text_for`)."""
    return Said(english, text_for, code, english)


def plural(
    code: str, count: int, params: Mapping[str, Any] | None = None, lang: str | None = None
) -> str:
    """Plural message ``code`` for the number ``count`` (also the ``{count}`` field).

    >>> register_plurals({"demo.cards": ("{count} card", "{count} cards")})
    >>> plural("demo.cards", 1), plural("demo.cards", 3)
    ('1 card', '3 cards')
    """
    values = {**(params or {}), "count": count}
    forms = _PLURALS.get(code)
    if forms is None:
        return render(code, values, lang)
    lang = lang or language()
    template = forms[0] if count == 1 else forms[1]
    if lang != ENGLISH and _translator is not None:
        template = _translator.plural(lang, code, forms, count) or template
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return (forms[0] if count == 1 else forms[1]).format(**values)


def template_of(code: str, lang: str | None = None) -> str | None:
    """The template of ``code`` in ``lang`` (or the current language), falling back
    to English; ``None`` for an unknown id."""
    english = _TEMPLATES.get(code)
    lang = lang or language()
    if english is None or lang == ENGLISH or _translator is None:
        return english
    return _translator.template(lang, code, english) or english


def render(code: str, params: Mapping[str, Any] | None = None, lang: str | None = None) -> str:
    """The text of message ``code`` with ``params`` filled in, in ``lang`` (default:
    the current language, see :func:`speaking`; English without one).

    An unknown id (or a template that names a missing parameter) renders as the
    id and its parameters, never as an exception: a message is shown to a
    person, and a missing word must not hide what happened.
    """
    if lang is not None and lang != language():
        with speaking(lang):  # words given as parameters follow the same language
            return render(code, params)
    values = dict(params or {})
    template = template_of(code, lang)
    if template is not None:
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            english = _TEMPLATES[code]
            if template != english:  # a broken translation: English says it
                with contextlib.suppress(KeyError, IndexError, ValueError):
                    return english.format(**values)
    args = ", ".join(f"{k}={v}" for k, v in values.items())
    return f"{code} ({args})" if args else code
