"""Health of the server's storage: the database lease, and errors logged once.

- **One server per database.** Games live in the memory of the server that plays
  them, so two servers on one database would play the same tables twice. At start
  the server takes the database's lease (a row it renews every ``ttl / 3``
  seconds); a second server finds it held and refuses to start with a message
  naming the holder. A lease not renewed for ``ttl`` seconds, or held by a process
  of this host that no longer exists (a crash), is taken over.
- **Writes.** Taking the lease is the write check at start; renewing it is the
  health check's write (``/api/health`` reports ``ok: false`` and 503 when the
  database refuses writes). Health checks at once share a renewal: one begun
  after they came, never more than one at a time, so a flood of them writes no
  more than one check does at a time.
- **Repeated errors** are logged once with their traceback, then counted and
  summed up once a minute, never a traceback a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from typing import Any

from .storage import Store

log = logging.getLogger("liftoff.server")


def db_error_text(exc: BaseException) -> str:
    """A database error for people: the driver's first line, never the SQL text."""
    orig = getattr(exc, "orig", None) or exc
    lines = str(orig).strip().splitlines()
    text = lines[0] if lines else type(orig).__name__
    text = text.split("[SQL:")[0].strip()
    if text.startswith("<class '") and ">: " in text:
        text = text.split(">: ", 1)[1]
    return text[:200]


class LeaseHeld(RuntimeError):
    """Another server holds the database."""


class ErrorLog:
    """Logs an error the first time with its traceback, then counts repeats and
    reports the count at most once per ``every`` seconds."""

    def __init__(self, logger: logging.Logger = log, every: float = 60.0) -> None:
        self.logger = logger
        self.every = every
        self.seen: dict[str, tuple[float, int]] = {}  # key -> (last report, repeats since)
        self.total = 0

    def error(self, key: str, message: str, *args: Any, exc_info: bool = True) -> None:
        """Report an error (``key`` groups repeats of the same kind)."""
        self.total += 1
        now = time.monotonic()
        last = self.seen.get(key)
        if last is None:
            self.seen[key] = (now, 0)
            self.logger.error(message, *args, exc_info=exc_info)
            return
        reported, repeats = last
        if now - reported >= self.every:
            self.seen[key] = (now, 0)
            self.logger.error(
                message + " (and %d times more since %.0f s ago)",
                *args,
                repeats + 1,
                now - reported,
                exc_info=False,
            )
        else:
            self.seen[key] = (reported, repeats + 1)

    def recent(self, within: float = 60.0) -> int:
        """How many kinds of error were reported within the last ``within`` seconds."""
        now = time.monotonic()
        return sum(1 for reported, _ in self.seen.values() if now - reported < within)


def _dead(host: str, owner: str) -> bool:
    """Whether a lease holder on this host is a process that no longer exists."""
    if host != socket.gethostname():
        return False
    pid_text = owner.partition(":")[0]
    if not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


class Lease:
    """This server's lease on its database (see the module notes)."""

    def __init__(self, store: Store, ttl: float, errors: ErrorLog) -> None:
        self.store = store
        self.ttl = ttl
        self.errors = errors
        self.owner = f"{os.getpid()}:{secrets.token_hex(6)}"
        self.host = socket.gethostname()[:200]
        self.ok = False
        self.last_error: str | None = None
        self._task: asyncio.Task[None] | None = None
        self._checking = asyncio.Lock()  # health checks renew one at a time
        self._checks = 0  # renewals health checks began

    async def take(self) -> None:
        """Take the lease (raises :class:`LeaseHeld`, or the database's error when it
        does not accept writes)."""
        held = await self.store.take_lease(self.owner, self.host, self.ttl, _dead)
        if held is not None:
            host, owner, age = held
            raise LeaseHeld(
                f"another liftoff server (process {owner.partition(':')[0]} on {host}, "
                f"seen {age:.0f} s ago) uses this database; stop it first (a server that "
                f"crashed on another host lets go after {self.ttl:.0f} s)"
            )
        self.ok = True
        self._task = asyncio.create_task(self._renew_loop(), name="liftoff-lease")

    async def renew(self) -> bool:
        """Renew now (a real write); whether the database took it."""
        try:
            kept = await self.store.renew_lease(self.owner)
        except Exception as exc:
            self.ok = False
            self.last_error = f"the database refuses writes: {db_error_text(exc)}"
            self.errors.error("lease", "renewing the database lease failed", exc_info=True)
            return False
        if not kept:
            self.ok = False
            self.last_error = "another server took this database over"
            self.errors.error(
                "lease-lost", "another server took this database over", exc_info=False
            )
            return False
        self.ok = True
        self.last_error = None
        return True

    async def check(self) -> bool:
        """The health check's write: a renewal begun after this call, shared with
        every check waiting meanwhile (a flood of checks makes one write at a time,
        and each answer still comes from a write made after it asked)."""
        seen = self._checks
        async with self._checking:
            if self._checks > seen:  # one began after this call, and has ended
                return self.ok
            self._checks += 1
            return await self.renew()

    async def _renew_loop(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            await self.renew()

    async def release(self) -> None:
        """Stop renewing and give the lease up."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.ok:
            with contextlib.suppress(Exception):
                await self.store.release_lease(self.owner)
