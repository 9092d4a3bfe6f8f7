"""Errors the server reports to clients (HTTP status + machine-readable code)."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refusal with an HTTP status, a short code and a readable message.

    ``rule`` / ``rule_text`` name the rule behind an illegal action.
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
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.rule_text = rule_text
        self.version = version

    def to_json(self) -> dict[str, Any]:
        """The error as sent to clients."""
        out: dict[str, Any] = {"error": self.code, "message": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
            out["rule_text"] = self.rule_text
        if self.version is not None:
            out["version"] = self.version
        return out
