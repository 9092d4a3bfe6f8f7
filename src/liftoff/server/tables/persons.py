"""Persons: who is behind a browser (or an API client), beyond any one seat.

A *person token* (192 random bits, like a seat token) is handed out the first
time someone takes a seat without one; a browser keeps it in an HttpOnly cookie,
an API client in the ``X-Liftoff-Person`` header. The server stores its SHA-256
only (``persons``), under an id of its own that the seats refer to
(``seats.person_id``), so that a later version can give one person a new token
(an account's login) without touching the seats.

A person is a browser, not a human being: two browsers are two persons. What it
makes fair (see :mod:`.seats`): a person holds at most one seat at a table; an
open seat kept for a person (left by them during the game, or theirs in the game
a rematch follows) is theirs alone.
"""

from __future__ import annotations

import collections
import re
import secrets
from dataclasses import dataclass, field

from ..storage import Store
from .model import hash_token, new_token

#: what a person token looks like (``secrets.token_urlsafe(24)``); anything else is
#: no person at all, and never reaches the database
TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{16,128}$")
KNOWN_KEEP = 20_000  # token hashes resolved to ids, kept in memory
#: the name of a seat taken without one (``model.clean_name``)
DEFAULT_NAME = re.compile(r"^Player [0-9]+$")
#: the header an API client sends its person token in (``new`` for a new one)
PERSON_HEADER = "x-liftoff-person"


@dataclass(frozen=True)
class Person:
    """A person as a request names it: its id, and its token when it was just made
    (the answer hands it out: a cookie, and for API clients the body)."""

    id: str
    new_token: str | None = None


def person_key(token: str | None) -> str | None:
    """What a request's person token is looked up by (its SHA-256), or ``None`` for
    no token or one that cannot be a person token."""
    if not token or not TOKEN_SHAPE.match(token):
        return None
    return hash_token(token)


class Persons:
    """Finding and making persons (the database holds them; ids are cached)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.known: collections.OrderedDict[str, str] = collections.OrderedDict()

    async def find(self, key: str | None) -> str | None:
        """The id of the person with this token hash (``person_key``), if any."""
        if key is None:
            return None
        found = self.known.get(key)
        if found is None:
            found = await self.store.find_person(key)
            if found is None:
                return None
            self.known[key] = found
            if len(self.known) > KNOWN_KEEP:
                self.known.popitem(last=False)
        return found

    async def name_of(self, person_id: str | None) -> str | None:
        """The name the person last chose at a table (a seat's own name, not the
        ``Player N`` of a seat taken without one), if any: a join without a name
        takes it, so a person is asked for their name once."""
        if person_id is None:
            return None
        for name in await self.store.person_names(person_id):
            if not DEFAULT_NAME.match(name):
                return name
        return None

    async def make(self) -> Person:
        """A new person, stored; its token is in :attr:`Person.new_token`."""
        token = new_token()
        person_id = secrets.token_hex(16)
        await self.store.create_person(person_id, hash_token(token))
        self.known[hash_token(token)] = person_id
        return Person(person_id, token)

    async def of(self, key: str | None) -> Person:
        """The person a request names, or a new one when it names none (or one the
        server does not know)."""
        found = await self.find(key)
        return Person(found) if found is not None else await self.make()


@dataclass
class Caller:
    """Who makes a request, as far as persons go: the key of the person token it came
    with (``person_key``), the person it turned out to be once a seat was given (a
    new person's token is then handed out with the answer), and the token itself
    (``token``: what a member of a cluster sends on to a table's owner)."""

    key: str | None = None
    person: Person | None = None
    token: str | None = field(default=None, repr=False)
