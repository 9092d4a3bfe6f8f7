"""Vacations: a person pauses their clocks at every table played over days.

A person (the person token, ``tables.persons``) may take up to
``Settings.vacation_days`` days of vacation in any 365 days. Meanwhile their
clocks stand still at every table where they hold a seat (``Clocks.pause``): a
move they make is still accepted, but nobody's time runs out on them. A
vacation is stored (``vacations``) and applied again to a table loaded later
(a restart, a table woken from the database).

Years and the stored times are wall time (seconds since the epoch); the pause
itself is on the server's clock, as every clock of the table is.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ..errors import ApiError
from ..storage.days import DaysStore
from .clocks import DAY
from .model import LiveTable

if TYPE_CHECKING:
    from .manager import TableManager

YEAR = 365 * DAY


class Vacations:
    """Who is on vacation until when, and taking one."""

    def __init__(self, host: TableManager) -> None:
        self.host = host
        self.store = DaysStore(host.store)
        # person id -> (start, end) of their vacation, on the server clock
        self.spans: dict[str, tuple[float, float]] = {}

    def _wall_to_clock(self, wall: float) -> float:
        return self.host.settings.clock.now() + (wall - time.time())

    async def load(self) -> None:
        """The vacations still running, from the database (at start)."""
        persons = {s.person for t in self.host.tables.values() for s in t.seats if s.person}
        for person, start, end in await self.store.vacations(persons, time.time()):
            self.spans[person] = (self._wall_to_clock(start), self._wall_to_clock(end))
        for table in self.host.tables.values():
            self.apply(table)

    def apply(self, table: LiveTable) -> bool:
        """Pause the clocks of the table's persons on vacation; whether any was."""
        clocks = table.clocks
        if clocks is None:
            return False
        paused = False
        for s in table.seats:
            span = self.spans.get(s.person or "")
            # a vacation still running, or one over since the clocks were last charged
            # (a table woken after sleeping through it)
            if s.kind == "human" and span is not None and span[1] > clocks.since:
                clocks.pause(s.seat, *span)  # (a table asleep meanwhile: from its start)
                paused = True
        return paused

    async def status(self, person: str) -> dict[str, Any]:
        """A person's vacation: days a year, days used in the last 365, days left,
        and the seconds until the one running ends (``None``: not on vacation)."""
        allowed = self.host.settings.vacation_days
        used = await self._used(person)
        until = self.spans.get(person, (0.0, None))[1]
        now = self.host.settings.clock.now()
        return {
            "days_a_year": allowed,
            "used": used,
            "left": max(0.0, allowed - used),
            "until": until - now if until is not None and until > now else None,
        }

    async def _used(self, person: str) -> float:
        wall = time.time()
        taken = await self.store.vacations([person], wall - YEAR)
        return sum(end - max(start, wall - YEAR) for _, start, end in taken) / DAY

    async def take(self, person: str, days: float) -> dict[str, Any]:
        """``person`` goes on vacation for ``days`` from now (422 beyond what is left
        of their days this year); their clocks stop at every table they play."""
        status = await self.status(person)
        if status["until"] is not None:
            raise ApiError(409, "on-vacation", "you are on vacation already")
        if not 0 < days <= status["left"]:
            left = f"{status['left']:g}"
            raise ApiError(
                422, "bad-vacation", say="api.error.bad-vacation.left", params={"left": left}
            )
        wall = time.time()
        await self.store.add_vacation(person, wall, wall + days * DAY)
        now = self.host.settings.clock.now()
        self.spans[person] = (now, now + days * DAY)
        for table in list(self.host.tables.values()):
            if table.seat_of_person(person) is not None and self.apply(table):
                self.host.changed(table)
                self.host.clock_keeper.arm(table)
        return await self.status(person)
