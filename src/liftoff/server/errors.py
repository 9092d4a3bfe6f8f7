"""Errors the server reports to clients (HTTP status + machine-readable code).

Every refusal has a message id (``api.error.<code>``, or ``api.error.<code>.<cause>``
with parameters; the words are in :mod:`liftoff.server.error_words`): ``message``
stays English for logs and API clients, ``words`` is what a person reads, in the
reader's language (:meth:`ApiError.words_in`, :meth:`ApiError.to_json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from functools import cache
from typing import Any

from liftoff import speech
from liftoff.engine import IllegalAction
from liftoff.engine.messages import ENGLISH, known, render, speaking, template_of

from .error_words import ERROR_WORDS

PREFIX = "api.error."


class ApiError(Exception):
    """A refusal with an HTTP status, a short code and a readable message.

    ``say`` is the message id of the words (default: the id whose English is
    ``message``, else ``api.error.<code>``) and ``params`` its parameters;
    ``message`` (English) is rendered from them when not given. ``rule`` /
    ``rule_text`` name the rule behind an illegal action; ``words`` is what an
    English reader reads (the message as a sentence unless given).
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str | None = None,
        *,
        params: Mapping[str, Any] | None = None,
        say: str | None = None,
        rule: str | None = None,
        rule_text: str | None = None,
        version: int | None = None,
        words: str | None = None,
    ) -> None:
        self.say = say or (_id_of(code, message) if message is not None else PREFIX + code)
        self.params: dict[str, Any] = dict(params or {})
        if message is None:
            message = render(self.say, self.params, ENGLISH)
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.rule_text = rule_text
        self.version = version
        self.words = words if words is not None else sentence(message)
        # the engine's message id and parameters behind the refusal, when there is one:
        # a reader of another language gets its words from them
        self.said: tuple[str, dict[str, Any]] | None = None
        # the game whose rule ``rule`` is: its text in the reader's language
        self.game: Any = None

    def words_in(self, lang: str | None, *, full_stop: bool = True) -> str:
        """What a person reads, in ``lang`` (English: exactly :attr:`words`);
        without its final full stop when ``full_stop`` is false (for a page that
        goes on after it: ``"{message}. It may have been a mistyped link."``)."""
        said = self._words_in(lang)
        if not full_stop and said and said[-1] in ".。":
            return said[:-1]
        return said

    def _words_in(self, lang: str | None) -> str:
        if not lang or lang == ENGLISH:
            return self.words
        if self.rule is not None and self.rule in API_WORDS:
            return sentence(render(API_WORDS[self.rule], {}, lang))
        if self.said is not None and known(self.said[0]):
            return sentence(render(self.said[0], self.said[1], lang))
        template = template_of(self.say, lang)
        if template is None and self.say != PREFIX + self.code:  # an id not (yet) written
            template = template_of(PREFIX + self.code, lang)
        if template is not None:
            with speaking(lang), suppress(KeyError, IndexError, ValueError):
                return sentence(template.format(**self.params))
        return self.words

    def rule_text_in(self, lang: str | None) -> str | None:
        """The text of the rule behind the refusal, in ``lang``."""
        if self.game is None or self.rule is None or not lang or lang == ENGLISH:
            return self.rule_text
        with speaking(lang):
            found: str | None = self.game.rule_text(self.rule)
        return found if found is not None else self.rule_text

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The error as sent to clients: ``words`` (and the rule's text) in ``lang``,
        ``message`` in English."""
        out: dict[str, Any] = {
            "error": self.code,
            "message": self.message,
            "words": self.words_in(lang),
        }
        if self.rule is not None:
            out["rule"] = self.rule
            out["rule_text"] = self.rule_text_in(lang)
        if self.version is not None:
            out["version"] = self.version
        return out


def option_refusal(exc: Exception) -> ApiError:
    """The 422 ``bad-options`` refusal of an engine :class:`OptionError` (its English
    message as it is; words about the option it names)."""
    option = getattr(exc, "option", None)
    if option == "players":
        return ApiError(422, "bad-options", str(exc), say="api.error.bad-options.players")
    if option:
        params = {"option": option}
        return ApiError(
            422, "bad-options", str(exc), say="api.error.bad-options.option", params=params
        )
    return ApiError(422, "bad-options", str(exc))


@cache
def _by_english() -> dict[tuple[str, str], str]:
    """(code, English message) → id, for the ids without fields."""
    out: dict[tuple[str, str], str] = {}
    for key, template in ERROR_WORDS.items():
        if not key.startswith(PREFIX):
            continue
        with suppress(KeyError, IndexError, ValueError):
            code = key[len(PREFIX) :].split(".", 1)[0]
            out.setdefault((code, template.format()), key)
    return out


def _id_of(code: str, message: str) -> str:
    """The id whose English words are ``message`` (else ``api.error.<code>``)."""
    return _by_english().get((code, message), PREFIX + code)


#: engine-contract refusals (``API-…``) → the id of their words; they have no rule text
API_WORDS = {
    "API-STALE": "api.refusal.stale",
    "API-VERSION": "api.refusal.version",
    "API-TURN": "api.refusal.turn",
    "API-OVER": "api.refusal.over",
    "API-PLAYER": "api.refusal.player",
}

#: the ends of a sentence (English and Japanese)
_ENDS = ".!?。！？"


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in _ENDS else text + "."


def named(table: Any, refusal: IllegalAction) -> tuple[str, dict[str, Any]]:
    """An engine refusal's message id and parameters at ``table`` (a live
    table), its seats said by the players' names ("you" for the one refused),
    never by seat number."""
    names = table.names()
    return refusal.code, speech.of(table.game).refusal_params(refusal.params, refusal.player, names)


def refusal_words(
    rule: str | None, message: str, said: tuple[str, Mapping[str, Any]] | None = None
) -> str:
    """What an English reader reads for an engine refusal: words for an ``API-…``
    one, else ``said`` (its message id and parameters, the players named) or
    the engine's message, as a sentence."""
    if rule is not None and rule in API_WORDS:
        return render(API_WORDS[rule], {}, ENGLISH)
    if said is not None and known(said[0]):
        return sentence(render(said[0], said[1], ENGLISH))
    return sentence(message)
