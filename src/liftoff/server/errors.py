"""Errors the server reports to clients (HTTP status + machine-readable code)."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refusal with an HTTP status, a short code and a readable message.

    ``rule`` / ``rule_text`` name the rule behind an illegal action; ``words``
    is what a person reads (the message as a sentence unless given).
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        rule: str | None = None,
        rule_text: str | None = None,
        version: int | None = None,
        words: str | None = None,
    ) -> None:
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

    def to_json(self) -> dict[str, Any]:
        """The error as sent to clients."""
        out: dict[str, Any] = {"error": self.code, "message": self.message, "words": self.words}
        if self.rule is not None:
            out["rule"] = self.rule
            out["rule_text"] = self.rule_text
        if self.version is not None:
            out["version"] = self.version
        return out


#: engine-contract refusals (``API-…``) in words; they have no rule text
API_WORDS = {
    "API-STALE": "The game moved on before your move arrived; nothing was done.",
    "API-VERSION": "Your page was out of date; nothing was done. Look again and choose.",
    "API-TURN": "It is not your turn; nothing was done.",
    "API-OVER": "The game is over; nothing was done.",
    "API-PLAYER": "That seat is not in this game; nothing was done.",
}


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def refusal_words(rule: str | None, message: str) -> str:
    """What a person reads for an engine refusal: words for an ``API-…`` one,
    else the engine's message as a sentence."""
    if rule is not None and rule in API_WORDS:
        return API_WORDS[rule]
    return sentence(message)
