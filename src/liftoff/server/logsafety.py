"""Seat tokens never reach a log: a filter that masks them in any record.

Tokens travel only in request headers and WebSocket frames, never in paths;
but a server run at ``--log-level debug`` (or trace) logs every WebSocket
frame, the ``hello`` with its token among them. :func:`guard` masks the value
of every ``"token"`` field (and of ``Authorization: Bearer``) in the records of
the loggers that may print frames or headers.

>>> import logging
>>> record = logging.LogRecord("x", logging.DEBUG, "", 0, "< TEXT %r", ('{"token":"abc"}',), None)
>>> MaskTokens().filter(record) and record.getMessage()
'< TEXT \\'{"token":"…"}\\''
>>> mask('{"type": "hello", "token": "abcdef...') + " | " + mask("Bearer abc.def")
'{"type": "hello", "token": "…... | Bearer …'
"""

from __future__ import annotations

import logging
import re

# the value up to its closing quote, or to where a trace cut the frame short
_TOKEN = re.compile(r'(\\?"token\\?"\s*:\s*\\?")[^"\\]*')
_BEARER = re.compile(r"(?i)(bearer\s+)[A-Za-z0-9_\-.~+/=]+")

#: the loggers that may print WebSocket frames or request headers
LOGGERS = ("uvicorn.error", "uvicorn.access", "websockets", "liftoff.server")


def mask(text: str) -> str:
    """``text`` with every token value replaced by ``…``."""
    text = _TOKEN.sub(lambda m: f"{m[1]}…", text)
    return _BEARER.sub(r"\1…", text)


class MaskTokens(logging.Filter):
    """Masks seat tokens in a record's message (it always lets the record pass)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            return True
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


def guard() -> None:
    """Install the filter on every logger of :data:`LOGGERS` (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, MaskTokens) for f in logger.filters):
            logger.addFilter(MaskTokens())
