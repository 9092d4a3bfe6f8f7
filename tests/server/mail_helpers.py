"""A real SMTP server on loopback (aiosmtpd) for the tests of mails the server sends:
its mailbox keeps every mail it received, parsed."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

PUBLIC = "http://liftoff.example"


class Mailbox:
    """What the loopback SMTP server received."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content, policy=policy.default))  # type: ignore[arg-type]
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        """The mails sent to ``address``, in order."""
        return [m for m in self.mails if m["To"] == address]

    def link_to(self, address: str, path: str = "sign-in") -> str:
        """The token of the last ``/path#token`` link mailed to ``address``."""
        mail = self.to(address)[-1]
        found = re.search(re.escape(PUBLIC) + f"/{path}#([A-Za-z0-9_-]+)", mail.get_content())
        assert found is not None, mail.get_content()
        return found.group(1)


@contextmanager
def loopback_smtp() -> Iterator[tuple[Mailbox, str]]:
    """An SMTP server on loopback (its own thread), stopped on every path; its mailbox
    and ``host:port``."""
    from aiosmtpd.controller import Controller

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, f"127.0.0.1:{port}"
    finally:
        controller.stop()
